import DownloadProtocol
import Foundation
@testable import SchemaFetching
import TestSupport
import XCTest
import YAMLDocumentModel

/// The download bounds of docs/security.md against a real HTTP server on 127.0.0.1 that misbehaves:
/// an endless body, a server that never answers, large bodies, redirects to another origin; the
/// run-wide budget; the loopback switch; local files behind symbolic links; the cache's size limit.
/// Each bound is asserted by its outcome (which failure the load ends with, what the server saw).
final class BoundedDownloadTests: XCTestCase {
    private var temp: URL!

    override func setUpWithError() throws {
        temp = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-bounds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temp.appendingPathComponent("www"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: temp) }

    private func loader(timeout: TimeInterval = 60, maxBytes: Int = 1 << 20, remote: Bool = true,
                        budget: SchemaLoader.DownloadBudget? = nil) -> SchemaLoader {
        var o = SchemaLoader.Options()
        o.cache = SchemaDiskCache(directory: temp.appendingPathComponent("cache"))
        o.timeout = timeout
        o.maxBytes = maxBytes
        o.allowRemoteHosts = remote
        o.budget = budget
        return SchemaLoader(options: o)
    }

    private func failure(_ r: SchemaLoadResult) -> String {
        switch r {
        case .success(let b): return "success (\(b.count) bytes)"
        case .failure(let f): return f.message
        }
    }

    func testAnEndlessBodyIsStoppedAtTheSizeLimitWhileItStreams() throws {
        let server = try LocalHTTPServer(root: temp.appendingPathComponent("www"))
        // The time-out is a minute: ending with the size failure means the limit stopped the transfer.
        XCTAssertEqual(failure(loader().load(server.url("_/forever"))),
                       "the response is larger than 1048576 bytes (the transfer was stopped)")
        // The server notices only when its next write fails, which on a loaded machine (CI) can take a while.
        XCTAssertTrue(server.waitForRequest(timeout: 45) { $0 == "aborted /_/forever" },
                      "the server saw the transfer broken off: \(server.requests)")
        XCTAssertEqual(failure(loader().load(server.url("_/unannounced?bytes=2000000"))),
                       "the response is larger than 1048576 bytes (the transfer was stopped)")
        // Announced too large: refused on the headers.
        XCTAssertEqual(failure(loader().load(server.url("_/large?bytes=5000000"))),
                       "the response is larger than 1048576 bytes (the transfer was stopped)")
        XCTAssertEqual(failure(loader().load(server.url("_/large?bytes=100"))), "success (100 bytes)")
    }

    func testTheTimeOutCancelsTheTransfer() throws {
        let server = try LocalHTTPServer(root: temp.appendingPathComponent("www"))
        let l = loader(timeout: 1)
        XCTAssertEqual(failure(l.load(server.url("_/hang"))), "no complete answer within 1 s; the transfer was cancelled")
        // Without a run-wide budget (the server), that origin rests for a minute: one time-out, not one per URL.
        XCTAssertEqual(failure(l.load(server.url("_/hang?again"))),
                       "not downloaded: an earlier download from the same server got no complete answer within its time-out less than 60 s ago")
        XCTAssertEqual(server.requests.filter { $0.hasPrefix("hang") }, ["hang /_/hang"])
        // An endless body under a generous size limit: the time-out ends it, and the connection is closed.
        // (One that drips, so that the body the test process holds stays small.)
        XCTAssertEqual(failure(loader(timeout: 1, maxBytes: 1 << 40).load(server.url("_/drip"))),
                       "no complete answer within 1 s; the transfer was cancelled")
        XCTAssertTrue(server.waitForRequest(timeout: 45) { $0 == "aborted /_/drip" }, "the transfer went on after the time-out: \(server.requests)")
    }

    /// `http:` goes over the loader's own HTTP/1.1 client: chunked bodies are decoded (extensions and
    /// trailer fields dropped) and stopped at the limit while they stream, and no pureyaml-fetch process is made.
    func testPlainHTTPDecodesChunkedBodiesAndKeepsTheBounds() throws {
        let server = try LocalHTTPServer(root: temp.appendingPathComponent("www"))
        let l = loader(timeout: 60)
        XCTAssertEqual(failure(l.load(server.url("_/chunked?bytes=100500"))), "success (100500 bytes)")
        XCTAssertEqual(failure(l.load(server.url("_/chunked?bytes=0"))), "success (0 bytes)")
        XCTAssertEqual(failure(l.load(server.url("_/chunked"))), "the response is larger than 1048576 bytes (the transfer was stopped)")
        XCTAssertTrue(server.waitForRequest(timeout: 45) { $0 == "aborted /_/chunked" }, "the chunked transfer was broken off: \(server.requests)")
        XCTAssertEqual(l.processDownloads, 0)
    }

    /// Responses that break HTTP/1.1 end in a failure that says what was wrong, never a crash or a wait;
    /// interim responses and bare line feeds are read as RFC 9112 allows.
    func testMalformedResponsesEndInAFailure() throws {
        let server = try LocalHTTPServer(root: temp.appendingPathComponent("www"))
        let l = loader(timeout: 10)
        /// The response `response`, each `@@` in it 40,000 `a`s long.
        func load(_ response: String) -> String {
            let encoded = Data(response.utf8).base64EncodedString().addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            return failure(l.load(server.url("_/raw?pad=40000&b64=" + encoded)))
        }
        let cases: [(response: String, outcome: String)] = [
            ("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}", "success (2 bytes)"),
            ("HTTP/1.1 200 OK\nContent-Length: 2\n\n{}", "success (2 bytes)"),
            ("HTTP/1.1 200 OK\r\nContent-Length: 2, 2\r\n\r\n{}", "success (2 bytes)"),
            ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "cannot reach the server: a malformed chunk size"),
            ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-2\r\n{}\r\n0\r\n\r\n", "cannot reach the server: a malformed chunk size"),
            ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n", "cannot reach the server: the connection closed inside a chunked body"),
            ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}", "cannot reach the server: a chunk without its line end"),
            ("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", "cannot reach the server: unsupported transfer coding gzip, chunked"),
            ("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", "cannot reach the server: the connection closed before the whole body arrived"),
            ("HTTP/1.1 200 OK\r\nContent-Length: 5, 6\r\n\r\nabcde", "cannot reach the server: a malformed Content-Length"),
            ("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", "cannot reach the server: a malformed Content-Length"),
            ("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 2\r\n\r\n{}",
             "cannot reach the server: the response is encoded (Content-Encoding: gzip), which was not asked for"),
            ("SSH-2.0-OpenSSH\r\n", "cannot reach the server: not an HTTP/1.x response"),
            ("HTTP/1.1 +20 OK\r\n\r\n", "cannot reach the server: not an HTTP/1.x response"),
            ("", "cannot reach the server: the connection closed before a response"),
            ("HTTP/1.1 200 OK\r\nX: @@@@\r\n\r\n", "cannot reach the server: a header line longer than 65534 bytes"),
            ("HTTP/1.1 200 OK\r\nX: @@\r\nY: @@\r\n\r\n", "cannot reach the server: a response header larger than 65536 bytes"),
            ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\nX: @@\r\nY: @@\r\n\r\n",
             "cannot reach the server: a trailer larger than 65536 bytes"),
        ]
        for c in cases { XCTAssertEqual(load(c.response), c.outcome, c.response.prefix(80).debugDescription) }
    }

    /// The loader's own client takes `http:` to `localhost` and literal addresses (nothing to resolve);
    /// a proxy in the environment (libcurl honours it), a host name (whose lookup cannot be cancelled
    /// in-process) and `https:` go to `pureyaml-fetch`. Loopback hosts always stay direct.
    func testTheTransportFollowsTheProxySettings() {
        let literal = URL(string: "http://192.0.2.7/s.json")!, local = URL(string: "http://127.0.0.1:8080/s.json")!
        XCTAssertTrue(SchemaLoader.usesPlainHTTP(literal, environment: [:]))
        XCTAssertTrue(SchemaLoader.usesPlainHTTP(URL(string: "http://[2001:db8::1]:8080/s.json")!, environment: [:]))
        XCTAssertFalse(SchemaLoader.usesPlainHTTP(URL(string: "http://example.com/s.json")!, environment: [:]), "a name to resolve")
        XCTAssertFalse(SchemaLoader.usesPlainHTTP(literal, environment: ["http_proxy": "http://proxy:3128"]))
        XCTAssertFalse(SchemaLoader.usesPlainHTTP(literal, environment: ["ALL_PROXY": "socks5://proxy"]))
        XCTAssertTrue(SchemaLoader.usesPlainHTTP(local, environment: ["http_proxy": "http://proxy:3128"]))
        XCTAssertTrue(SchemaLoader.usesPlainHTTP(URL(string: "http://localhost:8080/s.json")!, environment: [:]))
        XCTAssertFalse(SchemaLoader.usesPlainHTTP(URL(string: "https://127.0.0.1/s.json")!, environment: [:]))
    }

    /// `https:` goes to the `pureyaml-fetch` process (the only code linking FoundationNetworking): a
    /// certificate nobody signed fails the handshake with a clear finding and no request sent; a server that
    /// never answers (not even TLS) is cut at the time-out, the child killed and reaped.
    func testHTTPSDownloadsRunInTheFetchProcess() throws {
        try #"{"type": "object"}"#.write(to: temp.appendingPathComponent("www/s.json"), atomically: true, encoding: .utf8)
        let server = try LocalHTTPServer(root: temp.appendingPathComponent("www"), tls: true)
        let l = loader(timeout: 5)
        let untrusted = failure(l.load(server.url("s.json")))
        XCTAssertTrue(untrusted.hasPrefix("cannot reach the server: "), untrusted)
        XCTAssertEqual(l.processDownloads, 1)
        XCTAssertEqual(server.requests, [], "no request over a connection whose certificate was not verified")
        guard let silent = DownloadProcessProbe.silentListener() else { throw XCTSkip("cannot listen on 127.0.0.1") }
        defer { close(silent.socket) }
        let url = "https://127.0.0.1:\(silent.port)/never-\(UUID().uuidString).json"
        let started = Date()
        XCTAssertEqual(failure(loader(timeout: 1).load(url)), "no complete answer within 1 s; the transfer was cancelled")
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "the deadline ended the child")
        XCTAssertEqual(DownloadProcessProbe.processes(withArgumentContaining: url), [], "the child was killed and reaped")
    }

    /// A proxy sends even `http:` through `pureyaml-fetch` (libcurl honours the proxy), whose bounds the
    /// parent enforces on the pipe: an endless body is cut at the size limit, a server that never answers at
    /// the time-out, a redirect to another origin is refused, a schema arrives whole, and no child is left.
    func testDownloadsThroughTheFetchProcessKeepTheBounds() throws {
        try #"{"type": "object"}"#.write(to: temp.appendingPathComponent("www/s.json"), atomically: true, encoding: .utf8)
        let server = try LocalHTTPServer(root: temp.appendingPathComponent("www"))
        setenv("http_proxy", "http://127.0.0.1:\(server.port)", 1)
        defer { unsetenv("http_proxy") }
        let marker = UUID().uuidString
        func url(_ path: String) -> String { "http://schemas-\(marker).invalid/\(path)" }
        let l = loader(timeout: 60)
        XCTAssertEqual(failure(l.load(url("s.json"))), "success (18 bytes)")
        XCTAssertEqual(failure(l.load(url("_/forever"))), "the response is larger than 1048576 bytes (the transfer was stopped)")
        XCTAssertEqual(failure(l.load(url("_/unannounced?bytes=2000000"))), "the response is larger than 1048576 bytes (the transfer was stopped)")
        XCTAssertEqual(failure(l.load(url("_/redirect?to=http%3A%2F%2Fother.invalid%2Fs.json"))),
                       "the server redirected to another origin (scheme, host or port), which is not followed (see docs/security.md)")
        XCTAssertEqual(failure(loader(timeout: 1, maxBytes: 1 << 40).load(url("_/drip"))), "no complete answer within 1 s; the transfer was cancelled")
        XCTAssertEqual(failure(loader(timeout: 1).load(url("_/hang"))), "no complete answer within 1 s; the transfer was cancelled")
        XCTAssertEqual(l.processDownloads, 4)
        XCTAssertEqual(DownloadProcessProbe.processes(withArgumentContaining: marker), [], "every child was reaped")
        XCTAssertTrue(server.waitForRequest(timeout: 45) { $0 == "aborted http://schemas-\(marker).invalid/_/forever" },
                      "the endless transfer was broken off: \(server.requests)")
    }

    /// The helper is killed when its resident memory passes the bound (here 1 MiB, which any process
    /// passes at once), before its download ends, and reaped.
    func testTheHelperIsKilledPastItsMemoryBound() throws {
        guard let silent = DownloadProcessProbe.silentListener() else { throw XCTSkip("cannot listen on 127.0.0.1") }
        defer { close(silent.socket) }
        var o = SchemaLoader.Options()
        o.cache = nil
        o.timeout = 20
        o.maxHelperResidentBytes = 1 << 20
        let url = "https://127.0.0.1:\(silent.port)/memory-\(UUID().uuidString).json"
        let started = Date()
        XCTAssertEqual(failure(SchemaLoader(options: o).load(url)), "the download used more than 1 MiB of memory (the transfer was stopped)")
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "stopped by the memory bound, not the 20 s time-out")
        XCTAssertEqual(DownloadProcessProbe.processes(withArgumentContaining: url), [])
    }

    /// The response head the helper writes reads back as written; a malformed one is refused.
    func testTheHelpersResponseHeadRoundTrips() {
        let head = ResponseHead(statusCode: 200, url: "https://example.com/s.json",
                                fields: [(name: "ETag", value: "\"x\""), (name: "Last-Modified", value: "Mon, 07 Dec 2026 10:00:00 GMT")])
        let bytes = head.encoded
        XCTAssertEqual(Array(bytes.suffix(2)), [0x0A, 0x0A], "an empty line ends the head")
        XCTAssertEqual(ResponseHead(encodedLines: bytes.dropLast(2)), head)
        XCTAssertEqual(ResponseHead(encodedLines: bytes.dropLast(2))?.value(forHTTPHeaderField: "etag"), "\"x\"")
        XCTAssertNil(ResponseHead(encodedLines: ArraySlice("HTTP/1.1 200 OK".utf8)))
        let arguments = DownloadProtocol.arguments(url: "https://h/s", maxBytes: 5, timeout: 2.5, loopbackOnly: true,
                                                   headers: [("If-None-Match", "\"a:b\"")])
        let request = DownloadProtocol.Request(arguments: arguments)
        XCTAssertEqual(request?.url.absoluteString, "https://h/s")
        XCTAssertEqual(request?.maxBytes, 5)
        XCTAssertEqual(request?.timeout, 2.5)
        XCTAssertEqual(request?.loopbackOnly, true)
        XCTAssertEqual(request?.headers.first?.1, "\"a:b\"")
        XCTAssertNil(DownloadProtocol.Request(arguments: ["--max-bytes", "5", "https://h/s"]), "no time-out")
    }

    /// Without `pureyaml-fetch` a download that needs it fails with a message that says what to install.
    func testAMissingFetchProgramIsSaidClearly() {
        var o = SchemaLoader.Options()
        o.cache = nil
        o.downloadProgram = temp.appendingPathComponent("missing/pureyaml-fetch").path
        let message = failure(SchemaLoader(options: o).load("https://127.0.0.1:9/s.json"))
        XCTAssertTrue(message.hasPrefix("not downloaded: pureyaml-fetch, which makes https downloads, is not installed beside pureyaml (in /"),
                      message)
        XCTAssertTrue(message.hasSuffix("); install both executables in the same folder (see README.md)"), message)
    }

    func testRedirectsAreFollowedToTheSameOriginOnly() throws {
        try #"{"type": "object"}"#.write(to: temp.appendingPathComponent("www/s.json"), atomically: true, encoding: .utf8)
        let server = try LocalHTTPServer(root: temp.appendingPathComponent("www"))
        let other = try LocalHTTPServer(root: temp.appendingPathComponent("other"))
        try #"{"type": "object"}"#.write(to: temp.appendingPathComponent("other/s.json"), atomically: true, encoding: .utf8)
        func redirect(_ to: String) -> String {
            server.url("_/redirect?to=" + (to.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? to))
        }
        XCTAssertEqual(failure(loader().load(redirect(server.url("s.json")))), "success (18 bytes)", "same origin")
        XCTAssertEqual(failure(loader().load(redirect("/s.json"))), "success (18 bytes)", "a relative Location")
        let refused = "the server redirected to another origin (scheme, host or port), which is not followed (see docs/security.md)"
        XCTAssertEqual(failure(loader().load(redirect(other.url("s.json")))), refused, "another port")
        XCTAssertEqual(failure(loader().load(redirect("http://localhost:\(server.port)/s.json"))), refused, "another host name")
        XCTAssertEqual(failure(loader(remote: false).load(redirect("http://127.0.0.2:\(server.port)/s.json"))), refused)
        XCTAssertEqual(other.requests, [], "nothing reached the other origin")
    }

    func testTheLoopbackSwitchResolvesNothing() {
        for host in ["localhost", "LOCALHOST", "127.0.0.1", "127.1.2.3", "[::1]", "::1"] {
            XCTAssertTrue(SchemaLoader.isLoopback(host), host)
        }
        for host in ["127.0.0.1.nip.io", "127.example.com", "127.0.0.1x", "127.0.0.256", "1270.0.0.1", "127.0.0", "0.0.0.0",
                     "::ffff:127.0.0.1", "example.com", ""] {
            XCTAssertFalse(SchemaLoader.isLoopback(host), host)
        }
        let loopbackOnly = loader(remote: false)
        XCTAssertEqual(failure(loopbackOnly.load("http://127.0.0.1.nip.io/s.json")),
                       "downloads from 127.0.0.1.nip.io are disabled (PUREYAML_NETWORK=loopback) and no cached copy exists")
        XCTAssertEqual(loopbackOnly.processDownloads, 0, "refused before any connection or name lookup")
    }

    func testARunWideBudgetBoundsManyUnansweredDownloads() throws {
        let server = try LocalHTTPServer(root: temp.appendingPathComponent("www"))
        let second = try LocalHTTPServer(root: temp.appendingPathComponent("second"))
        var budget = SchemaLoader.DownloadBudget(environment: [:])
        budget.seconds = 1.5
        let run = loader(timeout: 1, budget: budget)
        // Five URLs on a server that never answers: one time-out, then that origin is not asked again.
        let results = (1...5).map { failure(run.load(server.url("_/hang?n=\($0)"))) }
        XCTAssertEqual(results[0], "no complete answer within 1 s; the transfer was cancelled")
        XCTAssertEqual(Set(results.dropFirst()), ["not downloaded: an earlier download from the same server got no complete answer within its time-out in this run"])
        XCTAssertEqual(server.requests.filter { $0.hasPrefix("hang") }.count, 1, "\(server.requests)")
        // Another server gets what is left of the budget (about half a second; nothing when the first
        // time-out took longer on a loaded machine), then nothing more is downloaded.
        let rest = failure(run.load(second.url("_/hang")))
        XCTAssertTrue(rest.hasPrefix("no complete answer within 0.") || rest.hasPrefix("not downloaded: this run's download budget"), rest)
        XCTAssertEqual(failure(run.load("http://localhost:\(second.port)/_/large?bytes=10")),
                       "not downloaded: this run's download budget (1.5 s, 100 downloads; PUREYAML_DOWNLOAD_BUDGET) is spent")
        XCTAssertLessThanOrEqual(DownloadBudgetCount.requests(second), 1)
        var counted = SchemaLoader.DownloadBudget(environment: ["PUREYAML_DOWNLOAD_BUDGET": "20"])
        XCTAssertEqual(counted.seconds, 20)
        counted.downloads = 2
        let few = loader(budget: counted)
        XCTAssertEqual(failure(few.load(server.url("_/large?bytes=1"))), "success (1 bytes)")
        XCTAssertEqual(failure(few.load(server.url("_/large?bytes=2"))), "success (2 bytes)")
        XCTAssertTrue(failure(few.load(server.url("_/large?bytes=3"))).hasPrefix("not downloaded: this run's download budget"))
    }

    func testLocalFilesAreRegularFilesInsideThePolicy() throws {
        let workspace = temp.appendingPathComponent("ws")
        let outside = temp.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try #"{"type": "object"}"#.write(to: outside.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
        try #"{"type": "object"}"#.write(to: workspace.appendingPathComponent("real.json"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: workspace.appendingPathComponent("link.json").path,
                                                   withDestinationPath: outside.appendingPathComponent("s.json").path)
        try FileManager.default.createSymbolicLink(atPath: workspace.appendingPathComponent("inner.json").path,
                                                   withDestinationPath: workspace.appendingPathComponent("real.json").path)
        try FileManager.default.createSymbolicLink(atPath: workspace.appendingPathComponent("zero.json").path, withDestinationPath: "/dev/zero")
        let policy = TrustPolicy(readableFolders: [workspace.path])
        let l = loader()
        XCTAssertEqual(failure(l.load(workspace.appendingPathComponent("real.json").path, policy: policy)), "success (18 bytes)")
        XCTAssertEqual(failure(l.load(workspace.appendingPathComponent("inner.json").path, policy: policy)), "success (18 bytes)")
        XCTAssertEqual(failure(l.load(workspace.appendingPathComponent("link.json").path, policy: policy)),
                       "the file is a symbolic link to a place outside the folders schemas may be read from (see docs/security.md)")
        XCTAssertEqual(failure(l.load(workspace.appendingPathComponent("link.json").path)), "success (18 bytes)", "no policy: --schema")
        let named = TrustPolicy(readableFolders: [workspace.path], readableFiles: [workspace.appendingPathComponent("link.json").path])
        XCTAssertEqual(failure(l.load(workspace.appendingPathComponent("link.json").path, policy: named)), "success (18 bytes)",
                       "a file the user's settings name")
        XCTAssertEqual(failure(l.load("/dev/zero")), "not a regular file", "a device is never read")
        XCTAssertEqual(failure(l.load(workspace.appendingPathComponent("zero.json").path, policy: TrustPolicy(readableFolders: ["/"]))),
                       "not a regular file")
    }

    func testTheCacheEvictsTheLeastRecentlyUsedEntries() throws {
        let cache = SchemaDiskCache(directory: temp.appendingPathComponent("lru"), maxBytes: 250)
        func entry(_ byte: UInt8) -> SchemaDiskCache.Entry { SchemaDiskCache.Entry(body: [UInt8](repeating: byte, count: 100), etag: nil, lastModified: nil) }
        cache.write("https://a/1", entry(1))
        cache.write("https://a/2", entry(2))
        // Make the order of use unambiguous for file systems with coarse timestamps.
        let metaOf = { (url: String) -> URL in
            let names = try FileManager.default.contentsOfDirectory(atPath: self.temp.appendingPathComponent("lru").path)
            for name in names where name.hasSuffix(".meta.json") {
                let file = self.temp.appendingPathComponent("lru").appendingPathComponent(name)
                if let data = FileManager.default.contents(atPath: file.path), String(decoding: data, as: UTF8.self).contains(url.replacingOccurrences(of: "/", with: "\\/")) { return file }
            }
            throw CocoaError(.fileNoSuchFile)
        }
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -100)], ofItemAtPath: try metaOf("https://a/1").path)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -50)], ofItemAtPath: try metaOf("https://a/2").path)
        XCTAssertNotNil(cache.read("https://a/1"), "reading 1 makes it the most recently used")
        cache.write("https://a/3", entry(3))
        XCTAssertNotNil(cache.read("https://a/1"))
        XCTAssertNil(cache.read("https://a/2"), "the least recently used entry was evicted")
        XCTAssertNotNil(cache.read("https://a/3"))
        cache.write("https://a/big", SchemaDiskCache.Entry(body: [UInt8](repeating: 0, count: 251), etag: nil, lastModified: nil))
        XCTAssertNil(cache.read("https://a/big"), "a body larger than the whole cache is not stored")
        XCTAssertEqual(SchemaDiskCache.defaultMaxBytes(environment: ["PUREYAML_CACHE_MAX_BYTES": "1000"]), 1000)
        XCTAssertEqual(SchemaDiskCache.defaultMaxBytes(environment: [:]), 100 << 20)
    }
}

/// Counts the requests a server saw (answered or left hanging).
private enum DownloadBudgetCount {
    static func requests(_ server: LocalHTTPServer) -> Int { server.requests.filter { !$0.hasPrefix("aborted") }.count }
}
