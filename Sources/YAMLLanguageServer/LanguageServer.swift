import Dispatch
import Foundation
import JSONRPC
import LanguageServerProtocol
import YAMLDocumentModel
import YAMLSyntax

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
    private var nextRequestID = 1
    private var exitCode: Int32?
    private let finished = DispatchSemaphore(value: 0)
    /// Cancellations and document changes seen on arrival, before they are handled.
    private let ledger = ArrivalLedger()

    init(connection: Connection) { self.connection = connection }

    /// Serves until `exit` or end of input; returns the exit code.
    func runUntilExit() -> Int32 {
        connection.start(
            onArrival: { [ledger] message in ledger.noteArrival(message) },
            onMessage: { [self] message in handle(message) },
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

    func handle(_ message: Message) {
        guard exitCode == nil else { return } // nothing is served after `exit`
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
            case DocumentFormattingRequest.method.rawValue:
                let params = try request.decodeParams(DocumentFormattingRequest.self)
                connection.reply(DocumentFormattingRequest.self, id: id, result: formatting(params))
            default:
                if try !handleFeatureRequest(request) { connection.sendError(id: id, error: .methodNotFound(request.method)) }
            }
        } catch {
            connection.sendError(id: id, error: error)
        }
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
            case DidOpenTextDocumentNotification.method.rawValue:
                let p = try notification.decodeParams(DidOpenTextDocumentNotification.self)
                perform(.open(FromLSP.uri(p.textDocument.uri), version: p.textDocument.version, text: p.textDocument.text))
            case DidChangeTextDocumentNotification.method.rawValue:
                let p = try notification.decodeParams(DidChangeTextDocumentNotification.self)
                perform(.change(FromLSP.uri(p.textDocument.uri), version: p.textDocument.version,
                                changes: p.contentChanges.map(FromLSP.change), encoding: encoding))
            case DidCloseTextDocumentNotification.method.rawValue:
                let p = try notification.decodeParams(DidCloseTextDocumentNotification.self)
                perform(.close(FromLSP.uri(p.textDocument.uri)))
            case DidSaveTextDocumentNotification.method.rawValue:
                let p = try notification.decodeParams(DidSaveTextDocumentNotification.self)
                perform(.save(FromLSP.uri(p.textDocument.uri), text: p.text))
            case DidChangeConfigurationNotification.method.rawValue:
                let p = try notification.decodeParams(DidChangeConfigurationNotification.self)
                if p.settings != .null { applySettings(FromLSP.settings(p.settings)) }
                requestConfiguration()
            default:
                // Unknown notifications, and `$/` ones we do not act on, are ignored (LSP 3.17 §"$ Notifications").
                break
            }
        } catch {
            log("ignored \(method): \(error.message)")
        }
    }

    private func handle(_ response: ResponseMessage) {
        guard let id = response.id, pendingConfiguration.remove(id) != nil else { return }
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

    // MARK: Lifecycle

    private func initialize(_ params: InitializeParams) -> InitializeResult {
        clientCapabilities = params.capabilities
        // UTF-16 unless the client offers UTF-8 (LSP 3.17 §"Position", `general.positionEncodings`).
        let offered = params.capabilities.general?.positionEncodings ?? []
        encoding = offered.contains(.utf8) ? .utf8 : .utf16
        if let options = params.initializationOptions, options != .null { applySettings(FromLSP.settings(options)) }
        state = .running
        var capabilities = ServerCapabilities(
            positionEncoding: encoding == .utf8 ? .utf8 : .utf16,
            textDocumentSync: TextDocumentSyncOptions(openClose: true, change: .incremental,
                                                      save: SaveOptions(includeText: false)),
            documentSymbolProvider: true,
            documentFormattingProvider: true)
        addFeatureCapabilities(&capabilities)
        return InitializeResult(capabilities: capabilities, serverInfo: ServerInfo(name: "pureyaml", version: "0.1.0"))
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

    private func applySettings(_ value: SettingsValue) {
        var settings = model.settings
        settings.apply(value)
        perform(.configure(settings))
    }

    // MARK: Intents and surfaces

    /// Performs `intent` and pushes what changed and must be pushed (diagnostics).
    private func perform(_ intent: Intent) {
        for area in model.perform(intent) {
            if case .diagnostics(let uri) = area, !clientPullsDiagnostics { publishDiagnostics(uri) }
        }
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

    private func formatting(_ params: DocumentFormattingParams) -> [TextEdit]? {
        let uri = FromLSP.uri(params.textDocument.uri)
        guard let snapshot = model.snapshot(uri),
              let surface = model.formatting(uri, request: FromLSP.formattingRequest(params.options)) else {
            log("formatting for a document that is not open: \(uri)")
            return nil
        }
        if let why = surface.refusal { log("formatting \(uri.displayName): no edits (\(why))") }
        let to = ToLSP(lineIndex: snapshot.lineIndex, encoding: encoding)
        return surface.edits.map(to.edit)
    }
}
