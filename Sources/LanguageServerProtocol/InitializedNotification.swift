/// `initialized` (LSP 3.17 "Initialized Notification"): sent once after the `initialize` result; params `{}`.
public enum InitializedNotification: LSPNotification {
    public typealias Params = EmptyParams
    public static let method = LSPMethod.initialized
}
