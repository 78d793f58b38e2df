/// `exit` (LSP 3.17 "Exit Notification"): the process should exit, with code 0 if `shutdown` came first, else 1.
public enum ExitNotification: LSPNotification {
    public typealias Params = EmptyParams
    public static let method = LSPMethod.exit
}
