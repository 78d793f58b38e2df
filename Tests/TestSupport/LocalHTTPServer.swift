import Foundation
import XCTest

/// A real HTTP server on 127.0.0.1 (python3's http.server on a free port) serving the files of a temp
/// folder with a strong `ETag` per file, answering `304 Not Modified` to a matching `If-None-Match`, and
/// logging `<status> <path>` per request to `requests.log`. Started and stopped by the test.
public final class LocalHTTPServer {
    public let root: URL
    public let port: Int
    private let process: Process

    static let script = #"""
    import hashlib, http.server, os, sys
    root = sys.argv[1]
    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass
        def do_GET(self):
            path = os.path.join(root, self.path.lstrip('/').split('?')[0])
            if not os.path.isfile(path):
                status, body, etag = 404, b'not found', None
            else:
                body = open(path, 'rb').read()
                etag = '"' + hashlib.sha1(body).hexdigest() + '"'
                status = 304 if self.headers.get('If-None-Match') == etag else 200
            with open(os.path.join(root, 'requests.log'), 'a') as log:
                log.write('%d %s\n' % (status, self.path))
            self.send_response(status)
            if etag:
                self.send_header('ETag', etag)
            if status == 304:
                self.end_headers()
                return
            self.send_header('Content-Length', str(len(body)))
            self.end_headers()
            self.wfile.write(body)
    server = http.server.HTTPServer(('127.0.0.1', 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """#

    /// Starts serving `root`. Skips the test when python3 is missing (fails under CI=true).
    public init(root: URL) throws {
        self.root = root
        let script = root.deletingLastPathComponent().appendingPathComponent("server.py")
        try Self.script.write(to: script, atomically: true, encoding: .utf8)
        (process, port) = try startLoopbackPythonServer(arguments: [script.path, root.path], what: "the test HTTP server")
    }

    /// `http://127.0.0.1:<port>/<path>`.
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// `<status> <path>` lines, one per request served so far.
    public var requests: [String] {
        ((try? String(contentsOf: root.appendingPathComponent("requests.log"), encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init)
    }

    /// Stops the server and waits for it.
    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// Runs python3 with `arguments` (a script that listens on 127.0.0.1 and prints its port as its first
/// line); returns the process and the port. Skips the test when python3 is missing (fails under CI=true)
/// or the server does not start.
public func startLoopbackPythonServer(arguments: [String], what: String) throws -> (process: Process, port: Int) {
    guard let python = ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"]
        .first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
        if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("python3 is required for \(what)") }
        throw XCTSkip("python3 not found")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    var line = Data()
    while !line.contains(0x0A) {
        let chunk = out.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        line += chunk
    }
    guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
        process.terminate()
        throw XCTSkip("\(what) did not start")
    }
    return (process, port)
}
