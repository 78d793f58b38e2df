import YAMLComposer
import YAMLSchema
import YAMLSyntax

/// Quick fixes for schema findings: replace a value the schema's `enum`/`const` (or every alternative of
/// an `anyOf`/`oneOf`) rejects by one of the allowed values (one action per value, closest first, up to
/// ``maxValueActions``), and add the members a `required` keyword asks for (`name: ` lines at the
/// mapping's indentation, with the schema's default where it gives one), or for a union whose every
/// alternative lacks members, those of one alternative (one action each). Every candidate is verified by parsing its result: it must add no syntax error, and the
/// edited document must hold the chosen value or the new keys at the violation's location.
enum SchemaCodeActions {
    /// Largest number of "replace by an allowed value" actions for one finding.
    static let maxValueActions = 20

    /// The fixes for the schema diagnostics among `diagnostics` overlapping `range`. `schemaOf` gives the
    /// loaded schema of a document of the stream by index.
    static func actions(_ s: DocumentSnapshot, diagnostics: [YAMLDiagnostic], range: TextRange,
                        schemaOf: (Int) -> JSONSchema?) -> [CodeActionCandidate] {
        var out: [CodeActionCandidate] = []
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
                        fix.isPreferred = alternatives.count == 1
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

    // MARK: Allowed values

    static func replaceValue(_ s: DocumentSnapshot, _ d: YAMLDiagnostic, _ v: SchemaViolation, schema: JSONSchema,
                             root: YAMLNode, document: Int) -> [CodeActionCandidate] {
        let tree = s.tree
        let token = tree.tokenIndex(at: d.range.start).map { tree.tokens[$0] }
        guard let token, DocumentLinks.isScalar(token.kind), token.range == d.range else { return [] }
        var node: SyntaxNode? = tree.deepestNode(at: d.range.start)
        var inFlow = false
        while let n = node { if n.kind == .flowMapping || n.kind == .flowSequence { inFlow = true }; node = n.parent }
        var out: [CodeActionCandidate] = []
        let values = schema.allowedValues(for: v, in: root)
        for value in values.prefix(maxValueActions) {
            switch value {
            case .array, .object: continue
            default: break
            }
            let text = ScalarRendering.yaml(value, inFlow: inFlow)
            let edit = TextReplacement(range: d.range, newText: text)
            guard let after = verified(s, [edit]), let root = documentRoot(after, document),
                  let path = SchemaPathStep.steps(ofPointer: v.instancePath, in: root),
                  let node = SchemaPathStep.node(at: path, in: root), case .success(let json) = JSONProjection.project(node), json == value
            else { continue }
            out.append(CodeActionCandidate(title: "Change to \(text)", kind: .quickFix, edits: [edit], diagnostic: d,
                                           isPreferred: out.isEmpty && values.count == 1))
        }
        return out
    }

    // MARK: Required members

    /// Adds `missing` to the mapping at the violation's instance location: block mappings get one line per
    /// member after their last entry, at the column of their first key; flow mappings `, name: ` entries.
    static func addRequired(_ s: DocumentSnapshot, _ d: YAMLDiagnostic, _ v: SchemaViolation, _ missing: [SchemaRequiredMember],
                            root: YAMLNode, document: Int) -> CodeActionCandidate? {
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
            edit = TextReplacement(range: TextRange(empty: insertAt), newText: lines.map { "\n" + indent + $0 }.joined())
        }
        guard let after = verified(s, [edit]), let newRoot = documentRoot(after, document),
              let newMapping = SchemaPathStep.node(at: path, in: newRoot), let entries = newMapping.mergedMappingEntries else { return nil }
        let keys = Set(entries.compactMap { e -> String? in if case .scalar(let k, _) = e.key.content { return k } else { return nil } })
        guard missing.allSatisfy({ keys.contains($0.name) }) else { return nil }
        let names = missing.map { "\"\($0.name)\"" }.joined(separator: ", ")
        return CodeActionCandidate(title: "Add missing propert\(missing.count == 1 ? "y" : "ies") \(names)", kind: .quickFix,
                                   edits: [edit], diagnostic: d, isPreferred: true)
    }

    // MARK: Verification

    /// The edited snapshot when the edits add no syntax error; nil otherwise.
    static func verified(_ s: DocumentSnapshot, _ edits: [TextReplacement]) -> DocumentSnapshot? {
        guard let after = CodeActions.reparse(s, edits), CodeActions.errorCount(after) <= CodeActions.errorCount(s) else { return nil }
        return after
    }

    static func documentRoot(_ s: DocumentSnapshot, _ index: Int) -> YAMLNode? {
        index < s.composition.documents.count ? s.composition.documents[index].root : nil
    }
}
