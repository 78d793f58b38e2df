/// One highlighted occurrence (LSP 3.17 "DocumentHighlight").
public struct DocumentHighlight: Codable, Sendable, Hashable {
    /// The range, in ``Position`` units.
    public var range: LSPRange
    /// Text, read or write; text when absent.
    public var kind: DocumentHighlightKind?

    /// Creates a highlight.
    public init(range: LSPRange, kind: DocumentHighlightKind? = nil) {
        self.range = range
        self.kind = kind
    }
}
