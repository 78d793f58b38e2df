/// A fix or refactoring (LSP 3.17 "CodeAction") carrying its edit.
public struct CodeAction: Codable, Sendable, Hashable {
    /// The title shown.
    public var title: String
    /// `quickfix`, `refactor.rewrite`, `source.fixAll.pureyaml`, ...
    public var kind: String?
    /// The diagnostics it repairs.
    public var diagnostics: [Diagnostic]?
    /// Whether it is the preferred fix.
    public var isPreferred: Bool?
    /// The edit to apply.
    public var edit: WorkspaceEdit?

    /// Creates an action.
    public init(title: String, kind: String? = nil, diagnostics: [Diagnostic]? = nil, isPreferred: Bool? = nil,
                edit: WorkspaceEdit? = nil) {
        self.title = title
        self.kind = kind
        self.diagnostics = diagnostics
        self.isPreferred = isPreferred
        self.edit = edit
    }
}
