import JSONRPC

/// What the server provides (LSP 3.17 "ServerCapabilities"). Nil members are omitted from the JSON,
/// which clients read as "not provided".
public struct ServerCapabilities: Codable, Sendable, Hashable {
    /// The position encoding chosen from the client's list (LSP 3.17); nil means `utf-16`.
    public var positionEncoding: PositionEncodingKind?
    /// How documents are synchronised.
    public var textDocumentSync: TextDocumentSyncOptions?
    /// Whether `textDocument/hover` is served.
    public var hoverProvider: Bool?
    /// `textDocument/completion` options, or nil when not served.
    public var completionProvider: CompletionOptions?
    /// Whether `textDocument/documentSymbol` is served.
    public var documentSymbolProvider: Bool?
    /// Whether `textDocument/formatting` is served.
    public var documentFormattingProvider: Bool?
    /// Whether `textDocument/rangeFormatting` is served.
    public var documentRangeFormattingProvider: Bool?
    /// `textDocument/onTypeFormatting` options, or nil when not served.
    public var documentOnTypeFormattingProvider: DocumentOnTypeFormattingOptions?
    /// Whether `textDocument/foldingRange` is served.
    public var foldingRangeProvider: Bool?
    /// Whether `textDocument/selectionRange` is served.
    public var selectionRangeProvider: Bool?
    /// Whether `textDocument/codeAction` is served, with its options (`resolveProvider`).
    public var codeActionProvider: CodeActionProvider?
    /// Pull diagnostics (`textDocument/diagnostic`) options, or nil when not served.
    public var diagnosticProvider: DiagnosticOptions?
    /// Whether `textDocument/definition` is served.
    public var definitionProvider: Bool?
    /// Whether `textDocument/references` is served.
    public var referencesProvider: Bool?
    /// Whether `textDocument/documentHighlight` is served.
    public var documentHighlightProvider: Bool?
    /// Rename options (with `prepareProvider`), or nil when not served.
    public var renameProvider: RenameOptions?
    /// Whether `textDocument/linkedEditingRange` is served.
    public var linkedEditingRangeProvider: Bool?
    /// Document link options, or nil when not served.
    public var documentLinkProvider: DocumentLinkOptions?
    /// Whether `workspace/symbol` is served.
    public var workspaceSymbolProvider: Bool?
    /// Semantic token options, or nil when not served.
    public var semanticTokensProvider: SemanticTokensOptions?
    /// Workspace-specific capabilities, raw (e.g. `{"workspaceFolders":{"supported":true}}`).
    public var workspace: LSPAny?
    /// Experimental capabilities, raw.
    public var experimental: LSPAny?

    /// Creates capabilities; everything not given is omitted.
    public init(positionEncoding: PositionEncodingKind? = nil, textDocumentSync: TextDocumentSyncOptions? = nil,
                hoverProvider: Bool? = nil, completionProvider: CompletionOptions? = nil,
                documentSymbolProvider: Bool? = nil, documentFormattingProvider: Bool? = nil,
                documentRangeFormattingProvider: Bool? = nil, foldingRangeProvider: Bool? = nil,
                selectionRangeProvider: Bool? = nil, codeActionProvider: CodeActionProvider? = nil,
                diagnosticProvider: DiagnosticOptions? = nil, workspace: LSPAny? = nil, experimental: LSPAny? = nil,
                definitionProvider: Bool? = nil, referencesProvider: Bool? = nil, documentHighlightProvider: Bool? = nil,
                renameProvider: RenameOptions? = nil, linkedEditingRangeProvider: Bool? = nil,
                documentLinkProvider: DocumentLinkOptions? = nil, workspaceSymbolProvider: Bool? = nil,
                semanticTokensProvider: SemanticTokensOptions? = nil) {
        self.definitionProvider = definitionProvider
        self.referencesProvider = referencesProvider
        self.documentHighlightProvider = documentHighlightProvider
        self.renameProvider = renameProvider
        self.linkedEditingRangeProvider = linkedEditingRangeProvider
        self.documentLinkProvider = documentLinkProvider
        self.workspaceSymbolProvider = workspaceSymbolProvider
        self.semanticTokensProvider = semanticTokensProvider
        self.positionEncoding = positionEncoding
        self.textDocumentSync = textDocumentSync
        self.hoverProvider = hoverProvider
        self.completionProvider = completionProvider
        self.documentSymbolProvider = documentSymbolProvider
        self.documentFormattingProvider = documentFormattingProvider
        self.documentRangeFormattingProvider = documentRangeFormattingProvider
        self.foldingRangeProvider = foldingRangeProvider
        self.selectionRangeProvider = selectionRangeProvider
        self.codeActionProvider = codeActionProvider
        self.diagnosticProvider = diagnosticProvider
        self.workspace = workspace
        self.experimental = experimental
    }
}
