import JSONRPC
import LanguageServerProtocol
import YAMLDocumentModel
import YAMLSyntax

/// The language-feature requests: each converts its params to model values (``FromLSP``), asks the model
/// for a surface, and converts the surface back (``ToLSP``). A request for a document that is not open is
/// answered with `null` (or an empty report).
extension LanguageServer {
    /// True when the client pulls diagnostics (declared `textDocument.diagnostic`); such clients are not
    /// sent `textDocument/publishDiagnostics`.
    var clientPullsDiagnostics: Bool { clientCapabilities.textDocument?.diagnostic != nil }

    /// True when the client resolves code actions: it declares `codeAction.resolveSupport.properties`
    /// holding `edit` and keeps `data` (`codeAction.dataSupport`), LSP 3.17 §"Code Action Resolve Request".
    /// Such a client gets code actions without edits and asks for the edit of the one it applies.
    var clientResolvesCodeActions: Bool {
        let c = clientCapabilities.textDocument?.codeAction
        return c?.dataSupport == true && c?.resolveSupport?.properties?.contains("edit") == true
    }

    /// Adds the capabilities of the features served here.
    func addFeatureCapabilities(_ c: inout ServerCapabilities) {
        c.hoverProvider = true
        c.completionProvider = CompletionOptions(triggerCharacters: DocumentModel.completionTriggerCharacters, resolveProvider: true)
        c.foldingRangeProvider = true
        c.selectionRangeProvider = true
        c.codeActionProvider = clientResolvesCodeActions ? .options(CodeActionOptions(resolveProvider: true)) : true
        c.diagnosticProvider = DiagnosticOptions(identifier: "pureyaml", interFileDependencies: false, workspaceDiagnostics: true)
        c.definitionProvider = true
        c.referencesProvider = true
        c.documentHighlightProvider = true
        c.renameProvider = RenameOptions(prepareProvider: true)
        c.linkedEditingRangeProvider = true
        c.documentLinkProvider = DocumentLinkOptions(resolveProvider: false)
        c.workspaceSymbolProvider = true
        c.semanticTokensProvider = SemanticTokensOptions(legend: ToLSP.legend, range: true, full: true)
    }

    /// Registers the feature requests in `t`.
    static func registerFeatures(_ t: inout HandlerTable) {
        t.onDeferred(DocumentSymbolRequest.self) { s, p, _, reply in s.documentSymbols(p, reply) }
        t.on(DefinitionRequest.self) { s, p, _ in s.definition(p) }
        t.on(ReferencesRequest.self) { s, p, _ in s.references(p) }
        t.on(DocumentHighlightRequest.self) { s, p, _ in s.highlights(p) }
        t.on(PrepareRenameRequest.self) { s, p, _ in s.prepareRename(p) }
        t.on(RenameRequest.self) { s, p, _ throws(ResponseError) in try s.rename(p) }
        t.on(LinkedEditingRangeRequest.self) { s, p, _ in s.linkedEditingRanges(p) }
        t.on(SelectionRangeRequest.self) { s, p, _ in s.selectionRanges(p) }
        t.on(FoldingRangeRequest.self) { s, p, _ in s.foldingRanges(p) }
        t.on(DocumentLinkRequest.self) { s, p, _ in s.documentLinks(p) }
        t.on(WorkspaceSymbolRequest.self) { s, p, _ in s.workspaceSymbols(p) }
        t.on(SemanticTokensFullRequest.self) { s, p, _ in s.semanticTokens(p) }
        t.on(SemanticTokensRangeRequest.self) { s, p, _ in s.semanticTokens(p) }
        t.on(CompletionRequest.self) { s, p, _ in s.completion(p) }
        t.on(CompletionItemResolveRequest.self) { s, p, _ in s.resolveCompletion(p) }
        t.on(HoverRequest.self) { s, p, _ in s.hover(p) }
        t.on(CodeActionRequest.self) { s, p, c throws(ResponseError) in try s.codeActions(p, c) }
        t.on(CodeActionResolveRequest.self) { s, p, c throws(ResponseError) in try s.resolveCodeAction(p, c) }
        t.onDeferred(DocumentDiagnosticRequest.self) { s, p, _, reply in s.pullDiagnostics(p, reply) }
        t.on(WorkspaceDiagnosticRequest.self) { s, p, _ in s.workspaceDiagnostics(p) }
    }

    func definition(_ p: TextDocumentPositionParams) -> [Location]? {
        at(p.textDocument, p.position) { uri, o, to in model.definition(uri, at: o).map { [to.location(uri, $0)] } } ?? nil
    }

    func references(_ p: ReferenceParams) -> [Location]? {
        at(p.textDocument, p.position) { uri, o, to in
            model.references(uri, at: o, includeDeclaration: p.context.includeDeclaration).map { to.location(uri, $0) }
        }
    }

    func highlights(_ p: TextDocumentPositionParams) -> [DocumentHighlight]? {
        at(p.textDocument, p.position) { uri, o, to in model.highlights(uri, at: o).map(to.highlight) }
    }

    func prepareRename(_ p: TextDocumentPositionParams) -> PrepareRenameResult? {
        at(p.textDocument, p.position) { uri, o, to in
            guard case .success(let r) = model.prepareRename(uri, at: o), let s = model.snapshot(uri) else { return nil }
            return PrepareRenameResult(range: to.range(r), placeholder: s.tree.text(r))
        } ?? nil
    }

    /// - Throws: -32803 with the model's reason when the rename is refused.
    func rename(_ p: RenameParams) throws(ResponseError) -> WorkspaceEdit? {
        let uri = FromLSP.uri(p.textDocument.uri)
        guard let s = model.snapshot(uri) else { return nil }
        let to = ToLSP(lineIndex: s.lineIndex, encoding: encoding)
        switch model.rename(uri, at: FromLSP.offset(p.position, in: s, encoding: encoding), to: p.newName) {
        case .success(let edits): return WorkspaceEdit(changes: [uri.string: edits.map(to.edit)])
        case .failure(let refusal): throw ResponseError(code: .requestFailed, message: refusal.description)
        }
    }

    func linkedEditingRanges(_ p: TextDocumentPositionParams) -> LinkedEditingRanges? {
        at(p.textDocument, p.position) { uri, o, to in
            model.linkedEditingRanges(uri, at: o).map {
                LinkedEditingRanges(ranges: $0.map(to.range), wordPattern: AnchorNavigation.namePattern)
            }
        } ?? nil
    }

    func selectionRanges(_ p: SelectionRangeParams) -> [SelectionRange]? {
        document(p.textDocument) { uri, s, to in
            let offsets = p.positions.map { FromLSP.offset($0, in: s, encoding: encoding) }
            return (model.selectionRanges(uri, at: offsets) ?? []).compactMap { SelectionRange.chain($0.map(to.range)) }
        }
    }

    func foldingRanges(_ p: FoldingRangeParams) -> [FoldingRange]? {
        let lineOnly = clientCapabilities.textDocument?.foldingRange?.lineFoldingOnly ?? false
        let limit = clientCapabilities.textDocument?.foldingRange?.rangeLimit ?? Int.max
        return document(p.textDocument) { uri, _, to in
            (model.folding(uri)?.regions ?? []).prefix(Swift.max(0, limit)).map { to.folding($0, lineFoldingOnly: lineOnly) }
        }
    }

    func documentLinks(_ p: DocumentLinkParams) -> [DocumentLink]? {
        document(p.textDocument) { uri, _, to in (model.documentLinks(uri) ?? []).map(to.link) }
    }

    func workspaceSymbols(_ p: WorkspaceSymbolParams) -> [SymbolInformation]? {
        model.workspaceSymbols(p.query).compactMap { m in
            guard let s = model.snapshot(m.uri) else { return nil }
            let to = ToLSP(lineIndex: s.lineIndex, encoding: encoding)
            return SymbolInformation(name: m.name.isEmpty ? " " : m.name, kind: ToLSP.symbolKind(m.kind),
                                     location: to.location(m.uri, m.range), containerName: m.containerName)
        }
    }

    func semanticTokens(_ p: SemanticTokensParams) -> SemanticTokens? {
        document(p.textDocument) { uri, _, to in
            to.semanticTokens(model.semanticTokens(uri, multiline: multilineTokens)?.tokens ?? [])
        }
    }

    func semanticTokens(_ p: SemanticTokensRangeParams) -> SemanticTokens? {
        document(p.textDocument) { uri, s, to in
            let r = FromLSP.range(p.range, in: s, encoding: encoding)
            return to.semanticTokens(model.semanticTokens(uri, range: r, multiline: multilineTokens)?.tokens ?? [])
        }
    }

    func completion(_ p: CompletionParams) -> CompletionList? {
        at(p.textDocument, p.position) { uri, o, to in
            let surface = model.completion(uri, at: o, snippets: clientSnippets, markdown: clientCompletionMarkdown)
            let items = (surface?.candidates ?? []).map {
                to.completionItem($0, uri: uri, offset: o, documentationKind: clientCompletionMarkdown ? .markdown : .plaintext,
                                  asIsSupported: clientInsertTextAsIs)
            }
            return CompletionList(isIncomplete: false, items: items)
        }
    }

    func resolveCompletion(_ item: CompletionItem) -> CompletionItem {
        var item = item
        if item.documentation == nil, case .object(let data)? = item.data,
           case .string(let uri)? = data["uri"], case .integer(let offset)? = data["offset"],
           case .string(let name)? = data["alias"],
           let doc = model.aliasDocumentation(FromLSP.uri(uri), name: name, at: offset) {
            item.documentation = HoverMarkup.content([doc], kind: clientCompletionMarkdown ? .markdown : .plaintext)
        }
        return item
    }

    func hover(_ p: HoverParams) -> Hover? {
        at(p.textDocument, p.position) { uri, o, to in
            model.hover(uri, at: o).map {
                Hover(contents: HoverMarkup.content($0.sections, kind: clientHoverMarkdown ? .markdown : .plaintext),
                      range: to.range($0.range))
            }
        } ?? nil
    }

    /// Fix-all on a big file takes a while: a `$/cancelRequest` arriving meanwhile stops it.
    /// - Throws: -32800 when cancelled while running.
    func codeActions(_ p: CodeActionParams, _ context: RequestContext) throws(ResponseError) -> [CodeAction]? {
        var cancelled = false
        let result = document(p.textDocument) { uri, s, to -> [CodeAction] in
            let r = FromLSP.range(p.range, in: s, encoding: encoding)
            do {
                let only = FromLSP.codeActionKinds(p.context.only)
                if clientResolvesCodeActions {
                    // Unverified, without edits: the edit of the action picked comes from `codeAction/resolve`.
                    return try (model.deferredCodeActions(uri, range: r, only: only, isCancelled: context.isCancelled) ?? [])
                        .map { to.codeAction($0, uri: uri, version: versionedEdits ? s.version : nil) }
                }
                return try (model.codeActions(uri, range: r, only: only, isCancelled: context.isCancelled) ?? [])
                    .map { to.codeAction($0, uri: uri, version: versionedEdits ? s.version : nil) }
            } catch {
                cancelled = true
                return []
            }
        }
        if cancelled {
            log("textDocument/codeAction \(context.id) cancelled while running")
            throw ResponseError.requestCancelled
        }
        return result
    }

    func workspaceDiagnostics(_ p: WorkspaceDiagnosticParams) -> WorkspaceDiagnosticReport {
        var previous: [String: String] = [:]
        for r in p.previousResultIds { previous[r.uri] = r.value }
        let items = model.openDocuments.map { uri in
            WorkspaceDocumentDiagnosticReport(uri: uri.string, version: model.snapshot(uri)?.version,
                                              report: diagnosticReport(uri, previous: previous[uri.string]))
        }
        return WorkspaceDiagnosticReport(items: items)
    }

    /// Whether code action edits are versioned (`documentChanges`): where the client applies them, a fix
    /// computed for one version is never applied to a later text.
    private var versionedEdits: Bool { clientCapabilities.workspace?.workspaceEdit?.documentChanges == true }

    /// Answers `codeAction/resolve`: the action with its verified edit, from the `data` the list gave it
    /// (``ToLSP/codeActionData(uri:_:)``), which holds all the model needs to make the list again and verify
    /// the one action (nothing from the listing is kept); an action without such `data` comes back as it is.
    /// A fix that fails verification, or that was offered for another version of the document, is
    /// answered with -32803 `RequestFailed` and a message saying why and what to do (LSP 3.17 §"Error
    /// Codes": "the error message should contain human readable information about why the request
    /// failed"). Not `disabled` on the returned action: clients apply only a resolved action's `edit` and
    /// `command` (VS Code), so the user would see nothing happen; nor -32801 `ContentModified`, which the
    /// spec reserves for changes the server detects outside normal conditions, and which clients drop
    /// silently.
    /// - Throws: -32602 for undecodable params, -32803 as above, -32800 when cancelled while running.
    func resolveCodeAction(_ action: CodeAction, _ context: RequestContext) throws(ResponseError) -> CodeAction {
        var action = action
        guard let (uri, reference) = FromLSP.codeActionReference(action.data) else { return action }
        let outcome: Result<CodeActionCandidate, CodeActionResolveFailure>
        do {
            outcome = try model.resolveCodeAction(uri, reference, isCancelled: context.isCancelled)
        } catch {
            log("codeAction/resolve \(context.id) cancelled while running")
            throw ResponseError.requestCancelled
        }
        switch outcome {
        case .success(let fix):
            guard let s = model.snapshot(uri) else { throw ResponseError(code: .requestFailed, message: CodeActionResolveFailure.notOpen.description) }
            let resolved = ToLSP(lineIndex: s.lineIndex, encoding: encoding)
                .codeAction(fix, uri: uri, version: versionedEdits ? s.version : nil)
            action.title = resolved.title
            action.diagnostics = resolved.diagnostics
            action.edit = resolved.edit
            return action
        case .failure(let failure):
            log("codeAction/resolve \(context.id): \(failure)")
            throw ResponseError(code: .requestFailed, message: failure.description)
        }
    }

    /// Whether the client accepts snippet completions (`completion.completionItem.snippetSupport`).
    private var clientSnippets: Bool { clientCapabilities.textDocument?.completion?.completionItem?.snippetSupport ?? false }

    /// Whether completion documentation may be Markdown (`completionItem.documentationFormat`; Markdown
    /// when the client does not say).
    private var clientCompletionMarkdown: Bool {
        clientCapabilities.textDocument?.completion?.completionItem?.documentationFormat.map { $0.contains(.markdown) } ?? true
    }

    /// Whether completion items may carry `insertTextMode` 1 (`completionItem.insertTextModeSupport`).
    private var clientInsertTextAsIs: Bool {
        clientCapabilities.textDocument?.completion?.completionItem?.insertTextModeSupport?.supports(.asIs) ?? false
    }

    /// Whether hover contents may be Markdown (`hover.contentFormat`; Markdown when the client does not say).
    private var clientHoverMarkdown: Bool {
        clientCapabilities.textDocument?.hover?.contentFormat.map { $0.contains(.markdown) } ?? true
    }

    /// Whether semantic tokens may span lines (client capability `multilineTokenSupport`).
    private var multilineTokens: Bool { clientCapabilities.textDocument?.semanticTokens?.multilineTokenSupport ?? false }

    /// Runs `body` for an open document with the byte offset of `position`; nil when it is not open.
    private func at<T>(_ document: TextDocumentIdentifier, _ position: Position,
                       _ body: (DocumentURI, Int, ToLSP) -> T) -> T? {
        let uri = FromLSP.uri(document.uri)
        guard let s = model.snapshot(uri) else { log("\(uri.displayName) is not open"); return nil }
        return body(uri, FromLSP.offset(position, in: s, encoding: encoding), ToLSP(lineIndex: s.lineIndex, encoding: encoding))
    }

    /// Runs `body` for an open document; nil when it is not open.
    private func document<T>(_ document: TextDocumentIdentifier, _ body: (DocumentURI, DocumentSnapshot, ToLSP) -> T) -> T? {
        let uri = FromLSP.uri(document.uri)
        guard let s = model.snapshot(uri) else { log("\(uri.displayName) is not open"); return nil }
        return body(uri, s, ToLSP(lineIndex: s.lineIndex, encoding: encoding))
    }

    /// The pull report of a document: unchanged when the client holds the current result id, else full
    /// (empty, without result id, for a document that is not open).
    func diagnosticReport(_ uri: DocumentURI, previous: String?) -> DocumentDiagnosticReport {
        guard let s = model.snapshot(uri), let surface = model.diagnostics(uri), let resultId = model.diagnosticsResultID(uri) else {
            return .full(resultId: nil, items: [])
        }
        if previous == resultId { return .unchanged(resultId: resultId) }
        let to = ToLSP(lineIndex: s.lineIndex, encoding: encoding)
        return .full(resultId: resultId, items: surface.diagnostics.map(to.diagnostic))
    }
}
