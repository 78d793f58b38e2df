/// Turns a composed YAML node into a ``JSONValue`` (the data model JSON Schema validation sees).
///
/// - Scalars take their YAML 1.2 core-schema type (YAML 1.2.2 §10.3.2) through
///   ``YAMLNode/scalarValue``: null, bool, int (``JSONValue/integer`` when it fits in 64 bits, else
///   ``JSONValue/number``), float (``JSONValue/number``, `.inf`/`.nan` included), str. Scalars with a
///   tag the core schema does not know become strings.
/// - Aliases are expanded (a shared anchor is projected once and its value reused); an undefined alias
///   is `null`.
/// - Mappings apply YAML 1.1 merge keys (``YAMLNode/mergedMappingEntries``). Keys that are strings are
///   used as they are; other scalar keys use their canonical text (``ScalarValue/canonicalText``, e.g.
///   `1`, `true`, `null`); collection keys use their compact JSON text. When two keys give the same
///   string, the later value replaces the earlier one at the earlier position.
///
/// The work is bounded: before projecting, the size of the node's expansion (every node counted each
/// time an alias repeats it, mapping keys included, merge sources counted in full) is computed in
/// time linear in the graph, and a "billion laughs" document fails fast with
/// ``Failure/budgetExceeded(nodeBudget:)``; so does a document whose collection keys' JSON texts add up to
/// more than `nodeBudget` bytes (nested collection keys escape each other's text, doubling it per
/// level). Nesting deeper than `maxDepth` fails with
/// ``Failure/tooDeep(maxDepth:)``, so that the result can be compared and released without deep
/// recursion. No recursion is used.
public enum JSONProjection {
    /// Default largest expansion size, in nodes.
    public static let defaultNodeBudget = 1_000_000
    /// The node budget for configuration files (`.yamllint`, `.pureyaml.yaml`): far more than a real one
    /// holds, so that an alias bomb in a stranger's repository is refused before it expands.
    public static let configurationNodeBudget = 100_000
    /// Default largest nesting depth of the projected value (the root is depth 1).
    public static let defaultMaxDepth = 1_000

    /// Why a node could not be projected.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The expansion (aliases repeated) has more than `nodeBudget` nodes.
        case budgetExceeded(nodeBudget: Int)
        /// Collections nest deeper than `maxDepth`.
        case tooDeep(maxDepth: Int)

        /// One sentence for messages.
        public var description: String {
            switch self {
            case .budgetExceeded(let n):
                return "The document expands to more than \(n) nodes once aliases are repeated (node budget exceeded)."
            case .tooDeep(let d):
                return "The document nests collections deeper than \(d) levels."
            }
        }
    }

    /// The JSON value of `node`, or why it has none within the limits.
    public static func project(_ node: YAMLNode, nodeBudget: Int = defaultNodeBudget,
                               maxDepth: Int = defaultMaxDepth) -> Result<JSONValue, Failure> {
        if expandedSize(of: node, limit: nodeBudget) > nodeBudget { return .failure(.budgetExceeded(nodeBudget: nodeBudget)) }
        var projector = Projector(maxDepth: Swift.max(1, maxDepth), keyTextBudget: nodeBudget)
        guard let value = projector.run(node) else {
            return .failure(projector.keyTextBudget < 0 ? .budgetExceeded(nodeBudget: nodeBudget) : .tooDeep(maxDepth: maxDepth))
        }
        return .success(value)
    }

    /// The number of nodes in the expansion of `node` (aliases repeated, mapping keys and values
    /// counted, merge keys not applied), or `limit + 1` as soon as it exceeds `limit`.
    /// Linear in the size of the graph.
    public static func expandedSize(of node: YAMLNode, limit: Int) -> Int {
        let cap = limit < Int.max ? limit + 1 : limit
        var memo: [ObjectIdentifier: Int] = [:]
        var stack: [(node: YAMLNode, next: Int, sum: Int)] = []

        /// The size of `n` when known at once; otherwise pushes a frame and returns nil.
        func enter(_ n: YAMLNode) -> Int? {
            let r = n.resolved
            if r.anchor != nil, let known = memo[ObjectIdentifier(r)] { return known }
            if r.childCount == 0 { return 1 }
            stack.append((r, 0, 1))
            return nil
        }

        if let s = enter(node) { return Swift.min(s, cap) }
        while let top = stack.last {
            let last = stack.count - 1
            if top.next < top.node.childCount {
                stack[last].next += 1
                if let s = enter(top.node.child(at: top.next)) {
                    stack[last].sum = top.sum + s
                    if stack[last].sum >= cap { return cap }
                }
                continue
            }
            stack.removeLast()
            if top.node.anchor != nil { memo[ObjectIdentifier(top.node)] = top.sum }
            guard let parent = stack.indices.last else { return top.sum }
            stack[parent].sum += top.sum
            if stack[parent].sum >= cap { return cap }
        }
        return cap
    }

    /// The JSON value of a scalar node's core-schema value (``JSONValue/null`` for non-scalars).
    public static func scalarJSONValue(_ node: YAMLNode) -> JSONValue {
        switch node.scalarValue {
        case nil, .null?: return .null
        case .bool(let b)?: return .bool(b)
        case .integer(let i)?: return .integer(i)
        case .bigInteger(let s)?: return .number(Double(s) ?? (s.hasPrefix("-") ? -.infinity : .infinity))
        case .float(let d)?: return .number(d)
        case .string(let s)?: return .string(s)
        }
    }

    /// The string a mapping key becomes in a JSON object.
    static func keyText(_ key: YAMLNode, projected: JSONValue?) -> String {
        if let value = key.scalarValue { return value.canonicalText }
        if let projected { return projected.jsonText }
        return "null"
    }
}

/// The explicit-stack projection behind ``JSONProjection/project(_:nodeBudget:maxDepth:)``.
private struct Projector {
    let maxDepth: Int
    /// Bytes of JSON text still allowed for collection keys. Each level of collection-in-key nesting
    /// escapes the text of the level inside it, which doubles its backslashes: `{{{{}: 1}: 1}: 1}` nested
    /// n deep has keys of about 2^n bytes. Negative once exceeded (the projection then fails).
    var keyTextBudget: Int
    var merges = MergeResolver()
    var memo: [ObjectIdentifier: JSONValue] = [:]

    /// A collection being projected.
    struct Frame {
        let node: YAMLNode
        /// Mapping entries (merge keys applied); nil for a sequence.
        let entries: [(key: YAMLNode, value: YAMLNode)]?
        let items: [YAMLNode]
        var next = 0
        var elements: [JSONValue] = []
        var members: [(key: String, value: JSONValue)] = []
        var memberIndex: [String: Int] = [:]
        var pendingKey: String?

        var childCount: Int { entries.map { $0.count * 2 } ?? items.count }
        func child(_ i: Int) -> YAMLNode {
            guard let entries else { return items[i] }
            return i % 2 == 0 ? entries[i / 2].key : entries[i / 2].value
        }
    }

    init(maxDepth: Int, keyTextBudget: Int) {
        self.maxDepth = maxDepth
        self.keyTextBudget = keyTextBudget
    }

    /// The projection of `root`; nil when nesting exceeds `maxDepth`.
    mutating func run(_ root: YAMLNode) -> JSONValue? {
        var stack: [Frame] = []
        guard var result = enter(root, depth: 0, stack: &stack) else { return nil }
        if stack.isEmpty, case .value(let v) = result { return v }
        while !stack.isEmpty {
            let last = stack.count - 1
            if case .value(let v) = result {
                deliver(v, to: &stack[last])
                if keyTextBudget < 0 { return nil }
            }
            if stack[last].next < stack[last].childCount {
                let i = stack[last].next
                stack[last].next += 1
                let child = stack[last].child(i)
                if stack[last].entries != nil && i % 2 == 0, let key = child.scalarValue {
                    stack[last].pendingKey = key.canonicalText
                    result = .pushed
                    continue
                }
                guard let r = enter(child, depth: stack.count, stack: &stack) else { return nil }
                result = r
                continue
            }
            let frame = stack.removeLast()
            let value: JSONValue = frame.entries != nil ? .object(frame.members) : .array(frame.elements)
            if frame.node.anchor != nil { memo[ObjectIdentifier(frame.node)] = value }
            if stack.isEmpty { return value }
            result = .value(value)
        }
        return nil
    }

    enum Step { case value(JSONValue), pushed }

    /// A leaf's or memoized node's value, or `.pushed` after opening a frame; nil when too deep.
    private mutating func enter(_ n: YAMLNode, depth: Int, stack: inout [Frame]) -> Step? {
        let r = n.resolved
        if r.anchor != nil, let known = memo[ObjectIdentifier(r)] { return .value(known) }
        switch r.content {
        case .scalar, .alias:
            return .value(JSONProjection.scalarJSONValue(r))
        case .sequence(let items):
            guard depth < maxDepth else { return nil }
            stack.append(Frame(node: r, entries: nil, items: items))
        case .mapping:
            guard depth < maxDepth else { return nil }
            stack.append(Frame(node: r, entries: merges.entries(of: r), items: []))
        }
        return .pushed
    }

    /// Hands a finished child value to its collection.
    /// A collection key's text counts against ``keyTextBudget``.
    private mutating func deliver(_ v: JSONValue, to frame: inout Frame) {
        guard frame.entries != nil else { frame.elements.append(v); return }
        // The child just finished is a key when it was child 2k (next has moved past it).
        if (frame.next - 1) % 2 == 0 {
            let text = JSONProjection.keyText(frame.child(frame.next - 1), projected: v)
            keyTextBudget -= text.utf8.count
            frame.pendingKey = text
            return
        }
        let key = frame.pendingKey ?? "null"
        frame.pendingKey = nil
        if let at = frame.memberIndex[key] {
            frame.members[at].value = v
        } else {
            frame.memberIndex[key] = frame.members.count
            frame.members.append((key: key, value: v))
        }
    }
}

extension YAMLNode {
    /// The core-schema value of this scalar (aliases followed), nil for collections and undefined
    /// aliases. Untagged plain scalars resolve by YAML 1.2.2 §10.3.2; other untagged scalars (and `!`)
    /// are strings; explicit core tags (`!!int "0x1F"`) convert the text when it has that type's form,
    /// and any other text or unknown tag gives the content as a string.
    public var scalarValue: ScalarValue? {
        let r = resolved
        guard case .scalar(let text, let style) = r.content else { return nil }
        if !r.hasExplicitTag && style == .plain && r.tag != CoreSchema.strTag {
            return CoreSchema.value(ofPlainScalar: text)
        }
        return CoreSchema.value(of: text, tag: r.tag) ?? .string(text)
    }

    /// Number of direct children: sequence entries, or mapping keys plus values.
    var childCount: Int {
        switch content {
        case .sequence(let items): return items.count
        case .mapping(let pairs): return pairs.count * 2
        case .scalar, .alias: return 0
        }
    }

    /// Child `i` in the order of ``childCount`` (mapping keys and values alternate).
    func child(at i: Int) -> YAMLNode {
        switch content {
        case .sequence(let items): return items[i]
        case .mapping(let pairs): return i % 2 == 0 ? pairs[i / 2].key : pairs[i / 2].value
        case .scalar, .alias: return self
        }
    }
}
