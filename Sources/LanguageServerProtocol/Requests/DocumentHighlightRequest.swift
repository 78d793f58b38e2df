/// `textDocument/documentHighlight` (LSP 3.17): occurrences of the symbol at a position, or `null`.
public enum DocumentHighlightRequest: LSPRequest {
    /// The params: ``TextDocumentPositionParams``.
    public typealias Params = TextDocumentPositionParams
    /// The result: `DocumentHighlight[] | null`.
    public typealias Response = [DocumentHighlight]?
    /// The method name.
    public static let method = LSPMethod.textDocumentDocumentHighlight
}
