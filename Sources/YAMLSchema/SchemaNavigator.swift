import YAMLComposer
import YAMLSyntax

/// Walks a compiled schema along an instance path, the way an editor needs it for completion and hover:
/// at each location, every subschema that applies "in place" (through `$ref`, `$dynamicRef`,
/// `$recursiveRef`, `allOf`, `anyOf`/`oneOf`, `if`/`then`/`else`, `dependentSchemas`), then one step down
/// through `properties`, `patternProperties`, `additionalProperties`, `unevaluatedProperties`,
/// `prefixItems`/`items` and `unevaluatedItems` (JSON Schema 2020-12 Core §10.2, §10.3).
///
/// Unlike validation it does not decide: `anyOf`/`oneOf` give the union of their alternatives, narrowed to
/// those compatible with the instance already written when there is one (a discriminated union such as
/// `{kind: a, …} | {kind: b, …}` keeps the branch whose `const`/`enum` the written values match), and both
/// `then` and `else` apply. Work is bounded by ``maximumVisits`` schema visits per navigator.
struct SchemaNavigator {
    /// A subschema reached at a location, and whether it applies for sure (reached only through `$ref`,
    /// `allOf`, or a union narrowed to one alternative) or only possibly.
    struct Reached {
        let node: SchemaNode
        let certain: Bool
        /// Certain, or reached through the first remaining alternative of each union (and `then`, not
        /// `else`): the one a skeleton follows when the document does not decide yet.
        var preferred: Bool

        init(node: SchemaNode, certain: Bool, preferred: Bool? = nil) {
            self.node = node
            self.certain = certain
            self.preferred = preferred ?? certain
        }
    }

    /// Largest number of subschemas visited by one navigator (across all its calls).
    static let maximumVisits = 6000
    /// Deepest chain of in-place applicators followed from one location.
    static let maximumDepth = 32

    let store: SchemaStore
    private(set) var visits = 0

    init(store: SchemaStore) { self.store = store }

    // MARK: Locations

    /// The subschemas that apply at `path` below `root`, with the instance node there (nil when the
    /// document has none). `typing`: the node at the end of the path is being typed, so a scalar there
    /// narrows nothing (it is the half-typed word, not a decision).
    mutating func locate(_ path: [SchemaPathStep], from root: SchemaNode, instance: YAMLNode?, near offset: Int?,
                         typing: Bool) -> (schemas: [Reached], instance: YAMLNode?) {
        var node = instance
        func effective(_ n: YAMLNode?, last: Bool) -> YAMLNode? {
            guard let n = n?.resolved else { return nil }
            if typing, last, case .scalar = n.content { return nil }
            return n
        }
        var reached = expand([Reached(node: root, certain: true)], instance: effective(node, last: path.isEmpty))
        for (i, step) in path.enumerated() {
            var resolvedStep = step
            if case .item(nil) = step, let parent = node?.resolved, case .sequence(let items) = parent.content,
               let item = Self.child(of: parent, step, near: offset),
               let index = items.firstIndex(where: { $0 === item }) {
                resolvedStep = .item(index)
            }
            node = node.flatMap { Self.child(of: $0, step, near: offset) }
            reached = expand(children(of: reached, resolvedStep), instance: effective(node, last: i == path.count - 1))
            if reached.isEmpty { break }
        }
        return (reached, node)
    }

    /// The instance node one step below `node`: the value of the member named `name` (merge keys applied),
    /// or the item at the index (for an unknown index, the item around `offset`, else the last before it).
    static func child(of node: YAMLNode, _ step: SchemaPathStep, near offset: Int?) -> YAMLNode? {
        let n = node.resolved
        switch step {
        case .property(let name):
            return n.mergedMappingEntries?.last { InstanceValue.keyText($0.key) == name }?.value
        case .item(let index):
            guard case .sequence(let items) = n.content else { return nil }
            if let index { return index >= 0 && index < items.count ? items[index] : nil }
            guard let offset else { return items.last }
            return items.first { $0.range.touches(offset) } ?? items.last { $0.range.start <= offset }
        }
    }

    // MARK: In place

    /// `start` and every subschema applying in place at the same instance location, in depth-first
    /// pre-order (so a schema's own `properties` come before those of its `allOf` members), each once.
    mutating func expand(_ start: [Reached], instance: YAMLNode?) -> [Reached] {
        var out: [Reached] = []
        var seen: [ObjectIdentifier: Int] = [:]
        var stack: [(Reached, Int)] = start.reversed().map { ($0, 0) }
        while let (r, depth) = stack.popLast() {
            guard visits < Self.maximumVisits else { break }
            visits += 1
            let id = ObjectIdentifier(r.node)
            if let i = seen[id] {
                if (r.certain && !out[i].certain) || (r.preferred && !out[i].preferred) {
                    out[i] = Reached(node: r.node, certain: r.certain || out[i].certain, preferred: r.preferred || out[i].preferred)
                }
                continue
            }
            seen[id] = out.count
            out.append(r)
            guard depth < Self.maximumDepth, r.node.boolean == nil else { continue }
            var next: [Reached] = []
            for keyword in r.node.keywords {
                switch keyword.operand {
                case .ref(let uri), .dynamicRef(let uri, _), .recursiveRef(let uri):
                    if let target = store.nodes[uri] { next.append(Reached(node: target, certain: r.certain, preferred: r.preferred)) }
                case .allOf(let list):
                    next += list.map { Reached(node: $0, certain: r.certain, preferred: r.preferred) }
                case .anyOf(let list), .oneOf(let list):
                    let kept = compatible(list, with: instance)
                    next += kept.enumerated().map { i, n in
                        Reached(node: n, certain: r.certain && kept.count == 1, preferred: r.preferred && i == 0)
                    }
                case .conditional(_, let thenSchema, let elseSchema):
                    if let thenSchema { next.append(Reached(node: thenSchema, certain: false, preferred: r.preferred)) }
                    if let elseSchema { next.append(Reached(node: elseSchema, certain: false, preferred: false)) }
                case .dependentSchemas(let list):
                    let present = Set(instance?.mergedMappingEntries?.map { InstanceValue.keyText($0.key) } ?? [])
                    next += list.filter { present.contains($0.name) }.map { Reached(node: $0.schema, certain: r.certain, preferred: r.preferred) }
                default:
                    break
                }
            }
            stack += next.reversed().map { ($0, depth + 1) }
        }
        return out
    }

    /// The alternatives of a union that fit `instance` best: those whose type admits it and whose
    /// `const`/`enum` properties its scalar members match, and among them those declaring the most of its
    /// keys. All of them when there is no instance or none fits.
    mutating func compatible(_ list: [SchemaNode], with instance: YAMLNode?) -> [SchemaNode] {
        guard let instance, list.count > 1 else { return list }
        var scored: [(SchemaNode, Int)] = []
        for branch in list {
            if let score = fit(branch, instance) { scored.append((branch, score)) }
        }
        guard let best = scored.map(\.1).max() else { return list }
        return scored.filter { $0.1 == best }.map(\.0)
    }

    /// How well `instance` fits `branch` (its keys the branch declares), nil when it cannot match.
    private mutating func fit(_ branch: SchemaNode, _ instance: YAMLNode) -> Int? {
        let shallow = shallowExpand(branch)
        let value = InstanceValue.scalarOrCollection(instance)
        if shallow.contains(where: { $0.boolean == false }) { return nil }
        let types = Set(shallow.flatMap(Self.types))
        if !types.isEmpty, let kind = value.map(Self.kind), !types.contains(where: { Self.admits($0, kind) }) { return nil }
        if let value, !Self.acceptsConstant(shallow, value) { return nil }
        guard let entries = instance.mergedMappingEntries else { return 0 }
        var score = 0
        for entry in entries {
            let name = InstanceValue.keyText(entry.key)
            let declared = shallow.flatMap { Self.propertySchemas($0, named: name, explicitOnly: true) }
            guard !declared.isEmpty else {
                // A key the branch forbids (`additionalProperties: false`) counts against it.
                if shallow.flatMap({ Self.propertySchemas($0, named: name) }).contains(where: { $0.boolean == false }) { score -= 1 }
                continue
            }
            score += 1
            guard let memberValue = InstanceValue.scalarOrCollection(entry.value.resolved), !memberValue.isCollection else { continue }
            for schema in declared where !Self.acceptsConstant(shallowExpand(schema), memberValue) { return nil }
        }
        return score
    }

    /// `node` and what `$ref`s and `allOf` lead to, a few levels deep (for compatibility checks).
    private mutating func shallowExpand(_ node: SchemaNode) -> [SchemaNode] {
        var out: [SchemaNode] = []
        var pending = [(node, 0)]
        while let (n, depth) = pending.popLast(), out.count < 16, visits < Self.maximumVisits {
            visits += 1
            out.append(n)
            guard depth < 4 else { continue }
            for keyword in n.keywords {
                switch keyword.operand {
                case .ref(let uri), .dynamicRef(let uri, _), .recursiveRef(let uri):
                    if let t = store.nodes[uri] { pending.append((t, depth + 1)) }
                case .allOf(let list): pending += list.map { ($0, depth + 1) }
                default: break
                }
            }
        }
        return out
    }

    // MARK: One step down

    /// The subschemas that apply to the member `name` or to an item, from the schemas of their parent.
    func children(of parents: [Reached], _ step: SchemaPathStep) -> [Reached] {
        var out: [Reached] = []
        for parent in parents {
            switch step {
            case .property(let name):
                out += Self.propertySchemas(parent.node, named: name).map { Reached(node: $0, certain: parent.certain, preferred: parent.preferred) }
            case .item(let index):
                out += Self.itemSchemas(parent.node, index: index).map { Reached(node: $0, certain: parent.certain, preferred: parent.preferred) }
            }
        }
        return out
    }

    /// The schemas `node` applies to a member named `name`: `properties` and matching `patternProperties`,
    /// else `additionalProperties` (or `unevaluatedProperties` when there is no `additionalProperties`).
    /// `explicitOnly`: only `properties` and `patternProperties`.
    static func propertySchemas(_ node: SchemaNode, named name: String, explicitOnly: Bool = false) -> [SchemaNode] {
        var out: [SchemaNode] = []
        var additional: SchemaNode?
        var unevaluated: SchemaNode?
        for keyword in node.keywords {
            switch keyword.operand {
            case .properties(let list): out += list.filter { $0.name == name }.map(\.schema)
            case .patternProperties(let list): out += list.filter { $0.regex?.matches(name) == true }.map(\.schema)
            case .additionalProperties(let schema, _, _): additional = schema
            case .unevaluatedProperties(let schema): unevaluated = schema
            default: break
            }
        }
        if out.isEmpty, !explicitOnly, let extra = additional ?? unevaluated { out.append(extra) }
        return out
    }

    /// The schemas `node` applies to the item at `index` (nil: an item being added, of unknown index).
    static func itemSchemas(_ node: SchemaNode, index: Int?) -> [SchemaNode] {
        var prefix: [SchemaNode] = []
        var rest: (SchemaNode, Int)?
        var unevaluated: SchemaNode?
        for keyword in node.keywords {
            switch keyword.operand {
            case .prefixItems(let list): prefix = list
            case .items(let schema, let start): rest = (schema, start)
            case .unevaluatedItems(let schema): unevaluated = schema
            default: break
            }
        }
        if let index, index < prefix.count { return [prefix[index]] }
        if let (schema, start) = rest, index.map({ $0 >= start }) ?? true { return [schema] }
        if index == nil, !prefix.isEmpty { return prefix }
        return unevaluated.map { [$0] } ?? []
    }

    // MARK: Types

    /// The `type` names a schema declares (none when it has no `type`).
    static func types(_ node: SchemaNode) -> [JSONType] {
        node.keywords.flatMap { keyword -> [JSONType] in
            if case .type(let list) = keyword.operand { return list }
            return []
        }
    }

    /// The JSON type of an instance value.
    static func kind(_ value: InstanceValue) -> JSONType {
        switch value {
        case .null: return .null
        case .bool: return .boolean
        case .integer: return .integer
        case .number(let d): return d.isFinite && d.rounded() == d ? .integer : .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }

    /// True when a value of JSON type `kind` satisfies `type` (an integer is a number).
    static func admits(_ type: JSONType, _ kind: JSONType) -> Bool {
        type == kind || (type == .number && kind == .integer)
    }

    /// False when a schema in `schemas` has a `const` or `enum` that `value` (a scalar) is not among.
    static func acceptsConstant(_ schemas: [SchemaNode], _ value: InstanceValue) -> Bool {
        guard let json = value.scalarJSON else { return true }
        for s in schemas {
            for keyword in s.keywords {
                switch keyword.operand {
                case .constant(let c): if c != json { return false }
                case .enumeration(let list): if !list.contains(json) { return false }
                default: break
                }
            }
        }
        return true
    }
}

extension InstanceValue {
    /// The value of a node for compatibility checks; nil for an empty untagged plain scalar (a value not
    /// typed yet, which fits anything) and for aliases without a target.
    static func scalarOrCollection(_ node: YAMLNode) -> InstanceValue? {
        let n = node.resolved
        switch n.content {
        case .scalar(let text, let style):
            if text.isEmpty, style == .plain, !n.hasExplicitTag { return nil }
            return scalar(n)
        case .sequence(let items): return .array(items)
        case .mapping:
            return .object(ObjectMembers((n.mergedMappingEntries ?? []).map { Member(key: keyText($0.key), keyNode: $0.key, value: $0.value) }))
        case .alias: return nil
        }
    }

    /// True for arrays and objects.
    var isCollection: Bool {
        switch self {
        case .array, .object: return true
        default: return false
        }
    }

    /// A scalar as a JSON value; nil for collections.
    var scalarJSON: JSONValue? {
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .integer(let i): return .integer(i)
        case .number(let d): return .number(d)
        case .string(let s): return .string(s)
        case .array, .object: return nil
        }
    }
}
