/// The node records of one syntax tree: each node's kind and its ``SyntaxTree/NodeLink``, in two
/// buffers of the same capacity, written by ``SyntaxTreeBuilder`` and read through
/// ``SyntaxTree/Nodes``.
///
/// The builder writes through raw pointers (no uniqueness or capacity check per field, as an `Array`
/// append does: a parse opens a node every few bytes). Only the builder writes, and only before the
/// tree exists: ``SyntaxTreeBuilder/finish()`` hands the storage to the tree and starts a new one,
/// and the builder cannot be copied, so a tree's storage never changes once it is built — which is
/// why sharing it between threads is safe (`@unchecked Sendable`). The buffers and the capacity are
/// constants (growing makes a new storage), so reading them costs a load and no exclusivity check.
@usableFromInline final class NodeStorage: @unchecked Sendable {
    @usableFromInline let kinds: UnsafeMutablePointer<NodeKind>
    @usableFromInline let links: UnsafeMutablePointer<SyntaxTree.NodeLink>
    /// The number of nodes the buffers can hold.
    @usableFromInline let capacity: Int
    /// Ends (token indices) of the nodes whose `end - first` does not fit in 16 bits (see
    /// ``SyntaxTree/NodeLink``), by node index. Written only while the tree is built.
    var longEnds: [Int32: Int32] = [:]
    /// Next siblings of the nodes whose distance to it does not fit in 16 bits, by node index.
    var longSiblings: [Int32: Int32] = [:]

    /// Allocates room for `capacity` nodes (at least one).
    init(capacity: Int) {
        let c = max(1, capacity)
        self.capacity = c
        kinds = .allocate(capacity: c)
        links = .allocate(capacity: c)
    }

    deinit {
        // Both element types are trivial: nothing to deinitialize.
        kinds.deallocate()
        links.deallocate()
    }

    /// A storage of twice the capacity (at least `minimum`) holding this one's first `count` nodes,
    /// which are moved out of this one.
    @usableFromInline func grown(keeping count: Int, minimum: Int) -> NodeStorage {
        let bigger = NodeStorage(capacity: max(minimum, capacity * 2))
        bigger.kinds.moveInitialize(from: kinds, count: count)
        bigger.links.moveInitialize(from: links, count: count)
        bigger.longEnds = longEnds
        bigger.longSiblings = longSiblings
        return bigger
    }

    /// The end of node `index`, kept here because its distance from the node's first token is too
    /// long for its link.
    @usableFromInline @inline(never) func longEnd(of index: Int32) -> Int32 { longEnds[index] ?? links[Int(index)].first }

    /// The next sibling of node `index`, kept here because it is too far away for its link.
    @usableFromInline @inline(never) func longSibling(of index: Int32) -> Int32 { longSiblings[index] ?? -1 }

    /// Records that node `index` ends at token `end` (closes it: no next sibling yet).
    @inlinable func close(_ index: Int, end: Int32) {
        let distance = end &- links[index].first
        if distance >= 0 && distance < Int32(SyntaxTree.NodeLink.long) {
            links[index].spans = UInt32(truncatingIfNeeded: distance)
        } else {
            closeLong(index, end: end)
        }
    }

    /// ``close(_:end:)`` for a node that covers 0xFFFF tokens or more.
    @usableFromInline @inline(never) func closeLong(_ index: Int, end: Int32) {
        longEnds[Int32(truncatingIfNeeded: index)] = end
        links[index].spans = SyntaxTree.NodeLink.long
    }

    /// Records that the closed node `index` is followed by its sibling `sibling` (a later node).
    @inlinable func link(_ index: Int, toSibling sibling: Int32) {
        let distance = sibling &- Int32(truncatingIfNeeded: index)
        if distance > 0 && distance < Int32(SyntaxTree.NodeLink.long) {
            links[index].spans |= UInt32(truncatingIfNeeded: distance) << 16
        } else {
            linkLong(index, toSibling: sibling)
        }
    }

    /// ``link(_:toSibling:)`` for a sibling 0xFFFF nodes or more away.
    @usableFromInline @inline(never) func linkLong(_ index: Int, toSibling sibling: Int32) {
        longSiblings[Int32(truncatingIfNeeded: index)] = sibling
        links[index].spans |= SyntaxTree.NodeLink.long << 16
    }
}
