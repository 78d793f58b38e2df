import DownloadProtocol
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The `URLSession` delegate of `pureyaml-fetch`: writes the response head and then the body to standard
/// output as the bytes arrive (``DownloadProtocol``), and ends the process as soon as a rule of
/// docs/security.md is broken: a `Content-Length` over the limit (before the first byte), a body that
/// passes it, a redirect to another origin (scheme, host and port) or, with `--loopback-only`, off
/// loopback. The parent counts the bytes again on the pipe and kills this process at its deadline or
/// past its memory bound, so these checks end the transfer early; they are not the only bound.
///
/// Every end is `_exit`: libcurl's threads may be inside a transfer, and nothing here needs flushing
/// (output is written with `write(2)`, unbuffered).
final class BoundedDownloads: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let request: DownloadProtocol.Request
    /// Body bytes written so far (only touched on the session's serial delegate queue).
    private var count = 0
    private var wroteHead = false

    init(_ request: DownloadProtocol.Request) {
        self.request = request
    }

    /// Ends the process with `status`, after writing `reason` (one line) to standard error.
    static func end(_ status: DownloadProtocol.ExitStatus, _ reason: String = "") -> Never {
        if !reason.isEmpty { write(2, Array((reason.filter { $0 != "\n" } + "\n").utf8)) }
        _exit(status.rawValue)
    }

    /// Writes all of `bytes` to `fd`; a broken pipe (the parent gave up) ends the process.
    static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) {
        var sent = 0
        while sent < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + sent, bytes.count - sent)
            if n > 0 { sent += n; continue }
            if n < 0 && errno == EINTR { continue }
            _exit(DownloadProtocol.ExitStatus.cannotConnect.rawValue)
        }
    }

    static func write(_ fd: Int32, _ bytes: [UInt8]) { bytes.withUnsafeBytes { write(fd, $0) } }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        let from = task.originalRequest?.url ?? response.url
        guard let to = request.url, let from, DownloadProtocol.sameOrigin(from, to),
              !self.request.loopbackOnly || DownloadProtocol.isLoopback(to.host ?? "") else {
            Self.end(.redirectRefused)
        }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        if response.expectedContentLength > Int64(request.maxBytes) { Self.end(.tooLarge) }
        writeHead(response)
        completionHandler(.allow)
    }

    private func writeHead(_ response: URLResponse?) {
        guard !wroteHead else { return }
        wroteHead = true
        let http = response as? HTTPURLResponse
        let fields = (http?.allHeaderFields ?? [:]).compactMap { key, value -> (name: String, value: String)? in
            guard let name = key as? String else { return nil }
            return (name, "\(value)")
        }.sorted { $0.name < $1.name }
        let head = ResponseHead(statusCode: http?.statusCode ?? 0, url: response?.url?.absoluteString ?? request.url.absoluteString,
                                fields: fields)
        Self.write(1, head.encoded)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        count += data.count
        if count > request.maxBytes { Self.end(.tooLarge) }
        data.withUnsafeBytes { Self.write(1, $0) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        if let error {
            if (error as? URLError)?.code == .timedOut { Self.end(.timedOut) }
            Self.end(.cannotConnect, error.localizedDescription)
        }
        writeHead(task.response)
        Self.end(.complete)
    }
}
