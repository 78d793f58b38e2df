import JSONRPC

/// `workspace/configuration` (LSP 3.17), server to client: asks for settings sections; the result has
/// one raw value per item, in order (`null` when the client has none).
public enum ConfigurationRequest: LSPRequest {
    /// The params: ``ConfigurationParams``.
    public typealias Params = ConfigurationParams
    /// The result: `[LSPAny]`.
    public typealias Response = [LSPAny]
    /// The method name.
    public static let method = LSPMethod.workspaceConfiguration
}

/// The params of `workspace/configuration`.
public struct ConfigurationParams: Codable, Sendable, Hashable {
    /// The sections asked for.
    public var items: [ConfigurationItem]

    /// Creates params.
    public init(items: [ConfigurationItem]) { self.items = items }
}

/// One section asked for in `workspace/configuration` (LSP 3.17 "ConfigurationItem").
public struct ConfigurationItem: Codable, Sendable, Hashable {
    /// The resource whose settings are wanted.
    public var scopeUri: String?
    /// The settings section, e.g. `yaml`.
    public var section: String?

    /// Creates an item.
    public init(scopeUri: String? = nil, section: String? = nil) {
        self.scopeUri = scopeUri
        self.section = section
    }
}
