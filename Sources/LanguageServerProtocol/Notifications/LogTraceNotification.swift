/// `$/logTrace` (LSP 3.17 "LogTrace Notification"), server to client, only when tracing is on.
public enum LogTraceNotification: LSPNotification {
    /// The params: ``LogTraceParams``.
    public typealias Params = LogTraceParams
    /// The method name.
    public static let method = LSPMethod.logTrace
}

/// The params of `$/logTrace`.
public struct LogTraceParams: Codable, Sendable, Hashable {
    /// The message.
    public var message: String
    /// More detail, only when the trace level is `verbose`.
    public var verbose: String?

    /// Creates params.
    public init(message: String, verbose: String? = nil) {
        self.message = message
        self.verbose = verbose
    }
}
