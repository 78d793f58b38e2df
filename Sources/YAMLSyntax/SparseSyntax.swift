/// What a parse keeps of its lossless tree when the tree itself is not needed (``SyntaxTreeBuilder/init(sparseOver:keepingQuotedScalars:)``):
/// the tokens that a check reads — anchors and aliases (unused anchors), directives, `---`, `...` and byte
/// order marks (where documents start and whether a stream splits into documents), and on request quoted
/// scalars (byte order marks inside them are allowed) — and where the `document` nodes start.
/// The tokens are the tree's own (same kinds and ranges), in text order, with the others left out.
public struct SparseSyntax: Sendable {
    /// The kept tokens, in text order (UTF-8 byte offsets).
    public let tokens: [Token]
    /// Where each `document` node of the tree starts (UTF-8 byte offsets), in text order.
    public let documentStarts: [Int]

    /// True for the kinds of token a sparse builder keeps (quoted scalars when `quotedScalars`).
    @inlinable
    public static func keeps(_ kind: TokenKind, quotedScalars: Bool) -> Bool {
        switch kind {
        case .anchor, .alias, .directive, .directivesEnd, .documentEnd, .byteOrderMark: return true
        case .singleQuotedScalar, .doubleQuotedScalar: return quotedScalars
        default: return false
        }
    }
}
