/// `textDocument/didChange` (LSP 3.17): edits to an open document.
public enum DidChangeTextDocumentNotification: LSPNotification {
    /// The params: ``DidChangeTextDocumentParams``.
    public typealias Params = DidChangeTextDocumentParams
    /// The method name.
    public static let method = LSPMethod.textDocumentDidChange
}

/// The params of `textDocument/didChange`.
public struct DidChangeTextDocumentParams: Codable, Sendable, Hashable {
    /// The document and its version after all `contentChanges`.
    public var textDocument: VersionedTextDocumentIdentifier
    /// The changes, to apply in order (each to the result of the previous).
    public var contentChanges: [TextDocumentContentChangeEvent]

    /// Creates params.
    public init(textDocument: VersionedTextDocumentIdentifier, contentChanges: [TextDocumentContentChangeEvent]) {
        self.textDocument = textDocument
        self.contentChanges = contentChanges
    }
}
