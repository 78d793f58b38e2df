/// A range inside a document (LSP 3.17 "Location").
public struct Location: Codable, Sendable, Hashable {
    /// The document — an LSP `DocumentUri` (e.g. `file:///a.yaml`), kept exactly as the client sent it.
    public var uri: String
    /// The range, in ``Position`` units.
    public var range: LSPRange

    /// Creates a location.
    public init(uri: String, range: LSPRange) {
        self.uri = uri
        self.range = range
    }
}
