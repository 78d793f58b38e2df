/// A range inside a document (LSP 3.17 "Location").
public struct Location: Codable, Sendable, Hashable {
    /// The document.
    public var uri: DocumentURI
    /// The range, in ``Position`` units.
    public var range: LSPRange

    /// Creates a location.
    public init(uri: DocumentURI, range: LSPRange) {
        self.uri = uri
        self.range = range
    }
}
