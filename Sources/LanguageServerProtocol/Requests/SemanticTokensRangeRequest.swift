/// `textDocument/semanticTokens/range` (LSP 3.17 "Semantic Tokens"): the tokens of part of a document.
public enum SemanticTokensRangeRequest: LSPRequest {
    /// The params: ``SemanticTokensRangeParams``.
    public typealias Params = SemanticTokensRangeParams
    /// The result: `SemanticTokens | null`.
    public typealias Response = SemanticTokens?
    /// The method name.
    public static let method = LSPMethod.textDocumentSemanticTokensRange
}

/// The params of `textDocument/semanticTokens/range`.
public struct SemanticTokensRangeParams: Codable, Sendable, Hashable {
    /// The document.
    public var textDocument: TextDocumentIdentifier
    /// The range, in ``Position`` units.
    public var range: LSPRange

    /// Creates params.
    public init(textDocument: TextDocumentIdentifier, range: LSPRange) {
        self.textDocument = textDocument
        self.range = range
    }
}
