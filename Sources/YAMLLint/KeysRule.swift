/// `anchors`, `key-duplicates` and `key-ordering`: rules that remember anchors or the keys of every open
/// mapping while walking the token stream.
struct KeysRule: TokenLintRule {
    let id: LintRuleID

    /// anchors: the anchors of the current document.
    private var anchors = AnchorTable()
    /// One open collection: its mapping number (-1 for a sequence) and how many keys ``seen`` held
    /// when it opened.
    private struct OpenCollection: BitwiseCopyable {
        var mapping: Int32
        var mark: Int
    }
    /// The open collections, innermost last.
    private var stack = PlainStack<OpenCollection>()
    /// Mappings opened so far (numbers the mappings).
    private var mappingCount: Int32 = 0
    /// key-duplicates: every key seen, per mapping number (hashed from the value's bytes).
    private var seen = KeyTable()
    /// key-ordering: the greatest key so far of each open mapping (a key is out of order when some
    /// earlier key sorts after it, that is when the greatest earlier key does), by stack depth.
    private var greatest: [String?] = []
    /// Read once: key-duplicates' `forbid-duplicated-merge-keys`, the anchors flags.
    private let forbidDuplicatedMergeKeys, forbidUndeclaredAliases, forbidDuplicatedAnchors, forbidUnusedAnchors: Bool

    /// key-ordering's `ignored-keys`, compiled once.
    private let ignoredKeys: [LintPattern]

    init(id: LintRuleID, options: [String: LintOption]) {
        self.id = id
        ignoredKeys = (options["ignored-keys"]?.strings ?? []).map(LintPattern.init)
        func flag(_ k: String) -> Bool { options[k]?.bool ?? id.defaultOptions[k]?.bool ?? false }
        forbidDuplicatedMergeKeys = flag("forbid-duplicated-merge-keys")
        forbidUndeclaredAliases = flag("forbid-undeclared-aliases")
        forbidDuplicatedAnchors = flag("forbid-duplicated-anchors")
        forbidUnusedAnchors = flag("forbid-unused-anchors")
    }

    mutating func check(_ s: LintStream, _ i: Int, _ out: inout [LintStream.Problem]) {
        switch id {
        case .anchors: checkAnchors(s, i, &out)
        case .keyDuplicates, .keyOrdering: checkKeys(s, i, &out)
        default: return
        }
    }

    private mutating func checkAnchors(_ s: LintStream, _ i: Int, _ out: inout [LintStream.Problem]) {
        let t = s.tokens[i]
        switch t.kind {
        case .streamStart, .documentStart, .documentEnd, .alias, .anchor: break
        default:
            let next = s.tokens.indices.contains(i + 1) ? s.tokens[i + 1].kind : nil
            guard next == .streamEnd || next == .documentStart || next == .documentEnd else { return }
        }
        let undeclared = forbidUndeclaredAliases
        let duplicated = forbidDuplicatedAnchors
        let unused = forbidUnusedAnchors
        guard undeclared || duplicated || unused else { return }
        if t.kind == .streamStart || t.kind == .documentStart || t.kind == .documentEnd {
            anchors.removeAll()
        }
        let bytes = s.bytes
        let isName = t.kind == .anchor || t.kind == .alias
        let name = isName ? AnchorTable.name(of: t, bytes) : 0..<0
        // One lookup per anchor or alias.
        let known = isName ? anchors.find(name, bytes) : nil
        func text() -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[name]), as: UTF8.self) }
        if undeclared && t.kind == .alias && known == nil {
            out.append(.init(line: t.startLine + 1, column: t.startColumn + 1,
                             message: "found undeclared alias \"\(text())\""))
        }
        if duplicated && t.kind == .anchor && known != nil {
            out.append(.init(line: t.startLine + 1, column: t.startColumn + 1,
                             message: "found duplicated anchor \"\(text())\""))
        }
        if unused {
            if let next = s.token(i + 1)?.kind, next == .streamEnd || next == .documentStart || next == .documentEnd {
                for a in anchors.anchors where !a.used {
                    out.append(.init(line: Int(a.line) + 1, column: Int(a.column) + 1,
                                     message: "found unused anchor \"\(AnchorTable.name(a, bytes))\""))
                }
            } else if t.kind == .alias, let known {
                anchors.markUsed(known)
            }
        }
        if t.kind == .anchor {
            if let known {
                anchors.redeclare(known, line: t.startLine, column: t.startColumn)
            } else {
                anchors.insert(name, line: t.startLine, column: t.startColumn, bytes)
            }
        }
    }

    /// anchors acts on anchors, aliases and document boundaries, and (through
    /// ``concernsTokenBefore(_:_:)``) on the last token of a document.
    static func concerns(_ id: LintRuleID, _ kind: LintToken.Kind) -> Bool {
        guard id != .anchors else {
            switch kind {
            case .streamStart, .documentStart, .documentEnd, .alias, .anchor: return true
            default: return false
            }
        }
        switch kind {
        case .blockMappingStart, .flowMappingStart, .blockSequenceStart, .flowSequenceStart, .blockEnd,
             .flowMappingEnd, .flowSequenceEnd, .key: return true
        default: return false
        }
    }

    /// anchors: the token before a document's end.
    static func concernsTokenBefore(_ id: LintRuleID, _ next: LintToken.Kind) -> Bool {
        id == .anchors && (next == .streamEnd || next == .documentStart || next == .documentEnd)
    }

    private mutating func checkKeys(_ s: LintStream, _ i: Int, _ out: inout [LintStream.Problem]) {
        guard KeysRule.concerns(id, s.tokens[i].kind) else { return }
        let t = s.tokens[i]
        switch t.kind {
        case .blockMappingStart, .flowMappingStart:
            stack.append(OpenCollection(mapping: mappingCount, mark: seen.count))
            mappingCount &+= 1
            if id == .keyOrdering { greatest.append(nil) }
        case .blockSequenceStart, .flowSequenceStart:
            stack.append(OpenCollection(mapping: -1, mark: seen.count))
            if id == .keyOrdering { greatest.append(nil) }
        case .blockEnd, .flowMappingEnd, .flowSequenceEnd:
            if !stack.isEmpty {
                seen.removeKeys(after: stack.top.mark)
                stack.removeLast()
            }
            if !greatest.isEmpty { greatest.removeLast() }
        case .key:
            guard i + 1 < s.tokens.count, s.tokens[i + 1].kind == .scalar, !stack.isEmpty, case let mapping = stack.top.mapping, mapping >= 0 else { return }
            let next = s.tokens[i + 1]
            if id == .keyDuplicates {
                if !seen.insert(mapping: mapping, key: next, s) { reportDuplicate(s, next, &out) }
            } else {
                checkOrder(s, next, &out)
            }
        default:
            return
        }
    }

    /// key-duplicates: key scalar `next` repeats a key of its mapping (a merge key `<<` only when
    /// that is forbidden). Out of line, like ``checkOrder(_:_:_:)``: the per-key path stays small.
    @inline(never) private func reportDuplicate(_ s: LintStream, _ next: LintToken, _ out: inout [LintStream.Problem]) {
        let key = s.value(next)
        if key != "<<" || forbidDuplicatedMergeKeys {
            out.append(.init(line: next.startLine + 1, column: next.startColumn + 1,
                             message: "duplication of key \"\(key)\" in mapping"))
        }
    }

    /// key-ordering: key scalar `next` against the greatest earlier key of its mapping.
    @inline(never) private mutating func checkOrder(_ s: LintStream, _ next: LintToken, _ out: inout [LintStream.Problem]) {
        let key = s.value(next)
        if ignoredKeys.contains(where: { $0.search(key) }) { return }
        if let g = greatest[greatest.count - 1], KeysRule.collatesBefore(key, g) {
            out.append(.init(line: next.startLine + 1, column: next.startColumn + 1,
                             message: "wrong ordering of key \"\(key)\" in mapping"))
        } else {
            greatest[greatest.count - 1] = key
        }
    }

    /// `strcoll(a, b) < 0` in the C locale yamllint runs in by default: code point order.
    static func collatesBefore(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
    }
}
