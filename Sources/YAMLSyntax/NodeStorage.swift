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

    /// The tree's tokens, set by ``SyntaxTreeBuilder/finish()`` when the tree is made (the same buffer
    /// as the tree's, not a copy), so that freeing the tree can hand both buffers to ``TreeBufferPool``.
    /// Written once, before the storage is shared.
    var tokens: [Token] = []

    /// Allocates room for `capacity` nodes (at least one), or takes the buffers of a freed tree that
    /// are large enough (``TreeBufferPool``).
    init(capacity: Int) {
        let c = max(1, capacity)
        if let kept = TreeBufferPool.takeNodes(capacity: c) {
            self.capacity = kept.capacity
            kinds = kept.kinds
            links = kept.links
        } else {
            self.capacity = c
            kinds = .allocate(capacity: c)
            links = .allocate(capacity: c)
        }
    }

    deinit {
        // Both element types are trivial: nothing to deinitialize.
        TreeBufferPool.offerNodes(TreeBufferPool.NodeBuffers(kinds: kinds, links: links, capacity: capacity))
        TreeBufferPool.offerTokens(tokens)
    }

    /// A storage of twice the capacity (at least `minimum`) holding this one's first `count` nodes,
    /// which are moved out of this one.
    @usableFromInline func grown(keeping count: Int, minimum: Int) -> NodeStorage {
        let bigger = NodeStorage(capacity: max(minimum, capacity * 2))
        bigger.kinds.moveInitialize(from: kinds, count: count)
        bigger.links.moveInitialize(from: links, count: count)
        return bigger
    }
}
