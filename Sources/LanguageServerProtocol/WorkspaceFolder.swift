/// A workspace folder (LSP 3.17 "WorkspaceFolder").
public struct WorkspaceFolder: Codable, Sendable, Hashable {
    /// The folder's URI.
    public var uri: DocumentURI
    /// Its display name.
    public var name: String

    /// Creates a folder.
    public init(uri: DocumentURI, name: String) {
        self.uri = uri
        self.name = name
    }
}
