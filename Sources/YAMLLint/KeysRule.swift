/// `anchors`, `key-duplicates` and `key-ordering`: rules that remember anchors or the keys of every open
/// mapping while walking the token stream.
struct KeysRule: TokenLintRule {
    let id: LintRuleID
    let options: [String: LintOption]

    private struct Anchor { var line: Int; var column: Int; var used: Bool }
    private var anchors: [String: Anchor] = [:]
    /// Anchor names in declaration order (for reporting unused ones in a stable order).
    private var anchorOrder: [String] = []
    /// The keys of one open mapping seen so far: all of them (key-duplicates), or only the greatest, which
    /// decides key-ordering (a key is out of order when some earlier key sorts after it, that is when the
    /// greatest earlier key does).
    private struct SeenKeys {
        var all: Set<String> = []
        var greatest: String? = nil
    }
    /// One entry per open collection: nil for a sequence, the keys seen so far for a mapping.
    private var stack: [SeenKeys?] = []

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
        let name = t.kind == .anchor || t.kind == .alias ? s.value(t) : ""
        let undeclared = flag("forbid-undeclared-aliases")
        let duplicated = flag("forbid-duplicated-anchors")
        let unused = flag("forbid-unused-anchors")
        guard undeclared || duplicated || unused else { return }
        if t.kind == .streamStart || t.kind == .documentStart || t.kind == .documentEnd {
            anchors = [:]
            anchorOrder = []
        }
        if undeclared && t.kind == .alias && anchors[name] == nil {
            out.append(.init(line: t.startLine + 1, column: t.startColumn + 1,
                             message: "found undeclared alias \"\(name)\""))
        }
        if duplicated && t.kind == .anchor && anchors[name] != nil {
            out.append(.init(line: t.startLine + 1, column: t.startColumn + 1,
                             message: "found duplicated anchor \"\(name)\""))
        }
        if unused {
            if let next = s.token(i + 1)?.kind, next == .streamEnd || next == .documentStart || next == .documentEnd {
                for name in anchorOrder {
                    if let a = anchors[name], !a.used {
                        out.append(.init(line: a.line + 1, column: a.column + 1, message: "found unused anchor \"\(name)\""))
                    }
                }
            } else if t.kind == .alias {
                anchors[name]?.used = true
            }
        }
        if t.kind == .anchor {
            if anchors[name] == nil { anchorOrder.append(name) }
            anchors[name] = Anchor(line: t.startLine, column: t.startColumn, used: false)
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
        case .blockMappingStart, .flowMappingStart: stack.append(SeenKeys())
        case .blockSequenceStart, .flowSequenceStart: stack.append(nil)
        case .blockEnd, .flowMappingEnd, .flowSequenceEnd:
            if !stack.isEmpty { stack.removeLast() }
        case .key:
            guard let next = s.token(i + 1), next.kind == .scalar, !stack.isEmpty, var keys = stack[stack.count - 1] else { return }
            // Taken out of the stack while it changes, so the set is not copied on write.
            stack[stack.count - 1] = nil
            defer { stack[stack.count - 1] = keys }
            let key = s.value(next)
            if id == .keyDuplicates {
                if keys.all.contains(key) && (key != "<<" || flag("forbid-duplicated-merge-keys")) {
                    out.append(.init(line: next.startLine + 1, column: next.startColumn + 1,
                                     message: "duplication of key \"\(key)\" in mapping"))
                } else {
                    keys.all.insert(key)
                }
            } else {
                if ignoredKeys.contains(where: { $0.search(key) }) { return }
                if let greatest = keys.greatest, KeysRule.collatesBefore(key, greatest) {
                    out.append(.init(line: next.startLine + 1, column: next.startColumn + 1,
                                     message: "wrong ordering of key \"\(key)\" in mapping"))
                } else {
                    keys.greatest = key
                }
            }
        default:
            return
        }
    }

    /// `strcoll(a, b) < 0` in the C locale yamllint runs in by default: code point order.
    static func collatesBefore(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
    }
}
