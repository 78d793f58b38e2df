/// `shutdown` (LSP 3.17 "Shutdown Request"): no params, result `null`; afterwards only `exit` is expected.
public enum ShutdownRequest: LSPRequest {
    public typealias Params = EmptyParams
    public typealias Response = NullResult
    public static let method = LSPMethod.shutdown
}
