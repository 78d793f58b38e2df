/// `window/showMessage` (LSP 3.17), server to client: a message shown to the user.
public enum ShowMessageNotification: LSPNotification {
    /// The params: ``ShowMessageParams``.
    public typealias Params = ShowMessageParams
    /// The method name.
    public static let method = LSPMethod.windowShowMessage
}

/// The params of `window/showMessage`.
public struct ShowMessageParams: Codable, Sendable, Hashable {
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
