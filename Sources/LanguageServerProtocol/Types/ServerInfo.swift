/// The server's name and version, sent in ``InitializeResult`` (LSP 3.15+).
public struct ServerInfo: Codable, Sendable, Hashable {
    /// The server's name, e.g. `pureyaml`.
    public var name: String
    /// Its version.
    public var version: String?

    /// Creates server info.
    public init(name: String, version: String? = nil) {
        self.name = name
        self.version = version
    }
}
