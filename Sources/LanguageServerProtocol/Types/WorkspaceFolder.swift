/// A workspace folder (LSP 3.17 "WorkspaceFolder").
public struct WorkspaceFolder: Codable, Sendable, Hashable {
    /// The folder's URI — an LSP `DocumentUri` (e.g. `file:///a.yaml`), kept exactly as the client sent it.
    public var uri: String
    /// Its display name.
    public var name: String

    /// Creates a folder.
    public init(uri: String, name: String) {
        self.uri = uri
        self.name = name
    }
}
