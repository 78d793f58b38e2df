/// `$/setTrace` (LSP 3.17 "SetTrace Notification"): changes the trace level.
public enum SetTraceNotification: LSPNotification {
    /// The params: ``SetTraceParams``.
    public typealias Params = SetTraceParams
    /// The method name.
    public static let method = LSPMethod.setTrace
}

/// The params of `$/setTrace`.
public struct SetTraceParams: Codable, Sendable, Hashable {
    /// `off`, `messages` or `verbose`.
    public var value: String

    /// Creates params.
    public init(value: String) { self.value = value }
}
