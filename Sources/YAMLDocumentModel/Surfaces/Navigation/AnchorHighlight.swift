import YAMLSyntax

/// One highlighted occurrence of an anchor name (LSP `DocumentHighlight`): the anchor is written, its
/// aliases read it.
public struct AnchorHighlight: Hashable, Sendable {
    /// The whole `&name` or `*name` token (UTF-8 byte offsets).
    public var range: TextRange
    /// True for the anchor (a write), false for an alias (a read).
    public var isDefinition: Bool

    /// Creates a highlight; `range` in UTF-8 byte offsets.
    public init(range: TextRange, isDefinition: Bool) {
        self.range = range
        self.isDefinition = isDefinition
    }
}
