import Foundation
import TestSupport
import XCTest

/// `pureyaml check --schema` and `--explain` through the built binary.
final class SchemaCheckCommandTests: XCTestCase {
    func testCheckWithSchemaAndExplain() throws {
        guard let binary = BuiltBinary.pureyaml else { return XCTFail("the pureyaml executable was not built") }
        let schemas = try requireSharedFolder("schemas")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("ci.yml")
        try "on: push\njobs:\n  build:\n    runs_on: x\n    steps: [{run: a}]\n---\n# yaml-language-server: $schema=none\nx: 1\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let workflow = schemas.appendingPathComponent("schemastore/github-workflow.json").path
        let r = try runProcess(binary, ["check", "--explain", "--offline", "--schema", workflow, file.path])
        let out = String(decoding: r.stdout, as: UTF8.self)
        XCTAssertEqual(out, """
            \(file.path): document 1 (line 1): file://\(workflow) [command line --schema] loaded
            \(file.path): document 2 (line 6): file://\(workflow) [command line --schema] loaded
            \(file.path):3:3: warning: missing required property "runs-on" [schema-required]
            \(file.path):4:5: warning: property "runs_on" is not allowed; did you mean "runs-on"? [schema-additionalProperties]
            \(file.path):8:1: warning: property "x" is not allowed [schema-additionalProperties]
            \(file.path):8:1: warning: missing required properties "on" and "jobs" [schema-required]

            """)
        XCTAssertEqual(r.status, 0, "schema findings are warnings by default")

        // Without --schema the modeline decides; a missing schema is one clear finding at the modeline.
        try "# yaml-language-server: $schema=missing.json\na: 1\n".write(to: file, atomically: true, encoding: .utf8)
        let m = try runProcess(binary, ["check", "--explain", file.path])
        XCTAssertEqual(String(decoding: m.stdout, as: UTF8.self), """
            \(file.path): document 1 (line 2): file://\(dir.path)/missing.json [modeline] failed: no such file
            \(file.path):1:1: warning: cannot load schema file://\(dir.path)/missing.json: no such file [schema-load-failed]

            """)
        let bad = try runProcess(binary, ["check", "--schema"])
        XCTAssertEqual(bad.status, 2)
    }

    /// Several `schemas` entries of `.pureyaml.yaml` matching one file all apply; `--explain` names each.
    func testExplainListsEverySchemaThatApplies() throws {
        guard let binary = BuiltBinary.pureyaml else { return XCTFail("the pureyaml executable was not built") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-explain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let names = dir.appendingPathComponent("names.json"), ports = dir.appendingPathComponent("ports.json")
        try #"{"required": ["name"]}"#.write(to: names, atomically: true, encoding: .utf8)
        try #"{"properties": {"port": {"type": "integer"}}}"#.write(to: ports, atomically: true, encoding: .utf8)
        try "schemas:\n  \(names.path): '*.yaml'\n  \(ports.path): 'app*.yaml'\n"
            .write(to: dir.appendingPathComponent(".pureyaml.yaml"), atomically: true, encoding: .utf8)
        let file = dir.appendingPathComponent("app.yaml")
        try "port: eighty\n".write(to: file, atomically: true, encoding: .utf8)
        let r = try runProcess(binary, ["check", "--explain", "--offline", file.path])
        let out = String(decoding: r.stdout, as: UTF8.self)
        let explanation = out.split(separator: "\n").filter { $0.contains("document 1") }
        XCTAssertEqual(explanation.count, 2, out)
        XCTAssertTrue(explanation.last?.contains("also file://\(ports.path) [another matching schemas entry]") == true, out)
        // Both schemas report: one a missing property, the other a wrong type.
        XCTAssertTrue(out.contains("[schema-required]") && out.contains("[schema-type]"), out)
    }
}
