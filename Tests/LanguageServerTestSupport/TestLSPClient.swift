import Foundation
import JSONRPC
import LanguageServerProtocol
import TestSupport
import YAMLLanguageServer

/// An LSP client driving the language server in this process (as sourcekit-lsp's
/// `TestSourceKitLSPClient` does): the server runs on its own thread over two in-memory pipes, framed
/// exactly as over stdio, and the client speaks typed requests and notifications
/// (``LanguageServerProtocol/LSPRequest``) with timeouts, so a test never hangs.
///
/// Every message the server sends is kept: responses by id, notifications and server-to-client requests
/// in order. Server-to-client requests are answered at once: `workspace/configuration` with
/// ``configuration`` (one value per requested section), anything else with `null` (or an error, for the
/// methods in ``refusing``; later, for those in ``holding``).
public final class TestLSPClient: @unchecked Sendable {
    /// An answer that did not come in time, or a connection that closed.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    private let toServer = Pipe()
    private let fromServer = Pipe()
    private let connection: Connection
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var responses: [ResponseMessage] = []
    private var notifications: [NotificationMessage] = []
    private var serverRequests: [RequestMessage] = []
    private var closed = false
    private var exitCode: Int32?
    private var nextID = 1
    private var publishesTaken: [String: Int] = [:]
    /// The answer to `workspace/configuration`, per section (`pureyaml`, `yaml`); `null` when missing.
    public var configuration: [String: LSPAny] {
        get { condition.withLock { _configuration } }
        set { condition.withLock { _configuration = newValue } }
    }
    private var _configuration: [String: LSPAny] = [:]
    /// Methods of server-to-client requests answered with an error (`-32603`) instead of `null`.
    public var refusing: Set<String> {
        get { condition.withLock { _refusing } }
        set { condition.withLock { _refusing = newValue } }
    }
    private var _refusing: Set<String> = []
    /// Methods of server-to-client requests not answered until ``answerHeldRequests()``.
    public var holding: Set<String> {
        get { condition.withLock { _holding } }
        set { condition.withLock { _holding = newValue } }
    }
    private var _holding: Set<String> = []
    private var held: [RequestMessage] = []

    /// Answers (with `null`) the server-to-client requests held back (``holding``), in order, and holds no more.
    public func answerHeldRequests() {
        let requests = condition.withLock { () -> [RequestMessage] in
            _holding = []
            defer { held = [] }
            return held
        }
        for r in requests { connection.sendResponse(id: r.id, result: .null) }
    }

    /// Starts a server in this process. Schema downloads are limited to 127.0.0.1 (`PUREYAML_NETWORK`).
    public init() throws {
        setenv("PUREYAML_NETWORK", "loopback", 1)
        connection = try Connection(input: fromServer.fileHandleForReading, output: toServer.fileHandleForWriting,
                                    handlerQueue: DispatchQueue(label: "TestLSPClient"))
        let input = toServer.fileHandleForReading
        let output = fromServer.fileHandleForWriting
        let thread = Thread { [self] in
            let code = (try? LanguageServerMain.serve(input: input, output: output)) ?? 2
            condition.withLock { exitCode = code }
            // The server is done: the client reads end of input.
            try? output.close()
        }
        thread.stackSize = 16 << 20
        thread.start()
        connection.start(onMessage: { [self] message in received(message) },
                         onClose: { [self] in condition.withLock { closed = true; condition.broadcast() } })
    }

    deinit {
        try? toServer.fileHandleForWriting.close()
    }

    private func received(_ message: Message) {
        switch message {
        case .response(let r):
            condition.withLock { responses.append(r); condition.broadcast() }
        case .notification(let n):
            condition.withLock { notifications.append(n); condition.broadcast() }
        case .request(let r):
            let (refuse, hold) = condition.withLock { () -> (Bool, Bool) in
                serverRequests.append(r)
                condition.broadcast()
                let hold = _holding.contains(r.method)
                if hold { held.append(r) }
                return (_refusing.contains(r.method), hold)
            }
            if hold { return }
            if refuse {
                connection.sendError(id: r.id, error: .internalError("refused by the test client"))
            } else if r.method == ConfigurationRequest.method.rawValue,
               let p = try? r.decodeParams(ConfigurationRequest.self) {
                let values = configuration
                connection.sendResponse(id: r.id, result: .array(p.items.map { values[$0.section ?? ""] ?? .null }))
            } else {
                connection.sendResponse(id: r.id, result: .null)
            }
        }
    }

    /// Waits until `found` returns a value (checked under the lock at every message), or fails after `timeout`.
    private func wait<T>(_ what: String, timeout: TimeInterval, _ found: () -> T?) throws -> T {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let value = found() { return value }
            if closed { throw Failure(description: "the server closed the connection while waiting for \(what)") }
            if !condition.wait(until: deadline) {
                if let value = found() { return value }
                throw Failure(description: "no \(what) within \(timeout) s")
            }
        }
    }

    // MARK: Requests

    /// Sends request `method` with raw `params` and returns its id (for invalid params and unknown methods).
    @discardableResult
    public func sendRequest(_ method: String, params: LSPAny?) -> RequestID {
        let id = condition.withLock { () -> RequestID in
            defer { nextID += 1 }
            return .number(nextID)
        }
        connection.sendRequest(id: id, method: method, params: params)
        return id
    }

    /// Sends request `R` and returns its id without waiting.
    @discardableResult
    public func sendRequest<R: LSPRequest>(_ request: R.Type, _ params: R.Params) throws -> RequestID {
        sendRequest(R.method.rawValue, params: params is EmptyParams ? nil : try LSPAny(encoding: params))
    }

    /// The response to request `id`, waiting up to `timeout` seconds.
    public func response(to id: RequestID, timeout: TimeInterval = 20) throws -> ResponseMessage {
        try wait("response to \(id)", timeout: timeout) { responses.first { $0.id == id } }
    }

    /// Sends `R` and returns its typed result.
    /// - Throws: the server's ``JSONRPC/ResponseError`` for an error answer; ``Failure`` on timeout.
    public func send<R: LSPRequest>(_ request: R.Type, _ params: R.Params, timeout: TimeInterval = 20) throws -> R.Response {
        try response(to: try sendRequest(R.self, params), timeout: timeout).decodeResult(R.self)
    }

    /// `initialize` with `capabilities` (and the other params as given), then `initialized`.
    @discardableResult
    public func initialize(_ capabilities: ClientCapabilities = ClientCapabilities(),
                           rootURI: String? = nil, initializationOptions: LSPAny? = nil) throws -> InitializeResult {
        var params = InitializeParams(capabilities: capabilities)
        params.rootUri = rootURI
        params.initializationOptions = initializationOptions
        let result = try send(InitializeRequest.self, params)
        try notify(InitializedNotification.self, EmptyParams())
        return result
    }

    /// `shutdown`, then `exit`; returns the server's exit code.
    @discardableResult
    public func shutdown(timeout: TimeInterval = 20) throws -> Int32 {
        _ = try send(ShutdownRequest.self, EmptyParams(), timeout: timeout)
        try notify(ExitNotification.self, EmptyParams())
        return try waitForExit(timeout: timeout)
    }

    /// Waits until the server has stopped and closed its output; its exit code.
    public func waitForExit(timeout: TimeInterval = 20) throws -> Int32 {
        try wait("server exit", timeout: timeout) { closed ? exitCode : nil }
    }

    /// Closes the client's output (the server reads end of input).
    public func closeInput() {
        try? toServer.fileHandleForWriting.close()
    }

    // MARK: Notifications

    /// Sends notification `N`.
    public func notify<N: LSPNotification>(_ notification: N.Type, _ params: N.Params) throws {
        connection.sendNotification(method: N.method.rawValue, params: params is EmptyParams ? nil : try LSPAny(encoding: params))
    }

    /// Sends notification `method` with raw `params`.
    public func notify(_ method: String, params: LSPAny?) {
        connection.sendNotification(method: method, params: params)
    }

    /// `textDocument/didOpen` of a YAML document.
    public func open(_ uri: String, _ text: String, version: Int = 1) throws {
        try notify(DidOpenTextDocumentNotification.self,
                   DidOpenTextDocumentParams(textDocument: TextDocumentItem(uri: uri, languageId: "yaml", version: version, text: text)))
    }

    /// The first notification `N` (after the first `skip` ones) whose params satisfy `matching`, waiting up to `timeout`.
    public func waitFor<N: LSPNotification>(_ notification: N.Type, timeout: TimeInterval = 20,
                                            matching: (N.Params) -> Bool = { _ in true }) throws -> N.Params {
        try wait("\(N.method.rawValue)", timeout: timeout) {
            notifications.lazy.filter { $0.method == N.method.rawValue }
                .compactMap { try? $0.decodeParams(N.self) }.first(where: matching)
        }
    }

    /// The `count`th server-to-client request `R` (answered already), waiting up to `timeout`.
    @discardableResult
    public func waitForServerRequest<R: LSPRequest>(_ request: R.Type, count: Int = 1, timeout: TimeInterval = 20) throws -> RequestMessage {
        try wait("\(R.method.rawValue) request #\(count)", timeout: timeout) {
            let matching = serverRequests.filter { $0.method == R.method.rawValue }
            return matching.count >= count ? matching[count - 1] : nil
        }
    }

    /// The next `textDocument/publishDiagnostics` for `uri` not returned by this method before (each call
    /// moves on by one), waiting up to `timeout`.
    public func nextPublished(_ uri: String, timeout: TimeInterval = 20) throws -> PublishDiagnosticsParams {
        let seen = condition.withLock { publishesTaken[uri, default: 0] }
        let next = try wait("publishDiagnostics #\(seen + 1) for \(uri)", timeout: timeout) { () -> PublishDiagnosticsParams? in
            let all = notifications.lazy.filter { $0.method == PublishDiagnosticsNotification.method.rawValue }
                .compactMap { try? $0.decodeParams(PublishDiagnosticsNotification.self) }.filter { $0.uri == uri }
            return all.count > seen ? Array(all)[seen] : nil
        }
        condition.withLock { publishesTaken[uri] = seen + 1 }
        return next
    }

    /// The last `textDocument/publishDiagnostics` for `uri` received so far.
    public func lastPublished(_ uri: String) -> PublishDiagnosticsParams? {
        receivedNotifications.reversed().lazy.filter { $0.method == PublishDiagnosticsNotification.method.rawValue }
            .compactMap { try? $0.decodeParams(PublishDiagnosticsNotification.self) }.first { $0.uri == uri }
    }

    /// Every response received so far, in order.
    public var receivedResponses: [ResponseMessage] { condition.withLock { responses } }
    /// Every notification received so far, in order.
    public var receivedNotifications: [NotificationMessage] { condition.withLock { notifications } }

    /// The `window/showMessage` notifications received so far, in order.
    public var shownMessages: [ShowMessageParams] {
        receivedNotifications.filter { $0.method == ShowMessageNotification.method.rawValue }
            .compactMap { try? $0.decodeParams(ShowMessageNotification.self) }
    }

    /// Every server-to-client request received so far, in order.
    public var receivedServerRequests: [RequestMessage] { condition.withLock { serverRequests } }
}

extension ServerProcess {
    /// A language server running in this process on its own thread, over in-memory pipes, driven with
    /// the same framed JSON messages as the `pureyaml lsp` child process (``ServerProcess/init(executable:arguments:)``).
    /// Schema downloads are limited to 127.0.0.1 (`PUREYAML_NETWORK`).
    public static func inProcess() -> ServerProcess {
        setenv("PUREYAML_NETWORK", "loopback", 1)
        let toServer = Pipe(), fromServer = Pipe()
        let status = ExitStatus()
        let input = toServer.fileHandleForReading, output = fromServer.fileHandleForWriting
        let thread = Thread {
            let code = (try? LanguageServerMain.serve(input: input, output: output)) ?? 2
            status.set(code)
            try? output.close()
        }
        thread.stackSize = 16 << 20
        thread.start()
        return ServerProcess(connectedTo: toServer, output: fromServer, exitStatus: { status.get() })
    }
}

/// The exit code of an in-process server, set once by its thread.
private final class ExitStatus: @unchecked Sendable {
    private let lock = NSLock()
    private var code: Int32?
    func set(_ value: Int32) { lock.withLock { code = value } }
    func get() -> Int32? { lock.withLock { code } }
}

/// ``TestSupport/applyLSPTextEdits(_:to:encoding:)`` for typed edits.
public func applyLSPTextEdits(_ edits: [TextEdit], to text: String, encoding: String = "utf-16") throws -> String {
    func position(_ p: Position) -> [String: Any] { ["line": p.line, "character": p.character] }
    return try applyLSPTextEdits(edits.map { e -> [String: Any] in
        ["range": ["start": position(e.range.start), "end": position(e.range.end)], "newText": e.newText]
    }, to: text, encoding: encoding)
}
