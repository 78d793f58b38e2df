/// Names a text document (LSP 3.17 "TextDocumentIdentifier").
public struct TextDocumentIdentifier: Codable, Sendable, Hashable {
    /// The document's URI — an LSP `DocumentUri` (e.g. `file:///a.yaml`), kept exactly as the client sent it.
    public var uri: String

    /// Creates an identifier.
    public init(uri: String) { self.uri = uri }
}
