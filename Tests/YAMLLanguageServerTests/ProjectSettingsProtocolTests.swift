import Foundation
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
}
