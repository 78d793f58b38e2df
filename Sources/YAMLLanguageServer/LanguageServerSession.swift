import Dispatch
import Foundation
import JSONRPC

/// Runs a ``LanguageServer`` on a connection. The server is not `Sendable`: it lives behind a lock
/// here, and every message, finished download and timer reaches it on the connection's serial handler
/// queue. Each message is decoded once, on the reader thread as it arrives (``HandlerTable/decode(_:)``);
/// the decoded arrivals wait in a queue (in arrival order) until they are handled, so the handler can
/// see the message behind the one it handles (to merge changes of one document).
final class LanguageServerSession: Sendable {
    let connection: Connection
    private let server: Locked<LanguageServer?> = Locked(nil)
    private let ledger = ArrivalLedger()
    /// Messages decoded but not handled yet, in arrival order.
    private let arrivals = Locked<[Arrival]>([])
    private let finished: DispatchSemaphore

    init(connection: Connection) {
        self.connection = connection
        let queue = connection.handlerQueue
        let box = server
        let server = LanguageServer(connection: connection, ledger: ledger) { delay, work in
            let run: @Sendable () -> Void = { box.withLock { if let s = $0 { work(s) } } }
            if let delay { queue.asyncAfter(deadline: .now() + delay, execute: run) } else { queue.async(execute: run) }
        }
        finished = server.finished
        box.withLock { $0 = server }
    }

    /// Serves until `exit` or end of input; returns the exit code.
    func runUntilExit() -> Int32 {
        let table = LanguageServer.table
        connection.start(
            onArrival: { [arrivals, ledger] message in
                let arrival = table.decode(message)
                ledger.noteArrival(arrival)
                arrivals.withLock { $0.append(arrival) }
            },
            onMessage: { [arrivals, server] _ in
                let (arrival, next) = arrivals.withLock { queue -> (Arrival?, Arrival?) in
                    queue.isEmpty ? (nil, nil) : (queue.removeFirst(), queue.first)
                }
                guard let arrival else { return }
                server.withLock { $0?.handle(arrival, nextArrival: next) }
            },
            // Output problems are reported on the sending thread, which may be a handler holding the server's
            // lock (an answer written after the client closed its end): logged later on the handler queue, so
            // that the handler returns and end of input still ends the session.
            onError: { [server, queue = connection.handlerQueue] error in
                queue.async { server.withLock { $0?.log("protocol: \(error)") } }
            },
            onClose: { [server] in server.withLock { $0?.inputEnded() } })
        finished.wait()
        return server.withLock { $0?.exitCode } ?? 1
    }
}
