/// The node records of one syntax tree: each node's kind and its ``SyntaxTree/NodeLink``, in two
/// buffers of the same capacity, written by ``SyntaxTreeBuilder`` and read through
/// ``SyntaxTree/Nodes``.
///
/// The builder writes through raw pointers (no uniqueness or capacity check per field, as an `Array`
/// append does: a parse opens a node every few bytes). Only the builder writes, and only before the
/// tree exists: ``SyntaxTreeBuilder/finish()`` hands the storage to the tree and starts a new one,
/// and the builder cannot be copied, so a tree's storage never changes once it is built — which is
/// why sharing it between threads is safe (`@unchecked Sendable`).
@usableFromInline final class NodeStorage: @unchecked Sendable {
    @usableFromInline private(set) var kinds: UnsafeMutablePointer<NodeKind>
    @usableFromInline private(set) var links: UnsafeMutablePointer<SyntaxTree.NodeLink>
    /// The number of nodes the buffers can hold.
    @usableFromInline private(set) var capacity: Int

    /// The buffers and capacity, for a writer that keeps them at hand.
    @usableFromInline struct Buffers {
        @usableFromInline let kinds: UnsafeMutablePointer<NodeKind>
        @usableFromInline let links: UnsafeMutablePointer<SyntaxTree.NodeLink>
        @usableFromInline let capacity: Int
    }

    /// The current buffers (they change when the storage grows).
    @usableFromInline var buffers: Buffers { Buffers(kinds: kinds, links: links, capacity: capacity) }

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

    /// Moves the first `count` nodes into buffers of twice the capacity (at least `minimum`).
    @usableFromInline func grow(keeping count: Int, minimum: Int) {
        let c = max(minimum, capacity * 2)
        let newKinds = UnsafeMutablePointer<NodeKind>.allocate(capacity: c)
        let newLinks = UnsafeMutablePointer<SyntaxTree.NodeLink>.allocate(capacity: c)
        newKinds.moveInitialize(from: kinds, count: count)
        newLinks.moveInitialize(from: links, count: count)
        kinds.deallocate()
        links.deallocate()
        kinds = newKinds
        links = newLinks
        capacity = c
    }
}
