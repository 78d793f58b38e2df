import Foundation
import LanguageServerTestSupport
import TestSupport
import XCTest

/// The formatting requests over pipes: capabilities, `rangeFormatting`, `onTypeFormatting` on Enter,
/// `willSaveWaitUntil` (off by default, on with `pureyaml.format.onSave`), and `.editorconfig` read from
/// the document's directory for `file://` URIs.
final class FormattingRequestsProtocolTests: XCTestCase {
    func start(initializationOptions: [String: Any]? = nil) throws -> (ServerProcess, [String: Any]) {
        let server = ServerProcess.inProcess()
        var params: [String: Any] = ["processId": NSNull(), "capabilities": [String: Any]()]
        if let initializationOptions { params["initializationOptions"] = initializationOptions }
        let response = try server.response(to: try server.request("initialize", params))
        try server.notify("initialized", [String: Any]())
        let result = response["result"] as? [String: Any]
        return (server, result?["capabilities"] as? [String: Any] ?? [:])
    }

    func stop(_ server: ServerProcess) throws {
        _ = try server.response(to: try server.request("shutdown"))
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0)
    }

    func open(_ server: ServerProcess, _ uri: String, _ text: String) throws {
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1, "text": text]])
    }

    func edits(_ server: ServerProcess, _ method: String, _ params: [String: Any]) throws -> [[String: Any]] {
        let response = try server.response(to: try server.request(method, params))
        return try XCTUnwrap(response["result"] as? [[String: Any]], "\(method): \(response)")
    }

    static var options: [String: Any] { ["tabSize": 2, "insertSpaces": true] }

    func testCapabilitiesRangeOnTypeAndWillSave() throws {
        let (server, caps) = try start()
        XCTAssertEqual(caps["documentRangeFormattingProvider"] as? Bool, true)
        XCTAssertEqual((caps["documentOnTypeFormattingProvider"] as? [String: Any])?["firstTriggerCharacter"] as? String, "\n")
        XCTAssertEqual((caps["textDocumentSync"] as? [String: Any])?["willSaveWaitUntil"] as? Bool, true)
        let uri = "untitled:range.yaml"
        let text = "a:    1\nb:\n  x:   1\n  y:   2\n"
        try open(server, uri, text)
        let range = try edits(server, "textDocument/rangeFormatting", [
            "textDocument": ["uri": uri], "options": Self.options,
            "range": ["start": ["line": 2, "character": 0], "end": ["line": 2, "character": 3]]])
        XCTAssertEqual(try applyLSPTextEdits(range, to: text), "a:    1\nb:\n  x: 1\n  y:   2\n")

        let typed = "root:\n  child:\n"
        try server.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": typed]]])
        let onType = try edits(server, "textDocument/onTypeFormatting", [
            "textDocument": ["uri": uri], "options": Self.options, "ch": "\n",
            "position": ["line": 2, "character": 0]])
        XCTAssertEqual(try applyLSPTextEdits(onType, to: typed), "root:\n  child:\n    ")

        // Off by default.
        XCTAssertEqual(try edits(server, "textDocument/willSaveWaitUntil", ["textDocument": ["uri": uri], "reason": 1]).count, 0)
        try stop(server)
    }

    func testWillSaveFormatsWhenEnabledAndEditorConfigApplies() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-editorconfig-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "root = true\n[*.yaml]\nindent_size = 4\ninsert_final_newline = false\n".write(
            to: dir.appendingPathComponent(".editorconfig"), atomically: true, encoding: .utf8)
        let (server, _) = try start(initializationOptions: ["pureyaml": ["format": ["onSave": true]]])
        let uri = dir.appendingPathComponent("sub/deploy.yaml").absoluteString
        let text = "a:\n  b:   1"
        try open(server, uri, text)
        let saved = try edits(server, "textDocument/willSaveWaitUntil", ["textDocument": ["uri": uri], "reason": 1])
        XCTAssertEqual(try applyLSPTextEdits(saved, to: text), "a:\n    b: 1")
        // The editor's tabSize loses to .editorconfig's indent_size.
        let formatted = try edits(server, "textDocument/formatting", ["textDocument": ["uri": uri], "options": Self.options])
        XCTAssertEqual(try applyLSPTextEdits(formatted, to: text), "a:\n    b: 1")
        try stop(server)
    }

    func testSyntaxErrorsGetNoEditsFromAnyRequest() throws {
        let (server, _) = try start(initializationOptions: ["pureyaml": ["format": ["onSave": true]]])
        let uri = "untitled:broken.yaml"
        try open(server, uri, "a:    [1, 2\nb:    3\n")
        let whole: [String: Any] = ["start": ["line": 0, "character": 0], "end": ["line": 2, "character": 0]]
        XCTAssertEqual(try edits(server, "textDocument/formatting", ["textDocument": ["uri": uri], "options": Self.options]).count, 0)
        XCTAssertEqual(try edits(server, "textDocument/rangeFormatting", ["textDocument": ["uri": uri], "options": Self.options, "range": whole]).count, 0)
        XCTAssertEqual(try edits(server, "textDocument/willSaveWaitUntil", ["textDocument": ["uri": uri], "reason": 1]).count, 0)
        try stop(server)
    }

    func testTheCommandLineReadsEditorConfigToo() throws {
        let binary = try XCTUnwrap(BuiltBinary.pureyaml)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-editorconfig-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "root = true\n[*.{yaml,yml}]\nindent_size = 3\nend_of_line = crlf\n".write(
            to: dir.appendingPathComponent(".editorconfig"), atomically: true, encoding: .utf8)
        let name = dir.appendingPathComponent("values.yml").path
        let run = try runProcess(binary, ["format", "--no-config", "--stdin-filename", name, "-"], stdin: Data("a:\n  b: [ 1,2 ]\n".utf8))
        XCTAssertEqual(run.status, 0, String(decoding: run.stderr, as: UTF8.self))
        XCTAssertEqual(String(decoding: run.stdout, as: UTF8.self), "a:\r\n   b: [1, 2]\r\n")
    }
}
