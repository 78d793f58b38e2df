/// Edits to several documents (LSP 3.17 "WorkspaceEdit"), in the `changes` form (by URI, no version) or,
/// for clients that support it (`workspace.workspaceEdit.documentChanges`), the versioned
/// `documentChanges` form.
public struct WorkspaceEdit: Codable, Sendable, Hashable {
    /// Edits by document URI; each document's edits refer to its text before any of them.
    public var changes: [String: [TextEdit]]?
    /// Edits by document version (see ``TextDocumentEdit``); used instead of ``changes`` when set.
    public var documentChanges: [TextDocumentEdit]?

    /// Creates an edit.
    public init(changes: [String: [TextEdit]]? = nil, documentChanges: [TextDocumentEdit]? = nil) {
        self.changes = changes
        self.documentChanges = documentChanges
    }
}
