import JSONRPC
import LanguageServerProtocol
import YAMLDocumentModel

/// What each surface area the model reports becomes on the wire (the renderer's half of "re-pull the
/// dirty areas"), and the diagnostics pulls held open while a document's schemas load.
///
/// - `.diagnostics(uri)`: `textDocument/publishDiagnostics` to clients that do not pull; for pulling
///   clients, `workspace/diagnostic/refresh` when the change did not come from the document (a schema
///   arrived, settings changed) and the client supports it; a pull held open for `uri` is answered once
///   the document's schemas have settled.
/// - `.semanticTokens(uri)` and `.folding(uri)` not caused by the client's own edit:
///   `workspace/semanticTokens/refresh` and `workspace/foldingRange/refresh` where the client supports
///   them (after its own edits a client asks again by itself).
/// - `.outline`, `.text`, `.formatting`, `.settings`, `.schemaInfo`: pulled on request only (LSP has no
///   refresh signal for them); nothing is sent.
/// - `.schemaLoads`: the loads are started (``startSchemaLoads()``).
/// - `.lintConfigurationProblems`, `.projectConfigurationProblems`, `.unusableDefinitionFiles`: each
///   yamllint configuration problem, each project settings file with problems, and each
///   `pureyaml.schema.crds` entry that cannot be used, met for the first time is shown once
///   (`window/showMessage`).
/// - `.settingsProblems`: each value of the editor's settings the model cannot honour in full is shown
///   once per change of that setting (`window/showMessage`, a warning in the model's words).
/// - `.unconsultedCatalogs`: each SchemaStore catalog that could not be consulted is shown once per
///   configuration (`window/showMessage`, information in the model's words: it is no missing schema).
/// - `.missingSchemas`: each schema that cannot be had is shown once per session (`window/showMessage`,
///   a warning with the model's ``MissingSchema/notice(for:)``), those of one burst of downloads in one
///   message once none runs.
/// - `.watchedFiles`: the patterns the model added are registered (`client/registerCapability` for
///   `workspace/didChangeWatchedFiles`, where the client supports dynamic registration).
extension LanguageServer {
    /// A `textDocument/diagnostic` request waiting for the document's schemas to settle.
    struct HeldPull {
        /// The client's `previousResultId`.
        var previous: String?
        /// Its one answer.
        var reply: Reply<DocumentDiagnosticRequest>
    }

    /// How long a pull is held open at most, in seconds, before it is answered with what is known.
    static let heldPullTimeout = 2.0

    /// True when the client supports `workspace/diagnostic/refresh`.
    var clientRefreshesDiagnostics: Bool { clientCapabilities.workspace?.diagnostics?.refreshSupport == true }

    /// Sends the protocol signal of each area in `areas`.
    func signal(_ areas: Set<SurfaceArea>, comesFromTheDocument: Bool) {
        var refreshDiagnostics = false
        var refreshSemanticTokens = false
        var refreshFolding = false
        for area in areas {
            switch area {
            case .diagnostics(let uri):
                if clientPullsDiagnostics { refreshDiagnostics = true } else { publishDiagnostics(uri) }
            case .semanticTokens:
                refreshSemanticTokens = refreshSemanticTokens || !comesFromTheDocument
            case .folding:
                refreshFolding = refreshFolding || !comesFromTheDocument
            case .lintConfigurationProblems:
                showLintConfigurationProblems()
            case .missingSchemas:
                noteMissingSchemas()
            case .watchedFiles:
                registerWatchedFiles()
            case .projectConfigurationProblems:
                showProjectConfigurationProblems()
            case .unusableDefinitionFiles:
                showUnusableDefinitionFiles()
            case .settingsProblems:
                showSettingsProblems()
            case .unconsultedCatalogs:
                showUnconsultedCatalogs()
            case .outline, .text, .formatting, .settings, .schemaInfo, .schemaLoads:
                break
            }
        }
        // A load that settled may leave the diagnostics as they were (a catalog without an entry for the
        // document): held pulls are looked at after every change, not only diagnostics changes.
        for uri in Array(heldPulls.keys) { answerHeldPulls(uri, force: false) }
        // A pulling client asks again after its own edits; for changes it did not cause (a schema that
        // arrived, new settings) it must be told to re-pull (LSP 3.17 §"Diagnostics Refresh").
        if refreshDiagnostics, !comesFromTheDocument, clientRefreshesDiagnostics {
            connection.request(DiagnosticRefreshRequest.self, id: makeRequestID(), params: EmptyParams())
        }
        if refreshSemanticTokens, clientCapabilities.workspace?.semanticTokens?.refreshSupport == true {
            connection.request(SemanticTokensRefreshRequest.self, id: makeRequestID(), params: EmptyParams())
        }
        if refreshFolding, clientCapabilities.workspace?.foldingRange?.refreshSupport == true {
            connection.request(FoldingRangeRefreshRequest.self, id: makeRequestID(), params: EmptyParams())
        }
    }

    /// Answers `textDocument/diagnostic`. A client that pulls but cannot be asked to pull again
    /// (no `workspace.diagnostics.refreshSupport`, e.g. Neovim 0.11) would keep a first answer without
    /// schema findings until its next edit; so while the document's schemas are loading its pull is held
    /// open, and answered when they settle or after ``heldPullTimeout``, whichever comes first.
    func pullDiagnostics(_ p: DocumentDiagnosticParams, _ reply: Reply<DocumentDiagnosticRequest>) {
        let uri = FromLSP.uri(p.textDocument.uri)
        guard !clientRefreshesDiagnostics, model.schemaInfo(uri)?.isLoading == true else {
            return reply.succeed(diagnosticReport(uri, previous: p.previousResultId))
        }
        heldPulls[uri, default: []].append(HeldPull(previous: p.previousResultId, reply: reply))
        schedule(Self.heldPullTimeout) { server in server.answerHeldPulls(uri, force: true) }
    }

    /// Answers the pulls held for `uri` when its schemas have settled (or it is closed), or at once when `force`.
    func answerHeldPulls(_ uri: DocumentURI, force: Bool) {
        guard let held = heldPulls[uri], !held.isEmpty else { return }
        guard force || model.schemaInfo(uri)?.isLoading != true else { return }
        heldPulls[uri] = nil
        for pull in held { pull.reply.succeed(diagnosticReport(uri, previous: pull.previous)) }
    }

    /// Answers every held pull with what is known (before `shutdown` and `exit`).
    func releaseAllHeldPulls() {
        for uri in Array(heldPulls.keys) { answerHeldPulls(uri, force: true) }
    }
}
