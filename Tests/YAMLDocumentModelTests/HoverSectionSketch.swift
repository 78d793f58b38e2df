import YAMLDocumentModel

/// A compact text form of hover sections for assertions: code spans in backticks, strong text in `**`,
/// line breaks as `⏎`, code blocks as `[language] code`, documentation as `plain | markdown`.
/// (Not the renderer's Markdown: the renderer has its own tests.)
extension Array where Element == HoverSection {
    var sketch: [String] {
        map { section in
            switch section {
            case .paragraph(let spans):
                return spans.map { span in
                    switch span {
                    case .text(let t): return t
                    case .code(let c): return "`\(c)`"
                    case .strong(let s): return "**\(s)**"
                    case .lineBreak: return "⏎"
                    }
                }.joined()
            case .codeBlock(let language, let code): return "[\(language)] \(code)"
            case .documentation(let plain, let markdown): return "\(plain ?? "-") | \(markdown ?? "-")"
            }
        }
    }
}
