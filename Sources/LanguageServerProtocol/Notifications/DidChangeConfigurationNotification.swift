import JSONRPC

/// `workspace/didChangeConfiguration` (LSP 3.17): settings changed. Many clients send `settings: null`
/// and expect the server to pull with `workspace/configuration`.
public enum DidChangeConfigurationNotification: LSPNotification {
    /// The params: ``DidChangeConfigurationParams``.
    public typealias Params = DidChangeConfigurationParams
    /// The method name.
    public static let method = LSPMethod.workspaceDidChangeConfiguration
}

/// The params of `workspace/didChangeConfiguration`.
public struct DidChangeConfigurationParams: Codable, Sendable, Hashable {
    /// The changed settings, raw; ``JSONRPC/LSPAny/null`` when `null` or absent.
    public var settings: LSPAny

    /// Creates params.
    public init(settings: LSPAny) { self.settings = settings }

    private enum CodingKeys: String, CodingKey { case settings }

    /// Decodes params; a missing `settings` reads as `null`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        settings = try container.decodeIfPresent(LSPAny.self, forKey: .settings) ?? .null
    }
}
