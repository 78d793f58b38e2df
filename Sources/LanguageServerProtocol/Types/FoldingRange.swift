/// A foldable region (LSP 3.17 "FoldingRange"): zero-based lines, characters in ``Position`` units.
public struct FoldingRange: Codable, Sendable, Hashable {
    /// The first line (zero-based) of the region.
    public var startLine: Int
    /// Where folding starts on that line; line end when absent.
    public var startCharacter: Int?
    /// The last line (zero-based) of the region.
    public var endLine: Int
    /// Where folding ends on that line; line end when absent.
    public var endCharacter: Int?
    /// `comment`, `imports`, `region`, or nil.
    public var kind: FoldingRangeKind?
    /// Text shown for the folded region (LSP 3.17).
    public var collapsedText: String?

    /// Creates a folding range.
    public init(startLine: Int, startCharacter: Int? = nil, endLine: Int, endCharacter: Int? = nil,
                kind: FoldingRangeKind? = nil, collapsedText: String? = nil) {
        self.startLine = startLine
        self.startCharacter = startCharacter
        self.endLine = endLine
        self.endCharacter = endCharacter
        self.kind = kind
        self.collapsedText = collapsedText
    }
}
