import YAMLSyntax

/// One foldable region of a document (LSP `FoldingRange`), in 0-based lines and UTF-8 byte offsets.
public struct FoldingRegion: Hashable, Sendable {
    /// What the region holds.
    public enum Kind: Hashable, Sendable {
        /// A mapping entry or sequence item (with the comment lines indented under it), a flow collection
        /// or a multi-line scalar.
        case content
        /// A run of at least two comment-only lines.
        case comment
        /// A whole document of a multi-document stream.
        case document
    }

    /// First line (0-based); the line stays visible when folded.
    public var startLine: Int
    /// Last line (0-based) hidden by the fold; always greater than `startLine`.
    public var endLine: Int
    /// From the end of the first line's content to the end of the region (its last significant byte,
    /// or the last comment that belongs to it), in UTF-8 byte offsets, for clients that fold by character.
    public var range: TextRange
    /// What the region holds.
    public var kind: Kind

    /// Creates a region; lines 0-based, `range` in UTF-8 byte offsets.
    public init(startLine: Int, endLine: Int, range: TextRange, kind: Kind) {
        self.startLine = startLine
        self.endLine = endLine
        self.range = range
        self.kind = kind
    }
}

/// The folding surface of a document.
public struct FoldingSurface: Hashable, Sendable {
    /// Regions sorted by start line, at most one per start line (the outermost).
    public var regions: [FoldingRegion]
    /// True when `pureyaml.maxItemsComputed` cut the list: only the first regions by start line are kept.
    public var truncated: Bool

    /// Creates a surface.
    public init(regions: [FoldingRegion], truncated: Bool) {
        self.regions = regions
        self.truncated = truncated
    }
}
