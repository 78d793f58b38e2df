extension SyntaxTree {
    /// Storage of one interior node apart from its kind: its token range, parent and next sibling
    /// (16 bytes; indices into the tree's `tokens` and `nodes`, -1 for none).
    @usableFromInline struct NodeLink: Sendable {
        @usableFromInline var first: Int32
        @usableFromInline var end: Int32
        @usableFromInline var up: Int32
        @usableFromInline var sibling: Int32

        @inlinable
        init(first: Int32, end: Int32, up: Int32, sibling: Int32) {
            self.first = first
            self.end = end
            self.up = up
            self.sibling = sibling
        }
    }

    /// The interior nodes of a tree in pre-order, read as ``NodeData`` values (index 0 is the root).
    ///
    /// Nodes are the most numerous records of a parse after tokens and are written into fresh memory,
    /// so each takes 17 bytes instead of a 24-byte `NodeData`: its kind in one buffer and a
    /// ``NodeLink`` in another (see ``NodeStorage``). `firstChild` is not stored: in pre-order a node's first child is the
    /// node right after it, when that node's parent is this one.
    public struct Nodes: RandomAccessCollection, Sendable {
        @usableFromInline let storage: NodeStorage
        /// The number of nodes.
        public let count: Int

        @inlinable
        init(storage: NodeStorage, count: Int) {
            self.storage = storage
            self.count = count
        }

        /// The index of the root (0).
        @inlinable public var startIndex: Int { 0 }
        /// The number of nodes (one past the last index).
        @inlinable public var endIndex: Int { count }
        /// `0 ..< count`.
        @inlinable public var indices: Range<Int> { 0..<count }

        /// Node `index` (0 ..< count; traps outside).
        @inlinable
        public subscript(index: Int) -> NodeData {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "node index out of range")
            let links = storage.links
            let link = links[index]
            let next = index + 1
            let child: Int32 = next < count && links[next].up == Int32(truncatingIfNeeded: index)
                ? Int32(truncatingIfNeeded: next) : -1
            return NodeData(kind: storage.kinds[index], first: link.first, end: link.end, up: link.up, child: child,
                            sibling: link.sibling)
        }
    }
}
