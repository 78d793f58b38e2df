/// `completionItem/resolve` (LSP 3.17): the item with its documentation filled in.
public enum CompletionItemResolveRequest: LSPRequest {
    /// The params: the ``CompletionItem`` to resolve.
    public typealias Params = CompletionItem
    /// The result: the resolved ``CompletionItem``.
    public typealias Response = CompletionItem
    /// The method name.
    public static let method = LSPMethod.completionItemResolve
}
