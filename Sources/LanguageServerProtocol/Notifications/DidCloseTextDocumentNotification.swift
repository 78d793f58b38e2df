/// `textDocument/didClose` (LSP 3.17): the document's truth is the file again.
public enum DidCloseTextDocumentNotification: LSPNotification {
    /// The params: ``DidCloseTextDocumentParams``.
    public typealias Params = DidCloseTextDocumentParams
    /// The method name.
    public static let method = LSPMethod.textDocumentDidClose
}

/// The params of `textDocument/didClose`.
public struct DidCloseTextDocumentParams: Codable, Sendable, Hashable {
    /// The closed document.
    public var textDocument: TextDocumentIdentifier

    /// Creates params.
    public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}
