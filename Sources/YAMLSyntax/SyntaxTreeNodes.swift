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
    /// so each takes 17 bytes instead of a 24-byte `NodeData`: its kind in one array and a
    /// ``NodeLink`` in another. `firstChild` is not stored: in pre-order a node's first child is the
    /// node right after it, when that node's parent is this one.
    public struct Nodes: RandomAccessCollection, Sendable {
        @usableFromInline let kinds: [NodeKind]
        @usableFromInline let links: [NodeLink]

        @inlinable
        init(kinds: [NodeKind], links: [NodeLink]) {
            self.kinds = kinds
            self.links = links
        }

        /// The index of the root (0).
        @inlinable public var startIndex: Int { 0 }
        /// The number of nodes (one past the last index).
        @inlinable public var endIndex: Int { links.count }
        /// The number of nodes.
        @inlinable public var count: Int { links.count }
        /// `0 ..< count`.
        @inlinable public var indices: Range<Int> { 0..<links.count }

        /// Node `index` (0 ..< count).
        @inlinable
        public subscript(index: Int) -> NodeData {
            let link = links[index]
            let next = index + 1
            let child: Int32 = next < links.count && links[next].up == Int32(truncatingIfNeeded: index)
                ? Int32(truncatingIfNeeded: next) : -1
            return NodeData(kind: kinds[index], first: link.first, end: link.end, up: link.up, child: child,
                            sibling: link.sibling)
        }
    }
}
