import Foundation
import LanguageServerProtocol
import LanguageServerTestSupport
import TestSupport
import XCTest

/// The language server honours `.pureyaml.yaml` exactly as `pureyaml check` does
/// (CommandLineConfigurationTests.testProjectSchemaEntryAndSeverity): a `yaml.schemas` entry and
/// `pureyaml.schema.severity` in the project file change what it publishes, and a change of the file
/// reported with `workspace/didChangeWatchedFiles` applies to the open document at once.
final class ProjectSettingsProtocolTests: XCTestCase {
    func testProjectSchemaEntryAndSeverity() throws {
        guard let binary = BuiltBinary.pureyaml else { return XCTFail("the pureyaml executable was not built") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-project-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("deploy"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(#"{"properties": {"replicas": {"type": "integer"}}}"#.utf8).write(to: dir.appendingPathComponent("schema.json"))
        let project = dir.appendingPathComponent(".pureyaml.yaml")
        try Data("yaml.schemas:\n  schema.json: \"deploy/*.yaml\"\npureyaml.schema.severity: error\n".utf8).write(to: project)
        let uri = "file://" + dir.appendingPathComponent("deploy/app.yaml").path

        let server = try ServerProcess(executable: binary)
        _ = try server.response(to: try server.request("initialize", ["processId": NSNull(), "rootUri": "file://" + dir.path,
                                                                      "capabilities": [:]]))
        try server.notify("initialized", [String: Any]())
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1,
                                                                     "text": "replicas: three\n"]])
        XCTAssertNil(jsonMismatch(expected: [["code": "schema-type", "severity": 1, "source": "pureyaml-schema",
                                              "message": #"expected integer, found string "three""#]],
                                  actual: try server.publishedDiagnostics(for: uri)))

        try Data("yaml.schemas:\n  schema.json: \"deploy/*.yaml\"\n".utf8).write(to: project)
        try server.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": "file://" + project.path, "type": 2]]])
        XCTAssertNil(jsonMismatch(expected: [["code": "schema-type", "severity": 2]],
                                  actual: try server.publishedDiagnostics(for: uri)))

        try FileManager.default.removeItem(at: project)
        try server.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": "file://" + project.path, "type": 3]]])
        XCTAssertEqual(try server.publishedDiagnostics(for: uri).count, 0, "without the project file no schema applies")

        _ = try server.response(to: try server.request("shutdown"))
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0)
    }

    /// A project file with problems is said once per session (`window/showMessage`, as `pureyaml check`
    /// reports the file): a warning when some of its keys are ignored, an error when it is broken and none
    /// apply; documents under it and edits say nothing more. Through the typed in-process client.
    func testProblemsOfTheProjectFileAreShownOnce() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-project-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("broken"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("format.indentWidth: 4\nformat.indentWith: 3\n".utf8).write(to: dir.appendingPathComponent(".pureyaml.yaml"))
        try Data("format: [\n".utf8).write(to: dir.appendingPathComponent("broken/.pureyaml.yaml"))

        let client = try TestLSPClient()
        try client.initialize()
        for name in ["a", "b"] {
            let uri = "file://" + dir.appendingPathComponent("\(name).yaml").path
            try client.open(uri, "key: value\n")
            _ = try client.nextPublished(uri)
        }
        let a = "file://" + dir.appendingPathComponent("a.yaml").path
        try client.notify(DidChangeTextDocumentNotification.self, DidChangeTextDocumentParams(
            textDocument: VersionedTextDocumentIdentifier(uri: a, version: 2),
            contentChanges: [TextDocumentContentChangeEvent(range: nil, text: "key: other\n")]))
        _ = try client.nextPublished(a)
        // The project file's messages (the SchemaStore catalog, unreachable from a test, is said too).
        func projectMessages() -> [ShowMessageParams] { client.shownMessages.filter { $0.message.hasPrefix("Project settings") } }
        XCTAssertEqual(projectMessages(), [ShowMessageParams(type: .warning, message: "Project settings \(dir.path)/.pureyaml.yaml:2:1: "
                                                    + "Unknown setting `format.indentWith`; it is ignored. Did you mean `format.indentWidth`?")])

        let c = "file://" + dir.appendingPathComponent("broken/c.yaml").path
        try client.open(c, "key: value\n")
        let broken = try client.waitFor(ShowMessageNotification.self) { $0.message.contains("/broken/.pureyaml.yaml") }
        XCTAssertEqual(broken.type, .error)
        XCTAssertTrue(broken.message.hasPrefix("Project settings \(dir.path)/broken/.pureyaml.yaml:"), broken.message)
        XCTAssertEqual(projectMessages().count, 2)
        XCTAssertEqual(try client.shutdown(), 0)
    }
}
