/// A JSON-RPC 2.0 notification: a request without `id`, never answered (JSON-RPC 2.0 §4.1).
public struct NotificationMessage: Sendable, Hashable {
    /// The method name, e.g. `textDocument/didChange`.
    public var method: String
    /// The raw `params` (an object or array), nil when absent or `null`.
    public var params: LSPAny?

    /// Creates a notification.
    public init(method: String, params: LSPAny? = nil) {
        self.method = method
        self.params = params
    }
}
