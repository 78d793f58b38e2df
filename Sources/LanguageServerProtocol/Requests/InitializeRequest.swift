import JSONRPC

/// `initialize` (LSP 3.17 "Initialize Request"): the first request; until it is answered the server
/// answers other requests with ``JSONRPC/ErrorCode/serverNotInitialized``.
public enum InitializeRequest: LSPRequest {
    /// The params: ``InitializeParams``.
    public typealias Params = InitializeParams
    /// The result: `InitializeResult`.
    public typealias Response = InitializeResult
    /// The method name.
    public static let method = LSPMethod.initialize
}

/// The params of `initialize` (LSP 3.17 "InitializeParams"); only the members the server uses are typed,
/// unknown members are ignored.
public struct InitializeParams: Codable, Sendable, Hashable {
    /// The client's process id, or nil (`null`) when it has none.
    public var processId: Int?
    /// The client's name and version.
    public var clientInfo: ClientInfo?
    /// The UI locale, e.g. `en-us`.
    public var locale: String?
    /// Deprecated root path; nil when absent or `null`.
    public var rootPath: String?
    /// Deprecated in favour of `workspaceFolders`; nil when absent or `null`.
    public var rootUri: String?
    /// User-provided options, as raw JSON.
    public var initializationOptions: LSPAny?
    /// What the client supports.
    public var capabilities: ClientCapabilities
    /// `off`, `messages` or `verbose`.
    public var trace: String?
    /// The open workspace folders; nil when absent or `null` (no folder open).
    public var workspaceFolders: [WorkspaceFolder]?

    /// Creates params (mostly for tests).
    public init(processId: Int? = nil, clientInfo: ClientInfo? = nil, locale: String? = nil, rootPath: String? = nil,
                rootUri: String? = nil, initializationOptions: LSPAny? = nil,
                capabilities: ClientCapabilities = ClientCapabilities(), trace: String? = nil,
                workspaceFolders: [WorkspaceFolder]? = nil) {
        self.processId = processId
        self.clientInfo = clientInfo
        self.locale = locale
        self.rootPath = rootPath
        self.rootUri = rootUri
        self.initializationOptions = initializationOptions
        self.capabilities = capabilities
        self.trace = trace
        self.workspaceFolders = workspaceFolders
    }

    /// The client's name and version (LSP 3.15+).
    public struct ClientInfo: Codable, Sendable, Hashable {
        /// The client's name, e.g. `Visual Studio Code`.
        public var name: String
        /// Its version.
        public var version: String?

        /// Creates client info.
        public init(name: String, version: String? = nil) {
            self.name = name
            self.version = version
        }
    }
}
