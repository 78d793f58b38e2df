/// Applies YAML 1.1 merge keys (`<<`, the `tag:yaml.org,2002:merge` type; not part of YAML 1.2 but
/// used by real files and honoured by validators) to mappings, memoizing each merged mapping so that
/// shared anchors are merged once.
///
/// Rules: the value of `<<` is a mapping or a sequence of mappings (aliases followed; other values are
/// ignored); keys written in the mapping itself win over merged ones; among merged mappings the
/// earlier one wins; merged mappings have their own merge keys applied first. Merged entries take the
/// place of the `<<` entry, in order. Iterative (no recursion); the total number of merged entries
/// copied is bounded by ``entryBudget`` (merging stops beyond it).
struct MergeResolver {
    /// Largest number of entries copied from merged mappings in one resolver's lifetime.
    static let entryBudget = 1_000_000

    private var memo: [ObjectIdentifier: [(key: YAMLNode, value: YAMLNode)]] = [:]
    private var budget = MergeResolver.entryBudget

    /// The entries of `mapping` (a resolved mapping node) with merge keys applied.
    mutating func entries(of mapping: YAMLNode) -> [(key: YAMLNode, value: YAMLNode)] {
        guard case .mapping(let pairs) = mapping.content else { return [] }
        guard pairs.contains(where: { $0.key.isMergeKey }) else { return pairs }
        if let done = memo[ObjectIdentifier(mapping)] { return done }
        // Post-order over the merge sources, with an explicit stack.
        var stack: [(node: YAMLNode, expanded: Bool)] = [(mapping, false)]
        var expanding = Set<ObjectIdentifier>()  // guards against cycles, which composed graphs lack
        while let (node, expanded) = stack.popLast() {
            let id = ObjectIdentifier(node)
            if memo[id] != nil { continue }
            if expanded {
                memo[id] = mergeOne(node)
                continue
            }
            guard expanding.insert(id).inserted else { continue }
            stack.append((node, true))
            for source in Self.mergeSources(of: node) where memo[ObjectIdentifier(source)] == nil {
                if case .mapping(let sp) = source.content, sp.contains(where: { $0.key.isMergeKey }) {
                    stack.append((source, false))
                }
            }
        }
        return memo[ObjectIdentifier(mapping)] ?? pairs
    }

    /// The mappings named by the `<<` entries of `node`, in order (aliases followed).
    static func mergeSources(of node: YAMLNode) -> [YAMLNode] {
        guard case .mapping(let pairs) = node.content else { return [] }
        var out: [YAMLNode] = []
        for p in pairs where p.key.isMergeKey { appendSources(of: p.value, to: &out) }
        return out
    }

    private static func appendSources(of value: YAMLNode, to out: inout [YAMLNode]) {
        let v = value.resolved
        switch v.content {
        case .mapping: out.append(v)
        case .sequence(let items):
            for item in items {
                let r = item.resolved
                if case .mapping = r.content { out.append(r) }
            }
        case .scalar, .alias: break
        }
    }

    /// Merges one mapping whose merge sources are already in `memo` (or have no merge keys).
    private mutating func mergeOne(_ node: YAMLNode) -> [(key: YAMLNode, value: YAMLNode)] {
        guard case .mapping(let pairs) = node.content else { return [] }
        var seen = Set<KeyIdentity>()
        for p in pairs where !p.key.isMergeKey { seen.insert(KeyIdentity.of(p.key)) }
        var out: [(key: YAMLNode, value: YAMLNode)] = []
        out.reserveCapacity(pairs.count)
        for p in pairs {
            guard p.key.isMergeKey else { out.append(p); continue }
            var sources: [YAMLNode] = []
            Self.appendSources(of: p.value, to: &sources)
            for source in sources {
                let inherited: [(key: YAMLNode, value: YAMLNode)]
                if let m = memo[ObjectIdentifier(source)] {
                    inherited = m
                } else if case .mapping(let sp) = source.content {
                    inherited = sp
                } else {
                    continue
                }
                for e in inherited {
                    guard budget > 0 else { return out }
                    budget -= 1
                    if seen.insert(KeyIdentity.of(e.key)).inserted { out.append(e) }
                }
            }
        }
        return out
    }
}

extension YAMLNode {
    /// True for a merge key: a plain scalar `<<` without an explicit tag, or any scalar tagged
    /// `tag:yaml.org,2002:merge` (YAML 1.1 merge type).
    public var isMergeKey: Bool {
        guard case .scalar(let text, let style) = content else { return false }
        if hasExplicitTag { return tag == CoreSchema.mergeTag }
        return style == .plain && text == "<<"
    }

    /// The entries of this mapping (aliases followed) with YAML 1.1 merge keys applied, nil when the
    /// node is not a mapping. `<<: *a` and `<<: [*a, *b]` (or inline mappings) are replaced, in place,
    /// by the merged mappings' entries whose keys the mapping does not already have; keys written in the
    /// mapping win, and an earlier merged mapping wins over a later one. Duplicate written keys are kept.
    public var mergedMappingEntries: [(key: YAMLNode, value: YAMLNode)]? {
        let n = resolved
        guard case .mapping = n.content else { return nil }
        var resolver = MergeResolver()
        return resolver.entries(of: n)
    }
}
