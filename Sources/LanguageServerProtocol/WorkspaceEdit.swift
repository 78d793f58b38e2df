/// Edits to several documents (LSP 3.17 "WorkspaceEdit"), in the `changes` form.
public struct WorkspaceEdit: Codable, Sendable, Hashable {
    /// Edits by document URI; each document's edits refer to its text before any of them.
    public var changes: [String: [TextEdit]]?

    /// Creates an edit.
    public init(changes: [String: [TextEdit]]? = nil) { self.changes = changes }
}
