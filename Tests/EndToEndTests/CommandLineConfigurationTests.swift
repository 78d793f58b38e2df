import Foundation
import PureYAMLCommandLine
import TestSupport
import XCTest

/// Project settings files (`.pureyaml.yaml`, `.pureyaml.yml`) through the built binary: discovery
/// (nearest wins), `--config`, `--no-config`, and the one diagnostic of a broken file.
final class CommandLineConfigurationTests: XCTestCase {
    typealias H = CommandLineCIHarness

    private var folder: URL!

    override func setUpWithError() throws { folder = try H.scratchFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A nested mapping that each indentation width formats differently.
    let nested = "a:\n  b: 1\n"

    /// Formats `path` (relative to the folder) from the folder with `options`, returning stdout.
    private func formatted(_ path: String, _ options: [String] = []) throws -> String {
        let r = try H.run(["format"] + options + ["-", "--stdin-filename", path], stdin: nested, in: folder)
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdout
    }

    func testNearestConfigurationWins() throws {
        try H.write("format:\n  indentWidth: 4\n", to: ".pureyaml.yaml", in: folder)
        try H.write("pureyaml.format.indentWidth: 3\n", to: "sub/.pureyaml.yml", in: folder)
        XCTAssertEqual(try formatted("top.yaml"), "a:\n    b: 1\n")
        XCTAssertEqual(try formatted("sub/x.yaml"), "a:\n   b: 1\n")
        XCTAssertEqual(try formatted("sub/deeper/still/x.yaml"), "a:\n   b: 1\n")
        XCTAssertEqual(try formatted("other/x.yaml"), "a:\n    b: 1\n")
        // In one folder .pureyaml.yaml wins over .pureyaml.yml.
        try H.write("pureyaml:\n  format:\n    indentWidth: 5\n", to: "sub/.pureyaml.yaml", in: folder)
        XCTAssertEqual(try formatted("sub/x.yaml"), "a:\n     b: 1\n")
    }

    func testFilesInPlaceUseTheirOwnFolderSettings() throws {
        try H.write("format.indentWidth: 4\n", to: "four/.pureyaml.yaml", in: folder)
        try H.write(nested, to: "four/a.yaml", in: folder)
        try H.write(nested, to: "two/a.yaml", in: folder)
        let r = try H.run(["format", "four/a.yaml", "two/a.yaml"], in: folder)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("four/a.yaml"), encoding: .utf8), "a:\n    b: 1\n")
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("two/a.yaml"), encoding: .utf8), nested)
    }

    func testConfigOptionOverridesDiscoveryAndNoConfigDisablesIt() throws {
        try H.write("format:\n  indentWidth: 4\n", to: ".pureyaml.yaml", in: folder)
        try H.write("format:\n  indentWidth: 3\n", to: "elsewhere/settings.yaml", in: folder)
        XCTAssertEqual(try formatted("x.yaml", ["--config", "elsewhere/settings.yaml"]), "a:\n   b: 1\n")
        XCTAssertEqual(try formatted("x.yaml", ["--config=elsewhere/settings.yaml"]), "a:\n   b: 1\n")
        XCTAssertEqual(try formatted("x.yaml", ["--no-config"]), nested)
        let missing = try H.run(["check", "--config", "nope.yaml", "-"], stdin: "a: 1\n", in: folder)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("cannot read configuration file nope.yaml"), missing.stderr)
    }

    /// A `yaml.schemas` entry and `pureyaml.schema.severity` in the project file decide what `check`
    /// reports, exactly as they decide what the language server publishes (LanguageServerProjectSettingsTests).
    func testProjectSchemaEntryAndSeverity() throws {
        try H.write(#"{"properties": {"replicas": {"type": "integer"}}}"#, to: "schema.json", in: folder)
        try H.write("replicas: three\n", to: "deploy/app.yaml", in: folder)
        try H.write("yaml.schemas:\n  schema.json: \"deploy/*.yaml\"\n", to: ".pureyaml.yaml", in: folder)
        let warning = try H.run(["check", "deploy/app.yaml"], in: folder)
        XCTAssertEqual(warning.status, 0, warning.stderr)
        XCTAssertEqual(warning.lines, [#"deploy/app.yaml:1:11: warning: expected integer, found string "three" [schema-type]"#])
        try H.write("yaml.schemas:\n  schema.json: \"deploy/*.yaml\"\npureyaml.schema.severity: error\n", to: ".pureyaml.yaml", in: folder)
        let error = try H.run(["check", "deploy/app.yaml"], in: folder)
        XCTAssertEqual(error.status, 1, error.stderr)
        XCTAssertEqual(error.lines, [#"deploy/app.yaml:1:11: error: expected integer, found string "three" [schema-type]"#])
        let none = try H.run(["check", "--no-config", "deploy/app.yaml"], in: folder)
        XCTAssertEqual(none.lines, [], "without the project file no schema applies")
    }

    /// `--schema` paths are resolved against the tool's injected working directory, not the process's
    /// current directory (the tool runs in process here, its working directory the scratch folder).
    func testSchemaOptionPathIsRelativeToTheToolsWorkingDirectory() throws {
        try H.write(#"{"properties": {"replicas": {"type": "integer"}}}"#, to: "schemas/s.json", in: folder)
        let file = try H.write("replicas: three\n", to: "app.yaml", in: folder)
        XCTAssertNotEqual(FileManager.default.currentDirectoryPath, folder.path)
        final class Text: @unchecked Sendable { var out = "", err = "" }
        let text = Text()
        let tool = CommandLineTool(out: { text.out += $0 }, err: { text.err += $0 }, workingDirectory: folder.path)
        let status = tool.run(command: "check", arguments: ["--no-config", "--schema", "schemas/s.json", file.path])
        XCTAssertEqual(status, 0, text.err)
        XCTAssertEqual(text.out, "\(file.path):1:11: warning: expected integer, found string \"three\" [schema-type]\n")
    }

    func testBrokenConfigurationIsReportedOnceAndDefaultsApply() throws {
        try H.write("format: [\n  indentWidth: 4\n", to: ".pureyaml.yaml", in: folder)
        try H.write("a: 1\n", to: "one.yaml", in: folder)
        try H.write("b: 2\n", to: "two.yaml", in: folder)
        let r = try H.run(["check", "one.yaml", "two.yaml"], in: folder)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.lines.count, 1, r.stdout)
        XCTAssertTrue(r.lines[0].hasPrefix(".pureyaml.yaml:1:9: error: The configuration file is not valid YAML. "), r.lines[0])
        XCTAssertTrue(r.lines[0].hasSuffix("Default settings apply. [invalid-configuration]"), r.lines[0])
        XCTAssertEqual(r.stderr, "checked 2 files: 1 error, 0 warnings\n")
        // The JSON report lists it as a file of its own, with source pureyaml-config.
        let json = try H.run(["check", "--format", "json", "one.yaml"], in: folder)
        let files = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(files.map { $0["path"] as? String }, [".pureyaml.yaml", "one.yaml"])
        let d = try XCTUnwrap((files[0]["diagnostics"] as? [[String: Any]])?.first)
        XCTAssertEqual(d["code"] as? String, "invalid-configuration")
        XCTAssertEqual(d["source"] as? String, "pureyaml-config")
        // format still works with the defaults, reports the file on stderr and exits 1.
        let f = try H.run(["format", "-", "--stdin-filename", "x.yaml"], stdin: "a:\n    b: 1\n", in: folder)
        XCTAssertEqual(f.status, 1)
        XCTAssertEqual(f.stdout, nested)
        XCTAssertTrue(f.stderr.contains("[invalid-configuration]"), f.stderr)
    }

    func testInvalidValueIsAWarningAtTheValueAndTheDefaultApplies() throws {
        try H.write("format:\n  indentWidth: 0\n  printWidth: -1\nformat.sequenceIndent: compact\n", to: ".pureyaml.yaml", in: folder)
        try H.write("a:\n  - 1\n", to: "one.yaml", in: folder)
        let r = try H.run(["check", "one.yaml"], in: folder)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.lines, [
            ".pureyaml.yaml:2:16: warning: `format.indentWidth` must be an integer from 1 to 16; the value 0 is ignored. "
                + "The default applies. [invalid-configuration-value]",
            ".pureyaml.yaml:3:15: warning: `format.printWidth` must be an integer of 0 or more (0: no limit); the value -1 is ignored. "
                + "The default applies. [invalid-configuration-value]"])
        // The valid key still applies: compact sequences at the default indentation.
        let f = try H.run(["format", "-", "--stdin-filename", "x.yaml"], stdin: "a:\n    - 1\n", in: folder)
        XCTAssertEqual(f.stdout, "a:\n- 1\n", f.stderr)
        XCTAssertTrue(f.stderr.contains("[invalid-configuration-value]"), f.stderr)
    }

    func testUnknownKeyIsAWarningAndTheRestApplies() throws {
        try H.write("format:\n  indentWidth: 4\n  sequenceIndnt: compact\n", to: ".pureyaml.yaml", in: folder)
        try H.write("a: 1\n", to: "one.yaml", in: folder)
        let r = try H.run(["check", "one.yaml"], in: folder)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.lines, [".pureyaml.yaml:3:3: warning: Unknown setting `format.sequenceIndnt`; it is ignored. "
            + "Did you mean `format.sequenceIndent`? [unknown-configuration-key]"])
        XCTAssertEqual(r.stderr, "checked 1 file: 0 errors, 1 warning\n")
        XCTAssertEqual(try H.run(["check", "--strict", "one.yaml"], in: folder).status, 1)
        // format applies indentWidth 4, shows the warning, and succeeds.
        let f = try H.run(["format", "-", "--stdin-filename", "x.yaml"], stdin: nested, in: folder)
        XCTAssertEqual(f.status, 0, f.stderr)
        XCTAssertEqual(f.stdout, "a:\n    b: 1\n")
        XCTAssertTrue(f.stderr.contains("[unknown-configuration-key]"), f.stderr)
    }

    func testConfigurationThatIsNotAMappingOrHasSeveralDocuments() throws {
        for (text, expected) in [("- 1\n", ".pureyaml.yaml:1:1: error: The configuration file must be a mapping"),
                                 ("a: 1\n---\nb: 2\n", ".pureyaml.yaml:2:1: error: The configuration file holds 2 documents")] {
            try H.write(text, to: ".pureyaml.yaml", in: folder)
            let r = try H.run(["check", "--stdin-filename", "x.yaml", "-"], stdin: "a: 1\n", in: folder)
            XCTAssertEqual(r.status, 1)
            XCTAssertTrue(r.stdout.hasPrefix(expected), r.stdout)
            XCTAssertEqual(r.lines.count, 1)
        }
        // An empty or comment-only file is simply no settings.
        try H.write("# nothing yet\n", to: ".pureyaml.yaml", in: folder)
        XCTAssertEqual(try H.run(["check", "--stdin-filename", "x.yaml", "-"], stdin: "a: 1\n", in: folder).status, 0)
    }
}
