import Dispatch
import Foundation
import JSONRPC
import LanguageServerProtocol
import SchemaFetching
import YAMLDocumentModel
import YAMLSyntax
#if canImport(Glibc)
import Glibc
#endif

/// The LSP renderer: turns messages into intents, performs them on the model, and serializes the
/// surfaces the model reports as changed. It holds protocol state (lifecycle, negotiated encoding,
/// pending server-to-client requests, held pulls) and nothing about YAML.
///
/// Threading: not `Sendable`. A ``LanguageServerSession`` owns it behind a lock and hands every message
/// to it on the connection's serial handler queue, one at a time; work that finishes elsewhere (a schema
/// download, a timer) comes back through ``schedule``.
final class LanguageServer {
    /// LSP 3.17 §"Lifecycle Messages".
    enum State { case uninitialized, running, shuttingDown }

    let connection: Connection
    let model = DocumentModel(environment: .fileSystem)
    var state = State.uninitialized
    /// Columns of LSP positions, as negotiated in `initialize` (LSP 3.17 §"Position").
    private(set) var encoding = ColumnEncoding.utf16
    private(set) var clientCapabilities = ClientCapabilities()
    /// Server-to-client `workspace/configuration` requests awaiting an answer.
    private var pendingConfiguration: Set<RequestID> = []
    /// The server-to-client `client/registerCapability` requests awaiting an answer.
    private var pendingRegistrations: Set<RequestID> = []
    /// How many of the model's ``DocumentModel/watchedFilePatterns`` were registered already.
    private var registeredWatchPatterns = 0
    private var nextRequestID = 1
    /// How many of the model's ``DocumentModel/lintConfigurationProblems`` were shown already.
    private var shownLintConfigurationProblems = 0
    /// How many of the model's ``DocumentModel/missingSchemas`` were shown already.
    private var shownMissingSchemas = 0
    /// True while a notice of missing schemas waits for the downloads running to end (``noteMissingSchemas()``).
    private var missingSchemaNoticeWaits = false
    /// The work-done progress of the downloads running now (see `LanguageServer+Schema.swift`), if any.
    var downloadProgress: DownloadProgress?
    /// Bursts of downloads that ended before the client answered their `window/workDoneProgress/create`.
    var unansweredDownloadProgress: [RequestID: DownloadProgress] = [:]
    /// Tokens of download progresses, counting up.
    var downloadProgressCount = 0
    /// How many of the model's ``DocumentModel/projectConfigurationProblems`` were shown already.
    private var shownProjectConfigurationProblems = 0
    /// How many of the model's ``DocumentModel/unusableDefinitionFiles`` were shown already.
    private var shownUnusableDefinitionFiles = 0
    /// How many of the model's ``DocumentModel/settingsProblems`` were shown already.
    private var shownSettingsProblems = 0
    /// How many of the model's ``DocumentModel/unconsultedCatalogs`` were shown already.
    private var shownUnconsultedCatalogs = 0
    /// Schema URIs being loaded by the edge (see `LanguageServer+Schema.swift`).
    var schemaLoadsInFlight: Set<String> = []
    /// Pulls of diagnostics held open until the document's schemas settle (see `LanguageServer+Pull.swift`).
    var heldPulls: [DocumentURI: [HeldPull]] = [:]
    /// The process exit code, set by `exit` or the end of input.
    private(set) var exitCode: Int32?
    /// Signalled once ``exitCode`` is set.
    let finished = DispatchSemaphore(value: 0)
    /// Changes of a document held back because the next queued message changes it again, with the
    /// version they bring the document to.
    private var heldChanges: [DocumentURI: (version: Int, changes: [TextChange])] = [:]
    /// Cancellations and document changes seen on arrival, before they are handled.
    let ledger: ArrivalLedger
    /// Runs work on the handler queue with this server (after `delay` seconds when given).
    let schedule: @Sendable (_ delay: Double?, _ work: @escaping @Sendable (LanguageServer) -> Void) -> Void

    /// The handler table: every method the server answers or acts on.
    static let table: HandlerTable = {
        var t = HandlerTable()
        registerLifecycle(&t)
        registerDocumentSync(&t)
        registerFeatures(&t)
        registerFormatting(&t)
        t.on(SchemaInfoRequest.self) { s, p, _ in s.schemaInfo(p) }
        return t
    }()

    init(connection: Connection, ledger: ArrivalLedger,
         schedule: @escaping @Sendable (_ delay: Double?, _ work: @escaping @Sendable (LanguageServer) -> Void) -> Void) {
        self.connection = connection
        self.ledger = ledger
        self.schedule = schedule
    }

    /// Ends the session with `code` (on `exit`, or at end of input).
    func finish(_ code: Int32) {
        guard exitCode == nil else { return }
        exitCode = code
        finished.signal()
    }

    /// Answers the held pulls and accepts nothing but `exit` from now on (`shutdown`, as a request or,
    /// from a client that sends it so, a notification).
    func shutDown() {
        releaseAllHeldPulls()
        state = .shuttingDown
    }

    /// Called at end of input: exits 0 after `shutdown`, else 1.
    func inputEnded() {
        guard exitCode == nil else { return }
        let code: Int32 = state == .shuttingDown ? 0 : 1
        log("end of input; exiting with \(code)")
        releaseAllHeldPulls()
        finish(code)
    }

    func log(_ text: String) {
        FileHandle.standardError.write(Data("pureyaml: \(text)\n".utf8))
    }

    // MARK: Dispatch

    /// Hands freed heap pages back to the system (glibc keeps them otherwise): opening a document
    /// decodes its text several times over (message bytes, JSON string, UTF-8 array) and builds the
    /// analysis, and the transient copies would stay resident for the life of the process.
    static func returnFreedMemory() {
        #if canImport(Glibc)
        _ = glibcMallocTrim(0)
        #endif
    }

    /// Handles one message, decoded on arrival; `nextArrival` is the message queued behind it, if any.
    func handle(_ arrival: Arrival, nextArrival: Arrival?) {
        guard exitCode == nil else { return } // nothing is served after `exit`
        // Held-back changes are applied before anything else is looked at.
        if !arrival.isDocumentChange { performHeldChanges() }
        switch arrival.message {
        case .request(let request):
            handle(request, params: arrival.params, documentURI: arrival.documentURI)
        case .notification(let notification):
            ledger.noteHandled(arrival)
            handle(notification, params: arrival.params, nextArrival: nextArrival)
        case .response(let response):
            handle(response)
        }
    }

    /// Answers `request` exactly once through one ``PendingReply``: refused by the lifecycle, cancelled
    /// or preempted, unknown (-32601), with bad params (-32602), or by its handler.
    private func handle(_ request: RequestMessage, params: Result<any Sendable, ResponseError>?, documentURI: String?) {
        let reply = PendingReply(id: request.id, method: request.method, connection: connection)
        if state == .uninitialized && request.method != InitializeRequest.method.rawValue {
            return reply.fail(.serverNotInitialized)
        }
        if state == .shuttingDown {
            return reply.fail(.invalidRequest("the server is shutting down; only 'exit' is accepted"))
        }
        if let preempted = ledger.preemption(of: request.id, documentURI: documentURI) { return reply.fail(preempted) }
        guard let entry = Self.table.requests[request.method], let params else {
            return reply.fail(.methodNotFound(request.method))
        }
        switch params {
        case .failure(let error): reply.fail(error)
        case .success(let value): entry.run(self, value, RequestContext(id: request.id, isCancelled: cancellationCheck(request.id)), reply)
        }
    }

    /// A check that says whether the client has cancelled request `id` (its `$/cancelRequest` has arrived,
    /// read on the reader thread while the handler works): handed to the model's long work, which stops
    /// when it says true (LSP 3.17 "Cancellation Support").
    func cancellationCheck(_ id: RequestID) -> @Sendable () -> Bool {
        { [ledger] in ledger.isCancelled(id) }
    }

    private func handle(_ notification: NotificationMessage, params: Result<any Sendable, ResponseError>?, nextArrival: Arrival?) {
        let method = notification.method
        if method == ExitNotification.method.rawValue {
            releaseAllHeldPulls()
            return finish(state == .shuttingDown ? 0 : 1)
        }
        if method == ShutdownRequest.method.rawValue, state == .running {
            // Kate 22.12 sends `shutdown` without an id. It is still the client's shutdown (LSP 3.17
            // §"Shutdown Request"): nothing to answer, the same state, so `exit` after it ends with 0.
            log("'shutdown' arrived as a notification (no id to answer); shutting down as requested")
            return shutDown()
        }
        // Before `initialize`, notifications are dropped (LSP 3.17 §"Initialize Request").
        guard state == .running, let entry = Self.table.notifications[method], let params else {
            // Unknown notifications, and `$/` ones we do not act on, are ignored (LSP 3.17 §"$ Notifications").
            return
        }
        switch params {
        case .failure(let error):
            log("ignored \(method): \(error.message)")
            performHeldChanges()
        case .success(let value):
            self.nextArrival = nextArrival
            entry.run(self, value)
            self.nextArrival = nil
        }
    }

    /// The message queued behind the notification being handled (for merging changes).
    private var nextArrival: Arrival?

    /// Registers the lifecycle messages (`initialize`, `initialized`, `shutdown`, `exit`) and the
    /// protocol's housekeeping notifications.
    private static func registerLifecycle(_ t: inout HandlerTable) {
        t.on(InitializeRequest.self) { s, p, _ throws(ResponseError) in
            guard s.state == .uninitialized else { throw .invalidRequest("initialize was already received") }
            return s.initialize(p)
        }
        t.on(ShutdownRequest.self) { s, _, _ in
            s.shutDown()
            return NullResult()
        }
        t.on(InitializedNotification.self) { s, _ in
            s.requestConfiguration()
            s.registerWatchedFiles()
        }
        t.on(ExitNotification.self) { _, _ in } // handled before the table (also before `initialize`)
        t.on(CancelRequestNotification.self) { _, _ in } // acted on at arrival (``ArrivalLedger``)
        t.on(SetTraceNotification.self) { _, _ in }
    }

    /// Registers the document and workspace notifications.
    private static func registerDocumentSync(_ t: inout HandlerTable) {
        t.on(DidOpenTextDocumentNotification.self) { s, p in
            s.perform(.open(FromLSP.uri(p.textDocument.uri), version: p.textDocument.version, text: p.textDocument.text))
            Self.returnFreedMemory()
        }
        t.on(DidChangeTextDocumentNotification.self) { s, p in s.didChange(p) }
        t.on(DidCloseTextDocumentNotification.self) { s, p in s.perform(.close(FromLSP.uri(p.textDocument.uri))) }
        t.on(DidSaveTextDocumentNotification.self) { s, p in
            s.perform(.save(FromLSP.uri(p.textDocument.uri), text: p.text))
            let uri = FromLSP.uri(p.textDocument.uri)
            if s.model.dependsOn(uri) { s.perform(.filesChanged([uri])) }
        }
        t.on(DidChangeWatchedFilesNotification.self) { s, p in
            // LSP 3.17 `workspace/didChangeWatchedFiles`: the files the model depends on (yamllint and
            // project configuration, CustomResourceDefinition files of the workspace) among the changed ones
            // are read again.
            let changed = p.changes.map { FromLSP.uri($0.uri) }.filter(s.model.dependsOn)
            if !changed.isEmpty { s.perform(.filesChanged(changed)) }
        }
        t.on(DidChangeConfigurationNotification.self) { s, p in
            if p.settings != .null { s.applySettings(FromLSP.settings(p.settings)) }
            s.requestConfiguration()
        }
        t.on(DidChangeWorkspaceFoldersNotification.self) { s, p in
            var settings = s.model.settings
            settings.schema.changeWorkspaceFolders(added: p.event.added.map { DocumentURI($0.uri) },
                                                   removed: p.event.removed.map { DocumentURI($0.uri) })
            s.perform(.configure(settings))
        }
    }

    private func didChange(_ p: DidChangeTextDocumentParams) {
        let uri = FromLSP.uri(p.textDocument.uri)
        let changes = (heldChanges.removeValue(forKey: uri)?.changes ?? []) + p.contentChanges.map(FromLSP.change)
        if let next = nextArrival, next.isDocumentChange, next.documentURI == p.textDocument.uri {
            // Typing faster than we analyse: the next queued message edits this document again,
            // so analyse (and publish) only once, for its version. The changes apply in order.
            heldChanges[uri] = (p.textDocument.version, changes)
        } else {
            perform(.change(uri, version: p.textDocument.version, changes: changes, encoding: encoding))
        }
    }

    /// The id of the server's first `workspace/didChangeWatchedFiles` registration; later ones (patterns the
    /// model adds, ``DocumentModel/watchedFilePatterns``) are `pureyaml-watched-files-N`.
    static let watchedFilesRegistrationID = "pureyaml-lint-configuration-files"

    /// Asks the client to watch the files the model depends on (``DocumentModel/watchedFilePatterns``: the
    /// yamllint configuration files, `**/.yamllint` and the like, and once the workspace was searched for
    /// CustomResourceDefinitions, its YAML and JSON files; created, changed or deleted) and report them with
    /// `workspace/didChangeWatchedFiles` (LSP 3.17 §"Register Capability"): the patterns not registered yet,
    /// in one more registration; only when the client declared
    /// `workspace.didChangeWatchedFiles.dynamicRegistration`. The answer, success or error, is handled
    /// when it comes, with the other responses; nothing waits for it.
    func registerWatchedFiles() {
        guard clientCapabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration == true else { return }
        let patterns = model.watchedFilePatterns
        guard patterns.count > registeredWatchPatterns else { return }
        let options = DidChangeWatchedFilesRegistrationOptions(watchers: patterns.dropFirst(registeredWatchPatterns).map {
            FileSystemWatcher(globPattern: $0, kind: .all)
        })
        do {
            let registration = Registration(id: registeredWatchPatterns == 0 ? Self.watchedFilesRegistrationID
                                                : "pureyaml-watched-files-\(registeredWatchPatterns)",
                                            method: DidChangeWatchedFilesNotification.method.rawValue,
                                            registerOptions: try LSPAny(encoding: options))
            registeredWatchPatterns = patterns.count
            let id = makeRequestID()
            pendingRegistrations.insert(id)
            connection.request(RegistrationRequest.self, id: id, params: RegistrationParams(registrations: [registration]))
        } catch {
            log("client/registerCapability not sent: \(error)")
        }
    }

    /// Applies changes held back for a following `didChange` that did not come after all (it could not
    /// be decoded, or another message came first), with the version of the last change held.
    private func performHeldChanges() {
        guard !heldChanges.isEmpty else { return }
        let held = heldChanges
        heldChanges = [:]
        for (uri, pending) in held {
            perform(.change(uri, version: pending.version, changes: pending.changes, encoding: encoding))
        }
    }

    private func handle(_ response: ResponseMessage) {
        guard let id = response.id else { return }
        if answersDownloadProgressCreate(id, response) { return }
        if pendingRegistrations.remove(id) != nil {
            // Without the registration the client may still report changes (or not); lint configuration
            // files saved in the editor are still noticed through `didSave`.
            if case .failure(let error) = response.result { log("client/registerCapability failed: \(error.message)") }
            return
        }
        guard pendingConfiguration.remove(id) != nil else { return }
        // The decoding error below speaks of "params"; a null or non-array result gets its own words.
        if case .success(let value) = response.result, !Self.isArray(value) {
            log("workspace/configuration: the client's result is \(value == .null ? "null" : "not an array"); "
                + "expected an array with one value per requested section (pureyaml, yaml); settings unchanged")
            return
        }
        do {
            let values = try response.decodeResult(ConfigurationRequest.self)
            // Answers come in the order of the requested sections.
            var members: [(key: String, value: SettingsValue)] = []
            for (section, value) in zip(DocumentModel.settingsSections, values) where value != .null {
                members.append((key: section, value: FromLSP.settings(value)))
            }
            applySettings(.object(members))
        } catch {
            log("workspace/configuration failed: \(error.message)")
        }
    }

    private static func isArray(_ value: LSPAny) -> Bool {
        if case .array = value { return true }
        return false
    }

    // MARK: Lifecycle

    func initialize(_ params: InitializeParams) -> InitializeResult {
        clientCapabilities = params.capabilities
        // UTF-16 unless the client offers UTF-8 (LSP 3.17 §"Position", `general.positionEncodings`).
        let offered = params.capabilities.general?.positionEncodings ?? []
        encoding = offered.contains(.utf8) ? .utf8 : .utf16
        configureSchemaDefaults(params)
        if let options = params.initializationOptions, options != .null { applySettings(FromLSP.settings(options)) }
        state = .running
        var capabilities = ServerCapabilities(
            positionEncoding: encoding == .utf8 ? .utf8 : .utf16,
            textDocumentSync: TextDocumentSyncOptions(openClose: true, change: .incremental,
                                                      save: SaveOptions(includeText: false)),
            documentSymbolProvider: true)
        // Folder changes re-resolve relative schema paths (LSP 3.17 §"Workspace folders").
        capabilities.workspace = .object(["workspaceFolders": .object(["supported": .bool(true),
                                                                       "changeNotifications": .bool(true)])])
        addFeatureCapabilities(&capabilities)
        addFormattingCapabilities(&capabilities)
        return InitializeResult(capabilities: capabilities, serverInfo: ServerInfo(name: "pureyaml", version: PureYAMLVersion.current))
    }


    /// Asks the client for our settings sections when it supports `workspace/configuration`.
    func requestConfiguration() {
        guard clientCapabilities.workspace?.configuration == true else { return }
        let id = makeRequestID()
        pendingConfiguration.insert(id)
        connection.request(ConfigurationRequest.self, id: id,
                           params: ConfigurationParams(items: DocumentModel.settingsSections.map { ConfigurationItem(section: $0) }))
    }

    /// Applies the client's settings as the model merges them (``DocumentModel/settingsFromEditor(_:)``);
    /// the problems it reports are logged.
    func applySettings(_ value: SettingsValue) {
        let (settings, problems) = model.settingsFromEditor(value)
        for problem in problems { log("settings: \(problem.message)") }
        perform(.configure(settings))
    }

    // MARK: Intents and surfaces

    /// Performs `intent` and turns every surface area it reports into the protocol's signal for it
    /// (`LanguageServer+Signals.swift`); starts loading the schemas the model asks for.
    func perform(_ intent: Intent) {
        let areas = model.perform(intent)
        signal(areas, comesFromTheDocument: intent.comesFromTheDocument)
        if areas.contains(.schemaLoads) { startSchemaLoads() }
    }

    /// Shows each yamllint configuration problem the model met for the first time, once per session
    /// (`window/showMessage`); the configuration file carries it as a diagnostic when it is open.
    func showLintConfigurationProblems() {
        showNew(model.lintConfigurationProblems.map { (.warning, $0.summary) }, shown: &shownLintConfigurationProblems)
    }

    /// Shows each project settings file with problems the model met for the first time, once per session
    /// (`window/showMessage`: an error when none of its settings apply, else a warning); `pureyaml check`
    /// lists every problem.
    func showProjectConfigurationProblems() {
        showNew(model.projectConfigurationProblems.map { ($0.isBroken ? .error : .warning, $0.summary) },
                shown: &shownProjectConfigurationProblems)
    }

    /// Shows each `pureyaml.schema.crds` entry the model found unusable as the model lists it (once per
    /// problem and configuration: ``UnusableDefinitionFile``), in a `window/showMessage` warning in the
    /// model's words.
    func showUnusableDefinitionFiles() {
        showNew(model.unusableDefinitionFiles.map { (.warning, $0.message) }, shown: &shownUnusableDefinitionFiles)
    }

    /// Shows each value of the editor's settings the model noted it cannot honour in full
    /// (``DocumentModel/settingsProblems``), in a `window/showMessage` warning in the model's words.
    func showSettingsProblems() {
        showNew(model.settingsProblems.map { (.warning, $0.message) }, shown: &shownSettingsProblems)
    }

    /// Shows each SchemaStore catalog the model could not consult as the model lists it
    /// (``DocumentModel/unconsultedCatalogs``), in a `window/showMessage` of type information in the
    /// model's words: no schema a rule picked is missing.
    func showUnconsultedCatalogs() {
        showNew(model.unconsultedCatalogs.map { (.info, $0.message) }, shown: &shownUnconsultedCatalogs)
    }

    /// Shows the schemas the model listed as missing since the last notice in one `window/showMessage`
    /// warning (once per schema and session), when no download runs: the downloads of one opened stream
    /// fail one by one and are said together at the end of their burst (``schemaLoadFinished(_:_:)``). The
    /// words are the model's (``MissingSchema/notice(for:)``).
    func noteMissingSchemas() {
        if schemaLoadsInFlight.isEmpty {
            showMissingSchemas()
        } else {
            missingSchemaNoticeWaits = true
        }
    }

    /// Called when a download finished: shows the waiting notice of missing schemas once none runs.
    func downloadsSettled() {
        guard missingSchemaNoticeWaits, schemaLoadsInFlight.isEmpty else { return }
        missingSchemaNoticeWaits = false
        showMissingSchemas()
    }

    private func showMissingSchemas() {
        let new = Array(model.missingSchemas.dropFirst(shownMissingSchemas))
        shownMissingSchemas = model.missingSchemas.count
        guard !new.isEmpty else { return }
        let message = MissingSchema.notice(for: new)
        connection.notify(ShowMessageNotification.self, params: ShowMessageParams(type: .warning, message: message))
        log(message)
    }

    /// Shows and logs the `messages` after the first `shown` (a list that only grows), and counts them shown.
    private func showNew(_ messages: [(MessageType, String)], shown: inout Int) {
        for (type, message) in messages.dropFirst(shown) {
            connection.notify(ShowMessageNotification.self, params: ShowMessageParams(type: type, message: message))
            log(message)
        }
        shown = messages.count
    }

    /// A new id for a server-to-client request.
    func makeRequestID() -> RequestID {
        defer { nextRequestID += 1 }
        return .number(nextRequestID)
    }

    func publishDiagnostics(_ uri: DocumentURI) {
        guard let surface = model.diagnostics(uri) else { return }
        var items: [Diagnostic] = []
        if let snapshot = model.snapshot(uri) {
            let to = ToLSP(lineIndex: snapshot.lineIndex, encoding: encoding)
            items = surface.diagnostics.map(to.diagnostic)
        }
        connection.notify(PublishDiagnosticsNotification.self,
                          params: PublishDiagnosticsParams(uri: uri.string, version: surface.version, diagnostics: items))
    }

    /// Answers with the outline written straight from the model's symbols (``OutlineResult``), or `null`.
    func documentSymbols(_ params: DocumentSymbolParams, _ reply: Reply<DocumentSymbolRequest>) {
        let uri = FromLSP.uri(params.textDocument.uri)
        guard let snapshot = model.snapshot(uri), let outline = model.outline(uri) else {
            log("documentSymbol for a document that is not open: \(uri)")
            return reply.succeed(nil)
        }
        reply.succeed(writing: OutlineResult(symbols: outline.symbols, to: ToLSP(lineIndex: snapshot.lineIndex, encoding: encoding)))
    }
}

#if canImport(Glibc)
/// glibc's `int malloc_trim(size_t pad)`, which the Glibc module does not export. Called by its name, not
/// looked up with `dlsym`: the release `pureyaml` is a static executable, which has no dynamic symbols.
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
#endif
