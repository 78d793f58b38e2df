/// `workspace/diagnostic/refresh` (LSP 3.17, server to client): the client should pull the diagnostics
/// of its open documents again. Sent only to clients that declare `workspace.diagnostics.refreshSupport`.
public enum DiagnosticRefreshRequest: LSPRequest {
    /// No params.
    public typealias Params = EmptyParams
    /// The result: `null`.
    public typealias Response = NullResult
    /// The method name.
    public static let method = LSPMethod.workspaceDiagnosticRefresh
}

/// `workspace/semanticTokens/refresh` (LSP 3.17, server to client): the client should request the
/// semantic tokens of its visible documents again. Only for `workspace.semanticTokens.refreshSupport`.
public enum SemanticTokensRefreshRequest: LSPRequest {
    /// No params.
    public typealias Params = EmptyParams
    /// The result: `null`.
    public typealias Response = NullResult
    /// The method name.
    public static let method = LSPMethod.workspaceSemanticTokensRefresh
}

/// `workspace/foldingRange/refresh` (LSP 3.18, server to client): the client should request folding
/// ranges again. Only for `workspace.foldingRange.refreshSupport`.
public enum FoldingRangeRefreshRequest: LSPRequest {
    /// No params.
    public typealias Params = EmptyParams
    /// The result: `null`.
    public typealias Response = NullResult
    /// The method name.
    public static let method = LSPMethod.workspaceFoldingRangeRefresh
}
