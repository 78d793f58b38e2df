import JSONRPC

/// A fix or refactoring (LSP 3.17 "CodeAction") carrying its edit, or, for a client that resolves code
/// actions, `data` that `codeAction/resolve` turns into the edit.
public struct CodeAction: Codable, Sendable, Hashable {
    /// The title shown.
    public var title: String
    /// `quickfix`, `refactor.rewrite`, `source.fixAll.pureyaml`, ...
    public var kind: String?
    /// The diagnostics it repairs.
    public var diagnostics: [Diagnostic]?
    /// Whether it is the preferred fix.
    public var isPreferred: Bool?
    /// The edit to apply; absent from an action the client is to resolve (`codeAction/resolve`).
    public var edit: WorkspaceEdit?
    /// Kept by the client between `textDocument/codeAction` and `codeAction/resolve` (LSP 3.17, client
    /// capability `codeAction.dataSupport`): what the server needs to find the action again.
    public var data: LSPAny?

    /// Creates an action.
    public init(title: String, kind: String? = nil, diagnostics: [Diagnostic]? = nil, isPreferred: Bool? = nil,
                edit: WorkspaceEdit? = nil, data: LSPAny? = nil) {
        self.title = title
        self.kind = kind
        self.diagnostics = diagnostics
        self.isPreferred = isPreferred
        self.edit = edit
        self.data = data
    }
}
