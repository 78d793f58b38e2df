/// The `error` member of a JSON-RPC 2.0 response (JSON-RPC 2.0 §5.1): code, message, optional data.
/// Also usable as a Swift `Error`, so handlers can `throw ResponseError.invalidParams("...")`.
public struct ResponseError: Error, Sendable, Hashable, Codable {
    /// The error code (see ``ErrorCode`` for the named ones).
    public var code: ErrorCode
    /// A short human-readable description.
    public var message: String
    /// Extra information; omitted from the JSON when nil.
    public var data: LSPAny?

    /// Creates an error object.
    public init(code: ErrorCode, message: String, data: LSPAny? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// -32700: the bytes were not JSON.
    public static func parseError(_ message: String) -> ResponseError { .init(code: .parseError, message: message) }
    /// -32600: JSON, but not a valid JSON-RPC message.
    public static func invalidRequest(_ message: String) -> ResponseError { .init(code: .invalidRequest, message: message) }
    /// -32601: no such method.
    public static func methodNotFound(_ method: String) -> ResponseError {
        .init(code: .methodNotFound, message: "method not found: \(method)")
    }
    /// -32602: the params did not decode.
    public static func invalidParams(_ message: String) -> ResponseError { .init(code: .invalidParams, message: message) }
    /// -32603: a bug or an unexpected failure inside the server.
    public static func internalError(_ message: String) -> ResponseError { .init(code: .internalError, message: message) }
    /// -32002: a request before `initialize` (LSP 3.17 "Initialize Request").
    public static let serverNotInitialized = ResponseError(code: .serverNotInitialized, message: "server not initialized")
    /// -32800: cancelled by the client (`$/cancelRequest`).
    public static let requestCancelled = ResponseError(code: .requestCancelled, message: "request cancelled")
    /// -32801: the content changed so the result would be stale.
    public static let contentModified = ResponseError(code: .contentModified, message: "content modified")
}
