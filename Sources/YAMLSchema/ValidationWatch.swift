import YAMLComposer
import YAMLParser
import YAMLSyntax

/// What one validation recorded about one block mapping entry's value, so that after an edit inside that
/// value the document's violations can be had by evaluating the new value alone
/// (``JSONSchema/revalidate(_:value:key:offset:mapping:)``).
///
/// A validation reaches a value only through the evaluations of schemas at it (JSON Schema 2020-12 Core
/// §7: applicators pass on an instance's children); an enclosing instance's outcome depends on the value
/// through what those evaluations give (validity, annotations for `unevaluated*`, violations, which
/// `anyOf`/`oneOf` messages weigh), except for `const`, `enum` and `uniqueItems` above it, which read
/// the value as a whole, and the validation-wide budgets (steps, "did you mean" searches, regular
/// expression steps, the violation cap). When none of those is in play and every recorded evaluation
/// gives the same on the new value, with its violations where the edit moved the old ones, the whole
/// document's violations are the old ones moved by the edit.
///
/// Holds the schema nodes it recorded and the compilation they belong to (a watch is re-validated only
/// against that same compilation); offsets are UTF-8 bytes of the validated text.
public struct ValidationWatch: @unchecked Sendable {
    /// The offset of the watched entry's key.
    public let keyOffset: Int
    /// The JSON Pointer of the entry's value.
    let path: String
    /// The key's text, as the validator names members.
    let keyText: String
    let records: [SchemaEvaluator.WatchRecord]
    /// What the whole validation spent.
    let spending: SchemaEvaluator.Spending
    let options: ValidationOptions
    /// The compiled schema the records belong to (held, so that its identity cannot be taken by another).
    let store: SchemaStore
}

extension JSONSchema {
    /// ``validate(_:options:)-(YAMLNode,_)``, recording what the evaluation of the value of the block
    /// mapping entry whose key starts at `keyOffset` gave (``ValidationWatch``); the watch is nil when
    /// there is no such entry, a mapping on the way to it has a merge key (`<<`), or the validation met
    /// a limit that a re-validation cannot account for.
    public func validate(_ root: YAMLNode, watchingEntryAt keyOffset: Int,
                         options: ValidationOptions = ValidationOptions()) -> (violations: [SchemaViolation], watch: ValidationWatch?) {
        if case .scalar("", .plain) = root.content, !root.hasExplicitTag, root.anchor == nil { return ([], nil) }
        guard let (key, value, path) = Self.entry(at: keyOffset, in: root) else { return (validate(root, options: options), nil) }
        let evaluator = SchemaEvaluator(store: store, options: options)
        let violations = evaluator.validate(root, against: self.root, watching: value, path: path)
        let spending = evaluator.spending
        guard let watch = evaluator.watch, !watch.enclosingValueRead, !spending.limited,
              violations.count < options.maximumViolations else { return (violations, nil) }
        return (violations, ValidationWatch(keyOffset: keyOffset, path: path, keyText: InstanceValue.keyText(key),
                                            records: watch.records, spending: spending, options: options, store: store))
    }

    /// The watch of the document `watch` was recorded on, after an edit inside the watched entry's value,
    /// when that edit leaves the document's violations those of the previous validation moved by the edit
    /// (`mapping`); nil when that cannot be told this way (see ``ValidationWatch``) and the document must
    /// be validated whole (so also when `self` is not the compilation the watch was recorded with). The caller moves the previous violations (every one of their offsets must have
    /// a `mapping`, else the document must be validated whole too).
    ///
    /// `value` and `key` are the entry's new value and key, composed on their own: their ranges plus
    /// `offset` are those of the new text. `mapping` moves an offset of the old text to the new one (nil
    /// for an offset the edit makes ambiguous).
    public func revalidate(_ watch: ValidationWatch, value: YAMLNode, key: YAMLNode, offset: Int,
                           mapping: (Int) -> Int?) -> ValidationWatch? {
        guard watch.store === store, InstanceValue.keyText(key) == watch.keyText else { return nil }
        func moved(_ v: SchemaViolation, _ map: (Int) -> Int?) -> SchemaViolation? {
            guard let start = map(v.range.start), let end = map(v.range.end) else { return nil }
            return v.moved(to: TextRange(start: start, end: end))
        }
        let evaluator = SchemaEvaluator(store: store, options: watch.options)
        let outcomes = evaluator.reevaluate(watch.records, value: value, key: key, keyText: watch.keyText, path: watch.path)
        let spent = evaluator.spending
        guard !spent.limited else { return nil }
        var records = watch.records
        var spending = watch.spending
        for (i, (record, outcome)) in zip(watch.records, outcomes).enumerated() {
            guard record.valid == outcome.valid, record.annotations == outcome.annotations,
                  record.violations.count == outcome.violations.count else { return nil }
            var violations: [SchemaViolation] = []
            for (was, now) in zip(record.violations, outcome.violations) {
                guard let was = moved(was, mapping), let now = moved(now, { $0 + offset }), was == now else { return nil }
                violations.append(now)
            }
            spending.evaluations += outcome.evaluations - record.evaluations
            spending.searches += outcome.searches - record.searches
            records[i] = record.replacing(valid: outcome.valid, annotations: outcome.annotations, violations: violations,
                                          evaluations: outcome.evaluations, searches: outcome.searches)
        }
        guard spending.evaluations <= watch.options.maximumEvaluations,
              spending.searches <= SchemaEvaluator.maximumSuggestionSearches else { return nil }
        guard let keyOffset = mapping(watch.keyOffset) else { return nil }
        return ValidationWatch(keyOffset: keyOffset, path: watch.path, keyText: watch.keyText, records: records,
                               spending: spending, options: watch.options, store: store)
    }

    /// The key, value and JSON Pointer of the block mapping entry whose key starts at `offset` under
    /// `root`, found by descending through the collections whose range holds it; nil when there is none
    /// or a mapping on the way has a merge key.
    static func entry(at offset: Int, in root: YAMLNode) -> (key: YAMLNode, value: YAMLNode, path: String)? {
        var node = root, path = ""
        while true {
            switch node.content {
            case .mapping(let pairs):
                if pairs.contains(where: { if case .scalar("<<", .plain) = $0.key.content { return true } else { return false } }) { return nil }
                if let pair = pairs.first(where: { $0.key.range.start == offset }) {
                    return (pair.key, pair.value, path + "/" + SchemaURI.escapePointerToken(InstanceValue.keyText(pair.key)))
                }
                guard let pair = pairs.first(where: { $0.value.range.start <= offset && offset < $0.value.range.end }) else { return nil }
                path += "/" + SchemaURI.escapePointerToken(InstanceValue.keyText(pair.key))
                node = pair.value
            case .sequence(let items):
                guard let i = items.firstIndex(where: { $0.range.start <= offset && offset < $0.range.end }) else { return nil }
                path += "/" + String(i)
                node = items[i]
            case .scalar, .alias:
                return nil
            }
        }
    }
}

extension SchemaEvaluator.WatchRecord {
    /// The record with what an evaluation of the edited value gave.
    func replacing(valid: Bool, annotations: SchemaEvaluator.Annotations, violations: [SchemaViolation], evaluations: Int, searches: Int) -> Self {
        Self(schema: schema, scope: scope, signatures: signatures, depth: depth, activeRefs: activeRefs, valid: valid,
             annotations: annotations, violations: violations, evaluations: evaluations, searches: searches)
    }
}

extension SchemaViolation {
    /// The same violation at `range`.
    func moved(to range: TextRange) -> SchemaViolation {
        SchemaViolation(range: range, instancePath: instancePath, schemaPath: schemaPath, keyword: keyword, message: message,
                        severity: severity, schemaURI: schemaURI, note: note)
    }
}
