import JSONRPC

/// `$/cancelRequest` (LSP 3.17 "Cancellation Support"): the request with `id` should be answered with
/// ``JSONRPC/ErrorCode/requestCancelled`` (or its result, if already computed).
public enum CancelRequestNotification: LSPNotification {
    /// The params: ``CancelParams``.
    public typealias Params = CancelParams
    /// The method name.
    public static let method = LSPMethod.cancelRequest
}

/// The params of `$/cancelRequest`.
public struct CancelParams: Codable, Sendable, Hashable {
    /// The id of the request to cancel.
    public var id: RequestID

    /// Creates params.
    public init(id: RequestID) { self.id = id }
}
