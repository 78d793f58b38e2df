/// The edits of one document at one version (LSP 3.17 "TextDocumentEdit"), the `documentChanges` form of a
/// ``WorkspaceEdit``: a client applies them only while the document is still at `textDocument.version`,
/// so an edit computed for an older text (a second quick fix after a first one was applied) is refused
/// instead of landing at stale positions.
public struct TextDocumentEdit: Codable, Sendable, Hashable {
    /// The document and the version the edits were computed for.
    public var textDocument: VersionedTextDocumentIdentifier
    /// Non-overlapping edits, all referring to that version's text.
    public var edits: [TextEdit]

    /// Creates the edits of one document version.
    public init(textDocument: VersionedTextDocumentIdentifier, edits: [TextEdit]) {
        self.textDocument = textDocument
        self.edits = edits
    }
}
