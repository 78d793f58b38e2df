import Synchronization

/// The large buffers of the last freed syntax tree, kept for the next parse of a text of about the same
/// size: its node buffers (``NodeStorage``) and its token array.
///
/// A parse writes a token every few bytes and a node every few bytes, so a large text needs tens of MB
/// of token and node records; memory that large is mapped fresh by the allocator on every parse and
/// unmapped when the tree is freed, so each parse of a 10 MB text paid ~12,000 page faults (the kernel
/// zeroing every page) before writing a record. Keeping the last tree's buffers lets the next parse
/// (an editor's next version of the same document, a re-parse on the way to a surface) write into pages
/// that are already mapped. One set of buffers is kept at most, and only buffers of at least
/// ``minimumBytes`` (smaller ones come from the allocator's heap, which reuses them anyway): the memory
/// kept is at most one tree's records, which the tree held until it was freed.
///
/// Thread-safe: trees are freed on whatever thread drops the last reference.
enum TreeBufferPool {
    /// Buffers smaller than this many bytes are not kept.
    static let minimumBytes = 1 << 20

    /// Node buffers of a freed ``NodeStorage``.
    struct NodeBuffers: @unchecked Sendable {
        // Unchecked: the pointers are owned by the pool while they are in it, and by exactly one
        // ``NodeStorage`` otherwise (taking them out of the pool moves them).
        let kinds: UnsafeMutablePointer<NodeKind>
        let links: UnsafeMutablePointer<SyntaxTree.NodeLink>
        let capacity: Int

        func deallocate() {
            kinds.deallocate()
            links.deallocate()
        }
    }

    private struct Slots {
        var nodes: NodeBuffers?
        var tokens: [Token] = []
    }

    private static let slots = Mutex(Slots())

    /// Bytes one node takes in a ``NodeStorage``.
    static var bytesPerNode: Int { MemoryLayout<NodeKind>.stride + MemoryLayout<SyntaxTree.NodeLink>.stride }

    /// The kept node buffers when they hold at least `capacity` nodes (they leave the pool), else nil.
    static func takeNodes(capacity: Int) -> NodeBuffers? {
        guard capacity * bytesPerNode >= minimumBytes else { return nil }
        return slots.withLock { s in
            guard let kept = s.nodes, kept.capacity >= capacity else { return nil }
            s.nodes = nil
            return kept
        }
    }

    /// Keeps `buffers` (their contents are dead) when they are large enough and larger than the buffers
    /// already kept; frees whichever is not kept.
    static func offerNodes(_ buffers: NodeBuffers) {
        guard buffers.capacity * bytesPerNode >= minimumBytes else { return buffers.deallocate() }
        let unused: NodeBuffers? = slots.withLock { s in
            if let kept = s.nodes, kept.capacity >= buffers.capacity { return buffers }
            let older = s.nodes
            s.nodes = buffers
            return older
        }
        unused?.deallocate()
    }

    /// An empty token array with room for at least `capacity` tokens: the kept one when it is large
    /// enough (it leaves the pool), else a new one.
    static func takeTokens(capacity: Int) -> [Token] {
        var tokens: [Token] = []
        if capacity * MemoryLayout<Token>.stride >= minimumBytes {
            slots.withLock { s in
                if s.tokens.capacity >= capacity { swap(&tokens, &s.tokens) }
            }
        }
        // Keeps the buffer when it is not shared (a reader that still holds the old tree's tokens makes
        // this allocate a new one, as without the pool).
        tokens.removeAll(keepingCapacity: true)
        tokens.reserveCapacity(capacity)
        return tokens
    }

    /// Frees whatever is kept.
    static func drain() {
        let (nodes, tokens) = slots.withLock { s -> (NodeBuffers?, [Token]) in
            defer { s = Slots() }
            return (s.nodes, s.tokens)
        }
        nodes?.deallocate()
        _ = tokens
    }

    /// Keeps `tokens`' buffer for a later ``takeTokens(capacity:)`` when it is large enough and larger
    /// than the one already kept.
    static func offerTokens(_ tokens: [Token]) {
        guard tokens.capacity * MemoryLayout<Token>.stride >= minimumBytes else { return }
        var unused: [Token] = tokens
        slots.withLock { s in
            if s.tokens.capacity < unused.capacity { swap(&unused, &s.tokens) }
        }
        // `unused` (the smaller array) is released here, outside the lock.
    }
}

extension SyntaxTree {
    /// Frees the token and node buffers of freed trees that are kept for the next parse (one large
    /// tree's at most; see ``SyntaxTreeBuilder/init(bytes:)``). For a caller that has just finished with a
    /// large text and wants its memory back rather than a faster next parse; the next large parse then
    /// allocates fresh buffers.
    public static func releaseReusableBuffers() {
        TreeBufferPool.drain()
    }
}
