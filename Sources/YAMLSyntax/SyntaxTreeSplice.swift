extension SyntaxTree {
    /// The subtree of node `index` in pre-order: `index ..< end` (a node's descendants follow it directly).
    public func subtreeEnd(of index: Int) -> Int {
        var p = index
        while p >= 0 {
            let n = nodes[p]
            if n.nextSibling >= 0 { return n.nextSibling }
            p = n.parent
        }
        return nodes.count
    }

    /// This tree with node `index` (and its subtree) replaced by node `replacement` of `other` (and its
    /// subtree), as one reparsed block is put back into the whole tree (rust-analyzer's block reparse): the
    /// tree of `bytes`, a text whose bytes outside the replaced node are this tree's (those after it moved
    /// by the difference in length), and whose replaced node's bytes are those of `other`'s node, moved by
    /// `shift` (the offset in `bytes` of `other`'s byte 0).
    ///
    /// The caller vouches that a parse of `bytes` gives this result (the block, parsed alone, has the tokens
    /// and structure it has in context, and the text around it keeps its own); what is checked here is
    /// only that the pieces fit: both nodes are of one kind and cover tokens, the new node starts where
    /// the old one did, and it ends where the old one ends moved by the difference in length. Nil when
    /// they do not. Linear in the number of tokens and nodes, with no parse. Offsets are UTF-8 bytes.
    public func replacing(node index: Int, with replacement: Int, of other: SyntaxTree, shift: Int, bytes newBytes: [UInt8]) -> SyntaxTree? {
        guard index > 0, index < nodes.count, replacement >= 0, replacement < other.nodes.count else { return nil }
        let old = nodes[index], new = other.nodes[replacement]
        guard old.kind == new.kind, old.firstToken < old.endToken, new.firstToken < new.endToken else { return nil }
        let delta = newBytes.count - bytes.count
        let oldRange = range(ofNode: index), newRange = other.range(ofNode: replacement)
        guard newRange.start + shift == oldRange.start, newRange.end + shift == oldRange.end + delta,
              newRange.end + shift <= newBytes.count else { return nil }
        let a = old.firstToken, b = old.endToken, c = new.firstToken, d = new.endToken
        let dt = (d - c) - (b - a)
        let oldEnd = subtreeEnd(of: index), newEnd = other.subtreeEnd(of: replacement)
        let dn = (newEnd - replacement) - (oldEnd - index)

        var newTokens = TreeBufferPool.takeTokens(capacity: tokens.count + dt)
        newTokens.append(contentsOf: tokens[..<a])
        for t in other.tokens[c..<d] { newTokens.append(Token(kind: t.kind, start: t.range.start + shift, end: t.range.end + shift)) }
        for t in tokens[b...] { newTokens.append(Token(kind: t.kind, start: t.range.start + delta, end: t.range.end + delta)) }

        let count = nodes.count + dn
        let storage = NodeStorage(capacity: count)
        let oldLinks = nodes.storage.links, oldKinds = nodes.storage.kinds
        let otherLinks = other.nodes.storage.links, otherKinds = other.nodes.storage.kinds
        let i32 = { (x: Int) in Int32(truncatingIfNeeded: x) }
        let a32 = i32(a), dt32 = i32(dt), dn32 = i32(dn), oldEnd32 = i32(oldEnd)
        // Before the replaced node: its ancestors end after it (moved by the change in tokens); a sibling
        // link past its subtree moves by the change in nodes.
        for k in 0..<index {
            var link = oldLinks[k]
            if link.end > a32 { link.end += dt32 }
            if link.sibling >= oldEnd32 { link.sibling += dn32 }
            (storage.links + k).initialize(to: link)
            (storage.kinds + k).initialize(to: oldKinds[k])
        }
        // The new subtree, renumbered; its root takes the old node's parent and next sibling.
        let tokenShift = i32(a - c), nodeShift = i32(index - replacement)
        for k in replacement..<newEnd {
            var link = otherLinks[k]
            link.first += tokenShift
            link.end += tokenShift
            if k == replacement {
                link.up = old.parent < 0 ? -1 : i32(old.parent)
                link.sibling = old.nextSibling < 0 ? -1 : i32(old.nextSibling) + dn32
            } else {
                link.up += nodeShift
                if link.sibling >= 0 { link.sibling += nodeShift }
            }
            (storage.links + (k + index - replacement)).initialize(to: link)
            (storage.kinds + (k + index - replacement)).initialize(to: otherKinds[k])
        }
        // After it: tokens and nodes move; a parent before the replaced node (an ancestor of it) stays.
        for k in oldEnd..<nodes.count {
            var link = oldLinks[k]
            link.first += dt32
            link.end += dt32
            if link.up >= oldEnd32 { link.up += dn32 }
            if link.sibling >= 0 { link.sibling += dn32 }
            (storage.links + (k + dn)).initialize(to: link)
            (storage.kinds + (k + dn)).initialize(to: oldKinds[k])
        }
        storage.tokens = newTokens
        return SyntaxTree(bytes: newBytes, tokens: newTokens, nodes: Nodes(storage: storage, count: count))
    }
}
