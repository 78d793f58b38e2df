import Foundation
import TestSupport
import XCTest

/// A client that pulls diagnostics gets a local schema's findings in its first pull (the model reads
/// local schema files before answering), and is asked to pull again when something it did not cause
/// changes them (here a project settings file changed on disk).
final class DiagnosticRefreshTests: XCTestCase {
    func testLocalSchemaFindingsOnFirstPullAndRefreshOnOutsideChange() throws {
        guard let binary = BuiltBinary.pureyaml else { return XCTFail("the pureyaml executable was not built") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-refresh-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try #"{"type": "object", "properties": {"port": {"type": "integer"}}}"#
            .write(to: dir.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
        let uri = "file://\(dir.path)/a.yaml"

        let server = try ServerProcess(executable: binary)
        let capabilities: [String: Any] = ["textDocument": ["diagnostic": ["dynamicRegistration": false]],
                                           "workspace": ["diagnostics": ["refreshSupport": true]]]
        _ = try server.response(to: try server.request("initialize", ["processId": NSNull(), "rootUri": NSNull(),
                                                                      "capabilities": capabilities]))
        try server.notify("initialized", [String: Any]())
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1,
            "text": "# yaml-language-server: $schema=s.json\nport: \"8080\"\n"]])
        func pull() throws -> [[String: Any]] {
            let report = try server.response(to: try server.request("textDocument/diagnostic", ["textDocument": ["uri": uri]]))
            return (report["result"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
        }
        XCTAssertNil(jsonMismatch(expected: [["code": "schema-type", "severity": 2, "message": #"expected integer, found string "8080""#]],
                                  actual: try pull()), "the first pull already holds the schema finding")

        let project = dir.appendingPathComponent(".pureyaml.yaml")
        try "pureyaml.schema.severity: error\n".write(to: project, atomically: true, encoding: .utf8)
        try server.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": "file://" + project.path, "type": 1]]])
        let (refresh, skipped) = try server.receive(until: { ($0["method"] as? String) == "workspace/diagnostic/refresh" })
        XCTAssertFalse(skipped.contains { ($0["method"] as? String) == "textDocument/publishDiagnostics" },
                       "a pulling client is not pushed to")
        // Answer the refresh as a client would, then pull: the finding has the project's severity.
        if let id = refresh["id"] { try server.send(["jsonrpc": "2.0", "id": id, "result": NSNull()]) }
        XCTAssertNil(jsonMismatch(expected: [["code": "schema-type", "severity": 1]], actual: try pull()))
        _ = try server.response(to: try server.request("shutdown"))
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0)
    }
}
