import Foundation
import SchemaFetching
import TestSupport
import XCTest
import YAMLDocumentModel

/// Loading at the edge against a real HTTP server on 127.0.0.1: first load over HTTP, revalidation with
/// ETag (304), the cache used when the server is gone or downloads are off, files, size limits; and a
/// document validated end to end through the model with the server stopped.
final class SchemaLoaderTests: XCTestCase {
    private var temp: URL!

    override func setUpWithError() throws {
        temp = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-fetch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temp.appendingPathComponent("www"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: temp) }

    private func loader(network: Bool = true, maxBytes: Int = 20 << 20) -> SchemaLoader {
        var o = SchemaLoader.Options()
        o.cache = SchemaDiskCache(directory: temp.appendingPathComponent("cache"))
        o.allowNetwork = network
        o.maxBytes = maxBytes
        o.timeout = 5
        return SchemaLoader(options: o)
    }

    private func text(_ r: SchemaLoadResult) -> String {
        switch r {
        case .success(let b): return String(decoding: b, as: UTF8.self)
        case .failure(let f): return "failure: \(f.message)"
        }
    }

    func testHTTPThenRevalidationThenOfflineFromTheCache() throws {
        let schema = #"{"type": "object", "required": ["name"]}"#
        try schema.write(to: temp.appendingPathComponent("www/person.json"), atomically: true, encoding: .utf8)
        let server = try LocalHTTPServer(root: temp.appendingPathComponent("www"))
        let url = server.url("person.json")
        XCTAssertEqual(text(loader().load(url)), schema, "first load over HTTP")
        XCTAssertEqual(text(loader().load(url)), schema, "second load revalidates")
        XCTAssertEqual(server.requests, ["200 /person.json", "304 /person.json"])
        XCTAssertEqual(text(loader().load(server.url("missing.json"))), "failure: HTTP 404")
        XCTAssertEqual(text(loader(network: false).load(url)), schema, "downloads off: the cached copy")
        XCTAssertEqual(server.requests.count, 3, "nothing was requested with downloads off")
        XCTAssertEqual(text(loader(network: false).load(server.url("other.json"))),
                       "failure: downloads are disabled (the setting yaml.schemaDownload.enable is false, or check --offline) and no cached copy exists")
        XCTAssertEqual(text(loader(maxBytes: 10).load(server.url("person.json?big"))), "failure: the response is larger than 10 bytes (the transfer was stopped)")
        server.stop()
        XCTAssertEqual(text(loader().load(url)), schema, "server gone: the cached copy")
        XCTAssertTrue(text(loader().load(server.url("never.json"))).hasPrefix("failure: cannot reach the server"))
    }

    /// Each failure says its kind: `unavailable` for want of the network (downloads off, a 5xx, a server
    /// that cannot be reached), `failed` for the server's own answer or a broken bound; the model decides
    /// what is missing from it, not from the words.
    func testFailuresSayTheirKind() throws {
        let server = try LocalHTTPServer(root: temp.appendingPathComponent("www"))
        func kind(_ r: SchemaLoadResult) -> String {
            guard case .failure(let f) = r else { return "success" }
            return "\(f.kind)"
        }
        let raw = Data("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n".utf8).base64EncodedString()
            .addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        XCTAssertEqual(kind(loader().load(server.url("_/raw?b64=" + raw))), "unavailable", "HTTP 503")
        XCTAssertEqual(kind(loader().load(server.url("missing.json"))), "failed", "HTTP 404")
        XCTAssertEqual(kind(loader(network: false).load(server.url("other.json"))), "unavailable", "downloads off")
        try "{}".write(to: temp.appendingPathComponent("www/big.json"), atomically: true, encoding: .utf8)
        XCTAssertEqual(kind(loader(maxBytes: 1).load(server.url("big.json"))), "failed", "too large")
        XCTAssertEqual(kind(loader().load(temp.appendingPathComponent("none.json").path)), "failed", "no such file")
        server.stop()
        XCTAssertEqual(kind(loader().load(server.url("never.json"))), "unavailable", "server gone")
    }

    func testASecondRunWithTheServerStoppedStillValidates() throws {
        try #"{"properties": {"port": {"type": "integer"}}, "required": ["name"]}"#
            .write(to: temp.appendingPathComponent("www/app.json"), atomically: true, encoding: .utf8)
        let server = try LocalHTTPServer(root: temp.appendingPathComponent("www"))
        let text = "# yaml-language-server: $schema=\(server.url("app.json"))\nport: \"8080\"\n"
        func run() -> [String] {
            let model = DocumentModel()
            let uri = DocumentURI(filePath: temp.appendingPathComponent("app.yaml").path)
            model.perform(.open(uri, version: 1, text: text))
            loader().loadAll(into: model)
            return (model.diagnostics(uri)?.diagnostics ?? []).map { "\($0.code): \($0.message)" }
        }
        let expected = [#"schema-required: missing required property "name""#, #"schema-type: expected integer, found string "8080""#]
        XCTAssertEqual(run(), expected)
        server.stop()
        XCTAssertEqual(run(), expected, "validated from the on-disk cache")
    }

    func testARefusedDownloadNeverStartsTheNetworkingStack() throws {
        let schema = #"{"type": "object"}"#
        try schema.write(to: temp.appendingPathComponent("www/s.json"), atomically: true, encoding: .utf8)
        let server = try LocalHTTPServer(root: temp.appendingPathComponent("www"))
        let url = server.url("s.json")
        let off = loader(network: false)
        XCTAssertTrue(text(off.load(url)).hasPrefix("failure: downloads are disabled"))
        XCTAssertEqual(off.processDownloads, 0, "downloads off, no cached copy: no pureyaml-fetch process")
        var o = SchemaLoader.Options()
        o.cache = SchemaDiskCache(directory: temp.appendingPathComponent("cache"))
        o.allowRemoteHosts = false
        let loopbackOnly = SchemaLoader(options: o)
        XCTAssertEqual(text(loopbackOnly.load("https://example.invalid/x.json")),
                       "failure: downloads from example.invalid are disabled (PUREYAML_NETWORK=loopback) and no cached copy exists")
        XCTAssertEqual(loopbackOnly.processDownloads, 0, "a refused remote host: no pureyaml-fetch process")
        XCTAssertEqual(text(loopbackOnly.load(url)), schema, "loopback still downloads")
        XCTAssertEqual(loopbackOnly.processDownloads, 0, "a plain http: download goes over the loader's own socket, without pureyaml-fetch")
        XCTAssertEqual(text(off.load(url)), schema, "downloads off: the cached copy")
        XCTAssertEqual(off.processDownloads, 0, "offline with a cached copy: no pureyaml-fetch process")
        server.stop()
    }

    func testFilesAndPaths() throws {
        let file = temp.appendingPathComponent("s p.yaml")
        try "type: object\n".write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(text(loader().load(file.path)), "type: object\n")
        XCTAssertEqual(text(loader().load(DocumentURI(filePath: file.path).string)), "type: object\n")
        XCTAssertEqual(text(loader(maxBytes: 4).load(file.path)), "failure: the file is larger than 4 bytes")
        XCTAssertEqual(text(loader().load("/nonexistent/x.json")), "failure: no such file")
        XCTAssertTrue(text(loader().load("ftp://x/y")).hasPrefix("failure: unsupported location"))
    }

    /// The cache's files are the documented stable format (docs/schemas.md, "The download cache"): names from
    /// the 64-bit FNV-1a hash of the URL (the expected names computed outside Swift), a metadata object of
    /// strings that other tools can read, and an entry written by another tool in that format is used.
    func testTheCacheFilesFollowTheDocumentedFormat() throws {
        let cache = SchemaDiskCache(directory: temp.appendingPathComponent("format"))
        cache.write("https://json.schemastore.org/github-workflow.json", .init(body: Array("{}".utf8), etag: "\"x\"", lastModified: nil))
        let folder = temp.appendingPathComponent("format").path
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["93d9ba241550f4a2.body", "93d9ba241550f4a2.meta.json"])
        let meta = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/93d9ba241550f4a2.meta.json"))) as? [String: String])
        XCTAssertEqual(Set(meta.keys), ["url", "etag", "size", "stored"])
        XCTAssertEqual(meta["url"], "https://json.schemastore.org/github-workflow.json")
        XCTAssertEqual(meta["size"], "2")
        XCTAssertNotNil(meta["stored"].flatMap { ISO8601DateFormatter().date(from: $0) }, meta["stored"] ?? "")

        // Written by another tool, without the optional keys.
        try Data("{\"a\": 1}".utf8).write(to: URL(fileURLWithPath: folder + "/ba106eba3cce8c01.body"))
        try Data(#"{"url": "https://example.com/a.json"}"#.utf8).write(to: URL(fileURLWithPath: folder + "/ba106eba3cce8c01.meta.json"))
        XCTAssertEqual(cache.read("https://example.com/a.json")?.body, Array("{\"a\": 1}".utf8))
        XCTAssertEqual(cache.index().map { "\($0.url) \($0.size) \($0.stored == nil)" },
                       ["https://example.com/a.json 8 true", "https://json.schemastore.org/github-workflow.json 2 false"])
    }

    func testDefaultCacheFolderFollowsXDG() {
        XCTAssertEqual(SchemaDiskCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"])?.path, "/c/pureyaml/schemas")
        XCTAssertEqual(SchemaDiskCache.defaultDirectory(environment: ["HOME": "/h"])?.path, "/h/.cache/pureyaml/schemas")
        XCTAssertNil(SchemaDiskCache.defaultDirectory(environment: [:]))
    }
}
