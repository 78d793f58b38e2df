import YAMLParser
import YAMLSyntax

/// Nested selection ranges at a position (LSP `textDocument/selectionRange`), innermost first:
/// the token under the cursor (a scalar, anchor, alias or tag), then each enclosing node of the lossless
/// tree without its leading and trailing trivia (scalar -> key or value -> entry -> collection -> ...
/// -> document), and finally the whole text. Each range contains the one before it; equal ranges appear once.
enum SelectionRanges {
    /// `whole`: the whole text's range (default: the snapshot's text); a snapshot of some chunks of a stream
    /// (``ChunkView``) gives the stream's, in its own offsets.
    static func ranges(_ snapshot: DocumentSnapshot, at offset: Int, whole: TextRange? = nil) -> [TextRange] {
        let tree = snapshot.tree
        let whole = whole ?? TextRange(start: 0, end: snapshot.bytes.count)
        let o = Swift.max(0, Swift.min(offset, snapshot.bytes.count))
        var out: [TextRange] = []
        func push(_ r: TextRange) {
            var r = r
            if let last = out.last {
                if !r.contains(last) { r = r.union(last) }
                if r == last { return }
            }
            out.append(r)
        }
        if let t = tree.tokenIndex(at: o) {
            var token = tree.tokens[t]
            // A cursor just after a token (e.g. at the end of a word) selects that token.
            if (token.kind.isTrivia || token.range.start == o) && t > 0 && tree.tokens[t - 1].range.end == o
                && !tree.tokens[t - 1].kind.isTrivia {
                token = tree.tokens[t - 1]
            }
            if !token.kind.isTrivia && token.range.touches(o) {
                push(TextRange(start: token.range.start, end: Folding.trimmedEnd(token, in: tree.bytes)))
            }
        }
        var node: SyntaxNode? = tree.deepestNode(at: o)
        if let first = out.first, let deepest = node, !deepest.range.contains(first) {
            node = tree.deepestNode(at: first.start)
        }
        while let n = node {
            if n.kind == .stream {
                push(whole)
            } else if let r = Folding.significantRange(of: n), !r.isEmpty || out.isEmpty {
                push(r)
            }
            node = n.parent
        }
        if out.isEmpty { out.append(whole) }
        return out
    }
}
