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

    /// Hashes what tells keys apart in practice: a scalar's canonical text without its tag (equal
    /// identities still hash equally; hashing the 21-byte tag of every key cost as much as the text).
    func hash(into hasher: inout Hasher) {
        switch self {
        case .scalar(_, let canonical): hasher.combine(canonical)
        case .structure(let encoding): hasher.combine(encoding)
        case .object(let id): hasher.combine(id)
        }
    }

    /// Largest number of nodes of a collection key encoded for structural comparison.
    static let structureBudget = 256

    /// The identity of `node` used as a mapping key (aliases followed).
    static func of(_ node: YAMLNode) -> KeyIdentity {
        let n = node.resolved
        switch n.content {
        case .scalar(let text, _):
            return scalar(tag: n.tag, text: text)
        case .alias:
            return .object(ObjectIdentifier(n))
        case .sequence, .mapping:
            var budget = structureBudget
            var out = ""
            if encode(n, into: &out, budget: &budget) { return .structure(out) }
            return .object(ObjectIdentifier(n))
        }
    }

    /// The identity of a scalar key with resolved tag `tag` and content `text`.
    static func scalar(tag: String, text: String) -> KeyIdentity {
        .scalar(tag: tag, canonical: canonicalText(tag: tag, text))
    }

    /// The canonical text of a scalar with tag `tag` (the text itself for str and unknown tags,
    /// or when the text is not a form of its core-schema tag).
    static func canonicalText(tag: String, _ text: String) -> String {
        if tag == CoreSchema.strTag { return text }
        return CoreSchema.value(of: text, tag: tag)?.canonicalText ?? text
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
            out += "S"; field(n.tag); field(canonicalText(tag: n.tag, text))
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

/// The keys seen so far in each open mapping, for duplicate detection: one stack for all open mappings
/// (the innermost last), searched linearly for small mappings and hashed beyond ``hashThreshold`` keys.
/// A mapping allocates nothing of its own unless it has more than ``hashThreshold`` distinct keys.
/// `First` is what is kept of the first key of each identity (the composer's node; ``EventCheck`` keeps its
/// keys as bytes instead: ``ScalarKeySetStack``).
struct KeySetStack<First> {
    /// The distinct key identities of all open mappings, each mapping's after its outer mapping's.
    private var identities: [KeyIdentity] = []
    /// The first key with each identity (parallel to ``identities``). The composer keeps its node
    /// unretained: it holds every key of an open mapping among its open collections' nodes, so a key
    /// outlives its entry here (retaining and releasing each key cost a cache miss per key of a large
    /// mapping, released long after it was composed).
    private var keys: [First] = []
    /// Per open mapping: where its keys start in ``identities``, and its hashed index (identity →
    /// position in ``identities``) once it has more than ``hashThreshold`` keys.
    private var sets: [(start: Int, index: [KeyIdentity: Int]?)] = []
    private static var hashThreshold: Int { 8 }

    /// Opens the key set of a new innermost mapping.
    mutating func push() {
        sets.append((start: identities.count, index: nil))
    }

    /// Closes the innermost mapping's key set.
    mutating func pop() {
        guard let set = sets.popLast() else { return }
        identities.removeSubrange(set.start...)
        keys.removeSubrange(set.start...)
    }

    /// Adds a key whose identity is `id` to the innermost mapping's set; returns what was kept of the
    /// earlier key with the same identity, if any (the set keeps the first).
    mutating func insert(_ id: KeyIdentity, _ key: First) -> First? {
        guard !sets.isEmpty else { return nil }
        let top = sets.count - 1
        let start = sets[top].start
        if sets[top].index != nil {
            if let i = sets[top].index?[id] { return keys[i] }
            sets[top].index?[id] = identities.count
        } else {
            var i = start
            while i < identities.count {
                if identities[i] == id { return keys[i] }
                i += 1
            }
            if identities.count - start >= Self.hashThreshold {
                var built: [KeyIdentity: Int] = [:]
                for j in start..<identities.count { built[identities[j]] = j }
                built[id] = identities.count
                sets[top].index = built
            }
        }
        identities.append(id)
        keys.append(key)
        return nil
    }
}

extension KeySetStack<Unmanaged<YAMLNode>> {
    /// Adds `key` to the innermost mapping's set; returns the earlier key with the same identity, if any.
    mutating func insert(_ key: YAMLNode) -> YAMLNode? {
        insert(KeyIdentity.of(key), Unmanaged.passUnretained(key))?.takeUnretainedValue()
    }
}
