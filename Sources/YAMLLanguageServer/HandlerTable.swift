import Foundation
import JSONRPC
import LanguageServerProtocol

/// What a request handler gets besides its params: the request's id and a check that says whether the
/// client has cancelled it meanwhile (read on the reader thread; LSP 3.17 "Cancellation Support").
struct RequestContext: Sendable {
    /// The id the answer repeats.
    let id: RequestID
    /// True once a `$/cancelRequest` for ``id`` has arrived; long work asks it and stops.
    let isCancelled: @Sendable () -> Bool
}

/// The one answer owed to one request (JSON-RPC 2.0 §4: "The Server MUST reply with a Response").
///
/// The dispatcher makes exactly one per request and hands it to whoever answers. The first ``fail(_:)``
/// or ``send(_:)`` writes the response; a later one is dropped and logged; a reply released without
/// either answers -32603 from `deinit`. So every request gets exactly one response, whatever path it
/// takes (success, thrown error, cancellation, preemption, lifecycle refusal, a held pull released
/// late), and no path can answer twice.
final class PendingReply: Sendable {
    /// The request's id.
    let id: RequestID
    /// The request's method, for messages.
    let method: String
    private let connection: Connection
    private let answered = Locked(false)

    init(id: RequestID, method: String, connection: Connection) {
        self.id = id
        self.method = method
        self.connection = connection
    }

    /// True when the response has been written.
    var isAnswered: Bool { answered.withLock { $0 } }

    /// Answers with `error`; ignored (and logged) when already answered.
    func fail(_ error: ResponseError) {
        guard claim() else { return }
        connection.sendError(id: id, error: error)
    }

    /// Answers with the success response `write` sends; ignored (and logged) when already answered.
    func send(_ write: (Connection, RequestID) -> Void) {
        guard claim() else { return }
        write(connection, id)
    }

    /// Marks the reply as sent; false (and a log line) when it already was.
    private func claim() -> Bool {
        let first = markSent()
        if !first { FileHandle.standardError.write(Data("pureyaml: \(method) \(id): a second answer was dropped\n".utf8)) }
        return first
    }

    /// Marks the reply as sent; true when it was not yet.
    private func markSent() -> Bool {
        answered.withLock { sent in
            defer { sent = true }
            return !sent
        }
    }

    deinit {
        // A reply that was sent is done (no log line: nothing was dropped); one that was not gets an error.
        if markSent() {
            connection.sendError(id: id, error: .internalError("\(method) was not answered (server bug)"))
        }
    }
}

/// ``PendingReply`` typed by the request it answers: only an `R.Response` can be sent.
struct Reply<R: LSPRequest>: Sendable {
    let pending: PendingReply

    /// Answers with `result`.
    func succeed(_ result: R.Response) {
        pending.send { connection, id in connection.reply(R.self, id: id, result: result) }
    }

    /// Answers with `result`, whose JSON is that of an `R.Response` (a hot path's own writer).
    func succeed<Result: Encodable>(writing result: Result) {
        pending.send { connection, id in connection.reply(R.self, id: id, writing: result) }
    }

    /// Answers with `error`.
    func fail(_ error: ResponseError) { pending.fail(error) }

    /// Answers with what `body` returns, or with the error it throws.
    func answer(_ body: () throws(ResponseError) -> R.Response) {
        do { succeed(try body()) } catch { fail(error) }
    }
}

/// Params that name one document (`params.textDocument.uri`): requests about it are answered with
/// -32801 when a change of it is queued behind them, and changes of it may be merged.
protocol DocumentParams {
    /// `params.textDocument.uri`, as sent.
    var documentURI: String { get }
}

/// A message decoded once, on arrival (on the reader thread), with what the dispatcher needs to know
/// about it before handling: its typed params (or why they did not decode) and the document it names.
struct Arrival: Sendable {
    /// The message as received.
    let message: Message
    /// The params decoded as the registered type; nil for responses and unregistered methods.
    let params: Result<any Sendable, ResponseError>?
    /// `params.textDocument.uri` when the params name a document.
    let documentURI: String?

    /// True for a `textDocument/didChange` whose params decoded.
    var isDocumentChange: Bool {
        if case .notification(let n) = message, n.method == DidChangeTextDocumentNotification.method.rawValue,
           case .success? = params { return true }
        return false
    }

    /// The id a `$/cancelRequest` cancels.
    var cancelledID: RequestID? {
        guard case .success(let p)? = params, let cancel = p as? CancelParams else { return nil }
        return cancel.id
    }
}

/// The typed handler table of the LSP renderer: one registration per method, with its params and result
/// types (``LanguageServerProtocol/LSPRequest``, ``LanguageServerProtocol/LSPNotification``). Params are
/// decoded once, on arrival (``decode(_:)``); the handler gets them typed.
///
/// Request handlers come in two forms: ``on(_:_:)-(R.Type,_)`` returns the result (or throws the error)
/// and the table answers; ``onDeferred(_:_:)`` gets the ``Reply`` to answer now or later (a held pull).
/// Either way the one ``PendingReply`` made per request guarantees exactly one answer.
struct HandlerTable: Sendable {
    typealias Server = LanguageServer

    struct RequestEntry: Sendable {
        let decode: @Sendable (RequestMessage) -> Result<any Sendable, ResponseError>
        let run: @Sendable (Server, any Sendable, RequestContext, PendingReply) -> Void
    }

    struct NotificationEntry: Sendable {
        let decode: @Sendable (NotificationMessage) -> Result<any Sendable, ResponseError>
        let run: @Sendable (Server, any Sendable) -> Void
    }

    private(set) var requests: [String: RequestEntry] = [:]
    private(set) var notifications: [String: NotificationEntry] = [:]

    /// Registers a request whose handler returns its result or throws its error.
    mutating func on<R: LSPRequest>(_ request: R.Type,
                                    _ body: @escaping @Sendable (Server, R.Params, RequestContext) throws(ResponseError) -> R.Response) {
        onDeferred(request) { server, params, context, reply in
            reply.answer { () throws(ResponseError) in try body(server, params, context) }
        }
    }

    /// Registers a request whose handler answers through the ``Reply`` it is given, now or later.
    mutating func onDeferred<R: LSPRequest>(_ request: R.Type,
                                            _ body: @escaping @Sendable (Server, R.Params, RequestContext, Reply<R>) -> Void) {
        precondition(requests[R.method.rawValue] == nil, "\(R.method.rawValue) registered twice")
        requests[R.method.rawValue] = RequestEntry(
            decode: { message in
                do throws(ResponseError) { return .success(try message.decodeParams(R.self)) } catch { return .failure(error) }
            },
            run: { server, params, context, pending in
                // The params were decoded by `decode` above, as `R.Params`.
                guard let params = params as? R.Params else { return pending.fail(.internalError("params of another type")) }
                body(server, params, context, Reply(pending: pending))
            })
    }

    /// Registers a notification.
    mutating func on<N: LSPNotification>(_ notification: N.Type, _ body: @escaping @Sendable (Server, N.Params) -> Void) {
        precondition(notifications[N.method.rawValue] == nil, "\(N.method.rawValue) registered twice")
        notifications[N.method.rawValue] = NotificationEntry(
            decode: { message in
                do throws(ResponseError) { return .success(try message.decodeParams(N.self)) } catch { return .failure(error) }
            },
            run: { server, params in
                guard let params = params as? N.Params else { return }
                body(server, params)
            })
    }

    /// Decodes `message` once, as the type registered for its method.
    func decode(_ message: Message) -> Arrival {
        let params: Result<any Sendable, ResponseError>?
        switch message {
        case .request(let r): params = requests[r.method]?.decode(r)
        case .notification(let n): params = notifications[n.method]?.decode(n)
        case .response: params = nil
        }
        var uri: String?
        if case .success(let p)? = params { uri = (p as? DocumentParams)?.documentURI }
        return Arrival(message: message, params: params, documentURI: uri)
    }

    /// The request methods registered, sorted.
    var requestMethods: [String] { requests.keys.sorted() }
    /// The notification methods registered, sorted.
    var notificationMethods: [String] { notifications.keys.sorted() }
}

// The params that name a document (see `DocumentParams`).
extension DocumentSymbolParams: DocumentParams { var documentURI: String { textDocument.uri } }
extension TextDocumentPositionParams: DocumentParams { var documentURI: String { textDocument.uri } }
extension HoverParams: DocumentParams { var documentURI: String { textDocument.uri } }
extension CompletionParams: DocumentParams { var documentURI: String { textDocument.uri } }
extension FoldingRangeParams: DocumentParams { var documentURI: String { textDocument.uri } }
extension ReferenceParams: DocumentParams { var documentURI: String { textDocument.uri } }
extension RenameParams: DocumentParams { var documentURI: String { textDocument.uri } }
extension SelectionRangeParams: DocumentParams { var documentURI: String { textDocument.uri } }
extension DocumentLinkParams: DocumentParams { var documentURI: String { textDocument.uri } }
extension SemanticTokensParams: DocumentParams { var documentURI: String { textDocument.uri } }
extension SemanticTokensRangeParams: DocumentParams { var documentURI: String { textDocument.uri } }
extension CodeActionParams: DocumentParams { var documentURI: String { textDocument.uri } }
extension DocumentDiagnosticParams: DocumentParams { var documentURI: String { textDocument.uri } }
extension DocumentFormattingParams: DocumentParams { var documentURI: String { textDocument.uri } }
extension DocumentRangeFormattingParams: DocumentParams { var documentURI: String { textDocument.uri } }
extension DocumentOnTypeFormattingParams: DocumentParams { var documentURI: String { textDocument.uri } }
extension WillSaveTextDocumentParams: DocumentParams { var documentURI: String { textDocument.uri } }
extension DidChangeTextDocumentParams: DocumentParams { var documentURI: String { textDocument.uri } }
extension SchemaInfoRequest.Params: DocumentParams { var documentURI: String { textDocument.uri } }
