/// What makes two mapping keys "equal" (YAML 1.2.2 §3.2.1.1 "Equality"): scalars compare by tag and
/// canonical value (`1` and `0x1` are the same int, `"a"` and `a` the same str); collections compare
/// structurally, up to a small node budget beyond which a key is only equal to itself.
enum KeyIdentity: Hashable {
    /// A scalar: its resolved tag and canonical text.
    case scalar(tag: String, canonical: String)
    /// A collection: an unambiguous encoding of its structure (keys of mappings sorted).
    case structure(String)
    /// A key too large to compare cheaply, or an undefined alias: equal only to itself.
    case object(ObjectIdentifier)

    /// Largest number of nodes of a collection key encoded for structural comparison.
    static let structureBudget = 256

    /// The identity of `node` used as a mapping key (aliases followed).
    static func of(_ node: YAMLNode) -> KeyIdentity {
        let n = node.resolved
        switch n.content {
        case .scalar(let text, _):
            return .scalar(tag: n.tag, canonical: canonicalText(n, text))
        case .alias:
            return .object(ObjectIdentifier(n))
        case .sequence, .mapping:
            var budget = structureBudget
            var out = ""
            if encode(n, into: &out, budget: &budget) { return .structure(out) }
            return .object(ObjectIdentifier(n))
        }
    }

    /// The canonical text of a scalar with tag `node.tag` (the text itself for str and unknown tags,
    /// or when the text is not a form of its core-schema tag).
    static func canonicalText(_ node: YAMLNode, _ text: String) -> String {
        if node.tag == CoreSchema.strTag { return text }
        return CoreSchema.value(of: text, tag: node.tag)?.canonicalText ?? text
    }

    /// Appends a self-delimiting encoding of `node` to `out`; false when the budget runs out.
    /// Recursion depth is bounded by ``structureBudget``.
    private static func encode(_ node: YAMLNode, into out: inout String, budget: inout Int) -> Bool {
        budget -= 1
        if budget < 0 { return false }
        let n = node.resolved
        func field(_ s: String) { out += String(s.utf8.count); out += ":"; out += s }
        switch n.content {
        case .scalar(let text, _):
            out += "S"; field(n.tag); field(canonicalText(n, text))
        case .alias(let name, _):
            out += "A"; field(name)
        case .sequence(let items):
            out += "Q"; field(n.tag); out += String(items.count); out += "["
            for item in items {
                if !encode(item, into: &out, budget: &budget) { return false }
            }
        case .mapping(let pairs):
            out += "M"; field(n.tag); out += String(pairs.count); out += "{"
            var entries: [String] = []
            entries.reserveCapacity(pairs.count)
            for p in pairs {
                var e = ""
                guard encode(p.key, into: &e, budget: &budget), encode(p.value, into: &e, budget: &budget) else {
                    return false
                }
                entries.append(e)
            }
            for e in entries.sorted() { out += e }
        }
        return true
    }
}

/// The keys seen so far in one mapping, for duplicate detection: linear for small mappings, hashed
/// beyond ``hashThreshold`` keys.
struct KeySet {
    private var identities: [KeyIdentity] = []
    private var keys: [YAMLNode] = []
    private var index: [KeyIdentity: Int]?
    private static let hashThreshold = 8

    /// Adds `key`; returns the earlier key with the same identity, if any (the set keeps the first).
    mutating func insert(_ key: YAMLNode) -> YAMLNode? {
        let id = KeyIdentity.of(key)
        if let index {
            if let i = index[id] { return keys[i] }
        } else if let i = identities.firstIndex(of: id) {
            return keys[i]
        }
        identities.append(id)
        keys.append(key)
        if index != nil {
            index?[id] = keys.count - 1
        } else if identities.count > KeySet.hashThreshold {
            var built: [KeyIdentity: Int] = [:]
            for (i, k) in identities.enumerated() { built[k] = i }
            index = built
        }
        return nil
    }
}
