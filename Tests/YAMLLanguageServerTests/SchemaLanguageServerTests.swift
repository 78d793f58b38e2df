import Foundation
import TestSupport
import XCTest

/// Schema validation through the built server, as an editor drives it: settings from
/// `initializationOptions` and `didChangeConfiguration`, diagnostics pushed once the schema has loaded,
/// the schema URL in `Diagnostic.data`, and `pureyaml/schemaInfo`.
final class SchemaLanguageServerTests: XCTestCase {
    func testSchemaDiagnosticsArrivePushedAndExplained() throws {
        guard let binary = BuiltBinary.pureyaml else { return XCTFail("the pureyaml executable was not built") }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-lsp-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("schemas"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try #"{"type": "object", "properties": {"port": {"type": "integer"}}, "required": ["name"]}"#
            .write(to: root.appendingPathComponent("schemas/app.json"), atomically: true, encoding: .utf8)
        let rootURI = root.absoluteURL.absoluteString
        let schemaURI = root.appendingPathComponent("schemas/app.json").absoluteURL.absoluteString
        let server = try ServerProcess(executable: binary)
        let id = try server.request("initialize", [
            "processId": NSNull(), "rootUri": rootURI, "capabilities": [String: Any](),
            "initializationOptions": ["yaml": ["schemas": ["schemas/app.json": ["config/*.yaml"]],
                                               "schemaStore": ["enable": false]]],
        ])
        _ = try server.response(to: id)
        try server.notify("initialized", [String: Any]())
        let uri = root.appendingPathComponent("config/app.yaml").absoluteURL.absoluteString
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1,
                                                                    "text": "port: \"8080\"\n"]])
        func schemaPublish() throws -> [[String: Any]] {
            let m = try server.receive(until: {
                guard ($0["method"] as? String) == "textDocument/publishDiagnostics",
                      let p = $0["params"] as? [String: Any], p["uri"] as? String == uri else { return false }
                return !((p["diagnostics"] as? [[String: Any]]) ?? []).isEmpty
            }).match
            return ((m["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]) ?? []
        }
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
}
