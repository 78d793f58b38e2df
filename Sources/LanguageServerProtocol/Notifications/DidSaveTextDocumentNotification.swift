/// `textDocument/didSave` (LSP 3.17).
public enum DidSaveTextDocumentNotification: LSPNotification {
    /// The params: ``DidSaveTextDocumentParams``.
    public typealias Params = DidSaveTextDocumentParams
    /// The method name.
    public static let method = LSPMethod.textDocumentDidSave
}

/// The params of `textDocument/didSave`.
public struct DidSaveTextDocumentParams: Codable, Sendable, Hashable {
    /// The saved document.
    public var textDocument: TextDocumentIdentifier
    /// The saved content, when `includeText` was requested.
    public var text: String?

    /// Creates params.
    public init(textDocument: TextDocumentIdentifier, text: String? = nil) {
        self.textDocument = textDocument
        self.text = text
    }
}
