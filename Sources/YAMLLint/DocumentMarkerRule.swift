/// `document-start` and `document-end`: require or forbid the `---` / `...` markers (stateless).
struct DocumentMarkerRule: TokenLintRule {
    let id: LintRuleID
    let present: Bool

    /// document-start acts on a `---` (forbidden) and, through ``concernsTokenAfter(_:_:)``, on the
    /// first token of a document; document-end on the tokens that end a document.
    static func concerns(_ id: LintRuleID, _ kind: LintToken.Kind) -> Bool {
        id == .documentStart ? kind == .documentStart : kind == .streamEnd || kind == .documentStart || kind == .documentEnd
    }

    /// document-start (required): the token after the stream start, a `...` or a directive.
    static func concernsTokenAfter(_ id: LintRuleID, _ previous: LintToken.Kind) -> Bool {
        id == .documentStart && (previous == .streamStart || previous == .documentEnd || previous == .directive)
    }

    func check(_ s: LintStream, _ i: Int, _ out: inout [LintStream.Problem]) {
        let t = s.tokens[i]
        let prev = s.token(i - 1)
        if id == .documentStart {
            if present {
                if let p = prev?.kind, p == .streamStart || p == .documentEnd || p == .directive,
                   t.kind != .documentStart && t.kind != .directive && t.kind != .streamEnd {
                    out.append(.init(line: t.startLine + 1, column: 1, message: "missing document start \"---\""))
                }
            } else if t.kind == .documentStart {
                out.append(.init(line: t.startLine + 1, column: t.startColumn + 1,
                                 message: "found forbidden document start \"---\""))
            }
        } else {
            if present {
                let prevIsEndOrStart = prev?.kind == .documentEnd || prev?.kind == .streamStart
                if t.kind == .streamEnd && !prevIsEndOrStart {
                    out.append(.init(line: t.startLine, column: 1, message: "missing document end \"...\""))
                } else if t.kind == .documentStart && !(prevIsEndOrStart || prev?.kind == .directive) {
                    out.append(.init(line: t.startLine + 1, column: 1, message: "missing document end \"...\""))
                }
            } else if t.kind == .documentEnd {
                out.append(.init(line: t.startLine + 1, column: t.startColumn + 1,
                                 message: "found forbidden document end \"...\""))
            }
        }
    }
}
