/// `initialized` (LSP 3.17 "Initialized Notification"): sent once after the `initialize` result; params `{}`.
public enum InitializedNotification: LSPNotification {
    /// The params: ``EmptyParams``.
    public typealias Params = EmptyParams
    /// The method name.
    public static let method = LSPMethod.initialized
}
