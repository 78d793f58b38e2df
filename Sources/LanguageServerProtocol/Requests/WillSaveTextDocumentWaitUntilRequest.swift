/// `textDocument/willSaveWaitUntil` (LSP 3.17): edits to apply before the document is saved, or `null`.
public enum WillSaveTextDocumentWaitUntilRequest: LSPRequest {
    /// The params: ``WillSaveTextDocumentParams``.
    public typealias Params = WillSaveTextDocumentParams
    /// The result: `[TextEdit]?`.
    public typealias Response = [TextEdit]?
    /// The method name.
    public static let method = LSPMethod.textDocumentWillSaveWaitUntil
}

/// The params of `textDocument/willSave` and `textDocument/willSaveWaitUntil`.
public struct WillSaveTextDocumentParams: Codable, Sendable, Hashable {
    /// The document about to be saved.
    public var textDocument: TextDocumentIdentifier
    /// Why it is saved (LSP 3.17 `TextDocumentSaveReason`): 1 manual, 2 after a delay, 3 focus out.
    public var reason: Int

    /// Creates params.
    public init(textDocument: TextDocumentIdentifier, reason: Int) {
        self.textDocument = textDocument
        self.reason = reason
    }
}
