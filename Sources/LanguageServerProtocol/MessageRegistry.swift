/// The table of every request and notification type, so a dispatcher or a test can enumerate them.
public enum MessageRegistry {
    /// All request types (client to server, and `workspace/configuration` and `client/registerCapability`
    /// server to client).
    public static let requests: [any LSPRequest.Type] = [
        InitializeRequest.self, ShutdownRequest.self, DocumentDiagnosticRequest.self, DocumentSymbolRequest.self,
        DocumentFormattingRequest.self, DocumentRangeFormattingRequest.self, HoverRequest.self,
        CompletionRequest.self, FoldingRangeRequest.self, ConfigurationRequest.self,
        CompletionItemResolveRequest.self, DefinitionRequest.self, ReferencesRequest.self,
        DocumentHighlightRequest.self, RenameRequest.self, PrepareRenameRequest.self,
        LinkedEditingRangeRequest.self, SelectionRangeRequest.self, DocumentLinkRequest.self,
        SemanticTokensFullRequest.self, SemanticTokensRangeRequest.self, CodeActionRequest.self, CodeActionResolveRequest.self,
        WorkspaceSymbolRequest.self, WorkspaceDiagnosticRequest.self,
        DocumentOnTypeFormattingRequest.self, WillSaveTextDocumentWaitUntilRequest.self, RegistrationRequest.self,
        DiagnosticRefreshRequest.self, SemanticTokensRefreshRequest.self, FoldingRangeRefreshRequest.self,
        WorkDoneProgressCreateRequest.self, SchemaInfoRequest.self,
    ]

    /// All notification types, both directions.
    public static let notifications: [any LSPNotification.Type] = [
        InitializedNotification.self, ExitNotification.self, CancelRequestNotification.self,
        SetTraceNotification.self, LogTraceNotification.self,
        DidOpenTextDocumentNotification.self, DidChangeTextDocumentNotification.self,
        DidCloseTextDocumentNotification.self, DidSaveTextDocumentNotification.self,
        PublishDiagnosticsNotification.self, DidChangeConfigurationNotification.self,
        DidChangeWorkspaceFoldersNotification.self, DidChangeWatchedFilesNotification.self,
        LogMessageNotification.self, ShowMessageNotification.self, ProgressNotification.self,
    ]

    /// The request type for `method`, if it is a request.
    public static func request(for method: String) -> (any LSPRequest.Type)? {
        requests.first { $0.method.rawValue == method }
    }

    /// The notification type for `method`, if it is a notification.
    public static func notification(for method: String) -> (any LSPNotification.Type)? {
        notifications.first { $0.method.rawValue == method }
    }
}
