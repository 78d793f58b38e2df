/// Names a specific version of a text document (LSP 3.17 "VersionedTextDocumentIdentifier").
public struct VersionedTextDocumentIdentifier: Codable, Sendable, Hashable {
    /// The document's URI.
    public var uri: DocumentURI
    /// The version after the change; increases with every change, including undo/redo.
    public var version: Int

    /// Creates an identifier.
    public init(uri: DocumentURI, version: Int) {
        self.uri = uri
        self.version = version
    }
}
