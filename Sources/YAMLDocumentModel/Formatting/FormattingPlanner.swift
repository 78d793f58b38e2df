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
        // Edits carry Strings, which cannot hold invalid bytes: they would replace them with U+FFFD.
        guard String(validating: original, as: UTF8.self) != nil else {
            return FormattingSurface(edits: [], refusal: "the document is not valid UTF-8", formattedText: original)
        }
        guard snapshot.isSyntaxValid else {
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
    /// `range` are kept. The partly formatted text is checked by the safety net again: re-indenting one
    /// entry without its siblings can change the structure, so when the innermost entries fail, their
    /// enclosing entries are tried, outwards (an entry always moves with its children). No edits when
    /// every candidate fails.
    static func planRange(_ snapshot: DocumentSnapshot, range: TextRange, options: FormatOptions,
                          format: (ParseResult, FormatOptions) -> [UInt8]? = Formatter.format) -> FormattingSurface {
        let full = plan(snapshot, options: options, format: format)
        guard full.refusal == nil, !full.edits.isEmpty else { return full }
        let original = snapshot.bytes
        var lastProblem = ""
        let lineEdits = LineDiff.replacements(from: original, to: full.formattedText, splittingLines: true)
        for span in lineSpans(snapshot, around: range) {
            let kept = lineEdits.filter { $0.range.start >= span.start && $0.range.end <= span.end }
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
            if text == full.formattedText { return full }
            guard let problem = safetyProblem(original: snapshot, formatted: text) else {
                return FormattingSurface(edits: kept, refusal: nil, formattedText: text)
            }
            lastProblem = problem
        }
        return FormattingSurface(edits: [], refusal: "safety net (range): \(lastProblem)", formattedText: original)
    }

    /// Candidate spans for a range, narrowest first: `range` widened to the innermost block entries
    /// (mapping entries, sequence items) containing its ends, then to their enclosing entries, each as
    /// whole lines (line breaks included).
    static func lineSpans(_ snapshot: DocumentSnapshot, around range: TextRange) -> [TextRange] {
        let tree = snapshot.tree, bytes = snapshot.bytes
        let lo = min(max(0, range.start), bytes.count), hi = min(max(lo, range.end), bytes.count)
        let probeEnd = max(lo, hi - 1)
        // Entries containing each end, outermost first (nodes are stored in pre-order).
        var atStart: [TextRange] = [], atEnd: [TextRange] = []
        for (i, n) in tree.nodes.enumerated() where n.kind == .mappingEntry || n.kind == .sequenceItem {
            guard n.parent >= 0, tree.nodes[n.parent].kind == .blockMapping || tree.nodes[n.parent].kind == .blockSequence else { continue }
            let r = tree.range(ofNode: i)
            if r.start <= lo && lo < r.end { atStart.append(r) }
            if r.start <= probeEnd && probeEnd < r.end { atEnd.append(r) }
        }
        var spans: [TextRange] = []
        for level in 0...max(atStart.count, atEnd.count) {
            var a = lo, b = hi
            if !atStart.isEmpty { a = min(a, atStart[max(0, atStart.count - 1 - level)].start) }
            if !atEnd.isEmpty { b = max(b, atEnd[max(0, atEnd.count - 1 - level)].end) }
            while a > 0 && bytes[a - 1] != 0x0A && bytes[a - 1] != 0x0D { a -= 1 }
            while b < bytes.count && bytes[b] != 0x0A && bytes[b] != 0x0D { b += 1 }
            if b < bytes.count && bytes[b] == 0x0D { b += 1 }
            if b < bytes.count && bytes[b] == 0x0A { b += 1 }
            let span = TextRange(start: a, end: b)
            if spans.last != span { spans.append(span) }
        }
        return spans
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
        let commentsBefore = comments(in: original.tree)
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
