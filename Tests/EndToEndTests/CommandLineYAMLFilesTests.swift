import Foundation
import TestSupport
import XCTest

/// Which files a folder walk of `check`, `check --fix` and `format` takes, through the built binary in real
/// temporary folders: a yamllint configuration's `yaml-files` and `ignore` when one applies to the folder
/// (as yamllint walks a directory), else PureYAML's own `*.yaml` / `*.yml`.
final class CommandLineYAMLFilesTests: XCTestCase {
    typealias H = CommandLineCIHarness

    private var folder: URL!

    override func setUpWithError() throws { folder = try H.scratchFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    static let confConfiguration = "---\nextends: default\nyaml-files: ['*.yaml', '*.yml', '.yamllint', '*.conf']\n"

    /// Writes each text to its path (relative to the scratch folder), creating folders.
    private func write(_ files: KeyValuePairs<String, String>) throws {
        for (path, text) in files { try H.write(text, to: path, in: folder) }
    }

    /// The paths `check --format json` reported (one entry per checked file), in report order.
    private func checkedFiles(_ arguments: [String], in directory: URL? = nil) throws -> [String] {
        let r = try H.run(["check", "--format", "json"] + arguments, in: directory ?? folder)
        let array = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]], r.stderr)
        return array.compactMap { $0["path"] as? String }
    }

    func testYAMLFilesOfTheConfigurationChooseTheFilesOfAWalk() throws {
        try write([
            ".yamllint": Self.confConfiguration,
            "a.yaml": "---\na: 1\n",
            "b.conf": "---\nb: 1\n",
            "sub/c.conf": "---\nc: 1\n",
            "notes.txt": "c: [\n",
            "sub/D.YAML": "---\nd: 1\n",
        ])
        XCTAssertEqual(try checkedFiles(["."]), ["./.yamllint", "./a.yaml", "./b.conf", "./sub/c.conf"])
        // Without the configuration, PureYAML's own rule: any case of .yaml / .yml, nothing else.
        try FileManager.default.removeItem(at: folder.appendingPathComponent(".yamllint"))
        XCTAssertEqual(try checkedFiles(["."]), ["./a.yaml", "./sub/D.YAML"])
    }

    /// yamllint's default `yaml-files` includes `.yamllint`: the configuration file is checked too, and a
    /// well-formed one has no finding (nor does an unusual but valid one, read as plain YAML).
    func testTheDefaultYAMLFilesTakeTheConfigurationFileItself() throws {
        try write([
            ".yamllint": "---\nextends: relaxed\nrules:\n  line-length: {max: 100}\nignore: |\n  /build/\n",
            "a.yml": "---\na: 1\n",
            "b.conf": "---\nb: 1\n",
        ])
        let r = try H.run(["check", "."], in: folder)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.stderr, "checked 2 files: 0 errors, 0 warnings\n")
        XCTAssertEqual(try checkedFiles(["."]), ["./.yamllint", "./a.yml"])
    }

    /// The top-level `ignore` keeps files out of a walk (relative to the configuration's folder), but a file
    /// named on the command line is always read (and its lint then finds nothing, as yamllint's).
    func testIgnoredFilesAreLeftOutOfAWalkButNotWhenNamed() throws {
        try write([
            ".yamllint": "---\nextends: default\nignore: |\n  vendor/\n  /generated.yaml\n",
            "app/a.yaml": "---\na: 1\n",
            "vendor/broken.yaml": "x: [\n",
            "generated.yaml": "x:   1\n",
            "app/generated.yaml": "---\ny: 1\n",
        ])
        XCTAssertEqual(try checkedFiles(["."]), ["./.yamllint", "./app/a.yaml", "./app/generated.yaml"])
        // Walking a subfolder: patterns still match relative to the configuration's folder.
        XCTAssertEqual(try checkedFiles(["vendor", "app"]), ["app/a.yaml", "app/generated.yaml"])
        let named = try H.run(["check", "--format", "parsable", "generated.yaml"], in: folder)
        XCTAssertEqual(named.status, 0, named.stdout + named.stderr)
        XCTAssertEqual(named.stderr, "checked 1 file: 0 errors, 0 warnings\n")
    }

    /// Each folder is decided by the configuration its files are linted with: a nested `.yamllint` replaces
    /// the outer one below it, and a folder with none keeps PureYAML's rule.
    func testEachFolderUsesTheConfigurationOfItsFiles() throws {
        try write([
            "a.yaml": "---\na: 1\n",
            "b.conf": "---\nb: 1\n",
            "sub/.yamllint": "---\nyaml-files: ['*.conf']\n",
            "sub/c.conf": "---\nc: 1\n",
            "sub/d.yaml": "---\nd: 1\n",
            "sub/deeper/e.conf": "---\ne: 1\n",
        ])
        XCTAssertEqual(try checkedFiles(["."]), ["./a.yaml", "./sub/c.conf", "./sub/deeper/e.conf"])
    }

    /// A configuration yamllint refuses chooses nothing: the walk is PureYAML's, and the configuration file
    /// gets the `lint-config` warning, once. `pureyaml.lint.enable: false` also leaves the yamllint
    /// configuration out.
    func testABrokenConfigurationOrLintTurnedOffKeepsTheOwnRule() throws {
        try write([
            ".yamllint": "---\nyaml-files: ['*.conf']\nrules: {nope: enable}\n",
            "a.yaml": "---\na: 1\n",
            "b.conf": "---\nb: 1\n",
        ])
        XCTAssertEqual(try checkedFiles(["."]), ["./a.yaml", ".yamllint"])
        try H.write("---\nyaml-files: ['*.conf']\n", to: ".yamllint", in: folder)
        XCTAssertEqual(try checkedFiles(["."]), ["./b.conf"])
        try H.write("lint:\n  enable: false\n", to: ".pureyaml.yaml", in: folder)
        XCTAssertEqual(try checkedFiles(["."]), ["./.pureyaml.yaml", "./a.yaml"])
    }

    /// `format` and `check --fix` walk the same files as `check`.
    func testFormatAndFixWalkTheSameFiles() throws {
        try H.write(Self.confConfiguration, to: ".yamllint", in: folder)
        let conf = try H.write("---\nb:   1   \n", to: "b.conf", in: folder)
        let format = try H.run(["format", "--check", "."], in: folder)
        XCTAssertEqual(format.status, 1, format.stderr)
        XCTAssertTrue(format.stdout.contains("+++ b/b.conf"), format.stdout)
        XCTAssertEqual(format.stderr, "1 of 2 files would change\n")
        let fix = try H.run(["check", "--fix", "."], in: folder)
        XCTAssertEqual(fix.status, 0, fix.stdout + fix.stderr)
        XCTAssertEqual(try String(contentsOf: conf, encoding: .utf8), "---\nb: 1\n")
    }

    /// `check --fix .` fixes the `.yamllint` file too, as `yamllint .` lints it (the default `yaml-files`
    /// names it); the fixed configuration keeps its meaning and still applies.
    func testFixOfAFolderFixesTheConfigurationFileItself() throws {
        let configuration = try H.write("extends: default   \nrules:\n  line-length: {max: 20}\n", to: ".yamllint", in: folder)
        try H.write("---\na: 1\n", to: "a.yaml", in: folder)
        let check = try H.run(["check", "--format", "parsable", "."], in: folder)
        XCTAssertEqual(check.stdout, """
            ./.yamllint:1:1: [warning] missing document start "---" (document-start)
            ./.yamllint:1:17: [error] trailing spaces (trailing-spaces)
            ./.yamllint:3:21: [error] line too long (24 > 20 characters) (line-length)

            """)
        let fix = try H.run(["check", "--fix", "--format", "parsable", "."], in: folder)
        XCTAssertEqual(fix.status, 1, fix.stdout + fix.stderr)
        XCTAssertEqual(fix.stdout, "./.yamllint:4:21: [error] line too long (24 > 20 characters) (line-length)\n")
        XCTAssertEqual(try String(contentsOf: configuration, encoding: .utf8),
                       "---\nextends: default\nrules:\n  line-length: {max: 20}\n")
    }

    /// A folder where the configuration chooses no file says which rule chose nothing.
    func testAnEmptyFolderNamesTheConfigurationThatChoseNothing() throws {
        try write([
            ".yamllint": "---\nyaml-files: ['*.conf']\n",
            "empty/a.yaml": "---\na: 1\n",
        ])
        let r = try H.run(["check", "empty"], in: folder)
        XCTAssertEqual(r.status, 3)
        XCTAssertEqual(r.stderr, "checked 0 files: 0 errors, 0 warnings\n"
            + "pureyaml check: no YAML files (yaml-files and ignore of .yamllint) found under empty (use --allow-no-files if that is expected)\n")
    }

    /// A tree for the `ignore` patterns of ``ignoreConfiguration``: folders excluded as a whole, and files that
    /// negations take back below excluded folders (pathspec's rule, which yamllint follows, unlike git's).
    static let ignoreTree: [String] = [
        "a.yaml", "x.yaml", "sub/x.yaml", "dir/a.yaml", "dir/keep.yaml", "dir/sub/b.yaml", "deep/dir/c.yaml",
        "build/c.yaml", "build/x/d.yaml", "build/x/e.yaml", "deep/a/cache/b/e.yaml", "deep/a/f.yaml", "gen/g/i.yaml",
        "gen/h/i.yaml", "gen/j.yaml", "lib/vendored/v.yaml", "lib/own.yaml", "keep/k/g.yaml",
    ]
    /// Excluded as a whole, so not walked: `deep/a/cache`, `gen/h`, `lib/vendored` (the directory-only `!keep/`
    /// comes first, so it cannot take back a file below them).
    static let ignoreConfiguration = "ignore: |\n  !keep/\n  dir/\n  !dir/keep.yaml\n  build/**\n  !build/x/d.yaml\n"
        + "  **/cache\n  /x.yaml\n  gen/*\n  !gen/g/\n  lib/vendored/\n"

    /// Folders the `ignore` excludes as a whole are not walked: a `.yamllint` inside one (which would take
    /// its `*.conf` file) is never read, as git reads no `.gitignore` in an excluded folder, nor is a link
    /// loop followed. Files a negation takes back stay in.
    func testAWalkSkipsFoldersTheIgnoreExcludes() throws {
        try H.write(Self.ignoreConfiguration, to: ".yamllint", in: folder)
        for path in Self.ignoreTree { try H.write("---\nk: v\n", to: path, in: folder) }
        try write([
            "lib/vendored/.yamllint": "---\nyaml-files: ['*.conf']\n",
            "lib/vendored/v.conf": "---\nk: v\n",
            "deep/a/cache/.yamllint": "---\nyaml-files: ['*.conf']\n",
            "deep/a/cache/w.conf": "---\nk: v\n",
        ])
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("lib/vendored/loop").path,
                                                   withDestinationPath: "..")
        XCTAssertEqual(try checkedFiles(["."]), [
            "./.yamllint", "./a.yaml", "./build/x/d.yaml", "./deep/a/f.yaml", "./dir/keep.yaml", "./gen/g/i.yaml",
            "./keep/k/g.yaml", "./lib/own.yaml", "./sub/x.yaml",
        ])
        // Named on the command line, an excluded folder is still walked; its files are then left out one by one.
        XCTAssertEqual(try checkedFiles(["dir", "lib"]), ["dir/keep.yaml", "lib/own.yaml"])
    }

    /// yamllint's `--list-files` on the same tree and patterns lists the same files.
    func testAWalkWithIgnorePatternsMatchesYamllintListFiles() throws {
        guard let yamllint = YamllintRunner.command() else {
            if SharedFixtures.isCI { XCTFail("yamllint not found (pip install yamllint)") }
            throw XCTSkip("yamllint not found on PATH nor as `python3 -m yamllint`")
        }
        try H.write(Self.ignoreConfiguration, to: ".yamllint", in: folder)
        for path in Self.ignoreTree { try H.write("---\nk: v\n", to: path, in: folder) }
        let shell = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", folder.path]
        let listed = try YamllintRunner.run(shell + yamllint + ["--list-files", "."]).output
        let theirs = listed.split(separator: "\n").map(String.init).sorted()
        XCTAssertEqual(theirs.count, 9, listed)
        XCTAssertEqual(try checkedFiles(["."]).sorted(), theirs)
    }

    /// The real yamllint, run in the same folder, walks the same files (`--list-files`) and reports the same
    /// findings, the configuration file's own among them.
    func testWalkAndFindingsMatchYamllint() throws {
        guard let yamllint = YamllintRunner.command() else {
            if SharedFixtures.isCI { XCTFail("yamllint not found (pip install yamllint)") }
            throw XCTSkip("yamllint not found on PATH nor as `python3 -m yamllint`")
        }
        try H.write("extends: default\nyaml-files: ['*.yaml', '*.yml', '.yamllint', '*.conf', 'Kptfile']\n"
                    + "ignore: |\n  /third_party/\n  *.generated.yaml\nrules:\n  line-length: {max: 40}\n",
                    to: ".yamllint", in: folder)
        try write([
            "a.yaml": "a: yes\nb:   1 \n",
            "etc/app.conf": "---\nlist: [1,2]\n",
            "etc/Kptfile": "---\nkey:   value\n",
            "etc/x.generated.yaml": "---\nx: 1\n",
            "third_party/lib.yaml": "x: [\n",
            "docs/.hidden.yml": "---\nk: v\n",
            "docs/readme.txt": "k: v\n",
            "docs/UPPER.YAML": "---\nk: v\n",
        ])
        let shell = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", folder.path]
        let listed = try YamllintRunner.run(shell + yamllint + ["--list-files", "."]).output
        let theirs = listed.split(separator: "\n").map(String.init).sorted()
        XCTAssertEqual(theirs.count, 5, listed)
        XCTAssertEqual(try checkedFiles(["."]).sorted(), theirs)
        let findings = try YamllintRunner.run(shell + yamllint + ["-f", "parsable", "."]).output
        let ours = try H.run(["check", "--format", "parsable", "."], in: folder)
        XCTAssertEqual(ours.stdout.split(separator: "\n").sorted(), findings.split(separator: "\n").sorted(), ours.stdout)
    }
}
