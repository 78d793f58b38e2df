import Foundation
import TestSupport
import XCTest

/// The attacks of issue 23 against the built language server, as an editor opening a stranger's
/// repository drives it (docs/security.md): a modeline to a local file outside the workspace, to an
/// endless response, to a response that is not a schema, to a server that never answers, and to a
/// redirect to another origin. Each ends in a published finding without the fetched or local content,
/// the server answers a follow-up request meanwhile, each finding (a dripping response's too) comes within 10 s,
/// and the server's peak resident memory stays under 300 MB (VmHWM from /proc, Linux only): issue 23's bound.
final class SchemaTrustServerTests: XCTestCase {
    func testHostileModelinesEndInFindingsAndTheServerKeepsAnswering() throws {
        guard let binary = BuiltBinary.pureyaml else {
            XCTFail("the pureyaml executable was not built")
            throw XCTSkip("no binary")
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-lsp-trust-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let http = try LoopbackHTTPServer(root: root.appendingPathComponent("www"))
        defer { http.stop() }
        let other = try LoopbackHTTPServer(root: root.appendingPathComponent("other"))
        defer { other.stop() }
        // https goes through the pureyaml-fetch process: a certificate nobody signed, a listener that never answers.
        let tls = try LoopbackHTTPServer(root: root.appendingPathComponent("tls"), tls: true)
        defer { tls.stop() }
        guard let silent = DownloadProcessProbe.silentListener() else { throw XCTSkip("cannot listen on 127.0.0.1") }
        defer { close(silent.socket) }
        let marker = UUID().uuidString
        let workspace = root.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        try LoopbackHTTPServer.secret.write(to: root.appendingPathComponent("secret.json"), atomically: true, encoding: .utf8)

        // Downloads time out after 3 s, so that the dripping response's finding comes within the bound too.
        let server = try ServerProcess(executable: binary, environment: ["PUREYAML_DOWNLOAD_TIMEOUT": "3"])
        _ = try server.response(to: try server.request("initialize", [
            "processId": NSNull(), "rootUri": workspace.absoluteURL.absoluteString, "capabilities": [String: Any](),
            "initializationOptions": ["yaml": ["schemaStore": ["enable": false]]],
        ]))
        try server.notify("initialized", [String: Any]())

        let redirect = http.url("_/redirect?to=" + (other.url("s.json").addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
        let cases: [(name: String, schema: String, says: String)] = [
            ("passwd", "/etc/passwd", "the file is outside the folders schemas may be read from"),
            ("outside", "../secret.json", "the file is outside the folders schemas may be read from"),
            ("forever", http.url("_/forever"), "the response is larger than 20971520 bytes (the transfer was stopped)"),
            ("secret", http.url("_/secret"), "its content is not shown"),
            ("redirect", redirect, "the server redirected to another origin (scheme, host or port), which is not followed"),
            // Its own time-out, or (when /_/hang timed out first on the same server) the origin's rest.
            ("drip", http.url("_/drip"), "complete answer within"),
            ("tls", tls.url("s.json?\(marker)"), "cannot reach the server: "),
            ("silent", "https://127.0.0.1:\(silent.port)/s.json?\(marker)", "no complete answer within 3 s; the transfer was cancelled"),
        ]
        let opened = Date()
        var seconds: [String: Double] = [:]
        for c in cases {
            let uri = workspace.appendingPathComponent("\(c.name).yaml").absoluteURL.absoluteString
            try server.notify("textDocument/didOpen", ["textDocument": [
                "uri": uri, "languageId": "yaml", "version": 1, "text": "# yaml-language-server: $schema=\(c.schema)\na: 1\n"]])
        }
        // A document whose schema never answers does not hold up the others (its finding is not awaited).
        let hanging = workspace.appendingPathComponent("hang.yaml").absoluteURL.absoluteString
        try server.notify("textDocument/didOpen", ["textDocument": [
            "uri": hanging, "languageId": "yaml", "version": 1, "text": "# yaml-language-server: $schema=\(http.url("_/hang"))\na: 1\n"]])

        var pending = Dictionary(uniqueKeysWithValues: cases.map { (workspace.appendingPathComponent("\($0.name).yaml").absoluteURL.absoluteString, $0.says) })
        while !pending.isEmpty {
            guard let m = try? server.receive(until: { message in
                guard (message["method"] as? String) == "textDocument/publishDiagnostics",
                      let params = message["params"] as? [String: Any], let uri = params["uri"] as? String,
                      let says = pending[uri] else { return false }
                return ((params["diagnostics"] as? [[String: Any]]) ?? []).contains { ($0["message"] as? String)?.contains(says) == true }
            // 10 s is the bound on an idle machine; 20 leaves room for a loaded test machine.
            }, timeout: 20).match else {
                XCTFail("no finding within 20 s for \(pending); stderr: \(server.stderrText.suffix(6000))")
                return
            }
            let params = m["params"] as? [String: Any] ?? [:]
            seconds[params["uri"] as? String ?? ""] = Date().timeIntervalSince(opened)
            pending[params["uri"] as? String ?? ""] = nil
            XCTAssertFalse("\(params)".contains("root:x"), "\(params)")
        }
        // The explain request and a follow-up request are answered, and say nothing of the content either.
        for c in cases {
            let uri = workspace.appendingPathComponent("\(c.name).yaml").absoluteURL.absoluteString
            let info = try server.response(to: try server.request("pureyaml/schemaInfo", ["textDocument": ["uri": uri]]), timeout: 5)
            XCTAssertFalse("\(info)".contains("root:x"), "\(info)")
            // A time-out counts as missing (MissingSchema: the network did not deliver it here and now).
            XCTAssertTrue(["failed", "invalid", "missing"].contains { "\(info)".contains($0) }, "\(c.name): \(info)")
        }
        let symbols = try server.response(to: try server.request("textDocument/documentSymbol", ["textDocument": ["uri": hanging]]), timeout: 5)
        XCTAssertEqual((symbols["result"] as? [[String: Any]])?.first?["name"] as? String, "a")
        XCTAssertEqual(other.requests, [], "nothing reached the other origin")
        XCTAssertEqual(tls.requests, [], "nothing was asked over a connection whose certificate was not verified")
        XCTAssertEqual(DownloadProcessProbe.processes(withArgumentContaining: marker), [], "every pureyaml-fetch child was reaped")
        XCTAssertTrue(http.waitForRequest(timeout: 45) { $0 == "aborted /_/forever" }, "the endless transfer was broken off: \(http.requests)")
        XCTAssertLessThan(seconds.values.max() ?? .infinity, 10, "every finding within 10 s of opening: \(seconds)")
        if let peak = MeasuredRun.highWaterMark(server.process.processIdentifier) {
            XCTAssertLessThan(peak, 300 << 20, "peak resident memory \(peak >> 20) MB")
        }
        _ = try server.response(to: try server.request("shutdown"))
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0)
    }
}
