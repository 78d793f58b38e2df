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
    /// The document — an LSP `DocumentUri` (e.g. `file:///a.yaml`), kept exactly as the client sent it.
    public var uri: String
    /// The document version the diagnostics were computed for (when the client has `versionSupport`).
    public var version: Int?
    /// All diagnostics of the document.
    public var diagnostics: [Diagnostic]

    /// Creates params.
    public init(uri: String, version: Int? = nil, diagnostics: [Diagnostic]) {
        self.uri = uri
        self.version = version
        self.diagnostics = diagnostics
    }
}
