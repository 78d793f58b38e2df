import TestSupport
import XCTest
@testable import YAMLLint

/// Reading configurations the way yamllint does: presets, `extends` merging, validation messages,
/// ignore patterns.
final class LintConfigurationTests: XCTestCase {
    func testPresets() {
        let d = LintConfiguration.default
        XCTAssertEqual(d.rules.count, 17)
        XCTAssertEqual(d.rules[.truthy]?.level, .warning)
        XCTAssertEqual(d.rules[.lineLength]?.options["max"], .int(80))
        XCTAssertNil(d.rules[.documentEnd])
        let r = LintConfiguration.relaxed
        XCTAssertNil(r.rules[.truthy])
        XCTAssertEqual(r.rules[.braces]?.options["max-spaces-inside"], .int(1))
        XCTAssertEqual(r.rules[.braces]?.options["min-spaces-inside"], .int(0))
        XCTAssertEqual(r.rules[.indentation]?.options["indent-sequences"], .string("consistent"))
        XCTAssertEqual(r.rules[.colons]?.level, .warning)
    }

    func testExtendsFileMergesOptions() throws {
        let base = "rules:\n  line-length:\n    max: 100\n    level: warning\n  truthy: enable\n"
        let child = "extends: base.yaml\nrules:\n  line-length:\n    max: 120\n  truthy: disable\n"
        let c = try LintConfiguration.parse(Array(child.utf8), loadFile: { $0 == "base.yaml" ? Array(base.utf8) : nil })
        XCTAssertEqual(c.rules[.lineLength]?.options["max"], .int(120))
        XCTAssertEqual(c.rules[.lineLength]?.level, .warning)
        XCTAssertNil(c.rules[.truthy])
    }

    /// A file named by `extends` reads its own `extends` and `ignore-from-file` beside itself, as the top
    /// configuration reads them beside itself (docs/lint.md): `conf/mid.yaml` extending `base.yaml` means
    /// `conf/base.yaml`. Absolute paths stay as written.
    func testNestedExtendsAreRelativeToTheExtendingFile() throws {
        let files = [
            "conf/mid.yaml": "extends: base.yaml\nrules:\n  truthy: enable\n",
            "conf/base.yaml": "extends: /abs/root.yaml\nignore-from-file: ignored.txt\nrules:\n  line-length: {max: 100}\n",
            "/abs/root.yaml": "rules:\n  colons: {level: warning}\n",
            "conf/ignored.txt": "vendor/\n",
        ]
        let c = try LintConfiguration.parse(Array("extends: conf/mid.yaml\n".utf8),
                                            loadFile: { files[$0].map { Array($0.utf8) } })
        XCTAssertEqual(c.rules[.lineLength]?.options["max"], .int(100))
        XCTAssertEqual(c.rules[.colons]?.level, .warning)
        XCTAssertNotNil(c.rules[.truthy])
    }

    /// `rule: false` disables a rule, as yamllint's `validate_rule_conf` allows (kubespray's `.yamllint` has
    /// `comments-indentation: false`); `true` stays invalid there too.
    func testFalseDisablesARule() throws {
        let c = try LintConfiguration.parse(Array("extends: default\nrules:\n  comments-indentation: false\n".utf8))
        XCTAssertNil(c.rules[.commentsIndentation])
        XCTAssertNotNil(c.rules[.colons])
        XCTAssertThrowsError(try LintConfiguration.parse(Array("rules: {colons: true}".utf8)))
    }

    func testErrorsUseYamllintMessages() {
        func message(_ text: String) -> String? {
            do { _ = try LintConfiguration.parse(Array(text.utf8)); return nil } catch { return "\(error)" }
        }
        XCTAssertEqual(message("rules: {nope: enable}"), "invalid config: no such rule: \"nope\"")
        XCTAssertEqual(message("- a"), "invalid config: not a mapping")
        XCTAssertEqual(message("rules: {colons: {max: 1}}"), "invalid config: unknown option \"max\" for rule \"colons\"")
        XCTAssertEqual(message("rules: {colons: {level: info}}"), "invalid config: level should be \"error\" or \"warning\"")
        XCTAssertEqual(message("rules: {colons: {max-spaces-after: x}}"),
                       "invalid config: option \"max-spaces-after\" of \"colons\" should be int")
        XCTAssertEqual(message("rules: {colons: 3}"),
                       "invalid config: rule \"colons\": should be either \"enable\", \"disable\" or a mapping")
        XCTAssertEqual(message("extends: missing.yaml"), "invalid config: cannot read extended configuration \"missing.yaml\"")
        XCTAssertEqual(message("rules: {quoted-strings: {extra-allowed: [x]}}"),
                       "invalid config: quoted-strings: cannot use both \"required: true\" and \"extra-allowed\"")
    }

    func testIgnorePatterns() throws {
        let c = try LintConfiguration.parse(Array("""
            extends: default
            ignore: |
              vendor/
              *.generated.yaml
              !keep.generated.yaml
            rules:
              truthy:
                ignore: ["/ci/*.yml"]
            """.utf8))
        XCTAssertTrue(c.isIgnored(path: "vendor/a.yaml"))
        XCTAssertTrue(c.isIgnored(path: "x/vendor/b/c.yaml"))
        XCTAssertTrue(c.isIgnored(path: "deep/a.generated.yaml"))
        XCTAssertFalse(c.isIgnored(path: "keep.generated.yaml"))
        XCTAssertFalse(c.isIgnored(path: "vendor.yaml"))
        XCTAssertFalse(c.enabledRules(forPath: "ci/build.yml").contains { $0.id == .truthy })
        XCTAssertTrue(c.enabledRules(forPath: "other/ci/build.yml").contains { $0.id == .truthy })
        XCTAssertTrue(c.isYAMLFile(path: "dir/x.yml"))
        XCTAssertFalse(c.isYAMLFile(path: "dir/x.json"))
    }

    /// pathspec's precedence, which yamllint follows (checked against pathspec 1.1.1): the last pattern
    /// matching the path itself decides; only when none does, the last one matching an ancestor folder.
    /// Unlike git, a negation re-includes a file below an excluded folder.
    func testIgnorePatternPrecedenceFollowsPathspec() {
        let reincluded = GitIgnoreSpec(lines: ["dir/", "!dir/keep.yaml", "build/**", "!build/x/d.yaml"])
        XCTAssertTrue(reincluded.matches("dir/a.yaml"))
        XCTAssertFalse(reincluded.matches("dir/keep.yaml"))
        XCTAssertTrue(reincluded.matches("build/x/e.yaml"))
        XCTAssertFalse(reincluded.matches("build/x/d.yaml"))
        // A file match before a folder match still decides: `*.yaml` keeps `keep/a.yaml` out, `!*.yaml` in.
        let fileFirst = GitIgnoreSpec(lines: ["*.yaml", "!keep/"])
        XCTAssertTrue(fileFirst.matches("keep/a.yaml"))
        XCTAssertFalse(fileFirst.matches("keep/a.txt"))
        let negationFirst = GitIgnoreSpec(lines: ["!*.yaml", "build/"])
        XCTAssertFalse(negationFirst.matches("build/a.yaml"))
        XCTAssertTrue(negationFirst.matches("build/a.txt"))
        // Among folder matches the last one decides.
        let folders = GitIgnoreSpec(lines: ["gen/*", "!gen/g/"])
        XCTAssertFalse(folders.matches("gen/g/i.yaml"))
        XCTAssertTrue(folders.matches("gen/h/i.yaml"))
        XCTAssertTrue(folders.matches("gen/j.yaml"))
    }

    /// A folder is excluded as a whole (a walk may skip it) only when no negation could leave a path inside
    /// it in; a directory-only negation before the excluding pattern cannot (it never matches a file).
    func testFoldersExcludedAsAWhole() throws {
        let spec = GitIgnoreSpec(lines: ["!keep/", "vendor/", "/build/", "gen/**", "!gen/g/", "dist", "!dist/keep.yaml"])
        let expected: KeyValuePairs<String, Bool> = [
            "vendor": true, "a/vendor/b": true, "./build/": true, "a/build": false, "gen": false, "gen/h": true,
            "gen/g": false, "gen/g/sub": false, "dist": false, "a/dist": true, "": false, "src": false,
        ]
        for (folder, excluded) in expected {
            XCTAssertEqual(spec.matchesEverything(inDirectory: folder), excluded, folder)
        }
        // A negation after the excluding pattern, or one that can match a file anywhere, keeps every folder.
        XCTAssertFalse(GitIgnoreSpec(lines: ["vendor/", "!keep/"]).matchesEverything(inDirectory: "vendor"))
        XCTAssertFalse(GitIgnoreSpec(lines: ["!*.yaml", "vendor/"]).matchesEverything(inDirectory: "vendor"))
        XCTAssertFalse(GitIgnoreSpec(lines: ["vendor/", "!v?ndor/[a-c]*.yaml"]).matchesEverything(inDirectory: "vendor"))
        XCTAssertFalse(GitIgnoreSpec(lines: ["vendor/", "!v?ndor.yaml"]).matchesEverything(inDirectory: "vendor"))
        XCTAssertTrue(GitIgnoreSpec(lines: ["vendor/", "!/v?ndor.yaml"]).matchesEverything(inDirectory: "vendor"))
        let c = try LintConfiguration.parse(Array("ignore: |\n  node_modules/\n  /third_party/**\n".utf8))
        XCTAssertTrue(c.isIgnored(directory: "web/node_modules"))
        XCTAssertTrue(c.isIgnored(directory: "third_party/lib"))
        XCTAssertFalse(c.isIgnored(directory: "third_party"))
    }

    /// A backslash at the start of a pattern escapes the next character as anywhere else (gitignore, and
    /// yamllint's pathspec): `\[br\]/` is the folder `[br]`, not a character class matching `b/` or `r/`;
    /// `\#x` and `\!x` are the names `#x` and `!x`.
    func testLeadingBackslashEscapesInIgnorePatterns() {
        let spec = GitIgnoreSpec(lines: ["\\[br\\]/", "\\#hash.yaml", "\\!bang.yaml"])
        XCTAssertTrue(spec.matches("[br]/b.yaml"))
        XCTAssertTrue(spec.matches("x/[br]/b.yaml"))
        XCTAssertFalse(spec.matches("a/b/two.yaml"))
        XCTAssertFalse(spec.matches("r/x.yaml"))
        XCTAssertTrue(spec.matches("#hash.yaml"))
        XCTAssertTrue(spec.matches("!bang.yaml"))
        XCTAssertFalse(spec.matches("bang.yaml"))
    }

    func testYAML11BooleansInConfiguration() throws {
        let c = try LintConfiguration.parse(Array("rules: {comments: {require-starting-space: no}}".utf8))
        XCTAssertEqual(c.rules[.comments]?.options["require-starting-space"], .bool(false))
    }
}

extension LintConfigurationTests {
    /// `ignore` globs are matched in linear time (`*a*a*a*a*a*a*b` against 100 characters once hung).
    func testIgnoreGlobsThatWouldBacktrackAnswerQuickly() {
        let spec = GitIgnoreSpec(lines: ["*a*a*a*a*a*a*b", String(repeating: "*a", count: 500) + "b", "d/**/x[!y]z"])
        assertNoHang(cpuSecondsAtMost: 30, "backtracking ignore globs") {
            XCTAssertFalse(spec.matches(String(repeating: "a", count: 100)))
            XCTAssertFalse(spec.matchesEverything(inDirectory: String(repeating: "a", count: 100)))
        }
        XCTAssertTrue(spec.matches("d/e/f/xaz"))
        XCTAssertTrue(spec.matches("x/aaaaaab"))
    }
}

/// A 400-byte `.yamllint` of nested aliases (the "billion laughs"), as in issue 23's audit (4 GB).
let aliasBombConfiguration = "a: &a [x, x, x, x, x, x, x, x, x]\n" + (1...9).map { level -> String in
    let previous = level == 1 ? "a" : "l\(level - 1)"
    return "l\(level): &l\(level) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
}.joined() + "extends: default\n"

extension LintConfigurationTests {
    func testAnAliasBombIsRefusedBeforeItExpands() throws {
        try assertNoHang(cpuSecondsAtMost: 30, ".yamllint alias bomb") {
            XCTAssertThrowsError(try LintConfiguration.parse(Array(aliasBombConfiguration.utf8))) { error in
                XCTAssertEqual("\(error)", "invalid config: its aliases expand to more than 100000 nodes")
            }
        }
        XCTAssertNoThrow(try LintConfiguration.parse(Array("base: &b {max: 3}\nrules:\n  line-length: {max: 90}\n  empty-lines: *b\n".utf8)),
                         "aliases within the budget still work")
    }
}
