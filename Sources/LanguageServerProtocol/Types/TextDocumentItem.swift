/// A text document as transferred on open (LSP 3.17 "TextDocumentItem").
public struct TextDocumentItem: Codable, Sendable, Hashable {
    /// The document's URI — an LSP `DocumentUri` (e.g. `file:///a.yaml`), kept exactly as the client sent it.
    public var uri: String
    /// The language identifier, e.g. `yaml`.
    public var languageId: String
    /// The version number (increases after each change).
    public var version: Int
    /// The full content.
    public var text: String

    /// Creates a document item.
    public init(uri: String, languageId: String, version: Int, text: String) {
        self.uri = uri
        self.languageId = languageId
        self.version = version
        self.text = text
    }
}
