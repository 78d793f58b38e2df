/// `textDocument/rangeFormatting` (LSP 3.17): edits that format part of a document, or `null`.
public enum DocumentRangeFormattingRequest: LSPRequest {
    /// The params: ``DocumentRangeFormattingParams``.
    public typealias Params = DocumentRangeFormattingParams
    /// The result: `[TextEdit]?`.
    public typealias Response = [TextEdit]?
    /// The method name.
    public static let method = LSPMethod.textDocumentRangeFormatting
}

/// The params of `textDocument/rangeFormatting`.
public struct DocumentRangeFormattingParams: Codable, Sendable, Hashable {
    /// The document.
    public var textDocument: TextDocumentIdentifier
    /// The range to format, in ``Position`` units.
    public var range: LSPRange
    /// The editor's formatting options.
    public var options: FormattingOptions

    /// Creates params.
    public init(textDocument: TextDocumentIdentifier, range: LSPRange, options: FormattingOptions) {
        self.textDocument = textDocument
        self.range = range
        self.options = options
    }
}
