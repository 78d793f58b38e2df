/// `textDocument/documentLink` (LSP 3.17): the links of a document, or `null`.
public enum DocumentLinkRequest: LSPRequest {
    /// The params: ``DocumentLinkParams``.
    public typealias Params = DocumentLinkParams
    /// The result: `DocumentLink[] | null`.
    public typealias Response = [DocumentLink]?
    /// The method name.
    public static let method = LSPMethod.textDocumentDocumentLink
}

/// The params of `textDocument/documentLink`.
public struct DocumentLinkParams: Codable, Sendable, Hashable {
    /// The document.
    public var textDocument: TextDocumentIdentifier

    /// Creates params.
    public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}
