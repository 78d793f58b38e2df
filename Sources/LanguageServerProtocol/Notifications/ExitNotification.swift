/// `exit` (LSP 3.17 "Exit Notification"): the process should exit, with code 0 if `shutdown` came first, else 1.
public enum ExitNotification: LSPNotification {
    /// The params: ``EmptyParams``.
    public typealias Params = EmptyParams
    /// The method name.
    public static let method = LSPMethod.exit
}
