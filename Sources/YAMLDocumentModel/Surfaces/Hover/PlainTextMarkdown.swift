/// Plain text (a schema's `title`, `description` or `deprecationMessage`; JSON Schema 2020-12 Validation
/// §9.1 makes them plain strings) written as Markdown that shows the same characters and line breaks.
package enum PlainTextMarkdown {
    /// Characters that start inline markup anywhere on a line (CommonMark 0.31 §6: code spans, emphasis,
    /// links, raw HTML and autolinks, entity references; GFM strikethrough and table cells).
    private static let inlineMarkup: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "&", "~", "|"]
    /// Characters that start a block when they open a line (ATX headings, block quotes, list items,
    /// thematic breaks, setext underlines).
    private static let blockMarkup: Set<Character> = ["#", ">", "-", "+", "=", "*", "_"]

    /// `text` with every Markdown special character backslash-escaped (CommonMark §2.4: any ASCII
    /// punctuation may be escaped) and each line break inside a paragraph written as a hard line break
    /// (two spaces before it, §6.7), so a renderer shows `text` as written; blank lines stay paragraph
    /// breaks. CR LF and lone CR count as line breaks too.
    package static func escaped(_ text: String) -> String {
        // "\r\n" is one Character, so each break splits once.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        var out = ""
        for (i, line) in lines.enumerated() {
            out += escapedLine(line)
            guard i + 1 < lines.count else { break }
            // A hard break between two lines of text; a blank line ends the paragraph on its own.
            let nextBlank = lines[i + 1].allSatisfy { $0 == " " || $0 == "\t" }
            let blank = line.allSatisfy { $0 == " " || $0 == "\t" }
            out += (blank || nextBlank) ? "\n" : "  \n"
        }
        return out
    }

    private static func escapedLine(_ line: Substring) -> String {
        var out = ""
        var atStart = true
        var digitsAtStart = true
        for c in line {
            if atStart && (c == " " || c == "\t") {
                out.append(c)
                continue
            }
            if inlineMarkup.contains(c) || (atStart && blockMarkup.contains(c)) {
                out.append("\\")
            } else if digitsAtStart && !atStart && (c == "." || c == ")") {
                // `1.` or `1)` opening a line starts an ordered list item.
                out.append("\\")
            }
            if !c.isASCII || !c.isNumber { digitsAtStart = false }
            atStart = false
            out.append(c)
        }
        return out
    }
}
