import Foundation

/// A JSON-RPC 2.0 notification: a request without `id`, never answered (JSON-RPC 2.0 §4.1).
///
/// A received notification keeps its message bytes and decodes `params` from them on demand: use
/// ``decodeParams(as:)`` to get a typed value without building ``params`` first.
public struct NotificationMessage: Sendable, Hashable {
    /// The method name, e.g. `textDocument/didChange`.
    public var method: String
    /// Where the params come from.
    var source: MessageParams

    /// The raw `params` (an object or array), nil when absent or `null`. For a received message this
    /// decodes them from its bytes on every read.
    public var params: LSPAny? {
        get { source.value }
        set { source = .value(newValue) }
    }

    /// Creates a notification.
    public init(method: String, params: LSPAny? = nil) {
        self.method = method
        source = .value(params)
    }

    /// A received notification whose params stay in `body`, the whole message (already checked by ``Message``).
    init(method: String, body: Data) {
        self.method = method
        source = .message(body)
    }

    /// Decodes the params as `T` (absent or `null` params are read as JSON `null`), straight from the
    /// received bytes when there are any.
    /// - Throws: the `DecodingError` describing the mismatch, its coding path relative to the params.
    public func decodeParams<T: Decodable>(as type: T.Type) throws -> T {
        try source.decode(T.self)
    }

    /// Notifications are equal when method and params are (however the params are held).
    public static func == (a: NotificationMessage, b: NotificationMessage) -> Bool {
        a.method == b.method && a.params == b.params
    }

    /// Hashes the method (equal notifications have equal hashes).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
    }
}
