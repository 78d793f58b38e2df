/// A link in a document (LSP 3.17 "DocumentLink").
public struct DocumentLink: Codable, Sendable, Hashable {
    /// The linked text, in ``Position`` units.
    public var range: LSPRange
    /// The URI to open.
    public var target: String?
    /// A tooltip.
    public var tooltip: String?

    /// Creates a link.
    public init(range: LSPRange, target: String? = nil, tooltip: String? = nil) {
        self.range = range
        self.target = target
        self.tooltip = tooltip
    }
}
