import Foundation
import TestSupport
import XCTest

/// One slow piece never wedges the server (issue 23): a document whose schema has a catastrophic
/// `pattern` gets its finding, and requests about another document are answered meanwhile.
final class BoundedWorkServerTests: XCTestCase {
    func testACatastrophicSchemaPatternDoesNotWedgeRequestsAboutAnotherDocument() throws {
        guard let binary = BuiltBinary.pureyaml else {
            XCTFail("the pureyaml executable was not built")
            throw XCTSkip("no binary")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-wedge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"type": "array", "items": {"type": "string", "pattern": "^(a+)+$"}}"#.utf8)
            .write(to: folder.appendingPathComponent("s.json"))
        let slow = folder.appendingPathComponent("slow.yaml")
        let other = folder.appendingPathComponent("other.yaml")
        let slowText = "# yaml-language-server: $schema=./s.json\n"
            + String(repeating: "- " + String(repeating: "a", count: 30) + "b\n", count: 300)
        let server = try ServerProcess(executable: binary)
        let id = try server.request("initialize", ["processId": NSNull(), "rootUri": folder.absoluteString,
                                                   "capabilities": [String: Any]()])
        _ = try server.response(to: id)
        try server.notify("initialized", [String: Any]())
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": slow.absoluteString, "languageId": "yaml",
                                                                   "version": 1, "text": slowText]])
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": other.absoluteString, "languageId": "yaml",
                                                                   "version": 1, "text": "name: x\nlist: [1, 2]\n"]])
        func isTheFinding(_ message: [String: Any]) -> Bool {
            guard message["method"] as? String == "textDocument/publishDiagnostics",
                  let params = message["params"] as? [String: Any], params["uri"] as? String == slow.absoluteString,
                  let diagnostics = params["diagnostics"] as? [[String: Any]] else { return false }
            return diagnostics.contains { ($0["message"] as? String)?.contains("too complex to check within the budget") == true }
        }
        var published: [String: Any]?
        for k in 0..<5 {
            let id = try server.request("textDocument/documentSymbol", ["textDocument": ["uri": other.absoluteString]])
            let (symbols, skipped) = try server.receive(until: { ($0["id"] as? Int) == id && $0["method"] == nil })
            XCTAssertEqual((symbols["result"] as? [Any])?.count, 2, "request \(k): \(symbols)")
            published = published ?? skipped.first(where: isTheFinding)
        }
        if published == nil { published = try server.receive(until: isTheFinding, timeout: 120).match }
        let diagnostics = (published?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
        XCTAssertLessThanOrEqual(diagnostics.count, 300, "one finding per string at most")
        _ = try server.response(to: try server.request("shutdown", [String: Any]()))
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0)
    }
}
