import Foundation
import JSONRPC
import LanguageServerProtocol
import LanguageServerTestSupport
import TestSupport
import XCTest

/// The formatting requests through the typed in-process client: capabilities, `rangeFormatting`,
/// `onTypeFormatting` on Enter, `willSaveWaitUntil` (off by default, on with `pureyaml.format.onSave`), and
/// `.editorconfig` read from the document's directory for `file://` URIs.
final class FormattingRequestsProtocolTests: XCTestCase {
    static let options = FormattingOptions(tabSize: 2, insertSpaces: true)

    private func start(initializationOptions: LSPAny? = nil) throws -> (TestLSPClient, ServerCapabilities) {
        let client = try TestLSPClient()
        let result = try client.initialize(initializationOptions: initializationOptions)
        return (client, result.capabilities)
    }

    private func document(_ uri: String) -> TextDocumentIdentifier { TextDocumentIdentifier(uri: uri) }

    private func willSave(_ client: TestLSPClient, _ uri: String) throws -> [TextEdit] {
        try XCTUnwrap(try client.send(WillSaveTextDocumentWaitUntilRequest.self, WillSaveTextDocumentParams(textDocument: document(uri), reason: 1)))
    }

    private func formatting(_ client: TestLSPClient, _ uri: String) throws -> [TextEdit] {
        try XCTUnwrap(try client.send(DocumentFormattingRequest.self, DocumentFormattingParams(textDocument: document(uri), options: Self.options)))
    }

    private func rangeFormatting(_ client: TestLSPClient, _ uri: String, lines: (Int, Int), endCharacter: Int) throws -> [TextEdit] {
        let range = LSPRange(start: Position(line: lines.0, character: 0), end: Position(line: lines.1, character: endCharacter))
        return try XCTUnwrap(try client.send(DocumentRangeFormattingRequest.self,
                                             DocumentRangeFormattingParams(textDocument: document(uri), range: range, options: Self.options)))
    }

    func testCapabilitiesRangeOnTypeAndWillSave() throws {
        let (client, caps) = try start()
        XCTAssertEqual(caps.documentRangeFormattingProvider, true)
        XCTAssertEqual(caps.documentOnTypeFormattingProvider?.firstTriggerCharacter, "\n")
        XCTAssertEqual(caps.textDocumentSync?.willSaveWaitUntil, true)
        let uri = "untitled:range.yaml"
        let text = "a:    1\nb:\n  x:   1\n  y:   2\n"
        try client.open(uri, text)
        XCTAssertEqual(try applyLSPTextEdits(try rangeFormatting(client, uri, lines: (2, 2), endCharacter: 3), to: text),
                       "a:    1\nb:\n  x: 1\n  y:   2\n")

        let typed = "root:\n  child:\n"
        try client.notify(DidChangeTextDocumentNotification.self, DidChangeTextDocumentParams(
            textDocument: VersionedTextDocumentIdentifier(uri: uri, version: 2), contentChanges: [TextDocumentContentChangeEvent(text: typed)]))
        let onType = try XCTUnwrap(try client.send(DocumentOnTypeFormattingRequest.self, DocumentOnTypeFormattingParams(
            textDocument: document(uri), position: Position(line: 2, character: 0), ch: "\n", options: Self.options)))
        XCTAssertEqual(try applyLSPTextEdits(onType, to: typed), "root:\n  child:\n    ")

        // Off by default.
        XCTAssertEqual(try willSave(client, uri), [])
        XCTAssertEqual(try client.shutdown(), 0)
    }

    func testWillSaveFormatsWhenEnabledAndEditorConfigApplies() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-editorconfig-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "root = true\n[*.yaml]\nindent_size = 4\ninsert_final_newline = false\n".write(
            to: dir.appendingPathComponent(".editorconfig"), atomically: true, encoding: .utf8)
        let (client, _) = try start(initializationOptions: ["pureyaml": ["format": ["onSave": true]]])
        let uri = dir.appendingPathComponent("sub/deploy.yaml").absoluteString
        let text = "a:\n  b:   1"
        try client.open(uri, text)
        XCTAssertEqual(try applyLSPTextEdits(try willSave(client, uri), to: text), "a:\n    b: 1")
        // The editor's tabSize loses to .editorconfig's indent_size.
        XCTAssertEqual(try applyLSPTextEdits(try formatting(client, uri), to: text), "a:\n    b: 1")
        XCTAssertEqual(try client.shutdown(), 0)
    }

    func testSyntaxErrorsGetNoEditsFromAnyRequest() throws {
        let (client, _) = try start(initializationOptions: ["pureyaml": ["format": ["onSave": true]]])
        let uri = "untitled:broken.yaml"
        try client.open(uri, "a:    [1, 2\nb:    3\n")
        XCTAssertEqual(try formatting(client, uri), [])
        XCTAssertEqual(try rangeFormatting(client, uri, lines: (0, 2), endCharacter: 0), [])
        XCTAssertEqual(try willSave(client, uri), [])
        XCTAssertEqual(try client.shutdown(), 0)
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
