import YAMLComposer
import YAMLSchema
import YAMLSyntax

/// Quick fixes for schema findings: replace a value the schema's `enum`/`const` (or every alternative of
/// an `anyOf`/`oneOf`) rejects by one of the allowed values (one action per value, closest first, up to
/// ``maxValueActions``), and add the members a `required` keyword asks for (`name: ` lines at the
/// mapping's indentation, with the schema's default where it gives one), or for a union whose every
/// alternative lacks members, those of one alternative (one action each). Every candidate is verified by parsing its result: it must add no syntax error, and the
/// edited document must hold the chosen value or the new keys at the violation's location — in the list,
/// or, for a client that resolves code actions, when the fix is resolved (``candidates(_:diagnostics:range:schemaOf:)``,
/// ``refusal(_:_:_:)``).
enum SchemaCodeActions {
    /// Largest number of "replace by an allowed value" actions for one finding.
    static let maxValueActions = 20

    /// What a schema fix must show once applied, besides adding no syntax error.
    enum Check {
        /// The node at JSON pointer `pointer` of document `document` (resolved in the edited document)
        /// projects to `value`.
        case value(document: Int, pointer: String, value: JSONValue)
        /// The mapping at `path` of document `document` has a member named by each of `names`.
        case members(document: Int, path: [SchemaPathStep], names: [String])
    }

    /// The fixes for the schema diagnostics among `diagnostics` overlapping `range`. `schemaOf` gives the
    /// loaded schema of a document of the stream by index. Each is verified (``refusal(_:_:_:)``); one
    /// that fails is left out.
    static func actions(_ s: DocumentSnapshot, diagnostics: [YAMLDiagnostic], range: TextRange,
                        schemaOf: (Int) -> JSONSchema?) -> [CodeActionCandidate] {
        candidates(s, diagnostics: diagnostics, range: range, schemaOf: schemaOf)
            .filter { refusal(s, $0.0.edits, $0.1) == nil }.map(\.0)
    }

    /// The fixes of ``actions(_:diagnostics:range:schemaOf:)`` before verification, each with what
    /// verifying it checks: nothing is re-parsed (the documents' violations are computed, once per
    /// document).
    static func candidates(_ s: DocumentSnapshot, diagnostics: [YAMLDiagnostic], range: TextRange,
                           schemaOf: (Int) -> JSONSchema?) -> [(CodeActionCandidate, Check)] {
        var out: [(CodeActionCandidate, Check)] = []
        var violations: [Int: [SchemaViolation]] = [:]   // validated once per document of the stream
        for d in diagnostics where d.source == "pureyaml-schema" && d.range.overlaps(range)
            && ["schema-enum", "schema-const", "schema-required", "schema-oneOf", "schema-anyOf"].contains(d.code) {
            guard let index = s.composition.documents.firstIndex(where: { $0.range.touches(d.range.start) }),
                  let schema = schemaOf(index) else { continue }
            let root = s.composition.documents[index].root
            if violations[index] == nil { violations[index] = schema.validate(root) }
            guard let violation = violations[index]?.first(where: {
                $0.range == d.range && "schema-" + $0.keyword == d.code && $0.message == d.message
            }) else { continue }
            switch violation.keyword {
            case "required":
                if let fix = addRequired(s, d, violation, schema.missingMembers(for: violation, in: root), root: root, document: index) {
                    out.append(fix)
                }
            case "oneOf", "anyOf":
                // Every alternative lacks members: one fix per alternative; a scalar matching none: its values.
                let alternatives = schema.missingMemberAlternatives(for: violation, in: root)
                for missing in alternatives.prefix(maxValueActions) {
                    if var fix = addRequired(s, d, violation, missing, root: root, document: index) {
                        fix.0.isPreferred = alternatives.count == 1
                        out.append(fix)
                    }
                }
                if alternatives.isEmpty { out += replaceValue(s, d, violation, schema: schema, root: root, document: index) }
            default:
                out += replaceValue(s, d, violation, schema: schema, root: root, document: index)
            }
        }
        return out
    }

    /// Nil when `edits` (one fix of ``candidates(_:diagnostics:range:schemaOf:)``) add no syntax error to
    /// `s` and the edited document shows what `check` asks; else the reason, in words for the user.
    static func refusal(_ s: DocumentSnapshot, _ edits: [TextReplacement], _ check: Check) -> String? {
        guard let after = CodeActions.reparse(s, edits) else { return "the edited text could not be analysed" }
        guard CodeActions.errorCount(after) <= CodeActions.errorCount(s) else { return "it would add a syntax error" }
        switch check {
        case let .value(document, pointer, value):
            guard let root = documentRoot(after, document), let path = SchemaPathStep.steps(ofPointer: pointer, in: root),
                  let node = SchemaPathStep.node(at: path, in: root), case .success(let json) = JSONProjection.project(node),
                  json == value else { return "the edited document would not hold that value there" }
            return nil
        case let .members(document, path, names):
            guard let root = documentRoot(after, document), let mapping = SchemaPathStep.node(at: path, in: root),
                  let entries = mapping.mergedMappingEntries else { return "the edited document would not have the members there" }
            let keys = Set(entries.compactMap { e -> String? in if case .scalar(let k, _) = e.key.content { return k } else { return nil } })
            return names.allSatisfy { keys.contains($0) } ? nil : "the edited document would not have the members there"
        }
    }

    // MARK: Allowed values

    static func replaceValue(_ s: DocumentSnapshot, _ d: YAMLDiagnostic, _ v: SchemaViolation, schema: JSONSchema,
                             root: YAMLNode, document: Int) -> [(CodeActionCandidate, Check)] {
        let tree = s.tree
        let token = tree.tokenIndex(at: d.range.start).map { tree.tokens[$0] }
        guard let token, DocumentLinks.isScalar(token.kind), token.range == d.range else { return [] }
        var node: SyntaxNode? = tree.deepestNode(at: d.range.start)
        var inFlow = false
        while let n = node { if n.kind == .flowMapping || n.kind == .flowSequence { inFlow = true }; node = n.parent }
        var out: [(CodeActionCandidate, Check)] = []
        let values = schema.allowedValues(for: v, in: root)
        for value in values.prefix(maxValueActions) {
            switch value {
            case .array, .object: continue
            default: break
            }
            let text = ScalarRendering.yaml(value, inFlow: inFlow)
            let edit = TextReplacement(range: d.range, newText: text)
            out.append((CodeActionCandidate(title: "Change to \(text)", kind: .quickFix, edits: [edit], diagnostic: d,
                                            isPreferred: values.count == 1),
                        .value(document: document, pointer: v.instancePath, value: value)))
        }
        return out
    }

    // MARK: Required members

    /// Adds `missing` to the mapping at the violation's instance location: block mappings get one line per
    /// member after their last entry, at the column of their first key; flow mappings `, name: ` entries.
    static func addRequired(_ s: DocumentSnapshot, _ d: YAMLDiagnostic, _ v: SchemaViolation, _ missing: [SchemaRequiredMember],
                            root: YAMLNode, document: Int) -> (CodeActionCandidate, Check)? {
        guard !missing.isEmpty, let path = SchemaPathStep.steps(ofPointer: v.instancePath, in: root),
              let mapping = SchemaPathStep.node(at: path, in: root)?.resolved, case .mapping(let pairs) = mapping.content,
              let first = pairs.first, let last = pairs.last else { return nil }
        let lines = missing.map { m -> String in
            var value = ""
            if case .scalar(let start?) = m.shape { value = ScalarRendering.yaml(start, inFlow: mapping.collectionStyle == .flow) }
            return ScalarRendering.yaml(.string(m.name), inFlow: mapping.collectionStyle == .flow) + ":" + (value.isEmpty ? "" : " " + value)
        }
        let edit: TextReplacement
        if mapping.collectionStyle == .flow {
            // `{a: 1}` -> `{a: 1, name: }`: after the last entry's value.
            let end = Swift.max(last.value.range.end, last.key.range.end)
            edit = TextReplacement(range: TextRange(empty: end), newText: lines.map { ", " + $0 + (($0.hasSuffix(":")) ? " " : "") }.joined())
        } else {
            let index = s.lineIndex
            let firstLine = index.line(containing: first.key.range.start)
            let column = first.key.range.start - index.lineStart(firstLine)
            guard column >= 0 else { return nil }
            var end = Swift.max(last.value.range.end, last.key.range.end)
            while end > last.key.range.end, [0x0A, 0x0D, 0x20, 0x09].contains(s.bytes[end - 1]) { end -= 1 }
            let insertAt = index.lineContentEnd(index.line(containing: end))
            let indent = String(repeating: " ", count: column)
            let lineBreak = s.lineBreak(at: insertAt)   // a CRLF file stays CRLF
            edit = TextReplacement(range: TextRange(empty: insertAt), newText: lines.map { lineBreak + indent + $0 }.joined())
        }
        let names = missing.map { "\"\($0.name)\"" }.joined(separator: ", ")
        return (CodeActionCandidate(title: "Add missing propert\(missing.count == 1 ? "y" : "ies") \(names)", kind: .quickFix,
                                    edits: [edit], diagnostic: d, isPreferred: true),
                .members(document: document, path: path, names: missing.map(\.name)))
    }

    // MARK: Verification

    static func documentRoot(_ s: DocumentSnapshot, _ index: Int) -> YAMLNode? {
        index < s.composition.documents.count ? s.composition.documents[index].root : nil
    }
}
