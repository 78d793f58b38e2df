import Foundation
import TestSupport
import XCTest

/// A client that pulls diagnostics is asked to pull again when a schema arrives after the document opened.
final class DiagnosticRefreshTests: XCTestCase {
    func testSchemaArrivalAsksPullingClientsToRefresh() throws {
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
        let (refresh, skipped) = try server.receive(until: { ($0["method"] as? String) == "workspace/diagnostic/refresh" })
        XCTAssertFalse(skipped.contains { ($0["method"] as? String) == "textDocument/publishDiagnostics" },
                       "a pulling client is not pushed to")
        // Answer the refresh as a client would, then pull: the schema finding is there.
        if let id = refresh["id"] { try server.send(["jsonrpc": "2.0", "id": id, "result": NSNull()]) }
        let pull = try server.request("textDocument/diagnostic", ["textDocument": ["uri": uri]])
        let report = try server.response(to: pull)["result"] as? [String: Any]
        let items = report?["items"] as? [[String: Any]] ?? []
        XCTAssertTrue(items.contains { ($0["message"] as? String)?.contains("expected integer") == true }, "\(items)")
        _ = try server.response(to: try server.request("shutdown"))
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0)
    }
}
