import Dispatch
import DownloadProtocol
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import YAMLDocumentModel

/// One `GET` of an `http:` URL over HTTP/1.1 (RFC 9112) on a socket of its own, read on the calling thread
/// in chunks of ``chunkSize`` bytes, with the bounds of docs/security.md: the body stops at `maxBytes`
/// (a larger `Content-Length` is refused before the body), one deadline for connecting, redirects and the
/// whole body (then the socket is closed), redirects to the same origin only, and with the loopback switch
/// only literal loopback hosts, connected to by address (nothing resolved).
///
/// Hand-written where Foundation does not do the job (the project brief: use Foundation, hand-write only
/// where a measured need requires it). FoundationNetworking (swift-corelibs-foundation 6.3) cannot bound
/// the memory of a download: libcurl's callback hands every chunk to `delegateQueue.addOperation` and
/// reads on without waiting for the delegate, so what the delegate has not yet seen piles up in memory,
/// and `countOfBytesReceived` moves only for download tasks, so a data task's true count cannot be
/// watched either. An endless response from 127.0.0.1 was cut at 20 MiB by the delegate only after
/// 16.5 s at 301 MB peak in one loaded CI run (usually 0.2–1.3 s at 60–85 MB). Here nothing reads ahead
/// of the loop that counts the bytes: memory is the body (at most `maxBytes`) plus one chunk and the
/// kernel's socket buffer, whatever the speed of the network. It resolves no name: it is used for
/// `localhost` and literal IP addresses only (``SchemaLoader/usesPlainHTTP(_:environment:)``); `https:`,
/// a host name to resolve and a proxy go to the `pureyaml-fetch` process (``DownloadProcess``), which
/// is killed at the deadline, so a name lookup cannot outlive it either.
enum PlainHTTP {
    /// Bytes read from the socket at once.
    static let chunkSize = 64 << 10
    /// Largest response header (status line and fields) and trailer; a line must also fit in one chunk.
    static let maxHeaderBytes = 64 << 10
    /// Redirects followed before giving up (each must keep the origin).
    static let maxRedirects = 10

    /// How a download ended.
    enum Outcome {
        /// A final response (not a followed redirect): its status, header fields and body.
        case response(ResponseHead, Data)
        /// Stopped by a bound (too large, a redirect to another origin): the loader's message.
        case refused(SchemaLoadFailure)
        /// The deadline passed; the connection was closed.
        case timedOut
        /// No answer that HTTP can use: cannot connect, the connection broke, a malformed response.
        case failed(String)
    }

    /// Fetches `url` (an `http:` URL) with the extra request `headers`, ending by `deadline`.
    static func get(_ url: URL, headers: [(String, String)], deadline: DispatchTime, maxBytes: Int,
                    allowRemoteHosts: Bool) -> Outcome {
        var current = url
        for _ in 0...maxRedirects {
            let outcome: Outcome
            do {
                outcome = try exchange(current, headers: headers, deadline: deadline, maxBytes: maxBytes, allowRemoteHosts: allowRemoteHosts)
            } catch Stop.timedOut {
                return .timedOut
            } catch Stop.tooLarge {
                return .refused(SchemaLoader.tooLarge(maxBytes))
            } catch Stop.failed(let why) {
                return .failed(why)
            } catch {
                return .failed("\(error)")
            }
            // RFC 9110 §15.4: these redirect with a Location; 300 and 304 are answers, not redirects.
            guard case .response(let response, _) = outcome, [301, 302, 303, 307, 308].contains(response.statusCode),
                  let location = response.value(forHTTPHeaderField: "Location"),
                  let next = URL(string: location, relativeTo: current)?.absoluteURL else { return outcome }
            guard DownloadProtocol.sameOrigin(url, next), allowRemoteHosts || SchemaLoader.isLoopback(next.host ?? "") else {
                return .refused(SchemaLoader.redirectRefused)
            }
            current = next
        }
        return .failed("more than \(maxRedirects) redirects")
    }

    /// Why reading stopped early.
    private enum Stop: Error {
        case timedOut, tooLarge
        case failed(String)
    }

    /// One request and its response on a new connection.
    private static func exchange(_ url: URL, headers: [(String, String)], deadline: DispatchTime, maxBytes: Int,
                                 allowRemoteHosts: Bool) throws -> Outcome {
        guard (url.scheme ?? "").lowercased() == "http", let host = url.host, !host.isEmpty,
              let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw Stop.failed("not an http URL")
        }
        let bareHost = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard allowRemoteHosts || SchemaLoader.isLoopback(bareHost) else { throw Stop.failed("not a loopback host") }
        let port = url.port ?? 80
        guard (1...65535).contains(port) else { throw Stop.failed("bad port \(port)") }
        let connection = try Connection(host: bareHost, port: port, deadline: deadline)
        defer { connection.shut() }

        var target = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { target += "?" + query }
        let hostField = (bareHost.contains(":") ? "[\(bareHost)]" : bareHost) + (url.port.map { ":\($0)" } ?? "")
        var request = "GET \(target) HTTP/1.1\r\nHost: \(hostField)\r\nUser-Agent: pureyaml\r\nAccept: */*\r\n"
            + "Accept-Encoding: identity\r\nConnection: close\r\n"
        for (name, value) in headers {
            request += "\(name): \(value.filter { $0 != "\r" && $0 != "\n" })\r\n"
        }
        try connection.write(Array((request + "\r\n").utf8))

        var (status, fields) = try readHead(connection)
        // RFC 9110 §15.2: interim 1xx responses precede the final one.
        var interim = 0
        while (100..<200).contains(status) {
            interim += 1
            guard interim <= 5 else { throw Stop.failed("too many interim responses") }
            (status, fields) = try readHead(connection)
        }
        func field(_ name: String) -> String? {
            fields.last { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
        }
        let response = ResponseHead(statusCode: status, url: url.absoluteString, fields: fields.map { (name: $0.0, value: $0.1) })
        if let coding = field("Content-Encoding"), coding.lowercased() != "identity" {
            throw Stop.failed("the response is encoded (Content-Encoding: \(coding.prefix(40))), which was not asked for")
        }
        // RFC 9112 §6.3: how the body's length is decided.
        if status == 204 || status == 304 { return .response(response, Data()) }
        if let codings = field("Transfer-Encoding") {
            guard codings.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) == ["chunked"] else {
                throw Stop.failed("unsupported transfer coding \(codings.prefix(40))")
            }
            return .response(response, try readChunked(connection, maxBytes: maxBytes))
        }
        if let length = field("Content-Length") {
            // RFC 9110 §8.6: a list of identical values counts as one.
            let values = Set(length.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            guard values.count == 1, let text = values.first, !text.isEmpty, text.count <= 18, text.allSatisfy(\.isASCII),
                  text.allSatisfy(\.isNumber), let count = Int(text) else {
                throw Stop.failed("a malformed Content-Length")
            }
            guard count <= maxBytes else { throw Stop.tooLarge }
            var body = Data(capacity: count)
            try connection.read(exactly: count, into: &body, maxBytes: maxBytes)
            return .response(response, body)
        }
        var body = Data()
        try connection.readToEnd(into: &body, maxBytes: maxBytes)
        return .response(response, body)
    }

    /// The status code and header fields of one response head (RFC 9112 §4, §5).
    private static func readHead(_ connection: Connection) throws -> (Int, [(String, String)]) {
        var budget = maxHeaderBytes
        func line() throws -> String {
            guard let bytes = try connection.readLine(max: chunkSize - 2) else { throw Stop.failed("the connection closed before a response") }
            budget -= bytes.count + 2
            guard budget >= 0 else { throw Stop.failed("a response header larger than \(maxHeaderBytes) bytes") }
            return String(decoding: bytes, as: UTF8.self)
        }
        let statusLine = try line()
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, parts[1].allSatisfy({ $0.isASCII && $0.isNumber }),
              let status = Int(parts[1]) else {
            throw Stop.failed("not an HTTP/1.x response")
        }
        var fields: [(String, String)] = []
        while true {
            let text = try line()
            if text.isEmpty { break }
            guard let colon = text.firstIndex(of: ":") else { continue }
            fields.append((String(text[..<colon]).trimmingCharacters(in: .whitespaces),
                           String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)))
        }
        return (status, fields)
    }

    /// A chunked body (RFC 9112 §7.1), its trailer fields read and dropped.
    private static func readChunked(_ connection: Connection, maxBytes: Int) throws -> Data {
        var body = Data()
        while true {
            guard let line = try connection.readLine(max: 4096) else { throw Stop.failed("the connection closed inside a chunked body") }
            let sizeText = String(decoding: line.prefix { $0 != UInt8(ascii: ";") }, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            guard !sizeText.isEmpty, sizeText.count <= 15, sizeText.allSatisfy(\.isHexDigit), let size = Int(sizeText, radix: 16) else {
                throw Stop.failed("a malformed chunk size")
            }
            if size == 0 { break }
            guard body.count + size <= maxBytes else { throw Stop.tooLarge }
            try connection.read(exactly: size, into: &body, maxBytes: maxBytes)
            guard try connection.readLine(max: 2)?.isEmpty == true else { throw Stop.failed("a chunk without its line end") }
        }
        var trailer = maxHeaderBytes
        while let line = try connection.readLine(max: chunkSize - 2), !line.isEmpty {
            trailer -= line.count + 2
            guard trailer >= 0 else { throw Stop.failed("a trailer larger than \(maxHeaderBytes) bytes") }
        }
        return body
    }

    /// A connected non-blocking TCP socket with a small read buffer; every wait ends at the deadline.
    private final class Connection {
        private var fd: Int32 = -1
        private let deadline: DispatchTime
        /// The read buffer: bytes `start..<end` are read from the socket and not yet consumed.
        private let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: PlainHTTP.chunkSize)
        private var start = 0
        private var end = 0
        private var atEnd = false

        /// Connects to `host`: `localhost` (127.0.0.1, then ::1) or a literal address; nothing is resolved.
        init(host: String, port: Int, deadline: DispatchTime) throws {
            self.deadline = deadline
            var lastError = "no address"
            for address in try Self.addresses(host, port: port) {
                let candidate = socket(address.family, Self.streamType, 0)
                guard candidate >= 0 else { lastError = String(cString: strerror(errno)); continue }
                _ = fcntl(candidate, F_SETFD, FD_CLOEXEC)
                _ = fcntl(candidate, F_SETFL, fcntl(candidate, F_GETFL) | O_NONBLOCK)
                let started = address.storage.withUnsafeBytes { raw in
                    connect(candidate, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), address.length)
                }
                if started == 0 || errno == EINPROGRESS {
                    fd = candidate
                    do {
                        if started != 0 {
                            try wait(for: Int16(POLLOUT))
                            var error: Int32 = 0
                            var size = socklen_t(MemoryLayout<Int32>.size)
                            getsockopt(candidate, SOL_SOCKET, SO_ERROR, &error, &size)
                            if error != 0 { throw Stop.failed(String(cString: strerror(error))) }
                        }
                        return
                    } catch {
                        shut()
                        guard case Stop.failed(let why) = error else { throw error }
                        lastError = why
                        continue
                    }
                }
                lastError = String(cString: strerror(errno))
                close(candidate)
            }
            throw Stop.failed("cannot connect to \(host) port \(port): \(lastError)")
        }

        /// Closes the socket (at most once).
        func shut() {
            if fd >= 0 { close(fd) }
            fd = -1
        }

        deinit {
            shut()
            storage.deallocate()
        }

        #if canImport(Glibc)
        private static let streamType = Int32(SOCK_STREAM.rawValue)
        private static let sendFlags = Int32(MSG_NOSIGNAL)
        #else
        private static let streamType = SOCK_STREAM
        private static let sendFlags: Int32 = 0
        #endif

        private struct Address {
            var family: Int32
            var storage: [UInt8]
            var length: socklen_t
        }

        /// The addresses to try for `host`.
        private static func addresses(_ host: String, port: Int) throws -> [Address] {
            if host.lowercased() == "localhost" {
                return ((try? resolve("127.0.0.1", port: port)) ?? []) + ((try? resolve("::1", port: port)) ?? [])
            }
            // A name is never resolved here (getaddrinfo cannot be cancelled at a deadline): the loader sends
            // URLs with host names to pureyaml-fetch.
            guard let literal = try? resolve(host, port: port), !literal.isEmpty else {
                throw Stop.failed("\(host) is a name to resolve, which is left to pureyaml-fetch")
            }
            return literal
        }

        private static func resolve(_ host: String, port: Int) throws -> [Address] {
            var hints = addrinfo()
            hints.ai_socktype = streamType
            hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV
            var list: UnsafeMutablePointer<addrinfo>?
            let status = getaddrinfo(host, String(port), &hints, &list)
            guard status == 0 else { throw Stop.failed("cannot resolve \(host): \(String(cString: gai_strerror(status)))") }
            defer { freeaddrinfo(list) }
            var out: [Address] = []
            var node = list
            while let info = node?.pointee {
                if let address = info.ai_addr {
                    let bytes = UnsafeRawBufferPointer(start: address, count: Int(info.ai_addrlen))
                    out.append(Address(family: info.ai_family, storage: Array(bytes), length: info.ai_addrlen))
                }
                node = info.ai_next
            }
            return out
        }

        /// Waits until the socket is ready for `events`, or throws at the deadline.
        private func wait(for events: Int16) throws {
            while true {
                let now = DispatchTime.now()
                guard now < deadline else { throw Stop.timedOut }
                let milliseconds = min(Int64(Int32.max), Int64((deadline.uptimeNanoseconds - now.uptimeNanoseconds) / 1_000_000) + 1)
                var entry = pollfd(fd: fd, events: events, revents: 0)
                let ready = poll(&entry, 1, Int32(milliseconds))
                if ready > 0 { return }
                if ready < 0 && errno != EINTR { throw Stop.failed(String(cString: strerror(errno))) }
            }
        }

        func write(_ bytes: [UInt8]) throws {
            var sent = 0
            while sent < bytes.count {
                let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Self.sendFlags) }
                if n > 0 { sent += n; continue }
                if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { try wait(for: Int16(POLLOUT)); continue }
                throw Stop.failed("the connection broke while sending the request: \(String(cString: strerror(errno)))")
            }
        }

        /// Reads more bytes into the buffer, after moving the unread ones to its front; false at the end
        /// of the stream (or when the buffer is full of unread bytes, which callers rule out).
        private func fill() throws -> Bool {
            guard !atEnd else { return false }
            if start > 0 {
                if end > start { memmove(storage, storage + start, end - start) }
                end -= start
                start = 0
            }
            guard end < PlainHTTP.chunkSize else { return false }
            while true {
                let n = recv(fd, storage + end, PlainHTTP.chunkSize - end, 0)
                if n > 0 {
                    end += n
                    return true
                }
                if n == 0 {
                    atEnd = true
                    return false
                }
                guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else {
                    throw Stop.failed("the connection broke: \(String(cString: strerror(errno)))")
                }
                try wait(for: Int16(POLLIN))
            }
        }

        /// One line without its CRLF (a bare LF ends it too, RFC 9112 §2.2), at most `max` bytes (less
        /// than ``PlainHTTP/chunkSize``); nil at the end of the stream before any byte.
        func readLine(max: Int) throws -> [UInt8]? {
            var from = start
            while true {
                if from < end, let found = memchr(storage + from, Int32(UInt8(ascii: "\n")), end - from) {
                    let newline = storage.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    var stop = newline
                    if stop > start && storage[stop - 1] == UInt8(ascii: "\r") { stop -= 1 }
                    guard stop - start <= max else { throw Stop.failed("a header line longer than \(max) bytes") }
                    let line = Array(UnsafeBufferPointer(start: storage + start, count: stop - start))
                    start = newline + 1
                    return line
                }
                guard end - start <= max + 1 else { throw Stop.failed("a header line longer than \(max) bytes") }
                // fill() moves the unread bytes to the front: scan on from the same place relative to `start`.
                let scanned = end - start
                guard try fill() else {
                    if end == start { return nil }
                    throw Stop.failed("the connection closed inside a header line")
                }
                from = start + scanned
            }
        }

        /// Appends the next `count` bytes to `body`.
        func read(exactly count: Int, into body: inout Data, maxBytes: Int) throws {
            var left = count
            while left > 0 {
                if start == end, try !fill() { throw Stop.failed("the connection closed before the whole body arrived") }
                let take = min(left, end - start)
                guard body.count + take <= maxBytes else { throw Stop.tooLarge }
                body.append(storage + start, count: take)
                start += take
                left -= take
            }
        }

        /// Appends everything up to the end of the stream to `body`.
        func readToEnd(into body: inout Data, maxBytes: Int) throws {
            while true {
                if start < end {
                    guard body.count + end - start <= maxBytes else { throw Stop.tooLarge }
                    body.append(storage + start, count: end - start)
                    start = end
                }
                guard try fill() else { return }
            }
        }
    }
}
