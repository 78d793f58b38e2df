/// A JSON-RPC 2.0 request: it has an `id` and expects exactly one response (JSON-RPC 2.0 §4).
public struct RequestMessage: Sendable, Hashable {
    /// The id the response must repeat.
    public var id: RequestID
    /// The method name, e.g. `textDocument/documentSymbol`.
    public var method: String
    /// The raw `params` (an object or array), nil when absent or `null`.
    public var params: LSPAny?

    /// Creates a request.
    public init(id: RequestID, method: String, params: LSPAny? = nil) {
        self.id = id
        self.method = method
        self.params = params
    }
}
