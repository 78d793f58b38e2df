/// `textDocument/formatting` (LSP 3.17): edits that format the whole document, or `null`.
public enum DocumentFormattingRequest: LSPRequest {
    /// The params: ``DocumentFormattingParams``.
    public typealias Params = DocumentFormattingParams
    /// The result: `[TextEdit]?`.
    public typealias Response = [TextEdit]?
    /// The method name.
    public static let method = LSPMethod.textDocumentFormatting
}

/// The params of `textDocument/formatting`.
public struct DocumentFormattingParams: Codable, Sendable, Hashable {
    /// The document.
    public var textDocument: TextDocumentIdentifier
    /// The editor's formatting options.
    public var options: FormattingOptions

    /// Creates params.
    public init(textDocument: TextDocumentIdentifier, options: FormattingOptions) {
        self.textDocument = textDocument
        self.options = options
    }
}
