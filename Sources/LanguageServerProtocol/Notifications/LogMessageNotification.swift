/// `window/logMessage` (LSP 3.17), server to client: a line for the client's log.
public enum LogMessageNotification: LSPNotification {
    /// The params: ``LogMessageParams``.
    public typealias Params = LogMessageParams
    /// The method name.
    public static let method = LSPMethod.windowLogMessage
}

/// The params of `window/logMessage`.
public struct LogMessageParams: Codable, Sendable, Hashable {
    /// The severity.
    public var type: MessageType
    /// The text.
    public var message: String

    /// Creates params.
    public init(type: MessageType, message: String) {
        self.type = type
        self.message = message
    }
}
