/// A part of what the model shows that can change: renderers re-pull exactly the areas that
/// ``DocumentModel/perform(_:)`` reports as changed. Each case says what a renderer does with it (the
/// LSP renderer's protocol signal; the command line reads surfaces once per file and needs none).
public enum SurfaceArea: Hashable, Sendable {
    /// The diagnostics of a document. LSP: `textDocument/publishDiagnostics` for push clients;
    /// `workspace/diagnostic/refresh` for pull clients that support it (when the change did not come from
    /// the document itself, e.g. a schema that arrived or a configuration file that changed).
    case diagnostics(DocumentURI)
    /// The document outline (`textDocument/documentSymbol`), pulled on request; kept per snapshot. No
    /// protocol signal exists for it: clients ask again after each change of the text.
    case outline(DocumentURI)
    /// Folding ranges (`textDocument/foldingRange`), pulled on request; kept per snapshot. LSP:
    /// `workspace/foldingRange/refresh` (3.18) for clients that support it, when the change did not come
    /// from the document (settings such as `maxItemsComputed`).
    case folding(DocumentURI)
    /// Semantic tokens (`textDocument/semanticTokens/*`), pulled on request; kept per snapshot. LSP:
    /// `workspace/semanticTokens/refresh` for clients that support it, when the change did not come from
    /// the document.
    case semanticTokens(DocumentURI)
    /// Formatting edits for the document, pulled on request (the editor asks when the user formats).
    case formatting(DocumentURI)
    /// The document's text and its existence (opened, changed or closed): the renderer drops what it keeps
    /// per document (held-back changes, pending pulls) on close.
    case text(DocumentURI)
    /// The renderer's settings changed (the answer to `workspace/configuration` was applied).
    case settings
    /// New schemas or catalogs to load: pull ``DocumentModel/schemaLoadRequests`` and load them through
    /// ``DocumentModel/environment`` (``ModelEnvironment/fetch(_:allowNetwork:completion:)``), performing
    /// ``Intent/schemaLoaded(_:_:)`` with each result. Local schema files never appear here: the model
    /// reads them itself.
    case schemaLoads
    /// Which schemas apply and their status changed for some document (``DocumentModel/schemaInfo(_:)``;
    /// LSP: the `pureyaml/schemaInfo` request is answered afresh, no signal).
    case schemaInfo
    /// A yamllint configuration problem was met for the first time: pull
    /// ``DocumentModel/lintConfigurationProblems`` (it only grows) and report the new entries once.
    case lintConfigurationProblems
    /// A schema a rule picked could not be had for the first time: pull ``DocumentModel/missingSchemas``
    /// (it only grows) and show the new entries once (LSP: `window/showMessage`).
    case missingSchemas
    /// ``DocumentModel/watchedFilePatterns`` grew (the workspace was searched for CustomResourceDefinition
    /// files): watch the new patterns too (LSP: `client/registerCapability` for `workspace/didChangeWatchedFiles`).
    case watchedFiles
    /// A project settings file (`.pureyaml.yaml`) with problems was met for the first time: pull
    /// ``DocumentModel/projectConfigurationProblems`` (it only grows) and report the new entries once.
    case projectConfigurationProblems
    /// A `pureyaml.schema.crds` entry was found unusable (refused, missing, a failed download): pull
    /// ``DocumentModel/unusableDefinitionFiles`` (it only grows) and report the new entries once.
    case unusableDefinitionFiles
    /// The renderer's own settings gave a value that is used but cannot be honoured in full (a
    /// `pureyaml.schema.kubernetesVersion` outside the built-in kinds' table): pull
    /// ``DocumentModel/settingsProblems`` (it only grows) and show the new entries once (LSP: `window/showMessage`).
    case settingsProblems
    /// A SchemaStore catalog could not be consulted (``UnconsultedCatalog``; no missing schema): pull
    /// ``DocumentModel/unconsultedCatalogs`` (it only grows) and report the new entries once (LSP:
    /// `window/showMessage`).
    case unconsultedCatalogs
}
