import Foundation

/// A JSON-RPC 2.0 request: it has an `id` and expects exactly one response (JSON-RPC 2.0 §4).
///
/// A received request keeps its message bytes and decodes `params` from them on demand: use
/// ``decodeParams(as:)`` to get a typed value without building ``params`` first.
public struct RequestMessage: Sendable, Hashable {
    /// The id the response must repeat.
    public var id: RequestID
    /// The method name, e.g. `textDocument/documentSymbol`.
    public var method: String
    /// Where the params come from.
    var source: MessageParams

    /// The raw `params` (an object or array), nil when absent or `null`. For a received message this
    /// decodes them from its bytes on every read.
    public var params: LSPAny? {
        get { source.value }
        set { source = .value(newValue) }
    }

    /// Creates a request.
    public init(id: RequestID, method: String, params: LSPAny? = nil) {
        self.id = id
        self.method = method
        source = .value(params)
    }

    /// A received request whose params stay in `body`, the whole message (already checked by ``Message``).
    init(id: RequestID, method: String, body: Data) {
        self.id = id
        self.method = method
        source = .message(body)
    }

    /// Decodes the params as `T` (absent or `null` params are read as JSON `null`), straight from the
    /// received bytes when there are any.
    /// - Throws: the `DecodingError` describing the mismatch, its coding path relative to the params.
    public func decodeParams<T: Decodable>(as type: T.Type) throws -> T {
        try source.decode(T.self)
    }

    /// Requests are equal when id, method and params are (however the params are held).
    public static func == (a: RequestMessage, b: RequestMessage) -> Bool {
        a.id == b.id && a.method == b.method && a.params == b.params
    }

    /// Hashes id and method (equal requests have equal hashes).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(method)
    }
}
