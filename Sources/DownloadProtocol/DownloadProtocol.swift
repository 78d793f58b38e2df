import Foundation

/// What `pureyaml` and its download helper `pureyaml-fetch` agree on (docs/security.md, "Every download
/// is bounded"): the command line the parent passes, the response head the child writes before the body,
/// and the exit statuses that say how a download ended. Also the rules both sides apply to every hop:
/// the origin of a URL and the loopback test.
///
/// The child's standard output is `pureyaml-fetch 1\n`, then one `name value\n` line per item of
/// ``ResponseHead`` (`status`, `url`, then `field <name>: <value>` per header field), an empty line, and
/// the body's bytes as they arrive. Its standard error holds at most a one-line reason; its exit status is
/// one of ``ExitStatus``.
public enum DownloadProtocol {
    /// The first line of the child's output.
    public static let magic = "pureyaml-fetch 1"
    /// Largest response head (status, URL, header fields) the parent reads, in bytes.
    public static let maxHeadBytes = 64 << 10

    /// How the child ended, as its exit status.
    public enum ExitStatus: Int32, Sendable {
        /// The whole body was written.
        case complete = 0
        /// The command line was not understood.
        case usage = 64
        /// The body (or its announced `Content-Length`) passed the size limit; the transfer was stopped.
        case tooLarge = 65
        /// A redirect to another origin (or, loopback only, off loopback) was refused.
        case redirectRefused = 66
        /// No usable response: cannot connect, TLS failed, the connection broke (the reason on stderr).
        case cannotConnect = 67
        /// The child's own time-out passed (the parent's deadline normally ends it first).
        case timedOut = 68
    }

    /// The child's arguments for one `GET`: `--max-bytes N --timeout SECONDS [--loopback-only]
    /// [--header NAME:VALUE]... URL`.
    public static func arguments(url: String, maxBytes: Int, timeout: TimeInterval, loopbackOnly: Bool,
                                 headers: [(String, String)]) -> [String] {
        var out = ["--max-bytes", String(maxBytes), "--timeout", String(timeout)]
        if loopbackOnly { out.append("--loopback-only") }
        for (name, value) in headers { out += ["--header", "\(name):\(value)"] }
        out.append(url)
        return out
    }

    /// The parsed command line of the child; nil when it does not have the shape ``arguments(url:maxBytes:timeout:loopbackOnly:headers:)`` makes.
    public struct Request: Sendable {
        public var url: URL
        public var maxBytes: Int
        public var timeout: TimeInterval
        public var loopbackOnly = false
        public var headers: [(String, String)] = []

        public init?(arguments: [String]) {
            var maxBytes: Int?, timeout: TimeInterval?, loopbackOnly = false, headers: [(String, String)] = []
            var rest = arguments[...]
            while let first = rest.first, first.hasPrefix("--") {
                rest = rest.dropFirst()
                switch first {
                case "--loopback-only": loopbackOnly = true
                case "--max-bytes", "--timeout", "--header":
                    guard let value = rest.first else { return nil }
                    rest = rest.dropFirst()
                    if first == "--max-bytes" { maxBytes = Int(value) }
                    if first == "--timeout" { timeout = TimeInterval(value) }
                    if first == "--header" {
                        guard let colon = value.firstIndex(of: ":") else { return nil }
                        headers.append((String(value[..<colon]), String(value[value.index(after: colon)...])))
                    }
                default: return nil
                }
            }
            guard rest.count == 1, let text = rest.first, let url = URL(string: text), let maxBytes, let timeout else { return nil }
            self.url = url
            self.maxBytes = maxBytes
            self.timeout = timeout
            self.loopbackOnly = loopbackOnly
            self.headers = headers
        }
    }

    /// The origin of `url` (RFC 6454 §4): scheme, host and port, the port defaulted for `http`/`https`.
    public static func origin(_ url: URL) -> String {
        let scheme = (url.scheme ?? "").lowercased()
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        return "\(scheme)://\((url.host ?? "").lowercased()):\(port)"
    }

    /// True when `a` and `b` have the same origin.
    public static func sameOrigin(_ a: URL, _ b: URL) -> Bool { origin(a) == origin(b) }

    /// True for `localhost` and literal addresses of the loopback interface: a dotted-quad IPv4 address
    /// in 127.0.0.0/8 (four decimal numbers of 0–255) and `::1` (bracketed or not). Nothing is resolved:
    /// a name such as `127.0.0.1.example.com` is not loopback.
    public static func isLoopback(_ host: String) -> Bool {
        var h = host.lowercased()
        if h.hasPrefix("[") && h.hasSuffix("]") { h = String(h.dropFirst().dropLast()) }
        if h == "localhost" || h == "::1" || h == "0:0:0:0:0:0:0:1" { return true }
        let parts = h.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { p in !p.isEmpty && p.count <= 3 && p.allSatisfy(\.isASCII) && p.allSatisfy(\.isNumber) && Int(p).map { $0 <= 255 } == true }
    }
}

/// The status line and header fields of a final HTTP response (what `HTTPURLResponse` holds, without
/// FoundationNetworking), and its encoding in the child's output.
public struct ResponseHead: Sendable, Equatable {
    public var statusCode: Int
    /// The URL that answered (after same-origin redirects).
    public var url: String
    /// Header fields in arrival order.
    public var fields: [(name: String, value: String)]

    public init(statusCode: Int, url: String, fields: [(name: String, value: String)]) {
        self.statusCode = statusCode
        self.url = url
        self.fields = fields
    }

    /// The last value of the field `name` (compared without case), as `HTTPURLResponse` answers it.
    public func value(forHTTPHeaderField name: String) -> String? {
        fields.last { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    public static func == (a: ResponseHead, b: ResponseHead) -> Bool {
        a.statusCode == b.statusCode && a.url == b.url && a.fields.elementsEqual(b.fields) { $0 == $1 }
    }

    /// The head as the child writes it: ``DownloadProtocol/magic``, the lines, an empty line. Line breaks
    /// inside a value are dropped.
    public var encoded: [UInt8] {
        func clean(_ s: String) -> String { s.filter { $0 != "\n" && $0 != "\r" } }
        var text = DownloadProtocol.magic + "\nstatus \(statusCode)\nurl \(clean(url))\n"
        for (name, value) in fields { text += "field \(clean(name)): \(clean(value))\n" }
        return Array((text + "\n").utf8)
    }

    /// Parses the lines of ``encoded`` (without the empty line that ends them); nil when malformed.
    public init?(encodedLines bytes: ArraySlice<UInt8>) {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == Substring(DownloadProtocol.magic) else { return nil }
        var status: Int?, url = "", fields: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            if line.hasPrefix("status ") { status = Int(line.dropFirst(7)) }
            else if line.hasPrefix("url ") { url = String(line.dropFirst(4)) }
            else if line.hasPrefix("field "), let colon = line.firstIndex(of: ":") {
                fields.append((String(line[line.index(line.startIndex, offsetBy: 6)..<colon]),
                               String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)))
            }
        }
        guard let status else { return nil }
        self.init(statusCode: status, url: url, fields: fields)
    }
}
