import YAMLComposer
import YAMLFormatter
import YAMLParser
import YAMLSyntax

/// Runs the formatter and checks its output before any edit leaves the model (the safety net):
/// the formatted text must parse without error, compose to the same documents (values, tags, anchors
/// and aliases) and keep the same comments in the same order. Otherwise no edits are returned.
enum FormattingPlanner {
    /// The formatting surface for `snapshot` with `options`. `format` is the layout function, injectable
    /// so tests can prove the safety net catches a broken rule.
    static func plan(_ snapshot: DocumentSnapshot, options: FormatOptions,
                     format: (ParseResult, FormatOptions) -> [UInt8]? = Formatter.format) -> FormattingSurface {
        let original = snapshot.bytes
        guard snapshot.parse.isValid else {
            return FormattingSurface(edits: [], refusal: "the document has syntax errors", formattedText: original)
        }
        guard let formatted = format(snapshot.parse, options) else {
            return FormattingSurface(edits: [], refusal: "the formatter declined this document", formattedText: original)
        }
        if formatted == original { return FormattingSurface(edits: [], refusal: nil, formattedText: original) }
        if let problem = safetyProblem(original: snapshot, formatted: formatted) {
            return FormattingSurface(edits: [], refusal: "safety net: \(problem)", formattedText: original)
        }
        return FormattingSurface(edits: LineDiff.replacements(from: original, to: formatted), refusal: nil,
                                 formattedText: formatted)
    }

    /// The formatting surface for the part of `snapshot` around `range` (UTF-8 byte offsets): the whole
    /// document is laid out, and only the edits inside the lines of the block entries that overlap
    /// `range` are kept. The partly formatted text is checked by the safety net again (a half-applied
    /// re-indentation could change the structure); when it fails, no edits.
    static func planRange(_ snapshot: DocumentSnapshot, range: TextRange, options: FormatOptions,
                          format: (ParseResult, FormatOptions) -> [UInt8]? = Formatter.format) -> FormattingSurface {
        let full = plan(snapshot, options: options, format: format)
        guard full.refusal == nil, !full.edits.isEmpty else { return full }
        let span = lineSpan(snapshot, around: range)
        let kept = full.edits.filter { $0.range.start >= span.start && $0.range.end <= span.end }
        if kept.count == full.edits.count { return full }
        let original = snapshot.bytes
        if kept.isEmpty { return FormattingSurface(edits: [], refusal: nil, formattedText: original) }
        var text: [UInt8] = []
        text.reserveCapacity(original.count)
        var at = 0
        for e in kept {
            text += original[at..<e.range.start]
            text += Array(e.newText.utf8)
            at = e.range.end
        }
        text += original[at...]
        if let problem = safetyProblem(original: snapshot, formatted: text) {
            return FormattingSurface(edits: [], refusal: "safety net (range): \(problem)", formattedText: original)
        }
        return FormattingSurface(edits: kept, refusal: nil, formattedText: text)
    }

    /// `range` widened to the block entries (mapping entries, sequence items) that contain its ends, then
    /// to whole lines (line breaks included).
    static func lineSpan(_ snapshot: DocumentSnapshot, around range: TextRange) -> TextRange {
        let tree = snapshot.parse.tree, bytes = snapshot.bytes
        var lo = min(max(0, range.start), bytes.count), hi = min(max(lo, range.end), bytes.count)
        let probeEnd = max(lo, hi - 1)
        var atStart: TextRange? = nil, atEnd: TextRange? = nil
        for (i, n) in tree.nodes.enumerated() where n.kind == .mappingEntry || n.kind == .sequenceItem {
            guard n.parent >= 0, tree.nodes[n.parent].kind == .blockMapping || tree.nodes[n.parent].kind == .blockSequence else { continue }
            let r = tree.range(ofNode: i)
            // Nodes are in pre-order, so the last entry containing a point is the innermost one.
            if r.start <= lo && lo < r.end { atStart = r }
            if r.start <= probeEnd && probeEnd < r.end { atEnd = r }
        }
        if let r = atStart { lo = min(lo, r.start) }
        if let r = atEnd { hi = max(hi, r.end) }
        while lo > 0 && bytes[lo - 1] != 0x0A && bytes[lo - 1] != 0x0D { lo -= 1 }
        while hi < bytes.count && bytes[hi] != 0x0A && bytes[hi] != 0x0D { hi += 1 }
        if hi < bytes.count && bytes[hi] == 0x0D { hi += 1 }
        if hi < bytes.count && bytes[hi] == 0x0A { hi += 1 }
        return TextRange(start: lo, end: hi)
    }

    /// Why `formatted` is not a faithful re-layout of `original`, or nil when it is.
    static func safetyProblem(original: DocumentSnapshot, formatted: [UInt8]) -> String? {
        let reparsed = Parser.parse(formatted)
        if let e = reparsed.errors.first(where: { $0.severity == .error }) {
            return "formatted text does not parse (\(e.code): \(e.message))"
        }
        let recomposed = Composer.compose(reparsed)
        let before = original.composition.documents
        let after = recomposed.documents
        guard before.count == after.count else {
            return "document count changed from \(before.count) to \(after.count)"
        }
        for (i, (a, b)) in zip(before, after).enumerated() {
            var budget = 2_000_000
            if !GraphEquivalence.same(a.root, b.root, budget: &budget) {
                return "document \(i + 1) no longer loads to the same data"
            }
        }
        let commentsBefore = comments(in: original.parse.tree)
        let commentsAfter = comments(in: reparsed.tree)
        if commentsBefore != commentsAfter { return "comments changed" }
        return nil
    }

    /// The comment texts of a tree, in order, without trailing whitespace.
    static func comments(in tree: SyntaxTree) -> [ArraySlice<UInt8>] {
        tree.tokens.lazy.filter { $0.kind == .comment }.map { t -> ArraySlice<UInt8> in
            var s = tree.slice(t.range)
            while let last = s.last, last == 0x20 || last == 0x09 { s = s.dropLast() }
            return s
        }
    }
}

/// Structural equality of two representation graphs: same kinds, scalar values, tags, anchors and
/// alias names, in the same order. Styles may differ.
enum GraphEquivalence {
    static func same(_ a: YAMLNode, _ b: YAMLNode, budget: inout Int) -> Bool {
        // Iterative, so deep documents cannot overflow the stack.
        var stack: [(YAMLNode, YAMLNode)] = [(a, b)]
        while let (x, y) = stack.popLast() {
            budget -= 1
            if budget < 0 { return false }
            guard x.tag == y.tag, x.anchor == y.anchor else { return false }
            switch (x.content, y.content) {
            case let (.scalar(s, _), .scalar(t, _)):
                if s != t { return false }
            case let (.alias(n, _), .alias(m, _)):
                if n != m { return false }
            case let (.sequence(p), .sequence(q)):
                guard p.count == q.count else { return false }
                for i in p.indices { stack.append((p[i], q[i])) }
            case let (.mapping(p), .mapping(q)):
                guard p.count == q.count else { return false }
                for i in p.indices { stack.append((p[i].key, q[i].key)); stack.append((p[i].value, q[i].value)) }
            default:
                return false
            }
        }
        return true
    }
}
