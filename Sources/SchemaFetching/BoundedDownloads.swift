import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import YAMLDocumentModel

/// The `URLSession` delegate of ``SchemaLoader``: enforces the download rules while the bytes arrive
/// (docs/security.md): the body is cut off as soon as it passes the size limit (the `Content-Length` is
/// checked before the first byte), and a redirect is followed only to the same origin (scheme, host and
/// port) and, with `PUREYAML_NETWORK=loopback`, only to a loopback address; any other redirect is refused
/// by `urlSession(_:task:willPerformHTTPRedirection:newRequest:completionHandler:)`.
final class BoundedDownloads: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// One transfer in flight: what arrived so far and, once it ends, how.
    final class Transfer: @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        fileprivate(set) var body = Data()
        fileprivate(set) var response: HTTPURLResponse?
        fileprivate(set) var error: Error?
        /// Why the delegate stopped it (too large, a refused redirect), nil when it was not stopped.
        fileprivate(set) var refusal: SchemaLoadFailure?
        /// True once ``done`` was signalled (it is signalled once).
        fileprivate var signalled = false
        /// True when the loader must cancel the task once woken (not for a refused redirect: the task
        /// then ends by itself, and a cancel racing the redirect's answer traps in FoundationNetworking).
        fileprivate(set) var needsCancel = false
    }

    private let maxBytes: Int
    private let allowRemoteHosts: Bool
    /// Transfers by task identifier; a transfer given up (time-out) is removed, so late bytes are dropped.
    private let transfers = Mutex<[Int: Transfer]>([:])

    init(maxBytes: Int, allowRemoteHosts: Bool) {
        self.maxBytes = maxBytes
        self.allowRemoteHosts = allowRemoteHosts
    }

    /// Starts `request` in `session` (whose delegate is this object) and returns its transfer and task.
    func start(_ request: URLRequest, in session: URLSession) -> (Transfer, URLSessionDataTask) {
        let transfer = Transfer()
        let task = session.dataTask(with: request)
        transfers.withLock { $0[task.taskIdentifier] = transfer }
        task.resume()
        return (transfer, task)
    }

    /// Forgets `task`'s transfer (after it was stopped or given up) and cancels the task. Called by the
    /// waiting loader, never on the delegate queue (see ``stop(_:_:cancel:)``).
    func abandon(_ task: URLSessionTask) {
        _ = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        task.cancel()
    }

    private func transfer(_ task: URLSessionTask) -> Transfer? { transfers.withLock { $0[task.taskIdentifier] } }

    /// Records `failure` as the end of `task`'s transfer (the first reason wins) and wakes the waiting
    /// loader, which cancels the task. Never cancelled here: `cancel()` waits for the session's work
    /// queue, which may itself wait for this delegate queue (a redirect decision), a deadlock.
    private func stop(_ task: URLSessionTask, _ failure: SchemaLoadFailure, cancel: Bool = true) {
        guard let transfer = transfer(task) else { return }
        let wake = transfers.withLock { _ -> Bool in
            guard transfer.refusal == nil else { return false }
            transfer.refusal = failure
            transfer.needsCancel = cancel
            guard cancel, !transfer.signalled else { return false }
            transfer.signalled = true
            return true
        }
        if wake { transfer.done.signal() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        let from = task.originalRequest?.url ?? response.url
        guard let to = request.url, let from, Self.sameOrigin(from, to),
              allowRemoteHosts || SchemaLoader.isLoopback(to.host ?? "") else {
            stop(task, Self.redirectRefused, cancel: false)
            // The redirect response becomes the final one; its body is dropped (the refusal is recorded).
            completionHandler(nil)
            return
        }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        if let transfer = transfer(dataTask) {
            transfers.withLock { _ in transfer.response = response as? HTTPURLResponse }
        }
        if response.expectedContentLength > Int64(maxBytes) {
            stop(dataTask, Self.tooLarge(maxBytes))
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let transfer = transfer(dataTask) else { return }
        let size = transfers.withLock { _ -> Int in
            if transfer.refusal == nil { transfer.body.append(data) }
            return transfer.body.count
        }
        if size > maxBytes {
            stop(dataTask, Self.tooLarge(maxBytes))
            transfers.withLock { _ in transfer.body = Data() }
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        let wake = transfers.withLock { _ -> Bool in
            transfer.error = error
            if transfer.response == nil { transfer.response = task.response as? HTTPURLResponse }
            guard !transfer.signalled else { return false }
            transfer.signalled = true
            return true
        }
        if wake { transfer.done.signal() }
    }

    /// The refusal of a body larger than `maxBytes`.
    static func tooLarge(_ maxBytes: Int) -> SchemaLoadFailure {
        SchemaLoadFailure("the response is larger than \(maxBytes) bytes (the transfer was stopped)")
    }

    /// The refusal of a redirect to another origin (or, with the loopback switch, off loopback).
    static let redirectRefused =
        SchemaLoadFailure("the server redirected to another origin (scheme, host or port), which is not followed (see docs/security.md)")

    /// The origin of `url` (RFC 6454 §4): scheme, host and port, the port defaulted for `http`/`https`.
    static func origin(_ url: URL) -> String {
        let scheme = (url.scheme ?? "").lowercased()
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        return "\(scheme)://\((url.host ?? "").lowercased()):\(port)"
    }

    /// True when `a` and `b` have the same origin.
    static func sameOrigin(_ a: URL, _ b: URL) -> Bool { origin(a) == origin(b) }

    /// Reads what `transfer` holds once it ended, under the lock.
    func outcome(_ transfer: Transfer) -> (body: Data, response: HTTPURLResponse?, error: Error?, refusal: SchemaLoadFailure?,
                                           needsCancel: Bool) {
        transfers.withLock { _ in (transfer.body, transfer.response, transfer.error, transfer.refusal, transfer.needsCancel) }
    }
}
