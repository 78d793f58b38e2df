/// A part of what the model shows that can change: renderers re-pull exactly the areas that
/// ``DocumentModel/perform(_:)`` reports as changed.
public enum SurfaceArea: Hashable, Sendable {
    /// The diagnostics of a document (push them: LSP `textDocument/publishDiagnostics`).
    case diagnostics(DocumentURI)
    /// The document outline (`textDocument/documentSymbol`), pulled on request.
    case outline(DocumentURI)
    /// Formatting edits for the document, pulled on request.
    case formatting(DocumentURI)
    /// The document's text and its existence (opened, changed or closed).
    case text(DocumentURI)
    /// Settings that affect every document.
    case settings
    /// New schemas or catalogs to load: pull ``DocumentModel/schemaLoadRequests``.
    case schemaLoads
    /// Which schemas apply and their status changed for some document (``DocumentModel/schemaInfo(_:)``).
    case schemaInfo
    /// A yamllint configuration problem was met for the first time: pull
    /// ``DocumentModel/lintConfigurationProblems`` (it only grows) and report the new entries once.
    case lintConfigurationProblems
}
