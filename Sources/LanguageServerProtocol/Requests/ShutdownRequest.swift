/// `shutdown` (LSP 3.17 "Shutdown Request"): no params, result `null`; afterwards only `exit` is expected.
public enum ShutdownRequest: LSPRequest {
    /// The params: ``EmptyParams``.
    public typealias Params = EmptyParams
    /// The result: `NullResult`.
    public typealias Response = NullResult
    /// The method name.
    public static let method = LSPMethod.shutdown
}
