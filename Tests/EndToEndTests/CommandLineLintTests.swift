import Foundation
import TestSupport
import XCTest

/// yamllint-compatible lint through the built binary: a `.yamllint` turns it on, `--format parsable`
/// prints yamllint's own lines, and `check --fix` writes the safe fixes.
final class CommandLineLintTests: XCTestCase {
    typealias H = CommandLineCIHarness

    private var folder: URL!

    override func setUpWithError() throws { folder = try H.scratchFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Where no `.yamllint` applies, yamllint's user configuration does, as in yamllint:
    /// `$XDG_CONFIG_HOME/yamllint/config` when `YAMLLINT_CONFIG_FILE` is not set.
    func testUserConfigurationAppliesWithoutAProjectConfiguration() throws {
        guard let binary = BuiltBinary.pureyaml else { throw H.MissingBinary() }
        try H.write("extends: relaxed\n", to: "xdg/yamllint/config", in: folder)
        try H.write("a:  1\n", to: "project/a.yaml", in: folder)
        let file = folder.appendingPathComponent("project/a.yaml").path
        let r = try runProcess(URL(fileURLWithPath: "/usr/bin/env"),
                               ["-u", "YAMLLINT_CONFIG_FILE", "XDG_CONFIG_HOME=" + folder.appendingPathComponent("xdg").path,
                                binary.path, "check", "--format", "parsable", file])
        XCTAssertEqual(String(decoding: r.stdout, as: UTF8.self),
                       "\(file):1:4: [warning] too many spaces after colon (colons)\n")
    }

    /// `YAMLLINT_CONFIG_FILE` naming a file outside the tree: its `ignore-from-file: .gitignore` means the
    /// `.gitignore` of the current directory, as in yamllint (it was looked for beside the configuration,
    /// and lint was off with a `lint-config` warning).
    func testEnvironmentConfigurationReadsIgnoreFileFromTheCurrentDirectory() throws {
        guard let binary = BuiltBinary.pureyaml else { throw H.MissingBinary() }
        try H.write("extends: relaxed\nignore-from-file: .gitignore\n", to: "cfg/lint.yaml", in: folder)
        try H.write("build/\n", to: "tree/.gitignore", in: folder)
        try H.write("a:  1\n", to: "tree/a.yaml", in: folder)
        let r = try runProcess(URL(fileURLWithPath: "/bin/sh"),
                               ["-c", "cd \"$0\" && YAMLLINT_CONFIG_FILE=../cfg/lint.yaml exec \"$@\"",
                                folder.appendingPathComponent("tree").path, binary.path, "check", "--format", "parsable", "a.yaml"])
        XCTAssertEqual(String(decoding: r.stdout, as: UTF8.self), "a.yaml:1:4: [warning] too many spaces after colon (colons)\n",
                       String(decoding: r.stderr, as: UTF8.self))
    }

    func testParsableOutputMatchesYamllint() throws {
        try H.write("extends: default\nrules:\n  line-length: {max: 20}\n", to: ".yamllint", in: folder)
        try H.write("a: yes\nb:   1 \nccccccccccccccc: ddddd eeeeeeee\n# yamllint disable-line rule:colons\nx:  2\n",
                    to: "sub/t.yaml", in: folder)
        let r = try H.run(["check", "--format", "parsable", "sub/t.yaml"], in: folder)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stdout, """
            sub/t.yaml:1:1: [warning] missing document start "---" (document-start)
            sub/t.yaml:1:4: [warning] truthy value should be one of [false, true] (truthy)
            sub/t.yaml:2:5: [error] too many spaces after colon (colons)
            sub/t.yaml:2:7: [error] trailing spaces (trailing-spaces)
            sub/t.yaml:3:21: [error] line too long (31 > 20 characters) (line-length)
            sub/t.yaml:4:21: [error] line too long (35 > 20 characters) (line-length)

            """)
    }

    /// A repeated key is one line, yamllint's own (`key-duplicates`), not also PureYAML's `duplicate-key`;
    /// with the rule disabled, PureYAML's error is printed in the same format.
    func testDuplicateKeyIsReportedOnceAsYamllintDoes() throws {
        try H.write("extends: default\n", to: ".yamllint", in: folder)
        try H.write("---\nname: a\nport: 1\nname: b\n", to: "d.yaml", in: folder)
        let r = try H.run(["check", "--format", "parsable", "d.yaml"], in: folder)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stdout, "d.yaml:4:1: [error] duplication of key \"name\" in mapping (key-duplicates)\n")
        try H.write("extends: default\nrules: {key-duplicates: disable}\n", to: ".yamllint", in: folder)
        let off = try H.run(["check", "--format", "parsable", "d.yaml"], in: folder)
        XCTAssertEqual(off.status, 1, off.stderr)
        XCTAssertEqual(off.lines.count, 1, off.stdout)
        XCTAssertTrue(off.stdout.hasPrefix("d.yaml:4:1: [error] "), off.stdout)
        XCTAssertTrue(off.stdout.hasSuffix(" (duplicate-key)\n"), off.stdout)
    }

    func testFixWritesSafeFixesThenChecks() throws {
        try H.write("extends: default\n", to: ".yamllint", in: folder)
        try H.write("a:   1   \n#c\nb: [1 ,2]", to: "f.yaml", in: folder)
        let r = try H.run(["check", "--fix", "f.yaml"], in: folder)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("f.yaml"), encoding: .utf8),
                       "---\na: 1\n# c\nb: [1, 2]\n")
    }

    /// `--fix` combined with the schema options of `check` (`--offline`, `--explain`, `--schema`) still
    /// writes the fixes; the fix pass once refused those options and silently fixed nothing.
    func testFixWorksWithTheSchemaOptions() throws {
        try H.write("extends: default\n", to: ".yamllint", in: folder)
        try H.write("{\"type\": \"object\"}\n", to: "schema.json", in: folder)
        for extra in [["--offline"], ["--explain"], ["--schema", "schema.json"], ["--schema=schema.json", "--offline"]] {
            try H.write("a:   1   \n#c\n", to: "f.yaml", in: folder)
            let r = try H.run(["check", "--fix"] + extra + ["f.yaml"], in: folder)
            XCTAssertEqual(r.status, 0, "\(extra): " + r.stdout + r.stderr)
            XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("f.yaml"), encoding: .utf8),
                           "---\na: 1\n# c\n", "\(extra)")
        }
    }
    /// One broken `.yamllint` above 15 files: one warning, on the configuration file, not one per file; lint
    /// is off for the files, whose own findings are still reported. JSON names the configuration file too.
    func testABrokenConfigurationIsReportedOnceOnTheConfigurationFile() throws {
        try H.write("rules: {nope: enable}\n", to: ".yamllint", in: folder)
        for i in 1...15 { try H.write("a:   \(i)\n", to: "files/f\(i).yaml", in: folder) }
        try H.write("a: 1\na: 2\n", to: "files/dup.yaml", in: folder)
        let r = try H.run(["check", "files"], in: folder)
        XCTAssertEqual(r.status, 1, "the duplicate key is an error: \(r.stdout)\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0.contains("[lint-config]") },
                       [".yamllint:1:1: warning: invalid config: no such rule: \"nope\"; lint is off for the files this "
                        + "configuration applies to [lint-config]"])
        XCTAssertEqual(lines.filter { !$0.contains("[lint-config]") }.map { $0.split(separator: ":").first.map(String.init) ?? "" },
                       ["files/dup.yaml"], "no lint findings (lint is off), the core duplicate-key error stays: \(lines)")
        XCTAssertEqual(r.stderr, "checked 16 files: 1 error, 1 warning\n")
        let json = try H.run(["check", "--format", "json", "files"], in: folder)
        let reports = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let configuration = reports.filter { ($0["path"] as? String) == ".yamllint" }
        XCTAssertEqual(configuration.count, 1, json.stdout)
        // The configuration file checked by name carries it itself, and it is not reported twice.
        let named = try H.run(["check", ".yamllint", "files/f1.yaml"], in: folder)
        XCTAssertEqual(named.stdout.split(separator: "\n").filter { $0.contains("[lint-config]") }.count, 1, named.stdout)
    }
}
