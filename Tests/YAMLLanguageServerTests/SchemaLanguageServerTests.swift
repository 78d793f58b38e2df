import Foundation
import JSONRPC
import LanguageServerProtocol
import LanguageServerTestSupport
import TestSupport
import XCTest

/// Schema validation through the server (in process), as an editor drives it: settings from
/// `initializationOptions` and `didChangeConfiguration`, diagnostics pushed once the schema has loaded,
/// the schema URL in `Diagnostic.data`, and `pureyaml/schemaInfo`.
final class SchemaLanguageServerTests: XCTestCase {
    /// A temporary workspace folder holding `files` (relative path -> text); the caller removes it.
    private func workspace(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-lsp-schema-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    /// The diagnostics of the first `textDocument/publishDiagnostics` for `uri` whose list `accept`s.
    private func published(_ server: ServerProcess, _ uri: String,
                           until accept: ([[String: Any]]) -> Bool) throws -> [[String: Any]] {
        let m = try server.receive(until: {
            guard ($0["method"] as? String) == "textDocument/publishDiagnostics",
                  let p = $0["params"] as? [String: Any], p["uri"] as? String == uri else { return false }
            return accept((p["diagnostics"] as? [[String: Any]]) ?? [])
        }).match
        return ((m["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]) ?? []
    }

    /// The typed in-process client, initialized with `root` as its root and `schemas` as `yaml.schemas`
    /// (catalog off), with `text` open as `root/path`; returns the client and the document's URI.
    private func client(root: URL, schemas: LSPAny, open path: String, _ text: String) throws -> (TestLSPClient, String) {
        let client = try TestLSPClient()
        try client.initialize(rootURI: root.absoluteURL.absoluteString,
                              initializationOptions: ["yaml": ["schemas": schemas, "schemaStore": ["enable": false]]])
        let uri = root.appendingPathComponent(path).absoluteURL.absoluteString
        try client.open(uri, text)
        return (client, uri)
    }

    /// The first publish for `uri` whose diagnostics `accept`s.
    private func published(_ client: TestLSPClient, _ uri: String, until accept: @escaping ([Diagnostic]) -> Bool) throws -> [Diagnostic] {
        try client.waitFor(PublishDiagnosticsNotification.self) { $0.uri == uri && accept($0.diagnostics) }.diagnostics
    }

    private func schemaInfo(_ client: TestLSPClient, _ uri: String) throws -> [String: LSPAny] {
        let info = try client.send(SchemaInfoRequest.self, SchemaInfoParams(textDocument: TextDocumentIdentifier(uri: uri)))
        guard case .object(let o) = info, case .array(let documents)? = o["documents"], case .object(let first)? = documents.first else {
            XCTFail("no documents in \(info)")
            return [:]
        }
        return first
    }

    func testSchemaDiagnosticsArrivePushedAndExplained() throws {
        let root = try workspace(["schemas/app.json": #"{"type": "object", "properties": {"port": {"type": "integer"}}, "required": ["name"]}"#])
        defer { try? FileManager.default.removeItem(at: root) }
        let schemaURI = root.appendingPathComponent("schemas/app.json").absoluteURL.absoluteString
        let (client, uri) = try client(root: root, schemas: ["schemas/app.json": ["config/*.yaml"]], open: "config/app.yaml", "port: \"8080\"\n")
        let diagnostics = try published(client, uri) { !$0.isEmpty }
        XCTAssertEqual(diagnostics.map(\.message), [#"missing required property "name""#, #"expected integer, found string "8080""#])
        XCTAssertEqual(diagnostics.map(\.code), ["schema-required", "schema-type"])
        XCTAssertEqual(diagnostics.first?.source, "pureyaml-schema")
        XCTAssertEqual(diagnostics.first?.severity, .warning)
        XCTAssertEqual(diagnostics.first?.data, ["schemaURI": .string(schemaURI)])
        XCTAssertEqual(diagnostics.last?.range.start.character, 6)

        let document = try schemaInfo(client, uri)
        XCTAssertEqual(document["schema"], .string(schemaURI))
        XCTAssertEqual(document["rule"], .string(#"settings glob "config/*.yaml""#))
        XCTAssertEqual(document["status"], "loaded")

        try client.notify(DidChangeConfigurationNotification.self, DidChangeConfigurationParams(settings: ["pureyaml": ["schema": ["severity": "error"]]]))
        XCTAssertEqual(try published(client, uri) { $0.first?.severity == .error }.map(\.severity), [.error, .error])
        XCTAssertEqual(try client.shutdown(), 0)
    }

    /// A modeline naming valid JSON that is not a schema (`[1, 2]`) gets one `schema-invalid` diagnostic at
    /// the modeline, and `pureyaml/schemaInfo` reports the schema as invalid, not loaded.
    func testAModelineSchemaThatIsNotASchemaIsReportedAndInvalid() throws {
        let root = try workspace(["arr.json": "[1, 2]"])
        defer { try? FileManager.default.removeItem(at: root) }
        let (client, uri) = try client(root: root, schemas: [:], open: "a.yaml", "# yaml-language-server: $schema=./arr.json\nport: abc\n")
        let diagnostics = try published(client, uri) { !$0.isEmpty }
        XCTAssertEqual(diagnostics.map(\.code), ["schema-invalid"])
        XCTAssertEqual(diagnostics.first?.range.start.line, 0)
        XCTAssertTrue(diagnostics.first?.message.hasSuffix(
            "is not a JSON Schema: expected a schema (an object or a boolean), found [1, 2] at the root") == true, "\(diagnostics)")
        XCTAssertEqual(try schemaInfo(client, uri)["status"],
                       "invalid: not a JSON Schema: expected a schema (an object or a boolean), found [1, 2] at the root")
        XCTAssertEqual(try client.shutdown(), 0)
    }

    /// Two `yaml.schemas` entries match the file: both validate it, and `pureyaml/schemaInfo` lists the second.
    func testEveryMatchingSchemaValidatesThroughTheServer() throws {
        let root = try workspace(["schemas/app.json": #"{"type": "object", "properties": {"port": {"type": "integer"}}}"#,
                                  "schemas/team.json": #"{"type": "object", "required": ["owner"]}"#])
        defer { try? FileManager.default.removeItem(at: root) }
        let (client, uri) = try client(root: root, schemas: ["schemas/app.json": ["config/*.yaml"], "schemas/team.json": "config/**"],
                                       open: "config/app.yaml", "port: \"8080\"\n")
        let diagnostics = try published(client, uri) { $0.count == 2 }
        XCTAssertEqual(Set(diagnostics.map(\.message)), [#"missing required property "owner""#, #"expected integer, found string "8080""#])
        let document = try schemaInfo(client, uri)
        var schemas: [LSPAny] = document["schema"].map { [$0] } ?? []
        if case .array(let more)? = document["additionalSchemas"] { schemas += more }
        let names = schemas.compactMap { s -> String? in
            guard case .string(let text) = s else { return nil }
            return text.components(separatedBy: "/schemas/").last
        }
        XCTAssertEqual(Set(names), ["app.json", "team.json"], "\(document)")
        XCTAssertEqual(try client.shutdown(), 0)
    }

    /// `workspace/didChangeWorkspaceFolders` (advertised in `initialize`): once the first folder is replaced,
    /// a relative `yaml.schemas` path resolves against the new first folder, and the document is re-validated
    /// against that folder's schema.
    func testRelativeSchemaPathsFollowTheWorkspaceFolders() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-folders-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        for (folder, type) in [("one", "integer"), ("two", "string")] {
            let dir = base.appendingPathComponent("\(folder)/schemas")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try #"{"properties": {"port": {"type": "\#(type)"}}}"#.write(to: dir.appendingPathComponent("app.json"), atomically: true, encoding: .utf8)
        }
        let one = base.appendingPathComponent("one").absoluteURL.absoluteString
        let two = base.appendingPathComponent("two").absoluteURL.absoluteString
        let server = ServerProcess.inProcess()
        let initialize = try server.response(to: try server.request("initialize", [
            "processId": NSNull(), "capabilities": [String: Any](),
            "workspaceFolders": [["uri": one, "name": "one"]],
            "initializationOptions": ["yaml": ["schemas": ["schemas/app.json": ["*.yaml"]], "schemaStore": ["enable": false]]],
        ]))
        let workspace = ((initialize["result"] as? [String: Any])?["capabilities"] as? [String: Any])?["workspace"] as? [String: Any]
        XCTAssertEqual((workspace?["workspaceFolders"] as? [String: Any])?["changeNotifications"] as? Bool, true)
        try server.notify("initialized", [String: Any]())
        let uri = base.appendingPathComponent("doc.yaml").absoluteURL.absoluteString
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1,
                                                                    "text": "port: \"8080\"\n"]])
        func codes() throws -> [String] {
            try published(server, uri) { _ in true }.compactMap { $0["code"] as? String }
        }
        func schema() throws -> (uri: String?, status: String?) {
            let info = try server.response(to: try server.request("pureyaml/schemaInfo", ["textDocument": ["uri": uri]]))
            let document = ((info["result"] as? [String: Any])?["documents"] as? [[String: Any]])?.first
            return (document?["schema"] as? String, document?["status"] as? String)
        }
        var seen = try codes()
        while !seen.contains("schema-type") { seen = try codes() }   // the schema of folder one: port must be an integer
        XCTAssertEqual(try schema().uri, one + "schemas/app.json")
        try server.notify("workspace/didChangeWorkspaceFolders", ["event": ["added": [["uri": two, "name": "two"]],
                                                                            "removed": [["uri": one, "name": "one"]]]])
        var now = try schema()
        XCTAssertEqual(now.uri, two + "schemas/app.json")
        for _ in 0..<200 where now.status != "loaded" {
            Thread.sleep(forTimeInterval: 0.05)
            now = try schema()
        }
        XCTAssertEqual(now.status, "loaded")
        // Folder two's schema accepts the string: no finding is left (pulled, so nothing pushed earlier is read).
        let pulled = try server.response(to: try server.request("textDocument/diagnostic", ["textDocument": ["uri": uri]]))
        XCTAssertEqual(((pulled["result"] as? [String: Any])?["items"] as? [[String: Any]])?.count, 0, "\(pulled)")
        _ = try server.response(to: try server.request("shutdown"))
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0)
    }

    /// A schema server that accepts connections and never answers must not hold back diagnostics: the
    /// document waiting for it gets its syntax diagnostics at once, and so does every other document.
    func testASlowSchemaDoesNotDelayDiagnostics() throws {
        let (silent, port) = try startLoopbackPythonServer(arguments: ["-c", "import socket, time\ns = socket.socket()\ns.bind(('127.0.0.1', 0))\ns.listen(8)\n"
                                                                    + "print(s.getsockname()[1], flush=True)\ntime.sleep(60)\n"], what: "a silent schema server")
        defer { silent.terminate(); silent.waitUntilExit() }
        let server = ServerProcess.inProcess()
        _ = try server.response(to: try server.request("initialize", ["processId": NSNull(), "rootUri": NSNull(), "capabilities": [String: Any](),
                                                                     "initializationOptions": ["yaml": ["schemaStore": ["enable": false]]]]))
        try server.notify("initialized", [String: Any]())
        let waiting = "file:///tmp/waiting.yaml", other = "file:///tmp/other.yaml"
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": waiting, "languageId": "yaml", "version": 1,
                                                                    "text": "# $schema: http://127.0.0.1:\(port)/s.json\na: [\n"]])
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": other, "languageId": "yaml", "version": 1, "text": "b: {\n"]])
        var seen: Set<String> = []
        while seen.count < 2 {
            let m = try server.receive(until: { ($0["method"] as? String) == "textDocument/publishDiagnostics" }, timeout: 5).match
            let p = m["params"] as? [String: Any]
            XCTAssertFalse(((p?["diagnostics"] as? [Any]) ?? []).isEmpty, "syntax errors are reported")
            seen.insert(p?["uri"] as? String ?? "")
        }
        XCTAssertEqual(seen, [waiting, other])
        // The observable signal, not a clock: the diagnostics came while the download was still pending
        // (the schema server never answers; the loader gives up only after its 10 s timeout).
        let info = try server.response(to: try server.request("pureyaml/schemaInfo", ["textDocument": ["uri": waiting]]))
        let document = ((info["result"] as? [String: Any])?["documents"] as? [[String: Any]])?.first
        XCTAssertEqual(document?["status"] as? String, "loading", "no diagnostics waited for the schema download: \(info)")
        _ = try server.response(to: try server.request("shutdown"), timeout: 5)
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0)
    }
}
