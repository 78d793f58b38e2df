/// Names a specific version of a text document (LSP 3.17 "VersionedTextDocumentIdentifier").
public struct VersionedTextDocumentIdentifier: Codable, Sendable, Hashable {
    /// The document's URI — an LSP `DocumentUri` (e.g. `file:///a.yaml`), kept exactly as the client sent it.
    public var uri: String
    /// The version after the change; increases with every change, including undo/redo.
    public var version: Int

    /// Creates an identifier.
    public init(uri: String, version: Int) {
        self.uri = uri
        self.version = version
    }
}
