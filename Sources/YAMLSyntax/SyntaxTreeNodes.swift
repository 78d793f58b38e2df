extension SyntaxTree {
    /// Storage of one interior node apart from its kind: its first token, its parent, and its end and
    /// next sibling as distances (12 bytes; indices into the tree's `tokens` and `nodes`, -1 for none).
    ///
    /// Nodes are written into fresh memory, a page fault per 4 KiB, so the record is kept small: most
    /// nodes cover few tokens and have small subtrees, so `spans` holds `end - first` in its low 16 bits
    /// and `nextSibling - index` in its high 16 bits (0: no sibling). A distance of 0xFFFF or more is
    /// stored as 0xFFFF and the value itself in ``NodeStorage``'s `longEnds` / `longSiblings`. While a
    /// node is open (only inside ``SyntaxTreeBuilder``), `spans` holds its last child so far instead
    /// (the bit pattern of an `Int32`, -1 for none).
    @usableFromInline struct NodeLink: Sendable {
        @usableFromInline var first: Int32
        @usableFromInline var up: Int32
        @usableFromInline var spans: UInt32

        /// A link with no child yet (an open node as it starts).
        @inlinable
        init(first: Int32, up: Int32) {
            self.first = first
            self.up = up
            spans = UInt32.max
        }

        /// The escape value of a 16-bit distance in ``spans``.
        @inlinable static var long: UInt32 { 0xFFFF }
    }

    /// The interior nodes of a tree in pre-order, read as ``NodeData`` values (index 0 is the root).
    ///
    /// Nodes are the most numerous records of a parse after tokens and are written into fresh memory,
    /// so each takes 13 bytes instead of a 24-byte `NodeData`: its kind in one buffer and a
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
            let me = Int32(truncatingIfNeeded: index)
            let child: Int32 = next < count && links[next].up == me ? Int32(truncatingIfNeeded: next) : -1
            let endBits = link.spans & 0xFFFF
            let end = endBits != NodeLink.long ? link.first &+ Int32(truncatingIfNeeded: endBits) : storage.longEnd(of: me)
            let siblingBits = link.spans >> 16
            let sibling: Int32 = siblingBits == 0 ? -1
                : siblingBits != NodeLink.long ? me &+ Int32(truncatingIfNeeded: siblingBits) : storage.longSibling(of: me)
            return NodeData(kind: storage.kinds[index], first: link.first, end: end, up: link.up, child: child,
                            sibling: sibling)
        }
    }
}
