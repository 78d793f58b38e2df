/// The result of `initialize` (LSP 3.17 "InitializeResult").
public struct InitializeResult: Codable, Sendable, Hashable {
    /// What the server provides.
    public var capabilities: ServerCapabilities
    /// The server's name and version.
    public var serverInfo: ServerInfo?

    /// Creates a result.
    public init(capabilities: ServerCapabilities, serverInfo: ServerInfo? = nil) {
        self.capabilities = capabilities
        self.serverInfo = serverInfo
    }
}
