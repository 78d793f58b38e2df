import Foundation
import JSONRPC
import LanguageServerProtocol
import LanguageServerTestSupport
import XCTest

/// yamllint findings reach the editor: a `.yamllint` beside the file turns lint on, findings are pushed
/// with code = rule and source `yamllint`, the `pureyaml.lint.enable` setting turns it on elsewhere, and
/// a lint quick fix comes back as a code action. Through the typed in-process client.
final class LintProtocolTests: XCTestCase {
    private func codeActions(_ client: TestLSPClient, _ uri: String, lines: ClosedRange<Int>,
                             diagnostics: [Diagnostic] = []) throws -> [CodeAction] {
        let range = LSPRange(start: Position(line: lines.lowerBound, character: 0), end: Position(line: lines.upperBound, character: 13))
        return try client.send(CodeActionRequest.self, CodeActionParams(textDocument: TextDocumentIdentifier(uri: uri), range: range,
                                                                        context: CodeActionContext(diagnostics: diagnostics, only: ["quickfix"]))) ?? []
    }

    private func enableLint(_ client: TestLSPClient) throws {
        try client.notify(DidChangeConfigurationNotification.self, DidChangeConfigurationParams(settings: ["pureyaml": ["lint": ["enable": true]]]))
    }

    func testConfigurationFileSettingAndQuickFix() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("extends: relaxed\n".utf8).write(to: dir.appendingPathComponent(".yamllint"))
        let linted = "file://" + dir.appendingPathComponent("sub/a.yaml").path
        let other = "file:///nowhere/b.yaml"

        let client = try TestLSPClient()
        try client.initialize()
        try client.open(linted, "key:   value \n")
        let found = try client.nextPublished(linted).diagnostics
        XCTAssertEqual(found.map(\.code), ["colons", "trailing-spaces"])
        XCTAssertEqual(found.map(\.source), ["yamllint", "yamllint"])
        XCTAssertEqual(found.map(\.severity), [.warning, .error])
        XCTAssertEqual(found.first?.message, "too many spaces after colon")

        try client.open(other, "a: yes\n")
        XCTAssertEqual(try client.nextPublished(other).diagnostics, [])
        try enableLint(client)
        XCTAssertEqual(try client.nextPublished(other).diagnostics.map(\.code), ["document-start", "truthy"])

        let titles = try codeActions(client, linted, lines: 0...0, diagnostics: found).map(\.title)
        XCTAssertTrue(titles.contains("Remove trailing spaces (trailing-spaces)"), "\(titles)")
        XCTAssertTrue(titles.contains("Use 1 space after the colon (colons)"), "\(titles)")
        XCTAssertEqual(try client.shutdown(), 0)
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

        let client = try TestLSPClient()
        try client.initialize()
        try client.open(uri, "key: a fairly long value\n")
        XCTAssertEqual(try client.nextPublished(uri).diagnostics, [])

        try Data(short.utf8).write(to: config)
        try client.notify(DidChangeWatchedFilesNotification.self, DidChangeWatchedFilesParams(changes: [FileEvent(uri: configURI, type: .changed)]))
        XCTAssertEqual(try client.nextPublished(uri).diagnostics.map(\.code), ["line-length"])

        try client.open(configURI, short)
        try Data(relaxed.utf8).write(to: config)
        try client.notify(DidSaveTextDocumentNotification.self, DidSaveTextDocumentParams(textDocument: TextDocumentIdentifier(uri: configURI)))
        XCTAssertEqual(try client.nextPublished(uri).diagnostics, [])
        XCTAssertEqual(try client.shutdown(), 0)
    }

    /// A client that applies versioned `documentChanges` gets code actions for the version they were
    /// computed for, so after one quick fix it refuses another computed for the old text; other clients get
    /// the `changes` form.
    func testQuickFixEditsAreVersionedForClientsThatTakeThem() throws {
        for versioned in [true, false] {
            let client = try TestLSPClient()
            var capabilities = ClientCapabilities(workspace: ClientCapabilities.Workspace())
            if versioned { capabilities.workspace?.workspaceEdit = .init(documentChanges: true) }
            try client.initialize(capabilities)
            try enableLint(client)
            let uri = "file:///w/v.yaml"
            try client.open(uri, "---\na: [1,  ]\n", version: 7)
            _ = try client.nextPublished(uri)
            let actions = try codeActions(client, uri, lines: 1...2)
            XCTAssertEqual(actions.map(\.title), ["Use 1 space after the comma (commas)"])
            let edit = try XCTUnwrap(actions.first?.edit)
            if versioned {
                XCTAssertNil(edit.changes)
                XCTAssertEqual(edit.documentChanges?.map(\.textDocument), [VersionedTextDocumentIdentifier(uri: uri, version: 7)])
                XCTAssertEqual(edit.documentChanges?.first?.edits.count, 1)
            } else {
                XCTAssertNil(edit.documentChanges)
                XCTAssertEqual(edit.changes?[uri]?.count, 1, "\(edit)")
            }
            XCTAssertEqual(try client.shutdown(), 0)
        }
    }
    /// One broken `.yamllint` above several open files: one `window/showMessage` (a warning naming the
    /// file), no `lint-config` diagnostic on the files under it, and the diagnostic on the configuration file
    /// itself when it is opened; a second broken configuration gets its own message.
    func testABrokenConfigurationIsShownOncePerSession() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("other"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent(".yamllint")
        try Data("rules: {nope: enable}\n".utf8).write(to: config)
        try Data("rules: {colons: {max: x}}\n".utf8).write(to: dir.appendingPathComponent("other/.yamllint"))

        let client = try TestLSPClient()
        try client.initialize()
        for name in ["a", "b", "c"] {
            let uri = "file://" + dir.appendingPathComponent("\(name).yaml").path
            try client.open(uri, "key:   value \n")
            let diagnostics = try client.nextPublished(uri).diagnostics
            XCTAssertEqual(diagnostics.count, 0, "\(name): lint is off and no lint-config warning: \(diagnostics)")
        }
        // The configuration's messages (the SchemaStore catalog, unreachable from a test, is said too).
        func lintMessages() -> [ShowMessageParams] { client.shownMessages.filter { $0.message.hasPrefix("yamllint configuration") } }
        XCTAssertEqual(lintMessages().count, 1, "\(client.shownMessages)")
        XCTAssertEqual(lintMessages().first?.type, .warning)
        XCTAssertEqual(lintMessages().first?.message,
                       "yamllint configuration \(config.path): invalid config: no such rule: \"nope\"; lint is off for the files it applies to")

        // The configuration file itself carries it.
        let configURI = "file://" + config.path
        try client.open(configURI, "rules: {nope: enable}\n")
        let own = try client.nextPublished(configURI).diagnostics
        XCTAssertEqual(own.map(\.code), ["lint-config"])
        XCTAssertEqual(own.first?.source, "yamllint")
        XCTAssertEqual(own.first?.severity, .warning)
        XCTAssertEqual(own.first?.range, LSPRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0)))
        // Another broken configuration: its own message.
        let d = "file://" + dir.appendingPathComponent("other/d.yaml").path
        try client.open(d, "d: 1\n")
        let second = try client.waitFor(ShowMessageNotification.self) { $0.message.contains("/other/.yamllint") }
        XCTAssertTrue(second.message.hasPrefix("yamllint configuration \(dir.path)/other/.yamllint: "), second.message)
        XCTAssertEqual(lintMessages().count, 2)
        XCTAssertEqual(try client.shutdown(), 0)
    }
}
