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
/// pending server-to-client requests) and nothing about YAML.
///
/// Threading: every message is handled on `connection.handlerQueue`, one at a time; the model is only
/// touched there.
final class LanguageServer: @unchecked Sendable {
    /// LSP 3.17 §"Lifecycle Messages".
    enum State { case uninitialized, running, shuttingDown }

    let connection: Connection
    let model = DocumentModel()
    private var state = State.uninitialized
    /// Columns of LSP positions, as negotiated in `initialize` (LSP 3.17 §"Position").
    private(set) var encoding = ColumnEncoding.utf16
    private(set) var clientCapabilities = ClientCapabilities()
    /// Server-to-client `workspace/configuration` requests awaiting an answer.
    private var pendingConfiguration: Set<RequestID> = []
    /// The server-to-client `client/registerCapability` request awaiting an answer, if any.
    private var pendingRegistration: RequestID?
    private var nextRequestID = 1
    /// How many of the model's ``DocumentModel/lintConfigurationProblems`` were shown already.
    private var shownLintConfigurationProblems = 0
    /// Schema URIs being loaded by the edge (see `LanguageServer+Schema.swift`).
    var schemaLoadsInFlight: Set<String> = []
    /// The loader for the current `yaml.schemaDownload.enable`, made when first needed.
    var schemaLoader: SchemaLoader?
    private var exitCode: Int32?
    private let finished = DispatchSemaphore(value: 0)
    /// Messages decoded but not yet handled, in arrival order: the document URI of each
    /// `textDocument/didChange`, nil for anything else. Written by the reader thread, read here.
    private let arrivals = Locked<[String?]>([])
    /// Changes of a document held back because the next queued message changes it again, with the
    /// version they bring the document to.
    private var heldChanges: [DocumentURI: (version: Int, changes: [TextChange])] = [:]
    /// Cancellations and document changes seen on arrival, before they are handled.
    private let ledger = ArrivalLedger()

    init(connection: Connection) {
        self.connection = connection
        model.perform(.configureLint(.fileSystem))
    }

    /// Serves until `exit` or end of input; returns the exit code.
    func runUntilExit() -> Int32 {
        connection.start(
            onArrival: { [arrivals, ledger] message in
                ledger.noteArrival(message)
                let key = Self.changedDocument(message)
                arrivals.withLock { $0.append(key) }
            },
            onMessage: { [self] message in
                arrivals.withLock { if !$0.isEmpty { $0.removeFirst() } }
                handle(message)
            },
            onError: { [self] error in log("protocol: \(error)") },
            onClose: { [self] in
                if exitCode == nil {
                    exitCode = state == .shuttingDown ? 0 : 1
                    log("end of input; exiting with \(exitCode ?? 1)")
                    finished.signal()
                }
            })
        finished.wait()
        return exitCode ?? 1
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
        _ = mallocTrim?(0)
        #endif
    }

    #if canImport(Glibc)
    /// glibc's `malloc_trim`, which the Glibc module does not export; nil with another C library.
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()
    #endif

    /// The URI of a `textDocument/didChange` notification, nil for any other message.
    static func changedDocument(_ message: Message) -> String? {
        guard case .notification(let n) = message, n.method == DidChangeTextDocumentNotification.method.rawValue else {
            return nil
        }
        return ArrivalLedger.documentURI(n)
    }

    /// True when the next message waiting to be handled is a `didChange` of `uri`.
    private func nextMessageChanges(_ uri: String) -> Bool {
        arrivals.withLock { $0.first == .some(uri) }
    }

    func handle(_ message: Message) {
        guard exitCode == nil else { return } // nothing is served after `exit`
        // Held-back changes are applied before anything else is looked at.
        if Self.changedDocument(message) == nil { performHeldChanges() }
        switch message {
        case .request(let request): handle(request)
        case .notification(let notification): handle(notification)
        case .response(let response): handle(response)
        }
    }

    private func handle(_ request: RequestMessage) {
        let id = request.id
        if state == .uninitialized && request.method != LSPMethod.initialize.rawValue {
            connection.sendError(id: id, error: .serverNotInitialized)
            return
        }
        if state == .shuttingDown {
            connection.sendError(id: id, error: .invalidRequest("the server is shutting down; only 'exit' is accepted"))
            return
        }
        if let preempted = ledger.preemption(of: request) {
            connection.sendError(id: id, error: preempted)
            return
        }
        do {
            switch request.method {
            case InitializeRequest.method.rawValue:
                guard state == .uninitialized else {
                    connection.sendError(id: id, error: .invalidRequest("initialize was already received"))
                    return
                }
                connection.reply(InitializeRequest.self, id: id, result: initialize(try request.decodeParams(InitializeRequest.self)))
            case ShutdownRequest.method.rawValue:
                state = .shuttingDown
                connection.reply(ShutdownRequest.self, id: id, result: NullResult())
            case DocumentSymbolRequest.method.rawValue:
                let params = try request.decodeParams(DocumentSymbolRequest.self)
                connection.reply(DocumentSymbolRequest.self, id: id, result: documentSymbols(params))
            case Self.schemaInfoMethod:
                connection.sendResponse(id: id, result: try schemaInfo(request.params))
            default:
                if try !handleFeatureRequest(request), try !handleFormattingRequest(request) { connection.sendError(id: id, error: .methodNotFound(request.method)) }
            }
        } catch {
            connection.sendError(id: id, error: error)
        }
    }

    /// A check that says whether the client has cancelled request `id` (its `$/cancelRequest` has arrived,
    /// read on the reader thread while the handler works): handed to the model's long work, which stops
    /// when it says true (LSP 3.17 "Cancellation Support").
    func cancellationCheck(_ id: RequestID) -> @Sendable () -> Bool {
        { [ledger] in ledger.isCancelled(id) }
    }

    private func handle(_ notification: NotificationMessage) {
        ledger.noteHandled(notification)
        let method = notification.method
        if method == ExitNotification.method.rawValue {
            exitCode = state == .shuttingDown ? 0 : 1
            finished.signal()
            return
        }
        // Before `initialize`, notifications are dropped (LSP 3.17 §"Initialize Request").
        guard state == .running else { return }
        do {
            switch method {
            case InitializedNotification.method.rawValue:
                requestConfiguration()
                registerWatchedFiles()
            case DidOpenTextDocumentNotification.method.rawValue:
                let p = try notification.decodeParams(DidOpenTextDocumentNotification.self)
                perform(.open(FromLSP.uri(p.textDocument.uri), version: p.textDocument.version, text: p.textDocument.text))
                Self.returnFreedMemory()
            case DidChangeTextDocumentNotification.method.rawValue:
                let p = try notification.decodeParams(DidChangeTextDocumentNotification.self)
                let uri = FromLSP.uri(p.textDocument.uri)
                let changes = (heldChanges.removeValue(forKey: uri)?.changes ?? []) + p.contentChanges.map(FromLSP.change)
                if nextMessageChanges(p.textDocument.uri) {
                    // Typing faster than we analyse: the next queued message edits this document again,
                    // so analyse (and publish) only once, for its version. The changes apply in order.
                    heldChanges[uri] = (p.textDocument.version, changes)
                } else {
                    perform(.change(uri, version: p.textDocument.version, changes: changes, encoding: encoding))
                }
            case DidCloseTextDocumentNotification.method.rawValue:
                let p = try notification.decodeParams(DidCloseTextDocumentNotification.self)
                perform(.close(FromLSP.uri(p.textDocument.uri)))
            case DidSaveTextDocumentNotification.method.rawValue:
                let p = try notification.decodeParams(DidSaveTextDocumentNotification.self)
                perform(.save(FromLSP.uri(p.textDocument.uri), text: p.text))
                if Self.isLintConfiguration(p.textDocument.uri) { perform(.configureLint(.fileSystem)) }
            case DidChangeWatchedFilesNotification.method.rawValue:
                // LSP 3.17 `workspace/didChangeWatchedFiles`: when a yamllint configuration is among the
                // changed files, lint every open document again (the files are read afresh).
                let p = try notification.decodeParams(DidChangeWatchedFilesNotification.self)
                if p.changes.contains(where: { Self.isLintConfiguration($0.uri) }) {
                    perform(.configureLint(.fileSystem))
                }
            case DidChangeConfigurationNotification.method.rawValue:
                let p = try notification.decodeParams(DidChangeConfigurationNotification.self)
                if p.settings != .null { applySettings(FromLSP.settings(p.settings)) }
                requestConfiguration()
            case DidChangeWorkspaceFoldersNotification.method.rawValue:
                let p = try notification.decodeParams(DidChangeWorkspaceFoldersNotification.self)
                var settings = model.settings
                settings.schema.changeWorkspaceFolders(added: p.event.added.map { DocumentURI($0.uri) },
                                                       removed: p.event.removed.map { DocumentURI($0.uri) })
                perform(.configure(settings))
            default:
                // Unknown notifications, and `$/` ones we do not act on, are ignored (LSP 3.17 §"$ Notifications").
                break
            }
        } catch {
            log("ignored \(method): \(error.message)")
            performHeldChanges()
        }
    }

    /// The names of yamllint configuration files, which the model's lint looks for beside and above each
    /// document (``LintEnvironment/configFileNames``). They are the only files whose change the server
    /// reacts to: `.editorconfig` is read afresh at each formatting request, and `.pureyaml.yaml` is read by
    /// the command line only.
    static var lintConfigurationFileNames: [String] { LintEnvironment.configFileNames }

    /// True when `uri` names a yamllint configuration file (one of ``lintConfigurationFileNames``).
    static func isLintConfiguration(_ uri: String) -> Bool {
        lintConfigurationFileNames.contains(String(uri.split(separator: "/").last ?? ""))
    }

    /// The id of the server's one `workspace/didChangeWatchedFiles` registration.
    static let watchedFilesRegistrationID = "pureyaml-lint-configuration-files"

    /// Asks the client to watch the yamllint configuration files (`**/.yamllint` and the like, created,
    /// changed or deleted) and report them with `workspace/didChangeWatchedFiles` (LSP 3.17 §"Register
    /// Capability"); only when the client declared `workspace.didChangeWatchedFiles.dynamicRegistration`.
    /// The answer, success or error, is handled when it comes, with the other responses; nothing waits for it.
    private func registerWatchedFiles() {
        guard clientCapabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration == true else { return }
        let options = DidChangeWatchedFilesRegistrationOptions(watchers: Self.lintConfigurationFileNames.map {
            FileSystemWatcher(globPattern: "**/" + $0, kind: .all)
        })
        do {
            let registration = Registration(id: Self.watchedFilesRegistrationID,
                                            method: DidChangeWatchedFilesNotification.method.rawValue,
                                            registerOptions: try LSPAny(encoding: options))
            let id = RequestID.number(nextRequestID)
            nextRequestID += 1
            pendingRegistration = id
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
        if id == pendingRegistration {
            pendingRegistration = nil
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
            for (section, value) in zip(Self.configurationSections, values) where value != .null {
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

    private func initialize(_ params: InitializeParams) -> InitializeResult {
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

    static let configurationSections = ["pureyaml", "yaml"]

    /// Asks the client for our settings sections when it supports `workspace/configuration`.
    private func requestConfiguration() {
        guard clientCapabilities.workspace?.configuration == true else { return }
        let id = RequestID.number(nextRequestID)
        nextRequestID += 1
        pendingConfiguration.insert(id)
        connection.request(ConfigurationRequest.self, id: id,
                           params: ConfigurationParams(items: Self.configurationSections.map { ConfigurationItem(section: $0) }))
    }

    /// Applies the client's settings. A value of the wrong type or out of range is logged (that setting keeps
    /// its value); keys that name no setting are not, since editors send many settings of their own.
    private func applySettings(_ value: SettingsValue) {
        var settings = model.settings
        // `null` is "not set": back to what the session started with (VS Code sends `null` for a setting the
        // user removed, in the whole section it pushes and answers).
        let baseline = Settings.editorDefaults(workspaceFolders: settings.schema.workspaceFolders)
        for problem in settings.applyReportingProblems(value, nullRestoring: baseline) where problem.kind != .unknownKey {
            log("settings: \(problem.message)")
        }
        perform(.configure(settings))
    }

    // MARK: Intents and surfaces

    /// Performs `intent` and pushes what changed and must be pushed (diagnostics, to clients that do not
    /// pull them); starts loading the schemas the model asks for.
    func perform(_ intent: Intent) {
        let areas = model.perform(intent)
        var refresh = false
        for area in areas {
            guard case .diagnostics(let uri) = area else { continue }
            if !clientPullsDiagnostics { publishDiagnostics(uri) } else { refresh = true }
        }
        // A pulling client asks again after its own edits; for changes it did not cause (a schema that
        // arrived, new settings) it must be told to re-pull (LSP 3.17 §"Diagnostics Refresh").
        if refresh, !intent.comesFromTheDocument, clientCapabilities.workspace?.diagnostics?.refreshSupport == true {
            let id = RequestID.number(nextRequestID)
            nextRequestID += 1
            connection.sendRequest(id: id, method: "workspace/diagnostic/refresh", params: nil)
        }
        if areas.contains(.schemaLoads) { startSchemaLoads() }
        if areas.contains(.lintConfigurationProblems) { showLintConfigurationProblems() }
    }

    /// Shows each yamllint configuration problem the model met for the first time, once per session
    /// (`window/showMessage`); the configuration file carries it as a diagnostic when it is open.
    private func showLintConfigurationProblems() {
        let problems = model.lintConfigurationProblems
        for problem in problems.dropFirst(shownLintConfigurationProblems) {
            connection.notify(ShowMessageNotification.self, params: ShowMessageParams(type: .warning, message: problem.summary))
            log(problem.summary)
        }
        shownLintConfigurationProblems = problems.count
    }

    private func publishDiagnostics(_ uri: DocumentURI) {
        guard let surface = model.diagnostics(uri) else { return }
        var items: [Diagnostic] = []
        if let snapshot = model.snapshot(uri) {
            let to = ToLSP(lineIndex: snapshot.lineIndex, encoding: encoding)
            items = surface.diagnostics.map(to.diagnostic)
        }
        connection.notify(PublishDiagnosticsNotification.self,
                          params: PublishDiagnosticsParams(uri: uri.string, version: surface.version, diagnostics: items))
    }

    private func documentSymbols(_ params: DocumentSymbolParams) -> [DocumentSymbol]? {
        let uri = FromLSP.uri(params.textDocument.uri)
        guard let snapshot = model.snapshot(uri), let outline = model.outline(uri) else {
            log("documentSymbol for a document that is not open: \(uri)")
            return nil
        }
        let to = ToLSP(lineIndex: snapshot.lineIndex, encoding: encoding)
        return outline.symbols.map(to.symbol)
    }
}
