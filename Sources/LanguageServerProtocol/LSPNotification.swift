import JSONRPC

/// A notification of LSP 3.17 (no response): its method and params.
public protocol LSPNotification: Sendable {
    /// The `params` type; ``EmptyParams`` for notifications without params.
    associatedtype Params: Codable & Sendable
    /// The method name.
    static var method: LSPMethod { get }
}
