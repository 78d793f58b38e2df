/// Every LSP 3.17 method name the server knows (the registry of names; see ``MessageRegistry`` for
/// which type carries each).
public enum LSPMethod: String, Sendable, CaseIterable {
    // Lifecycle.
    /// Request `initialize`.
    case initialize
    /// Notification `initialized`.
    case initialized
    /// Request `shutdown`.
    case shutdown
    /// Notification `exit`.
    case exit
    // Protocol housekeeping.
    /// Notification `$/cancelRequest` (both directions).
    case cancelRequest = "$/cancelRequest"
    /// Notification `$/setTrace`.
    case setTrace = "$/setTrace"
    /// Notification `$/logTrace`.
    case logTrace = "$/logTrace"
    // Document synchronisation.
    /// Notification `textDocument/didOpen`.
    case textDocumentDidOpen = "textDocument/didOpen"
    /// Notification `textDocument/didChange`.
    case textDocumentDidChange = "textDocument/didChange"
    /// Notification `textDocument/didClose`.
    case textDocumentDidClose = "textDocument/didClose"
    /// Notification `textDocument/didSave`.
    case textDocumentDidSave = "textDocument/didSave"
    // Language features.
    /// Notification `textDocument/publishDiagnostics` (server to client).
    case textDocumentPublishDiagnostics = "textDocument/publishDiagnostics"
    /// Request `textDocument/diagnostic` (pull diagnostics).
    case textDocumentDiagnostic = "textDocument/diagnostic"
    /// Request `textDocument/documentSymbol`.
    case textDocumentDocumentSymbol = "textDocument/documentSymbol"
    /// Request `textDocument/formatting`.
    case textDocumentFormatting = "textDocument/formatting"
    /// Request `textDocument/rangeFormatting`.
    case textDocumentRangeFormatting = "textDocument/rangeFormatting"
    /// Request `textDocument/onTypeFormatting`.
    case textDocumentOnTypeFormatting = "textDocument/onTypeFormatting"
    /// Request `textDocument/willSaveWaitUntil`.
    case textDocumentWillSaveWaitUntil = "textDocument/willSaveWaitUntil"
    /// Request `textDocument/hover`.
    case textDocumentHover = "textDocument/hover"
    /// Request `textDocument/completion`.
    case textDocumentCompletion = "textDocument/completion"
    /// Request `textDocument/foldingRange`.
    case textDocumentFoldingRange = "textDocument/foldingRange"
    /// Request `completionItem/resolve`.
    case completionItemResolve = "completionItem/resolve"
    /// Request `textDocument/definition`.
    case textDocumentDefinition = "textDocument/definition"
    /// Request `textDocument/references`.
    case textDocumentReferences = "textDocument/references"
    /// Request `textDocument/documentHighlight`.
    case textDocumentDocumentHighlight = "textDocument/documentHighlight"
    /// Request `textDocument/rename`.
    case textDocumentRename = "textDocument/rename"
    /// Request `textDocument/prepareRename`.
    case textDocumentPrepareRename = "textDocument/prepareRename"
    /// Request `textDocument/linkedEditingRange`.
    case textDocumentLinkedEditingRange = "textDocument/linkedEditingRange"
    /// Request `textDocument/selectionRange`.
    case textDocumentSelectionRange = "textDocument/selectionRange"
    /// Request `textDocument/documentLink`.
    case textDocumentDocumentLink = "textDocument/documentLink"
    /// Request `textDocument/semanticTokens/full`.
    case textDocumentSemanticTokensFull = "textDocument/semanticTokens/full"
    /// Request `textDocument/semanticTokens/range`.
    case textDocumentSemanticTokensRange = "textDocument/semanticTokens/range"
    /// Request `textDocument/codeAction`.
    case textDocumentCodeAction = "textDocument/codeAction"
    /// Request `codeAction/resolve`.
    case codeActionResolve = "codeAction/resolve"
    /// Request `workspace/symbol`.
    case workspaceSymbol = "workspace/symbol"
    /// Request `workspace/diagnostic` (pull diagnostics for the workspace).
    case workspaceDiagnostic = "workspace/diagnostic"
    // Workspace and window.
    /// Notification `workspace/didChangeConfiguration`.
    case workspaceDidChangeConfiguration = "workspace/didChangeConfiguration"
    /// Notification `workspace/didChangeWorkspaceFolders`.
    case workspaceDidChangeWorkspaceFolders = "workspace/didChangeWorkspaceFolders"
    /// Request `workspace/configuration` (server to client).
    case workspaceConfiguration = "workspace/configuration"
    /// Notification `workspace/didChangeWatchedFiles`.
    case workspaceDidChangeWatchedFiles = "workspace/didChangeWatchedFiles"
    /// Request `client/registerCapability` (server to client).
    case clientRegisterCapability = "client/registerCapability"
    /// Notification `window/logMessage` (server to client).
    case windowLogMessage = "window/logMessage"
    /// Notification `window/showMessage` (server to client).
    case windowShowMessage = "window/showMessage"
    /// Request `window/workDoneProgress/create` (server to client).
    case windowWorkDoneProgressCreate = "window/workDoneProgress/create"
    /// Notification `$/progress` (server to client here).
    case progress = "$/progress"
    /// Request `workspace/diagnostic/refresh` (server to client).
    case workspaceDiagnosticRefresh = "workspace/diagnostic/refresh"
    /// Request `workspace/semanticTokens/refresh` (server to client).
    case workspaceSemanticTokensRefresh = "workspace/semanticTokens/refresh"
    /// Request `workspace/foldingRange/refresh` (server to client, LSP 3.18).
    case workspaceFoldingRangeRefresh = "workspace/foldingRange/refresh"
    // PureYAML's own.
    /// Request `pureyaml/schemaInfo`.
    case pureyamlSchemaInfo = "pureyaml/schemaInfo"
}
