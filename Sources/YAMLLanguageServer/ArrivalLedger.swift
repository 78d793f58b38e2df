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

    /// Records `arrival` as it arrives, before it is queued (the connection's `onArrival` hook).
    func noteArrival(_ arrival: Arrival) {
        if let id = arrival.cancelledID { state.withLock { _ = $0.cancelled.insert(id) } }
        if arrival.isDocumentChange, let uri = arrival.documentURI {
            state.withLock { $0.queuedChanges[uri, default: 0] += 1 }
        }
    }

    /// Called on the handler queue when a notification is handled: undoes what ``noteArrival(_:)`` recorded.
    func noteHandled(_ arrival: Arrival) {
        if let id = arrival.cancelledID { state.withLock { _ = $0.cancelled.remove(id) } }
        if arrival.isDocumentChange, let uri = arrival.documentURI {
            state.withLock { s in
                let left = (s.queuedChanges[uri] ?? 0) - 1
                s.queuedChanges[uri] = left > 0 ? left : nil
            }
        }
    }

    /// The error to answer request `id` about `documentURI` (its `params.textDocument.uri`) with instead
    /// of doing its work, or nil to do the work. Requests without a `textDocument` are never content-modified.
    func preemption(of id: RequestID, documentURI: String?) -> ResponseError? {
        state.withLock { s in
            if s.cancelled.remove(id) != nil { return .requestCancelled }
            if let uri = documentURI, s.queuedChanges[uri] != nil {
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
}
