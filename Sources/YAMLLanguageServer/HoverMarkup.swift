import Foundation
import LanguageServerProtocol
import YAMLDocumentModel

/// Writes the model's ``HoverSection``s as LSP 3.17 `MarkupContent`: Markdown (code spans, bold, fenced
/// code blocks, hard line breaks) for clients that read it, plain text otherwise, where the value must
/// hold no markup at all (§"MarkupContent": a `plaintext` value is shown as it is). In Markdown, plain
/// words (text and bold spans, a schema's plain `description`) are escaped (``PlainTextMarkdown``) so
/// they show as written; only a `markdownDescription` is passed through as Markdown.
enum HoverMarkup {
    /// `sections` joined by blank lines, as `kind`.
    static func content(_ sections: [HoverSection], kind: MarkupKind) -> MarkupContent {
        let markdown = kind == .markdown
        let text = sections.compactMap { render($0, markdown: markdown) }.joined(separator: "\n\n")
        return MarkupContent(kind: kind, value: text)
    }

    /// One section; nil for documentation with nothing in the chosen kind.
    private static func render(_ section: HoverSection, markdown: Bool) -> String? {
        switch section {
        case .paragraph(let spans):
            return spans.map { span(span: $0, markdown: markdown) }.joined()
        case .codeBlock(let language, let code):
            guard markdown else { return code }
            // A fence longer than any run of backticks inside (CommonMark §4.5).
            let fence = String(repeating: "`", count: max(3, longestBacktickRun(code) + 1))
            return fence + language + "\n" + code + "\n" + fence
        case .documentation(let plain, let markdownText):
            guard markdown else { return plain }
            return markdownText ?? plain.map(PlainTextMarkdown.escaped)
        }
    }

    private static func span(span: HoverSpan, markdown: Bool) -> String {
        switch span {
        case .text(let text): return markdown ? PlainTextMarkdown.escaped(text) : text
        case .lineBreak: return markdown ? "  \n" : "\n"
        case .strong(let text):
            guard markdown else { return text }
            // Emphasis must not open or close beside a space (CommonMark §6.2).
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? "" : "**" + PlainTextMarkdown.escaped(trimmed) + "**"
        case .code(let text):
            guard markdown else { return text }
            // A code span's delimiters are longer than any backtick run inside (CommonMark §6.1); a space
            // pads text that starts or ends with a backtick.
            let run = longestBacktickRun(text)
            guard run > 0 else { return "`" + text + "`" }
            let fence = String(repeating: "`", count: run + 1)
            return fence + " " + text + " " + fence
        }
    }

    private static func longestBacktickRun(_ text: String) -> Int {
        var longest = 0, current = 0
        for c in text {
            current = c == "`" ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }
}
