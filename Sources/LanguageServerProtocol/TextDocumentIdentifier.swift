/// Names a text document (LSP 3.17 "TextDocumentIdentifier").
public struct TextDocumentIdentifier: Codable, Sendable, Hashable {
    /// The document's URI.
    public var uri: DocumentURI

    /// Creates an identifier.
    public init(uri: DocumentURI) { self.uri = uri }
}
