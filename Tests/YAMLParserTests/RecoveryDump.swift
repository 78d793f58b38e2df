import YAMLParser
import YAMLSyntax

/// Renders a ``ParseResult`` as the text of a recovery golden file: the tree (one node per line, indented
/// by depth, with its UTF-8 byte range and 1-based `line:column` span, scalar and error texts quoted),
/// then the diagnostics (1-based `line:column` span, severity, code, message).
enum RecoveryDump {
    /// Longest quoted text shown for a node before it is cut with `…`.
    static let maximumTextLength = 40

    /// The golden text for `input`.
    static func render(_ input: [UInt8]) -> String {
        let result = Parser.parse(input)
        let index = LineIndex(input)
        func position(_ offset: Int) -> String {
            let p = index.position(of: offset, encoding: .utf8)
            return "\(p.line + 1):\(p.column + 1)"
        }
        func span(_ range: TextRange) -> String {
            "\(range.start)..\(range.end) \(position(range.start))-\(position(range.end))"
        }
        var out = "tree:\n"
        var stack: [(SyntaxNode, Int)] = [(result.tree.root, 0)]
        while let (node, depth) = stack.popLast() {
            var line = String(repeating: "  ", count: depth + 1) + "\(node.kind) " + span(node.range)
            if node.kind == .scalar || node.kind == .alias || node.kind == .error {
                line += " " + quoted(result.tree.text(node.significantRange))
            }
            out += line + "\n"
            for child in node.children.reversed() { stack.append((child, depth + 1)) }
        }
        out += "errors:\n"
        if result.errors.isEmpty { out += "  (none)\n" }
        for e in result.errors {
            let severity = e.severity == .error ? "error" : "warning"
            out += "  \(position(e.range.start))-\(position(e.range.end)) \(severity) \(e.code): \(e.message)\n"
        }
        return out
    }

    /// `text` in double quotes with line breaks, tabs and quotes escaped, cut after ``maximumTextLength``
    /// characters.
    static func quoted(_ text: String) -> String {
        var body = ""
        for (i, c) in text.enumerated() {
            if i == maximumTextLength { body += "…"; break }
            switch c {
            case "\n": body += "\\n"
            case "\r": body += "\\r"
            case "\r\n": body += "\\r\\n"
            case "\t": body += "\\t"
            case "\"": body += "\\\""
            case "\\": body += "\\\\"
            default: body.append(c)
            }
        }
        return "\"\(body)\""
    }
}
