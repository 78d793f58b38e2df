/// `codeAction/resolve` (LSP 3.17 §"Code Action Resolve Request"): the code action with its lazily
/// computed properties (here its `edit`) filled in. A failure is a `ResponseError` (here -32803
/// `RequestFailed`, with a message for the user).
public enum CodeActionResolveRequest: LSPRequest {
    /// The params: the ``CodeAction`` to resolve, as the server sent it (with its `data`).
    public typealias Params = CodeAction
    /// The result: the resolved ``CodeAction``.
    public typealias Response = CodeAction
    /// The method name.
    public static let method = LSPMethod.codeActionResolve
}
