import Foundation
import LanguageServerTestSupport
import TestSupport
import XCTest

/// yamllint findings reach the editor: a `.yamllint` beside the file turns lint on, findings are pushed
/// with code = rule and source `yamllint`, the `pureyaml.lint.enable` setting turns it on elsewhere, and
/// a lint quick fix comes back as a code action.
final class LintProtocolTests: XCTestCase {
    func testConfigurationFileSettingAndQuickFix() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("extends: relaxed\n".utf8).write(to: dir.appendingPathComponent(".yamllint"))
        let linted = "file://" + dir.appendingPathComponent("sub/a.yaml").path
        let other = "file:///nowhere/b.yaml"

        let server = ServerProcess.inProcess()
        let id = try server.request("initialize", ["processId": NSNull(), "rootUri": NSNull(), "capabilities": [:]])
        _ = try server.response(to: id)
        try server.notify("initialized", [String: Any]())
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": linted, "languageId": "yaml", "version": 1,
                                                                     "text": "key:   value \n"]])
        let found = try server.publishedDiagnostics(for: linted)
        XCTAssertNil(jsonMismatch(expected: [["code": "colons", "source": "yamllint", "severity": 2,
                                              "message": "too many spaces after colon"],
                                             ["code": "trailing-spaces", "source": "yamllint", "severity": 1]],
                                  actual: found))

        try server.notify("textDocument/didOpen", ["textDocument": ["uri": other, "languageId": "yaml", "version": 1,
                                                                     "text": "a: yes\n"]])
        XCTAssertEqual(try server.publishedDiagnostics(for: other).count, 0)
        try server.notify("workspace/didChangeConfiguration", ["settings": ["pureyaml": ["lint": ["enable": true]]]])
        let codes = try server.publishedDiagnostics(for: other).compactMap { $0["code"] as? String }
        XCTAssertEqual(codes, ["document-start", "truthy"])

        let actions = try server.response(to: try server.request("textDocument/codeAction", [
            "textDocument": ["uri": linted],
            "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 13]],
            "context": ["diagnostics": found, "only": ["quickfix"]],
        ]))["result"] as? [[String: Any]] ?? []
        let titles = actions.compactMap { $0["title"] as? String }
        XCTAssertTrue(titles.contains("Remove trailing spaces (trailing-spaces)"), "\(titles)")
        XCTAssertTrue(titles.contains("Use 1 space after the colon (colons)"), "\(titles)")

        _ = try server.response(to: try server.request("shutdown"))
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0)
    }

    /// A yamllint configuration changed on disk applies to the open documents at once, not only at their
    /// next edit: when the client reports the file changed (`workspace/didChangeWatchedFiles`), or saves it
    /// as a document of its own (`textDocument/didSave`).
    func testChangedConfigurationFileRelintsOpenDocuments() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent(".yamllint")
        let relaxed = "extends: relaxed\n", short = "extends: relaxed\nrules:\n  line-length: {max: 10}\n"
        try Data(relaxed.utf8).write(to: config)
        let uri = "file://" + dir.appendingPathComponent("a.yaml").path
        let configURI = "file://" + config.path

        let server = ServerProcess.inProcess()
        _ = try server.response(to: try server.request("initialize", ["processId": NSNull(), "rootUri": NSNull(), "capabilities": [:]]))
        try server.notify("initialized", [String: Any]())
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1,
                                                                     "text": "key: a fairly long value\n"]])
        XCTAssertEqual(try server.publishedDiagnostics(for: uri).count, 0)

        try Data(short.utf8).write(to: config)
        try server.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": configURI, "type": 2]]])
        XCTAssertEqual(try server.publishedDiagnostics(for: uri).compactMap { $0["code"] as? String }, ["line-length"])

        try server.notify("textDocument/didOpen", ["textDocument": ["uri": configURI, "languageId": "yaml", "version": 1,
                                                                     "text": short]])
        try Data(relaxed.utf8).write(to: config)
        try server.notify("textDocument/didSave", ["textDocument": ["uri": configURI]])
        XCTAssertEqual(try server.publishedDiagnostics(for: uri).count, 0)

        _ = try server.response(to: try server.request("shutdown"))
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0)
    }

    /// A client that applies versioned `documentChanges` gets code actions for the version they were
    /// computed for, so after one quick fix it refuses another computed for the old text; other clients get
    /// the `changes` form.
    func testQuickFixEditsAreVersionedForClientsThatTakeThem() throws {
        for versioned in [true, false] {
            let server = ServerProcess.inProcess()
            let caps: [String: Any] = versioned ? ["workspace": ["workspaceEdit": ["documentChanges": true]]] : [:]
            _ = try server.response(to: try server.request("initialize", ["processId": NSNull(), "rootUri": NSNull(), "capabilities": caps]))
            try server.notify("initialized", [String: Any]())
            try server.notify("workspace/didChangeConfiguration", ["settings": ["pureyaml": ["lint": ["enable": true]]]])
            let uri = "file:///w/v.yaml"
            try server.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "yaml", "version": 7,
                                                                         "text": "---\na: [1,  ]\n"]])
            _ = try server.publishedDiagnostics(for: uri)
            let actions = try server.response(to: try server.request("textDocument/codeAction", [
                "textDocument": ["uri": uri],
                "range": ["start": ["line": 1, "character": 0], "end": ["line": 2, "character": 0]],
                "context": ["diagnostics": [Any](), "only": ["quickfix"]],
            ]))["result"] as? [[String: Any]] ?? []
            XCTAssertEqual(actions.compactMap { $0["title"] as? String }, ["Use 1 space after the comma (commas)"])
            let edit = actions.first?["edit"] as? [String: Any] ?? [:]
            if versioned {
                XCTAssertNil(edit["changes"])
                let change = (edit["documentChanges"] as? [[String: Any]])?.first
                XCTAssertNil(jsonMismatch(expected: ["textDocument": ["uri": uri, "version": 7]], actual: change ?? [:]), "\(edit)")
                XCTAssertEqual((change?["edits"] as? [Any])?.count, 1)
            } else {
                XCTAssertNil(edit["documentChanges"])
                XCTAssertEqual(((edit["changes"] as? [String: Any])?[uri] as? [Any])?.count, 1, "\(edit)")
            }
            _ = try server.response(to: try server.request("shutdown"))
            try server.notify("exit")
            XCTAssertEqual(server.waitForExit(), 0)
        }
    }
}
