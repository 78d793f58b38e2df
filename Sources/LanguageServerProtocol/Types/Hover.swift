/// The result of `textDocument/hover` (LSP 3.17 "Hover").
public struct Hover: Codable, Sendable, Hashable {
    /// What to show.
    public var contents: MarkupContent
    /// The range the hover applies to, highlighted by some clients.
    public var range: LSPRange?

    /// Creates a hover.
    public init(contents: MarkupContent, range: LSPRange? = nil) {
        self.contents = contents
        self.range = range
    }
}
