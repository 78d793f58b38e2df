/// `textDocument/documentSymbol` (LSP 3.17): the outline. Answered with hierarchical symbols, or `null`.
public enum DocumentSymbolRequest: LSPRequest {
    /// The params: ``DocumentSymbolParams``.
    public typealias Params = DocumentSymbolParams
    /// The result: `[DocumentSymbol]?`.
    public typealias Response = [DocumentSymbol]?
    /// The method name.
    public static let method = LSPMethod.textDocumentDocumentSymbol
}

/// The params of `textDocument/documentSymbol`.
public struct DocumentSymbolParams: Codable, Sendable, Hashable {
    /// The document.
    public var textDocument: TextDocumentIdentifier

    /// Creates params.
    public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}
