/// `textDocument/didOpen` (LSP 3.17): the client now owns the document's content.
public enum DidOpenTextDocumentNotification: LSPNotification {
    /// The params: ``DidOpenTextDocumentParams``.
    public typealias Params = DidOpenTextDocumentParams
    /// The method name.
    public static let method = LSPMethod.textDocumentDidOpen
}

/// The params of `textDocument/didOpen`.
public struct DidOpenTextDocumentParams: Codable, Sendable, Hashable {
    /// The opened document with its full text.
    public var textDocument: TextDocumentItem

    /// Creates params.
    public init(textDocument: TextDocumentItem) { self.textDocument = textDocument }
}
