import Foundation
import TestSupport
import XCTest

/// `pureyaml check` with schemas through the built binary: a `--schema` that is not a schema, a folder
/// given as `--schema`, the codes of the validator's limits, and relative schema paths in a settings file
/// from different working directories.
final class CommandLineSchemaTests: XCTestCase {
    typealias H = CommandLineCIHarness

    private var folder: URL!

    override func setUpWithError() throws { folder = try H.scratchFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Valid JSON that is not a JSON Schema checks nothing, so it is a usage error (exit 2, as for a schema
    /// that does not parse) with one `schema-invalid` finding naming the problem, and `--explain` says
    /// `invalid`, not `loaded`.
    func testASchemaThatIsNotASchemaIsAUsageError() throws {
        try H.write("port: abc\n", to: "a.yaml", in: folder)
        let cases: [(schema: String, says: String)] = [
            ("[1, 2]", "found [1, 2] at the root"),
            (#""hello""#, #"found "hello" at the root"#),
            ("42", "found 42 at the root"),
            ("null", "found null at the root"),
            (#"{"required": "a"}"#, #""required" must be an array of strings, found "a" at #/required"#),
            (#"{"properties": []}"#, #""properties" must be an object whose values are schemas, found [] at #/properties"#),
            (#"{"type": 5}"#, "found 5 at #/type"),
            (#"{"type": "objectx"}"#, #"found "objectx" at #/type"#),
        ]
        for c in cases {
            try H.write(c.schema, to: "s.json", in: folder)
            let r = try H.run(["check", "--schema", "s.json", "a.yaml"], in: folder)
            XCTAssertEqual(r.status, 2, c.schema)
            XCTAssertEqual(r.lines.count, 1, r.stdout)
            XCTAssertTrue(r.stdout.hasPrefix("a.yaml:1:1: warning: schema file://\(folder.path)/s.json is not a JSON Schema: "), r.stdout)
            XCTAssertTrue(r.stdout.contains(c.says + " [schema-invalid]"), "\(c.schema): \(r.stdout)")
            XCTAssertFalse(r.stdout.contains("expected nothing"), r.stdout)
            XCTAssertTrue(r.stderr.contains("could not be used"), r.stderr)
            let explain = try H.run(["check", "--explain", "--schema", "s.json", "a.yaml"], in: folder)
            XCTAssertTrue(explain.stdout.contains("[command line --schema] invalid: not a JSON Schema: "), explain.stdout)
        }
        // A real schema still checks and decides the status by its findings.
        try H.write(#"{"properties": {"port": {"type": "integer"}}}"#, to: "s.json", in: folder)
        let r = try H.run(["check", "--schema", "s.json", "a.yaml"], in: folder)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.lines, [#"a.yaml:1:7: warning: expected integer, found string "abc" [schema-type]"#])
    }

    /// A schema with a keyword of the wrong shape deep inside (draft-3 style `"required": true` and
    /// `"type": "any"` in a draft-04 schema) is still used: one `schema-keyword-ignored` finding
    /// (Information, like an unresolvable `$ref`: it never fails a check, not even with `--strict`) names
    /// the first and counts the rest, the other keywords check, `--explain` says `loaded`, and the exit
    /// status follows the findings (not 2).
    func testASchemaWithAMalformedKeywordIsStillUsed() throws {
        try H.write("port: abc\nname: 5\n", to: "a.yaml", in: folder)
        try H.write(#"""
            {"$schema": "http://json-schema.org/draft-04/schema#",
             "properties": {"port": {"type": "integer", "required": true}, "name": {"type": "string"}, "x": {"type": "any"}}}
            """#, to: "s.json", in: folder)
        let r = try H.run(["check", "--schema", "s.json", "a.yaml"], in: folder)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.lines, [
            #"a.yaml:1:1: info: schema file://\#(folder.path)/s.json: "required" must be an array of strings, found true at #/properties/port/required; the keyword is ignored (and 1 more problem ignored the same way); the rest of the schema is used [schema-keyword-ignored]"#,
            #"a.yaml:1:7: warning: expected integer, found string "abc" [schema-type]"#,
            #"a.yaml:2:7: warning: expected string, found integer 5 [schema-type]"#,
        ])
        XCTAssertFalse(r.stderr.contains("could not be used"), r.stderr)
        let explain = try H.run(["check", "--explain", "--schema", "s.json", "a.yaml"], in: folder)
        XCTAssertTrue(explain.stdout.contains("[command line --schema] loaded"), explain.stdout)
        try H.write("port: 1\nname: n\n", to: "a.yaml", in: folder)
        let strict = try H.run(["check", "--strict", "--schema", "s.json", "a.yaml"], in: folder)
        XCTAssertEqual(strict.status, 0, strict.stdout)
        XCTAssertEqual(strict.lines.map { $0.hasSuffix("[schema-keyword-ignored]") }, [true], strict.stdout)
    }

    func testAFolderAsSchemaSaysItIsAFolder() throws {
        try H.write("a: 1\n", to: "a.yaml", in: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("schemas"), withIntermediateDirectories: true)
        let r = try H.run(["check", "--schema", "schemas", "a.yaml"], in: folder)
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, "pureyaml check: --schema \(folder.path)/schemas: is a directory, not a schema file\n")
    }

    /// The validator's depth and step limits each have a code of their own (not `schema-`), in every
    /// output format.
    func testValidatorLimitsHaveTheirOwnCodes() throws {
        try H.write(##"{"anyOf":[{"$ref":"#"},{"$ref":"#"}],"properties":{"a":{"$ref":"#"}}}"##, to: "r.json", in: folder)
        var deep = ""
        for level in 0..<200 { deep += String(repeating: "  ", count: level) + "a:\n" }
        try H.write(deep, to: "deep.yaml", in: folder)
        let r = try H.run(["check", "--format", "json", "--schema", "r.json", "deep.yaml"], in: folder)
        let codes = r.stdout.components(separatedBy: "\"code\"").dropFirst().map { $0.split(separator: "\"").dropFirst().first.map(String.init) ?? "" }
        XCTAssertEqual(codes, ["schema-depth-limit"], r.stdout)
        let sarif = try H.run(["check", "--format", "sarif", "--schema", "r.json", "deep.yaml"], in: folder)
        XCTAssertTrue(sarif.stdout.contains("\"schema-depth-limit\""), sarif.stdout)
        XCTAssertFalse(sarif.stdout.contains("\"schema-\""), sarif.stdout)
    }

    /// A relative schema path in `.pureyaml.yaml` is relative to that file's folder, so the check gives the
    /// same result from the project, from a subfolder and from outside it; a `--config` file elsewhere
    /// resolves against its own folder too.
    func testSettingsFileSchemaPathsAreRelativeToTheSettingsFile() throws {
        let top: URL = folder
        let project = top.appendingPathComponent("sp")
        try H.write("yaml.schemas:\n  ./schemas/app.json: \"config/*.yaml\"\n", to: ".pureyaml.yaml", in: project)
        try H.write(#"{"properties": {"port": {"type": "integer"}}}"#, to: "schemas/app.json", in: project)
        try H.write("port: abc\n", to: "config/app.yaml", in: project)
        let finding = #"warning: expected integer, found string "abc" [schema-type]"#
        for (directory, path) in [(project, "config/app.yaml"), (project.appendingPathComponent("config"), "app.yaml"),
                                  (top, "sp/config/app.yaml"), (URL(fileURLWithPath: "/"), project.path + "/config/app.yaml")] {
            let r = try H.run(["check", "--explain", path], in: directory)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertTrue(r.stdout.contains("file://\(project.path)/schemas/app.json [settings glob \"config/*.yaml\"] loaded"),
                          "from \(directory.path): \(r.stdout)")
            XCTAssertTrue(r.stdout.contains("\(path):1:7: " + finding), "from \(directory.path): \(r.stdout)")
        }
        // --config names a settings file elsewhere: its paths are relative to its own folder.
        let r = try H.run(["check", "--config", "sp/.pureyaml.yaml", "sp/config/app.yaml"], in: folder)
        XCTAssertEqual(r.lines, ["sp/config/app.yaml:1:7: " + finding], r.stderr)
    }
}
