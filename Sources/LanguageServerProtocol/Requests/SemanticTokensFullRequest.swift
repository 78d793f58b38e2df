/// `textDocument/semanticTokens/full` (LSP 3.17 "Semantic Tokens"): every token of a document, or `null`.
public enum SemanticTokensFullRequest: LSPRequest {
    /// The params: ``SemanticTokensParams``.
    public typealias Params = SemanticTokensParams
    /// The result: `SemanticTokens | null`.
    public typealias Response = SemanticTokens?
    /// The method name.
    public static let method = LSPMethod.textDocumentSemanticTokensFull
}

/// The params of `textDocument/semanticTokens/full`.
public struct SemanticTokensParams: Codable, Sendable, Hashable {
    /// The document.
    public var textDocument: TextDocumentIdentifier

    /// Creates params.
    public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}
