import YAMLSyntax

/// Everything a renderer can ask the model to do. The only way state changes
/// (see ``DocumentModel/perform(_:)``).
public enum Intent: Sendable {
    /// A document was opened with `text` at `version` (LSP `textDocument/didOpen`; the CLI opens each file
    /// at version 0). Opening an open document replaces it.
    case open(DocumentURI, version: Int, text: String)
    /// Edits applied in order, giving `version` (LSP `textDocument/didChange`). Positions in `changes` are
    /// counted in `encoding`. Versions need not be consecutive; a change to an unknown document is ignored.
    case change(DocumentURI, version: Int, changes: [TextChange], encoding: ColumnEncoding)
    /// The document was closed; its diagnostics become empty.
    case close(DocumentURI)
    /// The document was saved (text, if the client sent it, replaces the model's when different).
    case save(DocumentURI, text: String?)
    /// New settings for every document.
    case configure(Settings)
    /// How to find yamllint configuration files (the renderer's file access; see ``LintEnvironment``).
    case configureLint(LintEnvironment)
    /// The edge delivered a schema or catalog the model asked for (see
    /// ``DocumentModel/schemaLoadRequests``): its bytes, or why it could not. Documents using it are
    /// revalidated.
    case schemaLoaded(String, SchemaLoadResult)
}

extension Intent {
    /// True for intents that report what the editor did to a document (open, change, close, save), as
    /// opposed to changes that reach documents from elsewhere (settings, a schema that arrived).
    public var comesFromTheDocument: Bool {
        switch self {
        case .open, .change, .close, .save: return true
        default: return false
        }
    }
}
