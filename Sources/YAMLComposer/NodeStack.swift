/// The nodes of all open collections, innermost collection's last, in one buffer: a closing collection
/// moves its nodes out into its own array without touching their reference counts.
///
/// Copying them out of an `Array` and then removing them retains and releases each node once; for a large
/// collection whose first nodes were composed long before (a document's top-level mapping), each of those
/// is a cache miss.
struct NodeStack: ~Copyable {
    private var base: UnsafeMutablePointer<YAMLNode>
    private var capacity: Int
    /// The number of nodes on the stack.
    private(set) var count = 0

    init() {
        capacity = 64
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Pushes `node`.
    mutating func append(_ node: YAMLNode) {
        if count == capacity { grow() }
        (base + count).initialize(to: node)
        count += 1
    }

    /// Doubles the capacity.
    private mutating func grow() {
        let bigger = UnsafeMutablePointer<YAMLNode>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }

    /// Removes the nodes from index `start` on and returns them in order (`start` ≤ ``count``).
    mutating func removeSequence(from start: Int) -> [YAMLNode] {
        let n = count - start
        let source = base + start
        count = start
        // Appending to a reserved array, not `Array(unsafeUninitializedCapacity:)`, which looks up the
        // array storage's metadata at run time on every call.
        var items: [YAMLNode] = []
        items.reserveCapacity(n)
        for i in 0..<n { items.append((source + i).move()) }
        return items
    }

    /// Removes the nodes from index `start` on and returns them as key/value pairs in order (`start` ≤
    /// ``count``; an odd last node is dropped, so callers add the missing value first).
    mutating func removePairs(from start: Int) -> [(key: YAMLNode, value: YAMLNode)] {
        let n = (count - start) / 2
        let source = base + start
        if start + 2 * n < count { (source + 2 * n).deinitialize(count: 1) }
        count = start
        var pairs: [(key: YAMLNode, value: YAMLNode)] = []
        pairs.reserveCapacity(n)
        for i in 0..<n { pairs.append((key: (source + 2 * i).move(), value: (source + 2 * i + 1).move())) }
        return pairs
    }

    /// Removes every node.
    mutating func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }
}
