/// `textDocument/diagnostic` (LSP 3.17 "Document Diagnostics", pull model).
public enum DocumentDiagnosticRequest: LSPRequest {
    /// The params: ``DocumentDiagnosticParams``.
    public typealias Params = DocumentDiagnosticParams
    /// The result: `DocumentDiagnosticReport`.
    public typealias Response = DocumentDiagnosticReport
    /// The method name.
    public static let method = LSPMethod.textDocumentDiagnostic
}

/// The params of `textDocument/diagnostic`.
public struct DocumentDiagnosticParams: Codable, Sendable, Hashable {
    /// The document.
    public var textDocument: TextDocumentIdentifier
    /// The identifier from ``DiagnosticOptions``.
    public var identifier: String?
    /// The `resultId` of the client's previous report, if any.
    public var previousResultId: String?

    /// Creates params.
    public init(textDocument: TextDocumentIdentifier, identifier: String? = nil, previousResultId: String? = nil) {
        self.textDocument = textDocument
        self.identifier = identifier
        self.previousResultId = previousResultId
    }
}
