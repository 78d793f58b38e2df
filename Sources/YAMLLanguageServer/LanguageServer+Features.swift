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
        c.completionProvider = CompletionOptions(triggerCharacters: ["*", " ", ":"], resolveProvider: true)
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

    /// Answers `request` when it is one of the feature requests; false when the method is not one of them.
    /// - Throws: the `ResponseError` of undecodable params (-32602) or of a refused rename (-32803).
    func handleFeatureRequest(_ request: RequestMessage) throws(ResponseError) -> Bool {
        let id = request.id
        switch request.method {
        case DefinitionRequest.method.rawValue:
            let p = try request.decodeParams(DefinitionRequest.self)
            connection.reply(DefinitionRequest.self, id: id, result: at(p.textDocument, p.position) { uri, o, to in
                model.definition(uri, at: o).map { [to.location(uri, $0)] }
            } ?? nil)
        case ReferencesRequest.method.rawValue:
            let p = try request.decodeParams(ReferencesRequest.self)
            connection.reply(ReferencesRequest.self, id: id, result: at(p.textDocument, p.position) { uri, o, to in
                model.references(uri, at: o, includeDeclaration: p.context.includeDeclaration).map { to.location(uri, $0) }
            })
        case DocumentHighlightRequest.method.rawValue:
            let p = try request.decodeParams(DocumentHighlightRequest.self)
            connection.reply(DocumentHighlightRequest.self, id: id, result: at(p.textDocument, p.position) { uri, o, to in
                model.highlights(uri, at: o).map(to.highlight)
            })
        case PrepareRenameRequest.method.rawValue:
            let p = try request.decodeParams(PrepareRenameRequest.self)
            connection.reply(PrepareRenameRequest.self, id: id, result: at(p.textDocument, p.position) { uri, o, to in
                guard case .success(let r) = model.prepareRename(uri, at: o), let s = model.snapshot(uri) else { return nil }
                return PrepareRenameResult(range: to.range(r), placeholder: s.tree.text(r))
            } ?? nil)
        case RenameRequest.method.rawValue:
            let p = try request.decodeParams(RenameRequest.self)
            let uri = FromLSP.uri(p.textDocument.uri)
            guard let s = model.snapshot(uri) else { connection.reply(RenameRequest.self, id: id, result: nil); break }
            let to = ToLSP(lineIndex: s.lineIndex, encoding: encoding)
            switch model.rename(uri, at: FromLSP.offset(p.position, in: s, encoding: encoding), to: p.newName) {
            case .success(let edits):
                connection.reply(RenameRequest.self, id: id, result: WorkspaceEdit(changes: [uri.string: edits.map(to.edit)]))
            case .failure(let refusal):
                throw ResponseError(code: .requestFailed, message: refusal.description)
            }
        case LinkedEditingRangeRequest.method.rawValue:
            let p = try request.decodeParams(LinkedEditingRangeRequest.self)
            connection.reply(LinkedEditingRangeRequest.self, id: id, result: at(p.textDocument, p.position) { uri, o, to in
                model.linkedEditingRanges(uri, at: o).map {
                    LinkedEditingRanges(ranges: $0.map(to.range), wordPattern: AnchorNavigation.namePattern)
                }
            } ?? nil)
        case SelectionRangeRequest.method.rawValue:
            let p = try request.decodeParams(SelectionRangeRequest.self)
            connection.reply(SelectionRangeRequest.self, id: id, result: document(p.textDocument) { uri, s, to in
                let offsets = p.positions.map { FromLSP.offset($0, in: s, encoding: encoding) }
                return (model.selectionRanges(uri, at: offsets) ?? []).compactMap { SelectionRange.chain($0.map(to.range)) }
            })
        case FoldingRangeRequest.method.rawValue:
            let p = try request.decodeParams(FoldingRangeRequest.self)
            let lineOnly = clientCapabilities.textDocument?.foldingRange?.lineFoldingOnly ?? false
            let limit = clientCapabilities.textDocument?.foldingRange?.rangeLimit ?? Int.max
            connection.reply(FoldingRangeRequest.self, id: id, result: document(p.textDocument) { uri, _, to in
                (model.folding(uri)?.regions ?? []).prefix(Swift.max(0, limit)).map { to.folding($0, lineFoldingOnly: lineOnly) }
            })
        case DocumentLinkRequest.method.rawValue:
            let p = try request.decodeParams(DocumentLinkRequest.self)
            connection.reply(DocumentLinkRequest.self, id: id, result: document(p.textDocument) { uri, _, to in
                (model.documentLinks(uri) ?? []).map(to.link)
            })
        case WorkspaceSymbolRequest.method.rawValue:
            let p = try request.decodeParams(WorkspaceSymbolRequest.self)
            let symbols: [SymbolInformation] = model.workspaceSymbols(p.query).compactMap { m in
                guard let s = model.snapshot(m.uri) else { return nil }
                let to = ToLSP(lineIndex: s.lineIndex, encoding: encoding)
                return SymbolInformation(name: m.name.isEmpty ? " " : m.name, kind: ToLSP.symbolKind(m.kind),
                                         location: to.location(m.uri, m.range), containerName: m.containerName)
            }
            connection.reply(WorkspaceSymbolRequest.self, id: id, result: symbols)
        case SemanticTokensFullRequest.method.rawValue:
            let p = try request.decodeParams(SemanticTokensFullRequest.self)
            connection.reply(SemanticTokensFullRequest.self, id: id, result: document(p.textDocument) { uri, _, to in
                to.semanticTokens(model.semanticTokens(uri, multiline: multilineTokens)?.tokens ?? [])
            })
        case SemanticTokensRangeRequest.method.rawValue:
            let p = try request.decodeParams(SemanticTokensRangeRequest.self)
            connection.reply(SemanticTokensRangeRequest.self, id: id, result: document(p.textDocument) { uri, s, to in
                let r = FromLSP.range(p.range, in: s, encoding: encoding)
                return to.semanticTokens(model.semanticTokens(uri, range: r, multiline: multilineTokens)?.tokens ?? [])
            })
        case CompletionRequest.method.rawValue:
            let p = try request.decodeParams(CompletionRequest.self)
            connection.reply(CompletionRequest.self, id: id, result: at(p.textDocument, p.position) { uri, o, to in
                let surface = model.completion(uri, at: o, snippets: clientSnippets, markdown: clientCompletionMarkdown)
                let items = (surface?.candidates ?? []).map {
                    to.completionItem($0, uri: uri, offset: o, documentationKind: clientCompletionMarkdown ? .markdown : .plaintext,
                                      asIsSupported: clientInsertTextAsIs)
                }
                return CompletionList(isIncomplete: false, items: items)
            })
        case CompletionItemResolveRequest.method.rawValue:
            var item = try request.decodeParams(CompletionItemResolveRequest.self)
            if item.documentation == nil, case .object(let data)? = item.data,
               case .string(let uri)? = data["uri"], case .integer(let offset)? = data["offset"],
               case .string(let name)? = data["alias"],
               let doc = model.aliasDocumentation(FromLSP.uri(uri), name: name, at: offset) {
                item.documentation = HoverMarkup.content([doc], kind: clientCompletionMarkdown ? .markdown : .plaintext)
            }
            connection.reply(CompletionItemResolveRequest.self, id: id, result: item)
        case HoverRequest.method.rawValue:
            let p = try request.decodeParams(HoverRequest.self)
            connection.reply(HoverRequest.self, id: id, result: at(p.textDocument, p.position) { uri, o, to in
                model.hover(uri, at: o).map {
                    Hover(contents: HoverMarkup.content($0.sections, kind: clientHoverMarkdown ? .markdown : .plaintext),
                          range: to.range($0.range))
                }
            } ?? nil)
        case CodeActionRequest.method.rawValue:
            // Fix-all on a big file takes a while: a `$/cancelRequest` arriving meanwhile stops it (-32800).
            let p = try request.decodeParams(CodeActionRequest.self)
            var cancelled = false
            let result = document(p.textDocument) { uri, s, to -> [CodeAction] in
                let r = FromLSP.range(p.range, in: s, encoding: encoding)
                do {
                    let only = FromLSP.codeActionKinds(p.context.only)
                    if clientResolvesCodeActions {
                        // Unverified, without edits: the edit of the action picked comes from `codeAction/resolve`.
                        return try (model.deferredCodeActions(uri, range: r, only: only, isCancelled: cancellationCheck(id)) ?? [])
                            .map { to.codeAction($0, uri: uri, version: versionedEdits ? s.version : nil, snapshotVersion: s.version) }
                    }
                    return try (model.codeActions(uri, range: r, only: only, isCancelled: cancellationCheck(id)) ?? [])
                        .map { to.codeAction($0, uri: uri, version: versionedEdits ? s.version : nil) }
                } catch {
                    cancelled = true
                    return []
                }
            }
            if cancelled {
                log("textDocument/codeAction \(id) cancelled while running")
                throw ResponseError.requestCancelled
            }
            connection.reply(CodeActionRequest.self, id: id, result: result)
        case CodeActionResolveRequest.method.rawValue:
            connection.reply(CodeActionResolveRequest.self, id: id, result: try resolveCodeAction(request))
        case DocumentDiagnosticRequest.method.rawValue:
            let p = try request.decodeParams(DocumentDiagnosticRequest.self)
            let uri = FromLSP.uri(p.textDocument.uri)
            connection.reply(DocumentDiagnosticRequest.self, id: id, result: diagnosticReport(uri, previous: p.previousResultId))
        case WorkspaceDiagnosticRequest.method.rawValue:
            let p = try request.decodeParams(WorkspaceDiagnosticRequest.self)
            var previous: [String: String] = [:]
            for r in p.previousResultIds { previous[r.uri] = r.value }
            let items = model.openDocuments.map { uri in
                WorkspaceDocumentDiagnosticReport(uri: uri.string, version: model.snapshot(uri)?.version,
                                                  report: diagnosticReport(uri, previous: previous[uri.string]))
            }
            connection.reply(WorkspaceDiagnosticRequest.self, id: id, result: WorkspaceDiagnosticReport(items: items))
        default:
            return false
        }
        return true
    }

    /// Whether code action edits are versioned (`documentChanges`): where the client applies them, a fix
    /// computed for one version is never applied to a later text.
    private var versionedEdits: Bool { clientCapabilities.workspace?.workspaceEdit?.documentChanges == true }

    /// Answers `codeAction/resolve`: the action with its verified edit, from the `data` the list gave it
    /// (``ToLSP/codeActionData(uri:version:id:)``); an action without such `data` comes back as it is.
    /// A fix that fails verification, or that was offered for another version of the document, is
    /// answered with -32803 `RequestFailed` and a message saying why and what to do (LSP 3.17 §"Error
    /// Codes": "the error message should contain human readable information about why the request
    /// failed"). Not `disabled` on the returned action: clients apply only a resolved action's `edit` and
    /// `command` (VS Code), so the user would see nothing happen; nor -32801 `ContentModified`, which the
    /// spec reserves for changes the server detects outside normal conditions, and which clients drop
    /// silently.
    /// - Throws: -32602 for undecodable params, -32803 as above, -32800 when cancelled while running.
    private func resolveCodeAction(_ request: RequestMessage) throws(ResponseError) -> CodeAction {
        var action = try request.decodeParams(CodeActionResolveRequest.self)
        guard let (uri, version, actionID) = FromLSP.codeActionReference(action.data) else { return action }
        let outcome: Result<CodeActionCandidate, CodeActionResolveFailure>
        do {
            outcome = try model.resolveCodeAction(uri, version: version, id: actionID, isCancelled: cancellationCheck(request.id))
        } catch {
            log("codeAction/resolve \(request.id) cancelled while running")
            throw ResponseError.requestCancelled
        }
        switch outcome {
        case .success(let fix):
            guard let s = model.snapshot(uri) else { throw ResponseError(code: .requestFailed, message: CodeActionResolveFailure.notOpen.description) }
            let resolved = ToLSP(lineIndex: s.lineIndex, encoding: encoding)
                .codeAction(fix, uri: uri, version: versionedEdits ? s.version : nil, snapshotVersion: s.version)
            action.title = resolved.title
            action.diagnostics = resolved.diagnostics
            action.edit = resolved.edit
            return action
        case .failure(let failure):
            log("codeAction/resolve \(request.id): \(failure)")
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
    private func diagnosticReport(_ uri: DocumentURI, previous: String?) -> DocumentDiagnosticReport {
        guard let s = model.snapshot(uri), let surface = model.diagnostics(uri), let resultId = model.diagnosticsResultID(uri) else {
            return .full(resultId: nil, items: [])
        }
        if previous == resultId { return .unchanged(resultId: resultId) }
        let to = ToLSP(lineIndex: s.lineIndex, encoding: encoding)
        return .full(resultId: resultId, items: surface.diagnostics.map(to.diagnostic))
    }
}
