import JSONRPC

/// A request of LSP 3.17: its method, the params it carries and the result it is answered with.
/// Conforming types are caseless enums; ``MessageRegistry`` lists them all.
public protocol LSPRequest: Sendable {
    /// The `params` type; ``EmptyParams`` for requests without params.
    associatedtype Params: Codable & Sendable
    /// The `result` type; ``NullResult`` for `null`, an `Optional` when the spec allows `null`.
    associatedtype Response: Codable & Sendable
    /// The method name.
    static var method: LSPMethod { get }
}
