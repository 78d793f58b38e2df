/// A text document as transferred on open (LSP 3.17 "TextDocumentItem").
public struct TextDocumentItem: Codable, Sendable, Hashable {
    /// The document's URI.
    public var uri: DocumentURI
    /// The language identifier, e.g. `yaml`.
    public var languageId: String
    /// The version number (increases after each change).
    public var version: Int
    /// The full content.
    public var text: String

    /// Creates a document item.
    public init(uri: DocumentURI, languageId: String, version: Int, text: String) {
        self.uri = uri
        self.languageId = languageId
        self.version = version
        self.text = text
    }
}
