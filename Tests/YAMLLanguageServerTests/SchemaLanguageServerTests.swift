import Foundation
import LanguageServerTestSupport
import TestSupport
import XCTest

/// Schema validation through the built server, as an editor drives it: settings from
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

    /// The built server, initialized with `root` as its root and `schemas` as `yaml.schemas` (catalog off).
    private func start(root: URL, schemas: [String: Any]) throws -> ServerProcess {
        let server = ServerProcess.inProcess()
        let id = try server.request("initialize", [
            "processId": NSNull(), "rootUri": root.absoluteURL.absoluteString, "capabilities": [String: Any](),
            "initializationOptions": ["yaml": ["schemas": schemas, "schemaStore": ["enable": false]]],
        ])
        _ = try server.response(to: id)
        try server.notify("initialized", [String: Any]())
        return server
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

    func testSchemaDiagnosticsArrivePushedAndExplained() throws {
        let root = try workspace(["schemas/app.json": #"{"type": "object", "properties": {"port": {"type": "integer"}}, "required": ["name"]}"#])
        defer { try? FileManager.default.removeItem(at: root) }
        let schemaURI = root.appendingPathComponent("schemas/app.json").absoluteURL.absoluteString
        let server = try start(root: root, schemas: ["schemas/app.json": ["config/*.yaml"]])
        let uri = root.appendingPathComponent("config/app.yaml").absoluteURL.absoluteString
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1,
                                                                    "text": "port: \"8080\"\n"]])
        func schemaPublish() throws -> [[String: Any]] { try published(server, uri) { !$0.isEmpty } }
        let diagnostics = try schemaPublish()
        XCTAssertEqual(diagnostics.map { $0["message"] as? String }, [#"missing required property "name""#, #"expected integer, found string "8080""#])
        XCTAssertEqual(diagnostics.map { $0["code"] as? String }, ["schema-required", "schema-type"])
        XCTAssertEqual(diagnostics.first?["source"] as? String, "pureyaml-schema")
        XCTAssertEqual(diagnostics.first?["severity"] as? Int, 2)
        XCTAssertEqual((diagnostics.first?["data"] as? [String: Any])?["schemaURI"] as? String, schemaURI)
        let range = diagnostics.last?["range"] as? [String: Any]
        XCTAssertEqual((range?["start"] as? [String: Any])?["character"] as? Int, 6)

        let info = try server.response(to: try server.request("pureyaml/schemaInfo", ["textDocument": ["uri": uri]]))
        let documents = ((info["result"] as? [String: Any])?["documents"] as? [[String: Any]]) ?? []
        XCTAssertEqual(documents.first?["schema"] as? String, schemaURI)
        XCTAssertEqual(documents.first?["rule"] as? String, #"settings glob "config/*.yaml""#)
        XCTAssertEqual(documents.first?["status"] as? String, "loaded")

        try server.notify("workspace/didChangeConfiguration", ["settings": ["pureyaml": ["schema": ["severity": "error"]]]])
        XCTAssertEqual(try schemaPublish().map { $0["severity"] as? Int }, [1, 1])
        _ = try server.response(to: try server.request("shutdown"))
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0)
    }

    /// A modeline naming valid JSON that is not a schema (`[1, 2]`) gets one `schema-invalid` diagnostic at
    /// the modeline, and `pureyaml/schemaInfo` reports the schema as invalid, not loaded.
    func testAModelineSchemaThatIsNotASchemaIsReportedAndInvalid() throws {
        let root = try workspace(["arr.json": "[1, 2]"])
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try start(root: root, schemas: [:])
        let uri = root.appendingPathComponent("a.yaml").absoluteURL.absoluteString
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1,
                                                                    "text": "# yaml-language-server: $schema=./arr.json\nport: abc\n"]])
        let diagnostics = try published(server, uri) { !$0.isEmpty }
        XCTAssertEqual(diagnostics.map { $0["code"] as? String }, ["schema-invalid"])
        XCTAssertEqual(((diagnostics.first?["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int, 0)
        XCTAssertTrue((diagnostics.first?["message"] as? String)?.hasSuffix(
            "is not a JSON Schema: expected a schema (an object or a boolean), found [1, 2] at the root") == true, "\(diagnostics)")
        let info = try server.response(to: try server.request("pureyaml/schemaInfo", ["textDocument": ["uri": uri]]))
        let documents = ((info["result"] as? [String: Any])?["documents"] as? [[String: Any]]) ?? []
        XCTAssertEqual(documents.first?["status"] as? String,
                       "invalid: not a JSON Schema: expected a schema (an object or a boolean), found [1, 2] at the root")
        _ = try server.response(to: try server.request("shutdown"))
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0)
    }

    /// Two `yaml.schemas` entries match the file: both validate it, and `pureyaml/schemaInfo` lists the second.
    func testEveryMatchingSchemaValidatesThroughTheServer() throws {
        let root = try workspace(["schemas/app.json": #"{"type": "object", "properties": {"port": {"type": "integer"}}}"#,
                                  "schemas/team.json": #"{"type": "object", "required": ["owner"]}"#])
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try start(root: root, schemas: ["schemas/app.json": ["config/*.yaml"], "schemas/team.json": "config/**"])
        let uri = root.appendingPathComponent("config/app.yaml").absoluteURL.absoluteString
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1,
                                                                    "text": "port: \"8080\"\n"]])
        let diagnostics = try published(server, uri) { $0.count == 2 }
        XCTAssertEqual(Set(diagnostics.compactMap { $0["message"] as? String }),
                       [#"missing required property "owner""#, #"expected integer, found string "8080""#])
        let info = try server.response(to: try server.request("pureyaml/schemaInfo", ["textDocument": ["uri": uri]]))
        let document = (((info["result"] as? [String: Any])?["documents"] as? [[String: Any]]) ?? []).first
        let schemas = [document?["schema"] as? String] + ((document?["additionalSchemas"] as? [String]) ?? []).map { $0 }
        XCTAssertEqual(Set(schemas.compactMap { $0?.components(separatedBy: "/schemas/").last }), ["app.json", "team.json"], "\(info)")
        _ = try server.response(to: try server.request("shutdown"))
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0)
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
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { throw XCTSkip("python3 not found") }
        let silent = Process()
        silent.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        silent.arguments = ["-c", "import socket, time\ns = socket.socket()\ns.bind(('127.0.0.1', 0))\ns.listen(8)\n"
                            + "print(s.getsockname()[1], flush=True)\ntime.sleep(60)\n"]
        let out = Pipe()
        silent.standardOutput = out
        try silent.run()
        defer { silent.terminate(); silent.waitUntilExit() }
        let port = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertNotNil(Int(port))
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
