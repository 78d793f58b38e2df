/// `anchors`, `key-duplicates` and `key-ordering`: rules that remember anchors or the keys of every open
/// mapping while walking the token stream.
struct KeysRule: TokenLintRule {
    let id: LintRuleID
    let options: [String: LintOption]

    private struct Anchor { var line: Int; var column: Int; var used: Bool }
    private var anchors: [String: Anchor] = [:]
    /// Anchor names in declaration order (for reporting unused ones in a stable order).
    private var anchorOrder: [String] = []
    /// One entry per open collection: nil for a sequence, the keys seen so far for a mapping.
    private var stack: [[String]?] = []

    /// key-ordering's `ignored-keys`, compiled once.
    private let ignoredKeys: [LintPattern]

    init(id: LintRuleID, options: [String: LintOption]) {
        self.id = id
        self.options = options
        ignoredKeys = (options["ignored-keys"]?.strings ?? []).map(LintPattern.init)
    }

    private func flag(_ k: String) -> Bool { options[k]?.bool ?? id.defaultOptions[k]?.bool ?? false }

    mutating func check(_ s: LintStream, _ i: Int, _ out: inout [LintStream.Problem]) {
        switch id {
        case .anchors: checkAnchors(s, i, &out)
        case .keyDuplicates, .keyOrdering: checkKeys(s, i, &out)
        default: return
        }
    }

    private mutating func checkAnchors(_ s: LintStream, _ i: Int, _ out: inout [LintStream.Problem]) {
        switch s.tokens[i].kind {
        case .streamStart, .documentStart, .documentEnd, .alias, .anchor: break
        default:
            let next = s.tokens.indices.contains(i + 1) ? s.tokens[i + 1].kind : nil
            guard next == .streamEnd || next == .documentStart || next == .documentEnd else { return }
        }
        let t = s.tokens[i]
        let undeclared = flag("forbid-undeclared-aliases")
        let duplicated = flag("forbid-duplicated-anchors")
        let unused = flag("forbid-unused-anchors")
        guard undeclared || duplicated || unused else { return }
        if t.kind == .streamStart || t.kind == .documentStart || t.kind == .documentEnd {
            anchors = [:]
            anchorOrder = []
        }
        if undeclared && t.kind == .alias && anchors[t.value] == nil {
            out.append(.init(line: t.startLine + 1, column: t.startColumn + 1,
                             message: "found undeclared alias \"\(t.value)\""))
        }
        if duplicated && t.kind == .anchor && anchors[t.value] != nil {
            out.append(.init(line: t.startLine + 1, column: t.startColumn + 1,
                             message: "found duplicated anchor \"\(t.value)\""))
        }
        if unused {
            if let next = s.token(i + 1)?.kind, next == .streamEnd || next == .documentStart || next == .documentEnd {
                for name in anchorOrder {
                    if let a = anchors[name], !a.used {
                        out.append(.init(line: a.line + 1, column: a.column + 1, message: "found unused anchor \"\(name)\""))
                    }
                }
            } else if t.kind == .alias {
                anchors[t.value]?.used = true
            }
        }
        if t.kind == .anchor {
            if anchors[t.value] == nil { anchorOrder.append(t.value) }
            anchors[t.value] = Anchor(line: t.startLine, column: t.startColumn, used: false)
        }
    }

    private mutating func checkKeys(_ s: LintStream, _ i: Int, _ out: inout [LintStream.Problem]) {
        switch s.tokens[i].kind {
        case .blockMappingStart, .flowMappingStart, .blockSequenceStart, .flowSequenceStart, .blockEnd,
             .flowMappingEnd, .flowSequenceEnd, .key: break
        default: return
        }
        let t = s.tokens[i]
        switch t.kind {
        case .blockMappingStart, .flowMappingStart: stack.append([])
        case .blockSequenceStart, .flowSequenceStart: stack.append(nil)
        case .blockEnd, .flowMappingEnd, .flowSequenceEnd:
            if !stack.isEmpty { stack.removeLast() }
        case .key:
            guard let next = s.token(i + 1), next.kind == .scalar, let top = stack.last, var keys = top else { return }
            if id == .keyDuplicates {
                if keys.contains(next.value) && (next.value != "<<" || flag("forbid-duplicated-merge-keys")) {
                    out.append(.init(line: next.startLine + 1, column: next.startColumn + 1,
                                     message: "duplication of key \"\(next.value)\" in mapping"))
                } else {
                    keys.append(next.value)
                }
            } else {
                if ignoredKeys.contains(where: { $0.search(next.value) }) { return }
                if keys.contains(where: { KeysRule.collatesBefore(next.value, $0) }) {
                    out.append(.init(line: next.startLine + 1, column: next.startColumn + 1,
                                     message: "wrong ordering of key \"\(next.value)\" in mapping"))
                } else {
                    keys.append(next.value)
                }
            }
            stack[stack.count - 1] = keys
        default:
            return
        }
    }

    /// `strcoll(a, b) < 0` in the C locale yamllint runs in by default: code point order.
    static func collatesBefore(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
    }
}
