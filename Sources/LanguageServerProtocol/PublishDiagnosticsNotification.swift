/// `textDocument/publishDiagnostics` (LSP 3.17), server to client: replaces all diagnostics of `uri`
/// (an empty array clears them).
public enum PublishDiagnosticsNotification: LSPNotification {
    /// The params: ``PublishDiagnosticsParams``.
    public typealias Params = PublishDiagnosticsParams
    /// The method name.
    public static let method = LSPMethod.textDocumentPublishDiagnostics
}

/// The params of `textDocument/publishDiagnostics`.
public struct PublishDiagnosticsParams: Codable, Sendable, Hashable {
    /// The document.
    public var uri: DocumentURI
    /// The document version the diagnostics were computed for (when the client has `versionSupport`).
    public var version: Int?
    /// All diagnostics of the document.
    public var diagnostics: [Diagnostic]

    /// Creates params.
    public init(uri: DocumentURI, version: Int? = nil, diagnostics: [Diagnostic]) {
        self.uri = uri
        self.version = version
        self.diagnostics = diagnostics
    }
}
