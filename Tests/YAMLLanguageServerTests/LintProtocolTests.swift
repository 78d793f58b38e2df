import Foundation
import TestSupport
import XCTest

/// yamllint findings reach the editor: a `.yamllint` beside the file turns lint on, findings are pushed
/// with code = rule and source `yamllint`, the `pureyaml.lint.enable` setting turns it on elsewhere, and
/// a lint quick fix comes back as a code action.
final class LintProtocolTests: XCTestCase {
    func testConfigurationFileSettingAndQuickFix() throws {
        guard let binary = BuiltBinary.pureyaml else {
            XCTFail("the pureyaml executable was not built")
            return
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("extends: relaxed\n".utf8).write(to: dir.appendingPathComponent(".yamllint"))
        let linted = "file://" + dir.appendingPathComponent("sub/a.yaml").path
        let other = "file:///nowhere/b.yaml"

        let server = try ServerProcess(executable: binary)
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
        guard let binary = BuiltBinary.pureyaml else { return XCTFail("the pureyaml executable was not built") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent(".yamllint")
        let relaxed = "extends: relaxed\n", short = "extends: relaxed\nrules:\n  line-length: {max: 10}\n"
        try Data(relaxed.utf8).write(to: config)
        let uri = "file://" + dir.appendingPathComponent("a.yaml").path
        let configURI = "file://" + config.path

        let server = try ServerProcess(executable: binary)
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
        guard let binary = BuiltBinary.pureyaml else { return XCTFail("the pureyaml executable was not built") }
        for versioned in [true, false] {
            let server = try ServerProcess(executable: binary)
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
    /// One broken `.yamllint` above several open files: one `window/showMessage` (a warning naming the
    /// file), no `lint-config` diagnostic on the files under it, and the diagnostic on the configuration file
    /// itself when it is opened; a second broken configuration gets its own message.
    func testABrokenConfigurationIsShownOncePerSession() throws {
        guard let binary = BuiltBinary.pureyaml else { return XCTFail("the pureyaml executable was not built") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("other"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent(".yamllint")
        try Data("rules: {nope: enable}\n".utf8).write(to: config)
        try Data("rules: {colons: {max: x}}\n".utf8).write(to: dir.appendingPathComponent("other/.yamllint"))

        let server = try ServerProcess(executable: binary)
        _ = try server.response(to: try server.request("initialize", ["processId": NSNull(), "rootUri": NSNull(), "capabilities": [:]]))
        try server.notify("initialized", [String: Any]())
        var messages: [[String: Any]] = []
        for name in ["a", "b", "c"] {
            let uri = "file://" + dir.appendingPathComponent("\(name).yaml").path
            try server.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1,
                                                                         "text": "key:   value \n"]])
            let (publish, skipped) = try server.receive(until: {
                ($0["method"] as? String) == "textDocument/publishDiagnostics"
                    && (($0["params"] as? [String: Any])?["uri"] as? String) == uri
            })
            messages += (skipped + [publish]).filter { ($0["method"] as? String) == "window/showMessage" }
            let diagnostics = (publish["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
            XCTAssertEqual(diagnostics.count, 0, "\(name): lint is off and no lint-config warning: \(diagnostics)")
        }
        let shown = messages.compactMap { $0["params"] as? [String: Any] }
        XCTAssertEqual(shown.count, 1, "\(messages)")
        XCTAssertEqual(shown.first?["type"] as? Int, 2)
        XCTAssertEqual(shown.first?["message"] as? String,
                       "yamllint configuration \(config.path): invalid config: no such rule: \"nope\"; lint is off for the files it applies to")

        // The configuration file itself carries it.
        let configURI = "file://" + config.path
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": configURI, "languageId": "yaml", "version": 1,
                                                                     "text": "rules: {nope: enable}\n"]])
        let own = try server.publishedDiagnostics(for: configURI)
        XCTAssertNil(jsonMismatch(expected: [["code": "lint-config", "source": "yamllint", "severity": 2,
                                              "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]]]],
                                  actual: own))
        // Another broken configuration: its own message.
        let d = "file://" + dir.appendingPathComponent("other/d.yaml").path
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": d, "languageId": "yaml", "version": 1, "text": "d: 1\n"]])
        let second = try server.receive(until: { ($0["method"] as? String) == "window/showMessage" }).match
        let text = (second["params"] as? [String: Any])?["message"] as? String ?? ""
        XCTAssertTrue(text.hasPrefix("yamllint configuration \(dir.path)/other/.yamllint: "), text)

        _ = try server.response(to: try server.request("shutdown"))
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0)
    }
}
