import Foundation
import XCTest

/// A real HTTP server on 127.0.0.1 (python3's threading http.server on a free port), started and stopped
/// by a test. It serves the files of `root` with a strong `ETag` per file (and `304 Not Modified` to a
/// matching `If-None-Match`), plus the misbehaviours the download bounds are tested against:
///
/// - `/_/forever`: `200` without `Content-Length`, a body that never ends;
/// - `/_/hang`: accepts the request and never answers;
/// - `/_/drip`: `200` without `Content-Length`, then one byte every 0.2 s, forever;
/// - `/_/chunked?bytes=N`: `200` with `Transfer-Encoding: chunked`, N bytes in chunks of 1000 (with a
///   chunk extension and a trailer field); without `bytes`, chunks that never end;
/// - `/_/large?bytes=N`: `200` with `Content-Length: N` and N bytes;
/// - `/_/unannounced?bytes=N`: `200` with N bytes and no `Content-Length`;
/// - `/_/redirect?to=URL`: `302` to URL;
/// - `/_/raw?b64=BYTES&pad=N`: the base64-decoded BYTES, each `@@` in them replaced by N `a`s, as the whole
///   response (status line and all), then closes;
/// - `/_/secret`: `200` with a line of `/etc/passwd`-like text, which must never be echoed.
///
/// Each request is logged as `<status> <path>` in `requests.log` when answered, and a transfer the client
/// broke off as `aborted <path>`.
public final class LoopbackHTTPServer: @unchecked Sendable {
    public let root: URL
    public let port: Int
    /// `https` when started with `tls`, else `http`.
    public let scheme: String
    private let process: Process

    /// The line `/_/secret` serves.
    public static let secret = "root:x:0:0:root:/root:/bin/bash"

    static let script = #"""
    import base64, hashlib, http.server, os, sys, time, urllib.parse
    root = sys.argv[1]
    def log(line):
        with open(os.path.join(root, 'requests.log'), 'a') as f:
            f.write(line + '\n')
    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass
        def send_body(self, status, body, length=True, headers=()):
            self.send_response(status)
            for k, v in headers:
                self.send_header(k, v)
            if length:
                self.send_header('Content-Length', str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        def do_GET(self):
            url = urllib.parse.urlparse(self.path)
            query = urllib.parse.parse_qs(url.query)
            try:
                if url.path == '/_/forever':
                    log('200 ' + self.path)
                    self.send_response(200)
                    self.end_headers()
                    chunk = b' ' * 65536
                    while True:
                        self.wfile.write(chunk)
                elif url.path == '/_/hang':
                    log('hang ' + self.path)
                    time.sleep(3600)
                elif url.path == '/_/drip':
                    log('200 ' + self.path)
                    self.send_response(200)
                    self.end_headers()
                    while True:
                        self.wfile.write(b' ')
                        self.wfile.flush()
                        time.sleep(0.2)
                elif url.path == '/_/chunked':
                    log('200 ' + self.path)
                    self.protocol_version = 'HTTP/1.1'
                    self.send_response(200)
                    self.send_header('Transfer-Encoding', 'chunked')
                    self.send_header('Connection', 'close')
                    self.end_headers()
                    left = int(query['bytes'][0]) if 'bytes' in query else -1
                    while left != 0:
                        n = 1000 if left < 0 else min(1000, left)
                        self.wfile.write(b'%x;ext=1\r\n' % n + b'x' * n + b'\r\n')
                        left = -1 if left < 0 else left - n
                    self.wfile.write(b'0\r\nX-Trailer: yes\r\n\r\n')
                elif url.path == '/_/large':
                    log('200 ' + self.path)
                    self.send_body(200, b' ' * int(query['bytes'][0]))
                elif url.path == '/_/unannounced':
                    log('200 ' + self.path)
                    self.send_body(200, b' ' * int(query['bytes'][0]), length=False)
                elif url.path == '/_/raw':
                    log('raw ' + self.path)
                    pad = b'a' * int(query.get('pad', ['0'])[0])
                    self.wfile.write(base64.b64decode(query.get('b64', [''])[0]).replace(b'@@', pad))
                    self.wfile.flush()
                    self.close_connection = True
                elif url.path == '/_/redirect':
                    log('302 ' + self.path)
                    self.send_body(302, b'', headers=[('Location', query['to'][0])])
                elif url.path == '/_/secret':
                    log('200 ' + self.path)
                    self.send_body(200, (SECRET + '\n').encode())
                else:
                    path = os.path.join(root, url.path.lstrip('/'))
                    if not os.path.isfile(path):
                        log('404 ' + self.path)
                        self.send_body(404, b'not found')
                        return
                    body = open(path, 'rb').read()
                    etag = '"' + hashlib.sha1(body).hexdigest() + '"'
                    if self.headers.get('If-None-Match') == etag:
                        log('304 ' + self.path)
                        self.send_response(304)
                        self.send_header('ETag', etag)
                        self.end_headers()
                        return
                    log('200 ' + self.path)
                    self.send_body(200, body, headers=[('ETag', etag)])
            except (BrokenPipeError, ConnectionResetError):
                log('aborted ' + self.path)
    class Server(http.server.ThreadingHTTPServer):
        daemon_threads = True
    server = Server(('127.0.0.1', 0), Handler)
    if len(sys.argv) > 3:
        import ssl
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[2], sys.argv[3])
        server.socket = context.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """#.replacingOccurrences(of: "SECRET", with: "'\(secret)'")

    /// Starts serving `root`; with `tls`, over HTTPS with a self-signed certificate for 127.0.0.1 made by
    /// `openssl` beside `root`. Skips the test when python3 or (with `tls`) openssl is missing (fails under
    /// CI=true).
    public init(root: URL, tls: Bool = false) throws {
        self.root = root
        scheme = tls ? "https" : "http"
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let script = root.deletingLastPathComponent().appendingPathComponent("server-\(UUID().uuidString).py")
        try Self.script.write(to: script, atomically: true, encoding: .utf8)
        var arguments = [script.path, root.path]
        if tls { arguments += try Self.selfSignedCertificate(in: root.deletingLastPathComponent()) }
        (process, port) = try startLoopbackPythonServer(arguments: arguments, what: "the test HTTP server")
    }

    /// Makes a self-signed certificate and key for 127.0.0.1 in `folder` with `openssl`; their paths.
    private static func selfSignedCertificate(in folder: URL) throws -> [String] {
        guard let openssl = ["/usr/bin/openssl", "/usr/local/bin/openssl", "/opt/homebrew/bin/openssl"]
            .first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("openssl is required for the HTTPS test server") }
            throw XCTSkip("openssl not found: the HTTPS test server needs it to make a self-signed certificate")
        }
        let id = UUID().uuidString
        let cert = folder.appendingPathComponent("cert-\(id).pem").path, key = folder.appendingPathComponent("key-\(id).pem").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: openssl)
        process.arguments = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1",
                             "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw XCTSkip("openssl could not make a self-signed certificate") }
        return [cert, key]
    }

    /// `http://127.0.0.1:<port>/<path>` (`https:` for a TLS server).
    public func url(_ path: String) -> String { "\(scheme)://127.0.0.1:\(port)/\(path)" }

    /// `<status> <path>` lines, one per request answered so far (and `hang <path>`, `aborted <path>`).
    public var requests: [String] {
        ((try? String(contentsOf: root.appendingPathComponent("requests.log"), encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init)
    }

    /// Waits up to `timeout` seconds until a request line satisfies `predicate`; true when one did.
    public func waitForRequest(timeout: TimeInterval = 10, where predicate: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if requests.contains(where: predicate) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return requests.contains(where: predicate)
    }

    /// Stops the server and waits for it.
    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// A child process run to completion while its peak resident memory is sampled from
/// `/proc/<pid>/status` (`VmHWM`, Linux only; nil elsewhere).
public struct MeasuredRun {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// The largest `VmHWM` seen, in bytes (the kernel's own high-water mark, so a peak between two
    /// samples is not missed unless it happens in the last sampling interval).
    public var peakResidentBytes: Int?
    /// Wall-clock seconds from start to exit.
    public var seconds: Double
    /// CPU seconds (user and system) of the process and of the children it waited for: the growth of this
    /// process's `RUSAGE_CHILDREN` across the run (tests run one at a time, so no other child of the test
    /// process is reaped meanwhile). Unlike ``seconds``, it does not grow with the machine's load.
    public var cpuSeconds: Double

    /// Runs `executable` with `arguments` in `directory` with `environment`, killing it after `timeout`
    /// seconds (then `status` is -1).
    public init(_ executable: URL, _ arguments: [String], in directory: URL, environment: [String: String],
                timeout: TimeInterval = 60) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        let outFile = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-measured-\(UUID().uuidString).out")
        let errFile = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-measured-\(UUID().uuidString).err")
        FileManager.default.createFile(atPath: outFile.path, contents: nil)
        FileManager.default.createFile(atPath: errFile.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outFile)
            try? FileManager.default.removeItem(at: errFile)
        }
        let out = try FileHandle(forWritingTo: outFile), err = try FileHandle(forWritingTo: errFile)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let cpuBefore = Self.childrenCPUSeconds()
        let start = Date()
        try process.run()
        var peak: Int?
        var killed = false
        while process.isRunning {
            if let hwm = Self.highWaterMark(process.processIdentifier) { peak = max(peak ?? 0, hwm) }
            if Date().timeIntervalSince(start) > timeout {
                process.terminate()
                killed = true
                break
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        process.waitUntilExit()
        seconds = Date().timeIntervalSince(start)
        cpuSeconds = Self.childrenCPUSeconds() - cpuBefore
        try? out.close()
        try? err.close()
        status = killed ? -1 : process.terminationStatus
        stdout = (try? String(contentsOf: outFile, encoding: .utf8)) ?? ""
        stderr = (try? String(contentsOf: errFile, encoding: .utf8)) ?? ""
        peakResidentBytes = peak
    }

    /// User and system CPU seconds of the children this process has waited for (`getrusage`).
    static func childrenCPUSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        #else
        getrusage(RUSAGE_CHILDREN, &usage)
        #endif
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// `VmHWM` of process `pid` in bytes, nil when unreadable (not Linux, or the process is gone).
    public static func highWaterMark(_ pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kb = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else { return nil }
        return kb * 1024
    }
}
