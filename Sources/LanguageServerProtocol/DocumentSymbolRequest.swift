/// `textDocument/documentSymbol` (LSP 3.17): the outline. Answered with hierarchical symbols, or `null`.
public enum DocumentSymbolRequest: LSPRequest {
    public typealias Params = DocumentSymbolParams
    public typealias Response = [DocumentSymbol]?
    public static let method = LSPMethod.textDocumentDocumentSymbol
}

/// The params of `textDocument/documentSymbol`.
public struct DocumentSymbolParams: Codable, Sendable, Hashable {
    /// The document.
    public var textDocument: TextDocumentIdentifier

    /// Creates params.
    public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}
