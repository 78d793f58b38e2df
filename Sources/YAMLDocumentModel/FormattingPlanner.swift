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
        // Edits carry Strings, which cannot hold invalid bytes: they would replace them with U+FFFD.
        guard String(validating: original, as: UTF8.self) != nil else {
            return FormattingSurface(edits: [], refusal: "the document is not valid UTF-8", formattedText: original)
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
