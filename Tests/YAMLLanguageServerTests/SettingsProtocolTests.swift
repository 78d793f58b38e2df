import Foundation
import JSONRPC
import LanguageServerProtocol
import LanguageServerTestSupport
import TestSupport
import XCTest

/// How the server reports settings it cannot use: the client's values (`workspace/didChangeConfiguration`,
/// the answer to `workspace/configuration`) are logged to stderr, since they belong to no document; a value
/// used but not honoured in full is also shown (`window/showMessage`).
final class SettingsProtocolTests: XCTestCase {
    private func start(configurationCapability: Bool = false) throws -> ServerProcess {
        guard let binary = BuiltBinary.pureyaml else {
            XCTFail("the pureyaml executable was not built")
            throw XCTSkip("no binary")
        }
        let server = try ServerProcess(executable: binary)
        let capabilities: [String: Any] = configurationCapability ? ["workspace": ["configuration": true]] : [:]
        _ = try server.response(to: try server.request("initialize", ["processId": NSNull(), "rootUri": NSNull(),
                                                                     "capabilities": capabilities]))
        try server.notify("initialized", [String: Any]())
        return server
    }

    private func finish(_ server: ServerProcess) throws {
        _ = try server.response(to: try server.request("shutdown"))
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0)
    }

    func testInvalidClientSettingsAreLogged() throws {
        let server = try start()
        try server.notify("workspace/didChangeConfiguration", ["settings": ["pureyaml": [
            "format": ["indentWidth": 0, "printWidth": -1], "maxFileSize": "big", "someEditorSetting": true]]])
        for line in ["pureyaml: settings: `pureyaml.format.indentWidth` must be an integer from 1 to 16; the value 0 is ignored.",
                     "pureyaml: settings: `pureyaml.format.printWidth` must be an integer of 0 or more (0: no limit); the value -1 is ignored.",
                     #"pureyaml: settings: `pureyaml.maxFileSize` must be an integer of 1 or more (bytes); the value "big" is ignored."#] {
            XCTAssertTrue(server.waitForStderr(containing: line), server.stderrText)
        }
        // Keys the server does not know are the editor's own: not logged.
        XCTAssertFalse(server.stderrText.contains("someEditorSetting"), server.stderrText)
        try finish(server)
    }

    /// A `kubernetesVersion` outside the built-in kinds' table in the editor's settings is shown to the
    /// user (`window/showMessage`, a warning), once per change of that setting: it used to be a log line only.
    func testAKubernetesVersionOutsideTheTableIsShown() throws {
        let client = try TestLSPClient()
        try client.initialize(initializationOptions: ["pureyaml": ["schema": ["kubernetesVersion": "1.20"]]])
        let shown = try client.waitFor(ShowMessageNotification.self) { $0.message.contains("kubernetesVersion") }
        XCTAssertEqual(shown.type, .warning)
        XCTAssertTrue(shown.message.hasPrefix("`pureyaml.schema.kubernetesVersion` \"1.20\" is outside the Kubernetes versions"), shown.message)
        // Another setting changes: not said again; another version outside the table: said.
        try client.notify(DidChangeConfigurationNotification.self, DidChangeConfigurationParams(settings: [
            "pureyaml": ["schema": ["kubernetesVersion": "1.20"], "format": ["indentWidth": 4]]]))
        try client.notify(DidChangeConfigurationNotification.self, DidChangeConfigurationParams(settings: [
            "pureyaml": ["schema": ["kubernetesVersion": "1.99"]]]))
        _ = try client.waitFor(ShowMessageNotification.self) { $0.message.contains("\"1.99\"") }
        XCTAssertEqual(client.shownMessages.filter { $0.message.contains("kubernetesVersion") }.count, 2)
        XCTAssertEqual(try client.shutdown(), 0)
    }

    func testNullConfigurationResultIsNamedAsTheResult() throws {
        let server = try start(configurationCapability: true)
        let request = try server.receive(until: { ($0["method"] as? String) == "workspace/configuration" }).match
        let id = try XCTUnwrap(request["id"] as? Int)
        try server.send(["jsonrpc": "2.0", "id": id, "result": NSNull()])
        XCTAssertTrue(server.waitForStderr(containing: "workspace/configuration: the client's result is null"), server.stderrText)
        XCTAssertFalse(server.stderrText.contains("params"), server.stderrText)
        try finish(server)
    }

    /// VS Code pushes (and answers with) whole sections, with `null` for every setting the user has not set:
    /// removing `pureyaml.lint.enable: true` from settings.json sends `"enable": null`, which must turn lint
    /// back to "not set" (only files with a yamllint configuration) rather than keep the old `true`.
    func testNullSettingGoesBackToTheDefault() throws {
        let client = try TestLSPClient()
        try client.initialize()
        let uri = "untitled:Untitled-1"
        func codes() throws -> [String] {
            try client.nextPublished(uri).diagnostics.compactMap(\.code)
        }
        func configure(_ settings: LSPAny) throws {
            try client.notify(DidChangeConfigurationNotification.self, DidChangeConfigurationParams(settings: settings))
        }
        try client.open(uri, "a: 1\n")
        XCTAssertEqual(try codes(), [])
        try configure(["pureyaml": ["lint": ["enable": true]]])
        XCTAssertEqual(try codes(), ["document-start"])
        try configure(["pureyaml": ["lint": ["enable": .null, "preset": "default"], "format": ["indentWidth": .null]]])
        XCTAssertEqual(try codes(), [])
        // A `null` under one prefix does not undo a value the same message gives under the other.
        try configure(["pureyaml": ["lint": ["enable": true]], "yaml": ["lint": ["enable": .null]]])
        XCTAssertEqual(try codes(), ["document-start"])
        XCTAssertEqual(try client.shutdown(), 0)
    }
}
