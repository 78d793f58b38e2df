import YAMLComposer
import YAMLParser
import YAMLSyntax

/// Evaluates a compiled schema against one composed YAML document (JSON Schema 2020-12 Core §7; earlier
/// drafts where they differ). One evaluator per validation: it holds the mutable state (violations,
/// dynamic scope, caches, work counters) and is thrown away afterwards.
final class SchemaEvaluator {
    /// Keywords' annotations that `unevaluatedProperties`/`unevaluatedItems` read (2020-12 Core §11).
    struct Annotations: Equatable {
        var properties: Set<String> = []
        var items: Set<Int> = []
        var allItems = false

        mutating func merge(_ other: Annotations) {
            properties.formUnion(other.properties)
            items.formUnion(other.items)
            allItems = allItems || other.allItems
        }
    }

    /// An instance location being validated.
    struct Instance {
        /// The value in the JSON data model.
        let value: InstanceValue
        /// The node reported in ranges (the alias occurrence for an alias; the key for a property name).
        let node: YAMLNode
        /// Identity of the resolved node, for the per-anchor memo and loop detection; nil for synthetic
        /// instances (property names).
        let identity: ObjectIdentifier?
        /// True when the resolved node carries an anchor (it may be reached again through aliases).
        let anchored: Bool
        /// JSON Pointer of the location.
        let path: String
        /// The mapping key that led here, if the instance is a member value.
        let key: YAMLNode?
        /// The text of `key` (the member name), if any.
        let keyText: String?
    }

    private struct MemoKey: Hashable {
        let schema: ObjectIdentifier
        let node: ObjectIdentifier
        /// Signature of the dynamic scope (0 when the schemas do not depend on it).
        var scope = 0
    }

    private struct MemoEntry {
        let valid: Bool
        let annotations: Annotations
        let violations: [SchemaViolation]
    }

    private let store: SchemaStore
    private let options: ValidationOptions
    private var violations: [SchemaViolation] = []
    private var dynamicScope: [String] = []
    private var scopeSignatures: [Int] = []
    private var values: [ObjectIdentifier: InstanceValue] = [:]
    private var projections: [ObjectIdentifier: JSONValue] = [:]
    private var memo: [MemoKey: MemoEntry] = [:]
    private var activeRefs: Set<MemoKey> = []
    private var evaluations = 0
    private var depth = 0
    private var budgetExhausted = false
    private var depthExceeded = false
    private var unresolvedReported: Set<String> = []
    /// True when a report was dropped at ``violationCap``.
    private var violationsDropped = false
    /// The node whose evaluations are recorded (``validate(_:against:watching:path:)``), nil when none is.
    fileprivate(set) var watch: Watch?
    /// The watched node (``Watch/node``), and how many evaluations at it are in progress: read on every
    /// evaluation, so kept apart from the records.
    private var watchedNode: ObjectIdentifier?
    private var watchedInside = 0
    /// How often each pattern ran out of its step budget in this validation, and all together: a
    /// pattern that did ``regexStrikesPerPattern`` times is not run again (each further match is
    /// undecided at once), and after ``regexStrikesInTotal`` every match gets only
    /// ``reducedRegexBudget`` steps, so that a thousand strings against catastrophic patterns cannot
    /// add up to minutes of a server's time.
    private var regexStrikes: [ObjectIdentifier: Int] = [:]
    private var totalRegexStrikes = 0
    static let regexStrikesPerPattern = 2
    static let regexStrikesInTotal = 20
    static let reducedRegexBudget = 10_000

    /// The ``SchemaViolation/keyword`` of the warning that validation stopped after
    /// ``ValidationOptions/maximumEvaluations`` steps (diagnostic code `schema-step-limit`).
    static let stepLimitKeyword = "step-limit"
    /// The ``SchemaViolation/keyword`` of the warning that schemas nested deeper than
    /// ``ValidationOptions/maximumDepth`` were not checked (diagnostic code `schema-depth-limit`).
    static let depthLimitKeyword = "depth-limit"

    /// `regex.test(text)` within this validation's regular-expression budget (see ``regexStrikes``):
    /// nil when undecided.
    private func test(_ regex: ECMARegex, _ text: String) -> Bool? {
        let id = ObjectIdentifier(regex)
        if regexStrikes[id, default: 0] >= Self.regexStrikesPerPattern { return nil }
        let budget = totalRegexStrikes >= Self.regexStrikesInTotal ? Self.reducedRegexBudget : BoundedRegex.defaultStepBudget
        let answer = regex.test(text, budget: budget)
        if answer == nil {
            regexStrikes[id, default: 0] += 1
            totalRegexStrikes += 1
        }
        return answer
    }

    /// The values of large `enum`s by hash (per schema node), so that membership is not a linear scan
    /// per value: a 100,000-value enum against 10,000 values took minutes.
    private var enumBuckets: [ObjectIdentifier: [JSONValue: [JSONValue]]] = [:]

    /// True when `value` is (strictly, 2020-12 Core §4.2.2) one of `allowed`, the `enum` of `schema`.
    private func isAllowed(_ value: JSONValue, _ allowed: [JSONValue], _ schema: SchemaNode) -> Bool {
        guard allowed.count > 16 else { return allowed.contains { StrictEquality.equal($0, value) } }
        let id = ObjectIdentifier(schema)
        if enumBuckets[id] == nil { enumBuckets[id] = Dictionary(grouping: allowed) { $0 } }
        return enumBuckets[id]?[value]?.contains { StrictEquality.equal($0, value) } ?? false
    }

    /// "Did you mean" searches left in this validation: 100,000 unknown keys against a huge `properties`
    /// list must not add up to minutes, so after ``maximumSuggestionSearches`` the messages carry none.
    private var suggestionSearches = SchemaEvaluator.maximumSuggestionSearches
    static let maximumSuggestionSearches = 200

    /// ``EditDistance/closest(to:among:)`` while this validation has searches left, else nil.
    private func closest(to word: String, among candidates: [String]) -> String? {
        guard suggestionSearches > 0 else { return nil }
        suggestionSearches -= 1
        return EditDistance.closest(to: word, among: candidates)
    }

    init(store: SchemaStore, options: ValidationOptions) {
        self.store = store
        self.options = options
    }

    // MARK: - Entry

    func validate(_ root: YAMLNode, against schema: SchemaNode) -> [SchemaViolation] {
        var annotations = Annotations()
        _ = evaluate(schema, instance(for: root, path: ""), &annotations)
        // Document-wide warnings point at the document's first character, not its whole range.
        let start = TextRange(start: root.range.start, end: min(root.range.end, root.range.start + 1))
        if budgetExhausted {
            violations.append(SchemaViolation(range: start, instancePath: "", schemaPath: "", keyword: Self.stepLimitKeyword,
                                              message: "validation stopped after \(options.maximumEvaluations) steps; the document is too large or too repetitive to check fully",
                                              severity: .warning, schemaURI: schema.documentURI))
        }
        if depthExceeded {
            violations.append(SchemaViolation(range: start, instancePath: "", schemaPath: "", keyword: Self.depthLimitKeyword,
                                              message: "schema nesting deeper than \(options.maximumDepth) levels was not checked",
                                              severity: .warning, schemaURI: schema.documentURI))
        }
        var seen: Set<SchemaViolation> = []
        var unique: [SchemaViolation] = []
        for v in violations where seen.insert(v).inserted { unique.append(v) }
        unique.sort { $0.range != $1.range ? $0.range < $1.range : $0.instancePath < $1.instancePath }
        return Array(unique.prefix(options.maximumViolations))
    }

    // MARK: - Instances

    private func instance(for node: YAMLNode, path: String, key: YAMLNode? = nil, keyText: String? = nil) -> Instance {
        let resolved = node.resolved
        return Instance(value: value(of: resolved), node: node, identity: ObjectIdentifier(resolved),
                        anchored: resolved.anchor != nil, path: path, key: key, keyText: keyText)
    }

    private func value(of node: YAMLNode) -> InstanceValue {
        let id = ObjectIdentifier(node)
        if let cached = values[id] { return cached }
        let v: InstanceValue
        switch node.content {
        case .scalar: v = InstanceValue.scalar(node)
        case .alias(_, let target): v = target.map { value(of: $0.resolved) } ?? .null
        case .sequence(let items): v = .array(items)
        case .mapping:
            // Merge keys (`<<`) applied by the composer: written keys win, earlier merged mappings win.
            let entries = node.mergedMappingEntries ?? []
            v = .object(InstanceValue.ObjectMembers(entries.map {
                InstanceValue.Member(key: InstanceValue.keyText($0.key), keyNode: $0.key, value: $0.value)
            }))
        }
        values[id] = v
        return v
    }

    private func memberInstance(_ parent: Instance, _ member: InstanceValue.Member) -> Instance {
        instance(for: member.value, path: parent.path + "/" + SchemaURI.escapePointerToken(member.key), key: member.keyNode,
                 keyText: member.key)
    }

    private func itemInstance(_ parent: Instance, _ index: Int, _ node: YAMLNode) -> Instance {
        instance(for: node, path: parent.path + "/" + String(index))
    }

    /// The JSON projection of an instance (for `const`, `enum`, `uniqueItems`); nil when too large
    /// (100,000 nodes) or too deep (128 levels), in which case those keywords pass.
    private func projection(_ inst: Instance) -> JSONValue? {
        // `const`, `enum` and `uniqueItems` above the watched node read its value as a whole.
        if watchedNode != nil, watchedInside == 0, let path = watch?.path, inst.path == path || path.hasPrefix(inst.path + "/") {
            watch?.enclosingValueRead = true
        }
        var budget = 100_000
        return project(inst.value, identity: inst.identity, budget: &budget, depth: 0)
    }

    private func project(_ value: InstanceValue, identity: ObjectIdentifier?, budget: inout Int, depth: Int) -> JSONValue? {
        if let identity, let cached = projections[identity] { return cached }
        budget -= 1
        guard budget > 0, depth < 128 else { return nil }
        let result: JSONValue?
        switch value {
        case .null: result = .null
        case .bool(let b): result = .bool(b)
        case .integer(let i): result = .integer(i)
        case .number(let d): result = .number(d)
        case .string(let s): result = .string(s)
        case .array(let nodes):
            var out: [JSONValue] = []
            for n in nodes {
                let r = n.resolved
                guard let p = project(self.value(of: r), identity: ObjectIdentifier(r), budget: &budget, depth: depth + 1) else { return nil }
                out.append(p)
            }
            result = .array(out)
        case .object(let members):
            var out: [(key: String, value: JSONValue)] = []
            for m in members.list {
                let r = m.value.resolved
                guard let p = project(self.value(of: r), identity: ObjectIdentifier(r), budget: &budget, depth: depth + 1) else { return nil }
                out.append((m.key, p))
            }
            result = .object(out)
        }
        if let identity, let result { projections[identity] = result }
        return result
    }

    // MARK: - Reporting

    /// How many violations are kept while evaluating (more than reported, since failed alternatives'
    /// violations are collected and then dropped).
    private var violationCap: Int { options.maximumViolations * 20 }

    private func report(_ schema: SchemaNode, _ keyword: String, _ inst: Instance, _ message: String,
                        range: TextRange? = nil, path: String? = nil, severity: SchemaViolation.Severity = .error) {
        guard violations.count < violationCap else {
            violationsDropped = true
            return
        }
        violations.append(SchemaViolation(range: range ?? valueRange(inst), instancePath: path ?? inst.path,
                                          schemaPath: schema.pointer + "/" + keyword, keyword: keyword,
                                          message: message, severity: severity, schemaURI: schema.documentURI))
    }

    /// Where a problem with a value is shown: the value, or its key when the value is empty (`key:`),
    /// since an empty range is hard to see in an editor.
    private func valueRange(_ inst: Instance) -> TextRange {
        if inst.node.range.isEmpty, let key = inst.key { return key.range }
        return inst.node.range
    }

    /// Where a problem with the mapping as a whole (a missing property) is shown: the key that leads to
    /// the mapping, else its first key, else the mapping.
    private func mappingRange(_ inst: Instance) -> TextRange {
        if let key = inst.key { return key.range }
        if case .object(let members) = inst.value, let first = members.list.first { return first.keyNode.range }
        return inst.node.range
    }

    // MARK: - Evaluation

    /// Evaluates `schema` against `inst`; appends violations and merges annotations into `annotations`.
    /// Returns whether the instance is valid. An evaluation at the watched node that is not inside another
    /// one there is recorded (``watch``).
    func evaluate(_ schema: SchemaNode, _ inst: Instance, _ annotations: inout Annotations) -> Bool {
        guard let watchedNode, watchedInside == 0, inst.identity == watchedNode else { return evaluateHere(schema, inst, &annotations) }
        return evaluateWatched(schema, inst, &annotations)
    }

    /// ``evaluate(_:_:_:)`` without looking at the watch.
    private func evaluateHere(_ schema: SchemaNode, _ inst: Instance, _ annotations: inout Annotations) -> Bool {
        if let b = schema.boolean {
            if !b { reportFalse(schema, inst) }
            return b
        }
        evaluations += 1
        if evaluations > options.maximumEvaluations { budgetExhausted = true; return true }
        if depth >= options.maximumDepth { depthExceeded = true; return true }
        var memoKey: MemoKey?
        if inst.anchored, let id = inst.identity {
            let key = MemoKey(schema: ObjectIdentifier(schema), node: id, scope: scopeSignatures.last ?? 0)
            if let valid = replay(key, &annotations) { return valid }
            memoKey = key
        }
        depth += 1
        let pushed = dynamicScope.last != schema.resourceBase
        if pushed { pushScope(schema.resourceBase) }
        let mark = violations.count
        var local = Annotations()
        var valid = true
        for keyword in schema.keywords where !apply(keyword, schema, inst, &local) { valid = false }
        if pushed { popScope() }
        depth -= 1
        annotations.merge(local)
        if let memoKey { remember(memoKey, valid: valid, annotations: local, since: mark) }
        return valid
    }

    /// Replays a memoized evaluation: its violations and annotations; nil when there is none.
    private func replay(_ key: MemoKey, _ annotations: inout Annotations) -> Bool? {
        guard let entry = memo[key] else { return nil }
        if violations.count < violationCap { violations += entry.violations }
        annotations.merge(entry.annotations)
        return entry.valid
    }

    /// Memoizes an evaluation whose violations start at index `mark`, keeping each distinct violation
    /// once: a node reached through many aliases would otherwise multiply its children's reports.
    private func remember(_ key: MemoKey, valid: Bool, annotations: Annotations, since mark: Int) {
        var seen: Set<SchemaViolation> = []
        let distinct = violations[mark...].filter { seen.insert($0).inserted }
        violations.replaceSubrange(mark..., with: distinct)
        memo[key] = MemoEntry(valid: valid, annotations: annotations, violations: distinct)
    }

    /// Enters a schema resource (dynamic scope, 2020-12 Core §7.1). The scope's signature joins the memo
    /// key when the schemas use `$dynamicRef`/`$recursiveRef`, whose targets depend on it.
    private func pushScope(_ base: String) {
        dynamicScope.append(base)
        guard store.usesDynamicScope else { return }
        var hasher = Hasher()
        hasher.combine(scopeSignatures.last ?? 0)
        hasher.combine(base)
        scopeSignatures.append(hasher.finalize())
    }

    private func popScope() {
        dynamicScope.removeLast()
        if store.usesDynamicScope { scopeSignatures.removeLast() }
    }

    private func reportFalse(_ schema: SchemaNode, _ inst: Instance) {
        let keyword = "false"
        let range: TextRange
        let message: String
        if let key = inst.key, let name = inst.keyText {
            range = key.range
            message = "property \(Describe.quoted(name)) is not allowed"
        } else {
            range = valueRange(inst)
            message = "no value is allowed here"
        }
        violations.append(SchemaViolation(range: range, instancePath: inst.path, schemaPath: schema.pointer,
                                          keyword: keyword, message: message, severity: .error,
                                          schemaURI: schema.documentURI))
    }

    /// Evaluates `schema` without reporting: returns validity, annotations and the violations it would
    /// have reported.
    private func trial(_ schema: SchemaNode, _ inst: Instance) -> (valid: Bool, annotations: Annotations, violations: [SchemaViolation]) {
        let mark = violations.count
        var annotations = Annotations()
        let valid = evaluate(schema, inst, &annotations)
        let produced = Array(violations[mark...])
        violations.removeSubrange(mark...)
        return (valid, annotations, produced)
    }

    private func follow(_ target: SchemaNode, _ inst: Instance, _ annotations: inout Annotations) -> Bool {
        let key = MemoKey(schema: ObjectIdentifier(target), node: inst.identity ?? ObjectIdentifier(target))
        // The same schema on the same instance while it is still being evaluated: a reference loop that
        // makes no progress through the instance; it adds nothing.
        if inst.identity != nil, activeRefs.contains(key) { return true }
        if inst.identity != nil { activeRefs.insert(key) }
        defer { if inst.identity != nil { activeRefs.remove(key) } }
        return evaluate(target, inst, &annotations)
    }

    private func unresolved(_ schema: SchemaNode, _ keyword: String, _ uri: String, _ inst: Instance) -> Bool {
        if unresolvedReported.insert(uri).inserted {
            report(schema, keyword, inst, "cannot resolve schema reference \(Describe.quoted(uri)); it was not checked",
                   severity: .warning)
        }
        return true
    }

    /// Applies one keyword. Keywords that apply subschemas each have their own method, so that the
    /// stack frame repeated per level of recursion stays small; plain assertions share ``checkAssertion(_:_:_:_:)``.
    private func apply(_ keyword: SchemaKeyword, _ schema: SchemaNode, _ inst: Instance,
                       _ annotations: inout Annotations) -> Bool {
        let name = keyword.name
        switch keyword.operand {
        case .ref(let uri):
            return applyRef(uri, schema, inst, &annotations, name)
        case .dynamicRef(let uri, let anchor):
            return applyDynamicRef(uri, anchor, schema, inst, &annotations, name)
        case .recursiveRef(let uri):
            return applyRecursiveRef(uri, schema, inst, &annotations, name)
        case .prefixItems(let schemas):
            return applyPrefixItems(schemas, schema, inst, &annotations, name)
        case .items(let itemSchema, let start):
            return applyItems(itemSchema, start, schema, inst, &annotations, name)
        case .contains(let itemSchema, let minimum, let maximum):
            return applyContains(itemSchema, minimum, maximum, schema, inst, &annotations, name)
        case .properties(let list):
            return applyProperties(list, schema, inst, &annotations, name)
        case .patternProperties(let list):
            return applyPatternProperties(list, schema, inst, &annotations, name)
        case .additionalProperties(let extra, let known, let patterns):
            return applyAdditionalProperties(extra, known, patterns, schema, inst, &annotations, name)
        case .dependentSchemas(let list):
            return applyDependentSchemas(list, schema, inst, &annotations, name)
        case .propertyNames(let nameSchema):
            return applyPropertyNames(nameSchema, schema, inst, &annotations, name)
        case .allOf(let schemas):
            return applyAllOf(schemas, schema, inst, &annotations, name)
        case .anyOf(let schemas):
            return applyAnyOf(schemas, schema, inst, &annotations, name)
        case .oneOf(let schemas):
            return applyOneOf(schemas, schema, inst, &annotations, name)
        case .not(let negated):
            return applyNot(negated, schema, inst, &annotations, name)
        case .conditional(let condition, let thenSchema, let elseSchema):
            return applyConditional(condition, thenSchema, elseSchema, schema, inst, &annotations, name)
        case .unevaluatedItems(let extra):
            return applyUnevaluatedItems(extra, schema, inst, &annotations, name)
        case .unevaluatedProperties(let extra):
            return applyUnevaluatedProperties(extra, schema, inst, &annotations, name)
        default:
            return checkAssertion(keyword, schema, inst, name)
        }
    }

    /// Keywords that assert on the instance itself without applying subschemas (JSON Schema 2020-12
    /// Validation §6; `required`-like object keywords; `deprecated` as a hint).
    private func checkAssertion(_ keyword: SchemaKeyword, _ schema: SchemaNode, _ inst: Instance, _ name: String) -> Bool {
        switch keyword.operand {
        case .type(let types):
            if types.contains(where: { matches($0, inst.value, draft: schema.draft) }) { return true }
            report(schema, name, inst, "expected \(Describe.list(types.map(\.rawValue), conjunction: "or")), found \(Describe.value(inst.value))")
            return false

        case .enumeration(let allowed):
            guard let value = projection(inst) else { return true }
            if isAllowed(value, allowed, schema) { return true }
            var message = allowed.count == 1
                ? "expected \(Describe.json(allowed[0])), found \(Describe.json(value))"
                : "expected one of \(Describe.list(allowed.prefix(12).map(Describe.json), conjunction: "or"))\(allowed.count > 12 ? ", …" : ""); found \(Describe.json(value))"
            if case .string(let s) = value {
                let candidates = allowed.compactMap { if case .string(let c) = $0 { return c } else { return nil } }
                if let suggestion = closest(to: s, among: candidates) {
                    message += "; did you mean \(Describe.quoted(suggestion))?"
                }
            }
            report(schema, name, inst, message)
            return false

        case .constant(let expected):
            guard let value = projection(inst) else { return true }
            if StrictEquality.equal(value, expected) { return true }
            report(schema, name, inst, "expected \(Describe.json(expected)), found \(Describe.json(value))")
            return false

        case .multipleOf(let divisor):
            guard let number = inst.value.double else { return true }
            if Self.isMultiple(number, of: divisor, value: inst.value) { return true }
            report(schema, name, inst, "\(Describe.number(inst.value)) is not a multiple of \(Describe.double(divisor))")
            return false

        case .maximum(let limit, let exclusive):
            guard let number = inst.value.double else { return true }
            if exclusive ? number < limit : number <= limit { return true }
            report(schema, name, inst, exclusive
                   ? "\(Describe.number(inst.value)) must be less than \(Describe.double(limit))"
                   : "\(Describe.number(inst.value)) is greater than the maximum \(Describe.double(limit))")
            return false

        case .minimum(let limit, let exclusive):
            guard let number = inst.value.double else { return true }
            if exclusive ? number > limit : number >= limit { return true }
            report(schema, name, inst, exclusive
                   ? "\(Describe.number(inst.value)) must be greater than \(Describe.double(limit))"
                   : "\(Describe.number(inst.value)) is less than the minimum \(Describe.double(limit))")
            return false

        case .maxLength(let limit):
            guard case .string(let s) = inst.value else { return true }
            let length = s.unicodeScalars.count
            if length <= limit { return true }
            report(schema, name, inst, "expected at most \(Describe.count(limit, "character")), found \(length)")
            return false

        case .minLength(let limit):
            guard case .string(let s) = inst.value else { return true }
            let length = s.unicodeScalars.count
            if length >= limit { return true }
            report(schema, name, inst, "expected at least \(Describe.count(limit, "character")), found \(length)")
            return false

        case .pattern(let source, let regex):
            guard case .string(let s) = inst.value, let regex else { return true }
            switch test(regex, s) {
            case .some(true): return true
            case .some(false):
                report(schema, name, inst, "\(Describe.quoted(s)) does not match the pattern \(Describe.quoted(source))")
            case .none:
                report(schema, name, inst, "the pattern \(Describe.quoted(source)) is too complex to check within the budget "
                       + "(\(BoundedRegex.defaultStepBudget) steps)")
            }
            return false

        case .format(let format):
            guard options.formatAssertion, case .string(let s) = inst.value,
                  let ok = FormatChecker.check(format, s), !ok else { return true }
            report(schema, name, inst, "\(Describe.quoted(s)) is not a valid \(format)")
            return false

        case .maxItems(let limit):
            guard case .array(let items) = inst.value, items.count > limit else { return true }
            report(schema, name, inst, "expected at most \(Describe.count(limit, "item")), found \(items.count)")
            return false

        case .minItems(let limit):
            guard case .array(let items) = inst.value, items.count < limit else { return true }
            report(schema, name, inst, "expected at least \(Describe.count(limit, "item")), found \(items.count)")
            return false

        case .uniqueItems:
            guard case .array(let items) = inst.value else { return true }
            // Items that are the same node (aliases of one anchor) are equal without a look at their
            // values; the others are bucketed by the (canonical-equivalence) hash, then compared strictly
            // within a bucket: linear in the items' total size.
            var buckets: [JSONValue: [(index: Int, value: JSONValue)]] = [:]
            var nodes: [ObjectIdentifier: Int] = [:]
            for (i, item) in items.enumerated() {
                let itemInstance = itemInstance(inst, i, item)
                var first: Int?
                if let identity = itemInstance.identity {
                    first = nodes[identity]
                    if first == nil { nodes[identity] = i }
                }
                if first == nil {
                    guard let p = projection(itemInstance) else { return true }
                    first = buckets[p]?.first(where: { StrictEquality.equal($0.value, p) })?.index
                    if first == nil { buckets[p, default: []].append((i, p)) }
                }
                if let first {
                    report(schema, name, inst, "items \(first) and \(i) are equal; items must be unique",
                           range: item.range, path: inst.path + "/" + String(i))
                    return false
                }
            }
            return true

        case .required(let names):
            guard case .object(let members) = inst.value else { return true }
            let missing = names.filter { members[$0] == nil }
            if missing.isEmpty { return true }
            report(schema, name, inst, missing.count == 1
                   ? "missing required property \(Describe.quoted(missing[0]))"
                   : "missing required properties \(Describe.list(missing.map(Describe.quoted), conjunction: "and"))",
                   range: mappingRange(inst))
            return false

        case .dependentRequired(let list):
            guard case .object(let members) = inst.value else { return true }
            var valid = true
            for (trigger, required) in list where members[trigger] != nil {
                for property in required where members[property] == nil {
                    valid = false
                    report(schema, name, inst,
                           "missing property \(Describe.quoted(property)), required when \(Describe.quoted(trigger)) is present",
                           range: mappingRange(inst))
                }
            }
            return valid

        case .maxProperties(let limit):
            guard case .object(let members) = inst.value, members.list.count > limit else { return true }
            report(schema, name, inst, "expected at most \(Describe.count(limit, "property")), found \(members.list.count)")
            return false

        case .minProperties(let limit):
            guard case .object(let members) = inst.value, members.list.count < limit else { return true }
            report(schema, name, inst, "expected at least \(Describe.count(limit, "property")), found \(members.list.count)",
                   range: members.list.isEmpty ? inst.node.range : mappingRange(inst))
            return false

        case .deprecated(let message):
            let what = inst.keyText.map { "property \(Describe.quoted($0)) is deprecated" } ?? "this value is deprecated"
            report(schema, name, inst, message.map { "\(what): \($0)" } ?? what, range: inst.key?.range,
                   severity: .deprecated)
            return true
        default:
            return true
        }
    }

    private func applyRef(_ uri: String, _ schema: SchemaNode, _ inst: Instance,
                    _ annotations: inout Annotations, _ name: String) -> Bool {
        guard let target = store.nodes[uri] else { return unresolved(schema, name, uri, inst) }
        return follow(target, inst, &annotations)
    }

    private func applyDynamicRef(_ uri: String, _ anchor: String?, _ schema: SchemaNode, _ inst: Instance,
                    _ annotations: inout Annotations, _ name: String) -> Bool {
        guard var target = store.nodes[uri] else { return unresolved(schema, name, uri, inst) }
        if let anchor, target.dynamicAnchor == anchor {
            for base in dynamicScope {
                if let dynamic = store.dynamicAnchors[base]?[anchor] { target = dynamic; break }
            }
        }
        return follow(target, inst, &annotations)
    }

    private func applyRecursiveRef(_ uri: String, _ schema: SchemaNode, _ inst: Instance,
                    _ annotations: inout Annotations, _ name: String) -> Bool {
        guard var target = store.nodes[uri] else { return unresolved(schema, name, uri, inst) }
        if target.recursiveAnchor {
            for base in dynamicScope {
                if let outer = store.nodes[base], outer.recursiveAnchor { target = outer; break }
            }
        }
        return follow(target, inst, &annotations)
    }

    private func applyPrefixItems(_ schemas: [SchemaNode], _ schema: SchemaNode, _ inst: Instance,
                    _ annotations: inout Annotations, _ name: String) -> Bool {
        var scratch = Annotations()
        guard case .array(let items) = inst.value else { return true }
        var valid = true
        for (i, item) in items.enumerated().prefix(schemas.count) {
            if !evaluate(schemas[i], itemInstance(inst, i, item), &scratch) { valid = false }
            annotations.items.insert(i)
        }
        return valid
    }

    private func applyItems(_ itemSchema: SchemaNode, _ start: Int, _ schema: SchemaNode, _ inst: Instance,
                    _ annotations: inout Annotations, _ name: String) -> Bool {
        var scratch = Annotations()
        guard case .array(let items) = inst.value else { return true }
        annotations.allItems = true
        if itemSchema.boolean == false {
            // A closed tuple: say how long it may be, at the first item too many.
            guard start < items.count else { return true }
            report(schema, name, inst, "expected at most \(Describe.count(start, "item")), found \(items.count)",
                   range: items[start].range, path: inst.path + "/" + String(start))
            return false
        }
        var valid = true
        if start < items.count {
            for i in start..<items.count where !evaluate(itemSchema, itemInstance(inst, i, items[i]), &scratch) {
                valid = false
            }
        }
        annotations.allItems = true
        return valid
    }

    private func applyContains(_ itemSchema: SchemaNode, _ minimum: Int, _ maximum: Int?, _ schema: SchemaNode, _ inst: Instance,
                    _ annotations: inout Annotations, _ name: String) -> Bool {
        guard case .array(let items) = inst.value else { return true }
        var matched: [Int] = []
        var firstFailure: (index: Int, violations: [SchemaViolation])?
        for (i, item) in items.enumerated() {
            let t = trial(itemSchema, itemInstance(inst, i, item))
            if t.valid { matched.append(i) } else if firstFailure == nil { firstFailure = (i, t.violations) }
        }
        if schema.draft >= .draft2020_12 { annotations.items.formUnion(matched) }
        var valid = true
        if matched.count < minimum {
            valid = false
            var message = minimum == 1
                ? "expected an item matching the \"contains\" schema, found none"
                : "expected at least \(minimum) items matching the \"contains\" schema, found \(matched.count)"
            if let failure = firstFailure, let hint = failure.violations.first(where: { $0.severity == .error }) {
                message += " (item \(failure.index): \(hint.message))"
            }
            report(schema, name, inst, message)
        }
        if let maximum, matched.count > maximum {
            valid = false
            report(schema, "maxContains", inst, "expected at most \(maximum) items matching the \"contains\" schema, found \(matched.count)")
        }
        return valid
    }

    private func applyProperties(_ list: [(name: String, schema: SchemaNode)], _ schema: SchemaNode, _ inst: Instance,
                    _ annotations: inout Annotations, _ name: String) -> Bool {
        var scratch = Annotations()
        guard case .object(let members) = inst.value else { return true }
        var valid = true
        for (property, propertySchema) in list {
            guard let member = members[property] else { continue }
            annotations.properties.insert(property)
            if !evaluate(propertySchema, memberInstance(inst, member), &scratch) { valid = false }
        }
        return valid
    }

    private func applyPatternProperties(_ list: [(regex: ECMARegex?, source: String, schema: SchemaNode)], _ schema: SchemaNode, _ inst: Instance,
                    _ annotations: inout Annotations, _ name: String) -> Bool {
        var scratch = Annotations()
        guard case .object(let members) = inst.value else { return true }
        var valid = true
        for member in members.list {
            for (regex, _, propertySchema) in list where regex.map({ test($0, member.key) }) == true {
                annotations.properties.insert(member.key)
                if !evaluate(propertySchema, memberInstance(inst, member), &scratch) { valid = false }
            }
        }
        return valid
    }

    private func applyAdditionalProperties(_ extra: SchemaNode, _ known: Set<String>, _ patterns: [ECMARegex?], _ schema: SchemaNode, _ inst: Instance,
                    _ annotations: inout Annotations, _ name: String) -> Bool {
        var scratch = Annotations()
        guard case .object(let members) = inst.value else { return true }
        var valid = true
        for member in members.list where !known.contains(member.key) {
            if patterns.contains(where: { $0.map { test($0, member.key) } == true }) { continue }
            annotations.properties.insert(member.key)
            if extra.boolean == false {
                valid = false
                notAllowed(schema, name, inst, member, candidates: Array(known))
            } else if !evaluate(extra, memberInstance(inst, member), &scratch) {
                valid = false
            }
        }
        return valid
    }

    private func applyDependentSchemas(_ list: [(name: String, schema: SchemaNode)], _ schema: SchemaNode, _ inst: Instance,
                    _ annotations: inout Annotations, _ name: String) -> Bool {
        guard case .object(let members) = inst.value else { return true }
        var valid = true
        for (trigger, dependent) in list where members[trigger] != nil {
            if !evaluate(dependent, inst, &annotations) { valid = false }
        }
        return valid
    }

    private func applyPropertyNames(_ nameSchema: SchemaNode, _ schema: SchemaNode, _ inst: Instance,
                    _ annotations: inout Annotations, _ name: String) -> Bool {
        guard case .object(let members) = inst.value else { return true }
        var valid = true
        for member in members.list {
            let nameInstance = Instance(value: .string(member.key), node: member.keyNode, identity: nil, anchored: false,
                                        path: inst.path + "/" + SchemaURI.escapePointerToken(member.key), key: nil, keyText: nil)
            let t = trial(nameSchema, nameInstance)
            if !t.valid {
                valid = false
                let reason = t.violations.first { $0.severity == .error }?.message ?? "it does not match the \"propertyNames\" schema"
                report(schema, name, inst, "property name \(Describe.quoted(member.key)) is not allowed: \(reason)",
                       range: member.keyNode.range, path: nameInstance.path)
            }
        }
        return valid
    }

    private func applyAllOf(_ schemas: [SchemaNode], _ schema: SchemaNode, _ inst: Instance,
                    _ annotations: inout Annotations, _ name: String) -> Bool {
        var valid = true
        for s in schemas where !evaluate(s, inst, &annotations) { valid = false }
        return valid
    }

    private func applyAnyOf(_ schemas: [SchemaNode], _ schema: SchemaNode, _ inst: Instance,
                    _ annotations: inout Annotations, _ name: String) -> Bool {
        return alternatives(schema, name, schemas, inst, &annotations, exactlyOne: false)
    }

    private func applyOneOf(_ schemas: [SchemaNode], _ schema: SchemaNode, _ inst: Instance,
                    _ annotations: inout Annotations, _ name: String) -> Bool {
        return alternatives(schema, name, schemas, inst, &annotations, exactlyOne: true)
    }

    private func applyNot(_ negated: SchemaNode, _ schema: SchemaNode, _ inst: Instance,
                    _ annotations: inout Annotations, _ name: String) -> Bool {
        let t = trial(negated, inst)
        if !t.valid { return true }
        // `not: {required: [...]}` forbids properties: point at them.
        if negated.keywords.count == 1, case .required(let names) = negated.keywords[0].operand,
           case .object(let members) = inst.value {
            let present = names.compactMap { members[$0] }
            if let first = present.first {
                report(schema, name, inst, present.count == 1
                       ? "property \(Describe.quoted(first.key)) must not be present here"
                       : "properties \(Describe.list(present.map { Describe.quoted($0.key) }, conjunction: "and")) must not all be present here",
                       range: first.keyNode.range)
                return false
            }
        }
        let what = negated.title.map { " (\($0))" } ?? ""
        report(schema, name, inst, "\(Describe.value(inst.value)) must not match the \"not\" schema\(what)")
        return false
    }

    private func applyConditional(_ condition: SchemaNode, _ thenSchema: SchemaNode?, _ elseSchema: SchemaNode?, _ schema: SchemaNode, _ inst: Instance,
                    _ annotations: inout Annotations, _ name: String) -> Bool {
        let t = trial(condition, inst)
        if t.valid {
            annotations.merge(t.annotations)
            violations += t.violations
            return thenSchema.map { evaluate($0, inst, &annotations) } ?? true
        }
        return elseSchema.map { evaluate($0, inst, &annotations) } ?? true
    }

    private func applyUnevaluatedItems(_ extra: SchemaNode, _ schema: SchemaNode, _ inst: Instance,
                    _ annotations: inout Annotations, _ name: String) -> Bool {
        var scratch = Annotations()
        guard case .array(let items) = inst.value, !annotations.allItems else { return true }
        var valid = true
        for (i, item) in items.enumerated() where !annotations.items.contains(i) {
            if extra.boolean == false {
                valid = false
                report(schema, name, inst, "item \(i) is not allowed here", range: item.range, path: inst.path + "/" + String(i))
            } else if !evaluate(extra, itemInstance(inst, i, item), &scratch) {
                valid = false
            }
        }
        annotations.allItems = true
        return valid
    }

    private func applyUnevaluatedProperties(_ extra: SchemaNode, _ schema: SchemaNode, _ inst: Instance,
                    _ annotations: inout Annotations, _ name: String) -> Bool {
        var scratch = Annotations()
        guard case .object(let members) = inst.value else { return true }
        var valid = true
        for member in members.list where !annotations.properties.contains(member.key) {
            if extra.boolean == false {
                valid = false
                notAllowed(schema, name, inst, member, candidates: Self.candidateNames(schema, depth: 0, store: store))
            } else if !evaluate(extra, memberInstance(inst, member), &scratch) {
                valid = false
            }
        }
        annotations.properties.formUnion(members.list.map(\.key))
        return valid
    }

    private func notAllowed(_ schema: SchemaNode, _ keyword: String, _ inst: Instance, _ member: InstanceValue.Member,
                            candidates: [String]) {
        var message = "property \(Describe.quoted(member.key)) is not allowed"
        if let suggestion = closest(to: member.key, among: candidates) {
            message += "; did you mean \(Describe.quoted(suggestion))?"
        }
        report(schema, keyword, inst, message, range: member.keyNode.range,
               path: inst.path + "/" + SchemaURI.escapePointerToken(member.key))
    }

    /// Property names a schema declares directly or through `allOf`/`anyOf`/`oneOf`/`$ref`/conditionals
    /// (bounded), for suggestions.
    static func candidateNames(_ schema: SchemaNode, depth: Int, store: SchemaStore) -> [String] {
        guard depth < 4 else { return [] }
        var names = schema.declaredPropertyNames
        for keyword in schema.keywords {
            switch keyword.operand {
            case .allOf(let list), .anyOf(let list), .oneOf(let list):
                for s in list { names += candidateNames(s, depth: depth + 1, store: store) }
            case .ref(let uri), .dynamicRef(let uri, _), .recursiveRef(let uri):
                if let target = store.nodes[uri] { names += candidateNames(target, depth: depth + 1, store: store) }
            case .conditional(_, let t, let e):
                for s in [t, e].compactMap({ $0 }) { names += candidateNames(s, depth: depth + 1, store: store) }
            case .dependentSchemas(let list):
                for s in list { names += candidateNames(s.schema, depth: depth + 1, store: store) }
            default: break
            }
        }
        return names
    }

    // MARK: - anyOf / oneOf

    /// Evaluates alternatives; when none matches, reports the alternative that came closest (the one
    /// whose errors lie deepest, then the fewest), or a combined "expected X or Y" when every
    /// alternative failed on the value's type or value alone.
    private func alternatives(_ schema: SchemaNode, _ keyword: String, _ schemas: [SchemaNode], _ inst: Instance,
                              _ annotations: inout Annotations, exactlyOne: Bool) -> Bool {
        var matches: [Int] = []
        var failures: [(index: Int, violations: [SchemaViolation])] = []
        var kept: [SchemaViolation] = []
        for (i, s) in schemas.enumerated() {
            let t = trial(s, inst)
            if t.valid {
                matches.append(i)
                if !exactlyOne || matches.count == 1 {
                    annotations.merge(t.annotations)
                    kept += t.violations
                }
            } else {
                failures.append((i, t.violations))
            }
        }
        if exactlyOne, matches.count > 1 {
            let names = matches.prefix(4).map { alternativeName(schemas[$0], $0) }
            report(schema, keyword, inst, "\(Describe.value(inst.value)) matches more than one alternative of \"oneOf\" (\(Describe.list(names, conjunction: "and")))")
            return false
        }
        if !matches.isEmpty {
            violations += kept
            return true
        }
        reportClosest(schema, keyword, schemas, failures, inst)
        return false
    }

    /// `2 "Job"`: the 1-based position of an alternative and its title, its `$ref` target's title, or the
    /// last segment of its `$ref`.
    private func alternativeName(_ schema: SchemaNode, _ index: Int) -> String {
        if let title = schema.title { return "\(index + 1) \(Describe.quoted(title))" }
        for keyword in schema.keywords {
            guard case .ref(let uri) = keyword.operand else { continue }
            if let title = store.nodes[uri]?.title { return "\(index + 1) \(Describe.quoted(title))" }
            if let last = uri.split(whereSeparator: { $0 == "/" || $0 == "#" }).last {
                return "\(index + 1) \(Describe.quoted(String(last)))"
            }
        }
        return String(index + 1)
    }

    private func reportClosest(_ schema: SchemaNode, _ keyword: String, _ schemas: [SchemaNode],
                               _ failures: [(index: Int, violations: [SchemaViolation])], _ inst: Instance) {
        let isScalar: Bool
        switch inst.value {
        case .array, .object: isScalar = false
        default: isScalar = true
        }
        // Failures "on the value itself": its type or value; for a scalar also its pattern or format.
        let shallowKeywords: Set<String> = isScalar ? ["type", "const", "enum", "false", "pattern", "format"]
                                                    : ["type", "const", "enum", "false"]
        let errorsOf = { (list: [SchemaViolation]) in list.filter { $0.severity == .error } }
        let shallow = failures.allSatisfy { failure in
            let errors = errorsOf(failure.violations)
            return !errors.isEmpty && errors.allSatisfy { $0.instancePath == inst.path && shallowKeywords.contains($0.keyword) }
        }
        if shallow || failures.isEmpty {
            reportAccepted(schema, keyword, schemas, inst)
            return
        }
        // Every alternative only lacks required properties: name them together.
        let requiredOnly = failures.allSatisfy { failure in
            let errors = errorsOf(failure.violations)
            return !errors.isEmpty && errors.allSatisfy { $0.keyword == "required" && $0.instancePath == inst.path }
        }
        if requiredOnly, case .object(let members) = inst.value {
            var lists: [[String]] = []
            for failure in failures {
                let missing = Self.requiredNames(schemas[failure.index], store: store).filter { members[$0] == nil }
                if !missing.isEmpty && !lists.contains(missing) { lists.append(missing) }
            }
            if !lists.isEmpty {
                let message = lists.allSatisfy { $0.count == 1 }
                    ? "missing required property \(Describe.list(lists.map { Describe.quoted($0[0]) }, conjunction: "or"))"
                    : "missing required properties \(Describe.list(lists.map { Describe.list($0.map(Describe.quoted), conjunction: "and") }, conjunction: "or"))"
                report(schema, keyword, inst, message, range: mappingRange(inst))
                return
            }
        }
        func score(_ list: [SchemaViolation]) -> (Int, Int, Int) {
            let errors = errorsOf(list)
            let shallowFailure = errors.contains { $0.instancePath == inst.path && shallowKeywords.contains($0.keyword) }
            let deepest = errors.map { $0.instancePath.count(where: { $0 == "/" }) }.max() ?? 0
            return (shallowFailure ? 0 : 1, deepest, -errors.count)
        }
        guard let best = failures.max(by: { score($0.violations) < score($1.violations) }) else { return }
        let note = "closest of the \"\(keyword)\" alternatives: \(alternativeName(schemas[best.index], best.index))"
        violations += best.violations.map { $0.noting(note) }
    }

    /// "expected X, Y or Z, found …" listing what the alternatives accept, with a "did you mean" for a
    /// string close to an accepted constant.
    private func reportAccepted(_ schema: SchemaNode, _ keyword: String, _ schemas: [SchemaNode], _ inst: Instance) {
        var accepted: [String] = []
        var constants: [String] = []
        for s in schemas {
            let found = Self.acceptedValues(s, store: store)
            for e in found.descriptions where !accepted.contains(e) { accepted.append(e) }
            constants += found.strings
        }
        if accepted.isEmpty {
            report(schema, keyword, inst, "\(Describe.value(inst.value)) does not match any alternative of \"\(keyword)\"")
            return
        }
        var message = "expected \(Describe.list(Array(accepted.prefix(12)), conjunction: "or"))\(accepted.count > 12 ? ", …" : ""), found \(Describe.value(inst.value))"
        if case .string(let text) = inst.value, let suggestion = closest(to: text, among: constants) {
            message += "; did you mean \(Describe.quoted(suggestion))?"
        }
        report(schema, keyword, inst, message)
    }

    /// What a schema accepts at the top level, for the combined message of a failed `anyOf`/`oneOf`:
    /// descriptions (types, `string matching "…"`, constants; constants replace their schema's type) and
    /// the string constants among them.
    static func acceptedValues(_ schema: SchemaNode, store: SchemaStore, depth: Int = 0) -> (descriptions: [String], strings: [String]) {
        if schema.boolean == false || depth >= 4 { return ([], []) }
        var types: [String] = []
        var values: [String] = []
        var strings: [String] = []
        var nested: [String] = []
        var pattern: String?
        var format: String?
        for keyword in schema.keywords {
            switch keyword.operand {
            case .type(let list): types += list.map(\.rawValue)
            case .constant(let value):
                values.append(Describe.json(value))
                if case .string(let s) = value { strings.append(s) }
            case .enumeration(let list):
                values += list.map(Describe.json)
                strings += list.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
            case .pattern(let source, _): pattern = source
            case .format(let name): format = name
            case .ref(let uri), .dynamicRef(let uri, _), .recursiveRef(let uri):
                if let target = store.nodes[uri] {
                    let inner = acceptedValues(target, store: store, depth: depth + 1)
                    nested += inner.descriptions
                    strings += inner.strings
                }
            case .anyOf(let list), .oneOf(let list):
                for s in list {
                    let inner = acceptedValues(s, store: store, depth: depth + 1)
                    nested += inner.descriptions
                    strings += inner.strings
                }
            default: break
            }
        }
        if !values.isEmpty { return (values + nested, strings) }
        if types.isEmpty, pattern != nil || format != nil { types = ["string"] }
        let described = types.map { type -> String in
            guard type == "string" else { return type }
            if let pattern { return "string matching \(Describe.quoted(pattern))" }
            if let format { return "\(format) string" }
            return type
        }
        return (described + nested, strings)
    }

    /// The property names a schema requires at the top level (through `$ref` and `allOf`, bounded).
    static func requiredNames(_ schema: SchemaNode, store: SchemaStore, depth: Int = 0) -> [String] {
        guard depth < 4 else { return [] }
        var names: [String] = []
        for keyword in schema.keywords {
            switch keyword.operand {
            case .required(let list): names += list
            case .ref(let uri):
                if let target = store.nodes[uri] { names += requiredNames(target, store: store, depth: depth + 1) }
            case .allOf(let list):
                for s in list { names += requiredNames(s, store: store, depth: depth + 1) }
            default: break
            }
        }
        return names
    }

    // MARK: - Helpers

    private func matches(_ type: JSONType, _ value: InstanceValue, draft: SchemaDraft) -> Bool {
        switch (type, value) {
        case (.null, .null), (.boolean, .bool), (.string, .string), (.array, .array), (.object, .object): return true
        case (.number, .integer), (.number, .number), (.integer, .integer): return true
        case (.integer, .number(let d)): return draft >= .draft6 && d.isFinite && d.rounded() == d
        default: return false
        }
    }

    static func isMultiple(_ number: Double, of divisor: Double, value: InstanceValue) -> Bool {
        if case .integer(let i) = value, divisor.rounded() == divisor, divisor < 9.0e18 {
            return i % Int64(divisor) == 0
        }
        let quotient = number / divisor
        if !quotient.isFinite {
            // Overflow: still exact when the divisor divides 1 and the number is integral (e.g. 0.5).
            let reciprocal = 1 / divisor
            return reciprocal.isFinite && reciprocal.rounded() == reciprocal && number.rounded() == number
        }
        let nearest = quotient.rounded()
        return abs(quotient - nearest) <= 1e-9 * Swift.max(1, abs(nearest))
    }
}

// MARK: - Watching one node (re-validation of an edited entry's value)

extension SchemaEvaluator {
    /// One outermost evaluation at the watched node: what it started from and what it gave.
    struct WatchRecord {
        let schema: SchemaNode
        /// The dynamic scope and its signatures, the depth, and the schemas whose `$ref` loop check was
        /// active for the node, when it started.
        let scope: [String]
        let signatures: [Int]
        let depth: Int
        let activeRefs: [ObjectIdentifier]
        let valid: Bool
        let annotations: Annotations
        /// The violations it appended, in order.
        let violations: [SchemaViolation]
        /// Evaluation steps and "did you mean" searches it spent.
        let evaluations: Int
        let searches: Int
    }

    /// The node being watched and what was recorded about it.
    struct Watch {
        let node: ObjectIdentifier
        /// Its JSON Pointer.
        let path: String
        var records: [WatchRecord] = []
        /// True when `const`, `enum` or `uniqueItems` at the node or an enclosing instance read the node's
        /// value from outside an evaluation at the node (the outcome may depend on it in ways the records
        /// do not show).
        var enclosingValueRead = false
    }

    /// What a whole validation spent, for deciding whether another evaluation of the watched node would
    /// have met a limit.
    struct Spending {
        var evaluations = 0
        var searches = 0
        /// True when a limit was met or a shared budget was drawn on: the step or depth limit, the
        /// violation cap, a regular expression out of steps, an unresolved reference reported once.
        var limited = false
    }

    /// What was spent so far.
    var spending: Spending {
        Spending(evaluations: evaluations, searches: Self.maximumSuggestionSearches - suggestionSearches,
                 limited: budgetExhausted || depthExceeded || violationsDropped || totalRegexStrikes > 0 || !unresolvedReported.isEmpty)
    }

    /// Validates `root` against `schema` recording every outermost evaluation at `node` (whose pointer is
    /// `path`).
    func validate(_ root: YAMLNode, against schema: SchemaNode, watching node: YAMLNode, path: String) -> [SchemaViolation] {
        watch = Watch(node: ObjectIdentifier(node.resolved), path: path)
        watchedNode = watch?.node
        return validate(root, against: schema)
    }

    fileprivate func evaluateWatched(_ schema: SchemaNode, _ inst: Instance, _ annotations: inout Annotations) -> Bool {
        let node = inst.identity!
        let active = activeRefs.filter { $0.node == node }.map(\.schema)
        let (scope, signatures, depth, mark, steps, searches) = (dynamicScope, scopeSignatures, self.depth, violations.count, evaluations, suggestionSearches)
        watchedInside += 1
        var local = Annotations()
        let valid = evaluateHere(schema, inst, &local)
        watchedInside -= 1
        annotations.merge(local)
        watch?.records.append(WatchRecord(schema: schema, scope: scope, signatures: signatures, depth: depth, activeRefs: active, valid: valid,
                                          annotations: local, violations: Array(violations[mark...]),
                                          evaluations: evaluations - steps, searches: searches - suggestionSearches))
        return valid
    }

    /// Evaluates each recorded evaluation again, from the state it started in, on `value` (reached by
    /// `key`, named `keyText`, at the records' pointer `path`): the outcomes, in the records' order.
    func reevaluate(_ records: [WatchRecord], value: YAMLNode, key: YAMLNode, keyText: String, path: String)
        -> [(valid: Bool, annotations: Annotations, violations: [SchemaViolation], evaluations: Int, searches: Int)] {
        let inst = instance(for: value, path: path, key: key, keyText: keyText)
        return records.map { record in
            dynamicScope = record.scope
            scopeSignatures = record.signatures
            depth = record.depth
            activeRefs = Set(record.activeRefs.map { MemoKey(schema: $0, node: inst.identity!) })
            violations = []
            let (steps, searches) = (evaluations, suggestionSearches)
            var local = Annotations()
            let valid = evaluateHere(record.schema, inst, &local)
            return (valid, local, violations, evaluations - steps, searches - suggestionSearches)
        }
    }
}
