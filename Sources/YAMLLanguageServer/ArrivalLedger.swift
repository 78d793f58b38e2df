import JSONRPC
import LanguageServerProtocol

/// What the reader thread has seen arrive that the handler queue has not handled yet: cancelled request
/// ids and queued `textDocument/didChange` notifications per document. It lets the serial handler skip
/// work whose answer nobody wants any more (LSP 3.17 "Cancellation Support", "ContentModified"):
///
/// - a request whose `$/cancelRequest` arrived while it was still queued is answered with
///   ``JSONRPC/ErrorCode/requestCancelled`` (-32800) instead of being computed; long work (code actions)
///   asks ``isCancelled(_:)`` while it runs and stops with the same answer;
/// - a request about a document (`params.textDocument.uri`) that has a `didChange` queued behind it would be
///   answered for a version the client has already left, so it is answered with
///   ``JSONRPC/ErrorCode/contentModified`` (-32801).
///
/// A cancellation for an id that is unknown or already answered is forgotten when the `$/cancelRequest`
/// itself is handled (everything before it in the queue has been handled by then), so the ledger stays small.
/// Thread-safe: ``noteArrival(_:)`` runs on the reader thread, the rest on the handler queue.
final class ArrivalLedger: Sendable {
    private struct State {
        var cancelled: Set<RequestID> = []
        var queuedChanges: [String: Int] = [:]
    }

    private let state = Locked(State())

    /// Records `message` as it arrives, before it is queued (the connection's `onArrival` hook).
    func noteArrival(_ message: Message) {
        guard case .notification(let n) = message else { return }
        switch n.method {
        case CancelRequestNotification.method.rawValue:
            if let id = Self.cancelledID(n) { state.withLock { _ = $0.cancelled.insert(id) } }
        case DidChangeTextDocumentNotification.method.rawValue:
            if let uri = Self.documentURI(n) { state.withLock { $0.queuedChanges[uri, default: 0] += 1 } }
        default:
            break
        }
    }

    /// Called on the handler queue when `notification` is handled: undoes what ``noteArrival(_:)`` recorded.
    func noteHandled(_ notification: NotificationMessage) {
        switch notification.method {
        case CancelRequestNotification.method.rawValue:
            if let id = Self.cancelledID(notification) { state.withLock { _ = $0.cancelled.remove(id) } }
        case DidChangeTextDocumentNotification.method.rawValue:
            guard let uri = Self.documentURI(notification) else { return }
            state.withLock { s in
                let left = (s.queuedChanges[uri] ?? 0) - 1
                s.queuedChanges[uri] = left > 0 ? left : nil
            }
        default:
            break
        }
    }

    /// The error to answer `request` with instead of doing its work, or nil to do the work.
    /// `initialize`, `shutdown` and requests without a `textDocument` are never content-modified.
    func preemption(of request: RequestMessage) -> ResponseError? {
        state.withLock { s in
            if s.cancelled.remove(request.id) != nil { return .requestCancelled }
            if let uri = Self.documentURI(request), s.queuedChanges[uri] != nil {
                return ResponseError(code: .contentModified,
                                     message: "the document changed before the request was handled")
            }
            return nil
        }
    }

    /// True when a `$/cancelRequest` for `id` has arrived and not yet been handled: the request is still
    /// running (or queued), and its answer is no longer wanted. Does not forget the cancellation.
    func isCancelled(_ id: RequestID) -> Bool {
        state.withLock { $0.cancelled.contains(id) }
    }

    /// `params.textDocument.uri` of a request, as sent; nil when there is none.
    static func documentURI(_ request: RequestMessage) -> String? {
        (try? request.decodeParams(as: DocumentReference.self))?.textDocument.uri
    }

    /// `params.textDocument.uri` of a notification, as sent; nil when there is none.
    static func documentURI(_ notification: NotificationMessage) -> String? {
        (try? notification.decodeParams(as: DocumentReference.self))?.textDocument.uri
    }

    /// The id of a `$/cancelRequest`, nil when it has none.
    private static func cancelledID(_ notification: NotificationMessage) -> RequestID? {
        (try? notification.decodeParams(as: CancelParams.self))?.id
    }

    /// The part of params that names a document; decoding it reads nothing else (no text is built).
    private struct DocumentReference: Decodable {
        struct Document: Decodable {
            var uri: String
        }

        var textDocument: Document
    }
}
