/// `comments` (space after `#`, distance from content) and `comments-indentation` (a full-line comment
/// is indented like the content before or after it).
struct CommentRule {
    let id: LintRuleID
    /// The options, read once.
    private let minSpacesFromContent: Int
    private let requireStartingSpace, ignoreShebangs: Bool

    init(id: LintRuleID, options: [String: LintOption]) {
        self.id = id
        minSpacesFromContent = options["min-spaces-from-content"]?.int ?? id.defaultOptions["min-spaces-from-content"]?.int ?? -1
        func flag(_ k: String) -> Bool { options[k]?.bool ?? id.defaultOptions[k]?.bool ?? false }
        requireStartingSpace = flag("require-starting-space")
        ignoreShebangs = flag("ignore-shebangs")
    }

    /// Checks comment number `index` of `comments`.
    func check(_ s: LintStream, _ comments: [LintComment], _ index: Int, _ out: inout [LintStream.Problem]) {
        let c = comments[index]
        let bytes = s.bytes
        if id == .comments {
            let minSpaces = minSpacesFromContent
            if minSpaces != -1 && c.isInline(s) && c.pointer - s.tokens[c.tokenBefore].end < minSpaces {
                out.append(.init(line: c.line, column: c.column,
                                 message: LintMessage.make("too few spaces before comment: expected ", minSpaces)))
            }
            if requireStartingSpace {
                var textStart = c.pointer + 1
                while textStart < bytes.count && bytes[textStart] == UInt8(ascii: "#") { textStart += 1 }
                if textStart < bytes.count {
                    if ignoreShebangs && c.line == 1 && c.column == 1 && bytes[textStart] == UInt8(ascii: "!") {
                        return
                    }
                    let b = bytes[textStart]
                    if b != 0x20 && b != 0x0A && b != 0x0D && b != 0 {
                        out.append(.init(line: c.line, column: c.column + s.scalarCount(from: c.pointer, to: textStart),
                                         message: "missing starting space in comment"))
                    }
                }
            }
        } else if id == .commentsIndentation {
            let before = s.tokens[c.tokenBefore]
            if before.kind != .streamStart && before.endLine + 1 == c.line { return }
            let after = s.tokens[c.tokenAfter]
            let nextLineIndent = after.kind == .streamEnd ? 0 : after.startColumn
            var prevLineIndent = before.kind == .streamStart ? 0 : s.lineIndent(before)
            prevLineIndent = max(prevLineIndent, nextLineIndent)
            if let b = c.commentBefore, !comments[b].isInline(s) {
                prevLineIndent = comments[b].column - 1
            }
            if c.column - 1 != prevLineIndent && c.column - 1 != nextLineIndent {
                out.append(.init(line: c.line, column: c.column, message: "comment not indented like content"))
            }
        }
    }
}
