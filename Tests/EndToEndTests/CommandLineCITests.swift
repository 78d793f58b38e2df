import Foundation
import TestSupport
import XCTest

/// `pureyaml check` report formats through the built binary: real corpus files (clean) and the
/// corpus's `lenient/` files (each has one closing bracket at its parent key's column: invalid YAML 1.2 that
/// libyaml accepts, reported as a warning, so these runs use `--strict`), plus small crafted inputs.
final class CommandLineCITests: XCTestCase {
    typealias H = CommandLineCIHarness

    /// The lenient corpus files and where their one finding is.
    static let lenient = [
        ("docker-compose/open-telemetry__opentelemetry-demo/compose.yaml", 694, 5),
        ("github-workflows/open-telemetry__opentelemetry-demo/.github/workflows/checks.yml", 204, 5),
    ]

    private func corpus() throws -> URL { try requireSharedFolder("corpus") }

    private func lenientPaths() throws -> [String] {
        let root = try corpus().appendingPathComponent("lenient")
        return Self.lenient.map { root.appendingPathComponent($0.0).path }
    }

    // MARK: text and parsable

    func testHintsAreLeftToEditors() throws {
        // `&a` is never used: an unused-anchor hint in editors, nothing in `check`.
        for format in ["text", "parsable", "github"] {
            let r = try H.run(["check", "--format", format, "-"], stdin: "a: &a 1\n")
            XCTAssertEqual(r.status, 0)
            XCTAssertEqual(r.stdout, "", format)
        }
        let json = try H.run(["check", "--format", "json", "-"], stdin: "a: &a 1\n")
        let files = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual((files.first?["diagnostics"] as? [Any])?.count, 0, json.stdout)
    }

    func testTextFormatIsSilentOnCleanCorpusFilesAndSummarizesOnStderr() throws {
        let folder = try corpus().appendingPathComponent("docker-compose")
        let count = H.yamlFiles(below: folder).count
        XCTAssertGreaterThan(count, 100)
        for format in [[], ["--format", "text"], ["--format=parsable"]] {
            let r = try H.run(["check"] + format + [folder.path])
            XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
            XCTAssertEqual(r.stdout, "")
            XCTAssertEqual(r.stderr, "checked \(count) files: 0 errors, 0 warnings\n")
        }
    }

    func testTextAndParsableFormatsOnBrokenCorpusFiles() throws {
        let paths = try lenientPaths()
        let text = try H.run(["check", "--strict"] + paths)
        XCTAssertEqual(text.status, 1)
        XCTAssertEqual(text.stderr, "checked 2 files: 0 errors, 2 warnings\n")
        XCTAssertEqual(try H.run(["check"] + paths).status, 0, "warnings alone pass without --strict")
        XCTAssertEqual(text.lines.count, 2)
        let parsable = try H.run(["check", "--strict", "--format", "parsable"] + paths)
        XCTAssertEqual(parsable.status, 1)
        XCTAssertEqual(parsable.stderr, text.stderr)
        for (i, (_, line, column)) in Self.lenient.enumerated() {
            let prefix = "\(paths[i]):\(line):\(column): "
            XCTAssertTrue(text.lines[i].hasPrefix(prefix + "warning: "), text.lines[i])
            XCTAssertTrue(text.lines[i].hasSuffix(" [insufficient-indentation]"), text.lines[i])
            XCTAssertTrue(parsable.lines[i].hasPrefix(prefix + "[warning] "), parsable.lines[i])
            XCTAssertTrue(parsable.lines[i].hasSuffix(" (insufficient-indentation)"), parsable.lines[i])
            // Same message in both.
            let message = text.lines[i].dropFirst(prefix.count + "warning: ".count).dropLast(" [insufficient-indentation]".count)
            XCTAssertEqual(parsable.lines[i], prefix + "[warning] " + message + " (insufficient-indentation)")
        }
    }

    // MARK: json

    func testJSONFormatListsEveryFileWithItsDiagnostics() throws {
        let clean = try corpus().appendingPathComponent("gitlab-ci")
        let cleanCount = H.yamlFiles(below: clean).count
        let paths = try lenientPaths()
        let r = try H.run(["check", "--strict", "--format", "json", clean.path] + paths)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "", "json output has no summary line")
        let files = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(files.count, cleanCount + 2)
        for file in files.prefix(cleanCount) {
            XCTAssertTrue((file["path"] as? String)?.hasPrefix(clean.path + "/") == true)
            XCTAssertEqual((file["diagnostics"] as? [Any])?.count, 0, "\(file)")
        }
        for (i, file) in files.suffix(2).enumerated() {
            XCTAssertEqual(file["path"] as? String, paths[i])
            let diagnostics = try XCTUnwrap(file["diagnostics"] as? [[String: Any]])
            XCTAssertEqual(diagnostics.count, 1)
            let d = diagnostics[0]
            XCTAssertEqual(Set(d.keys), ["line", "column", "endLine", "endColumn", "severity", "code", "message", "source"])
            XCTAssertEqual(d["line"] as? Int, Self.lenient[i].1)
            XCTAssertEqual(d["column"] as? Int, Self.lenient[i].2)
            let endLine = try XCTUnwrap(d["endLine"] as? Int), endColumn = try XCTUnwrap(d["endColumn"] as? Int)
            XCTAssertTrue(endLine > Self.lenient[i].1 || (endLine == Self.lenient[i].1 && endColumn >= Self.lenient[i].2))
            XCTAssertEqual(d["severity"] as? String, "warning")
            XCTAssertEqual(d["code"] as? String, "insufficient-indentation")
            XCTAssertEqual(d["source"] as? String, "pureyaml")
            XCTAssertFalse((d["message"] as? String ?? "").isEmpty)
        }
    }

    func testJSONEscapesMessagesAndCountsColumnsInCharacters() throws {
        // The duplicate key's text (with a quote, a backslash and an emoji) is quoted in the message.
        let input = "\"é😀\\\"\\\\\": 1\n\"é😀\\\"\\\\\": 2\nx: \"😀\\q\"\n"
        let r = try H.run(["check", "--format", "json", "--stdin-filename", "in.yaml", "-"], stdin: input)
        XCTAssertEqual(r.status, 1)
        let files = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        let d = try XCTUnwrap(files.first?["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(d.map { $0["code"] as? String }, ["duplicate-key", "invalid-escape"])
        XCTAssertTrue((d[0]["message"] as? String ?? "").contains("é😀\"\\"), "\(d[0])")
        // `x: "😀\q"`: the backslash is the 6th character (the emoji counts one).
        XCTAssertEqual(d[1]["line"] as? Int, 3)
        XCTAssertEqual(d[1]["column"] as? Int, 6)
        XCTAssertEqual(d[1]["endColumn"] as? Int, 8)
    }

    // MARK: github

    /// `::error|warning|notice file=...,line=N[,col=N],endLine=N[,endColumn=N],title=CODE::MESSAGE`, with
    /// no raw `:` or `,` inside property values and no raw CR/LF anywhere.
    static let workflowCommand = try! NSRegularExpression(pattern:
        #"^::(error|warning|notice) file=[^,:\r\n]+,line=[1-9][0-9]*(,col=[1-9][0-9]*)?,endLine=[1-9][0-9]*(,endColumn=[1-9][0-9]*)?,title=[a-z]+(-[a-z]+)*::[^\r\n]+$"#)

    private func assertWorkflowCommand(_ line: String, file: StaticString = #filePath, line number: UInt = #line) {
        let range = NSRange(line.startIndex..., in: line)
        XCTAssertNotNil(Self.workflowCommand.firstMatch(in: line, range: range), "not a workflow command: \(line)",
                        file: file, line: number)
    }

    func testGitHubFormatOnBrokenCorpusFiles() throws {
        let paths = try lenientPaths()
        let r = try H.run(["check", "--strict", "--format", "github"] + paths)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.lines.count, 2)
        for (i, line) in r.lines.enumerated() {
            assertWorkflowCommand(line)
            XCTAssertTrue(line.hasPrefix("::warning file=\(paths[i]),line=\(Self.lenient[i].1),"), line)
            XCTAssertTrue(line.contains(",title=insufficient-indentation::"), line)
        }
        let clean = try H.run(["check", "--format", "github", try corpus().appendingPathComponent("gitlab-ci").path])
        XCTAssertEqual(clean.status, 0)
        XCTAssertEqual(clean.stdout, "")
    }

    func testGitHubFormatEscapesPropertiesAndData() throws {
        let folder = try H.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A file name with every character that needs escaping in a property; a duplicate key whose
        // text puts `%`, `:` and `,` into the message.
        let name = "50%,a:b\nc.yaml"
        try H.write("\"k%:,\": 1\n\"k%:,\": 2\n", to: name, in: folder)
        let r = try H.run(["check", "--format", "github", name], in: folder)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.lines.count, 1, r.stdout)
        let line = r.lines[0]
        assertWorkflowCommand(line)
        XCTAssertEqual(line, "::error file=50%25%2Ca%3Ab%0Ac.yaml,line=2,col=1,endLine=2,endColumn=7,title=duplicate-key"
                       + "::Duplicate key 'k%25:,' in this mapping; it was first defined on line 1.")
        // A warning becomes `warning`; a finding spanning lines leaves out the columns.
        let warning = try H.run(["check", "--format", "github", "-"], stdin: "%FOO bar\n---\na: 1\n")
        XCTAssertEqual(warning.status, 0)
        XCTAssertEqual(warning.lines.count, 1)
        assertWorkflowCommand(warning.lines[0])
        XCTAssertTrue(warning.lines[0].hasPrefix("::warning file=<stdin>,line=1,col=1,"), warning.lines[0])
        // A duplicate key that is a block scalar spans lines 5 to 8: no columns then.
        let multiline = try H.run(["check", "--format", "github", "-"],
                                  stdin: "? |\n  x\n  y\n: 1\n? |\n  x\n  y\n: 2\n")
        XCTAssertEqual(multiline.lines.count, 1, multiline.stdout)
        assertWorkflowCommand(multiline.lines[0])
        XCTAssertTrue(multiline.lines[0].hasPrefix("::error file=<stdin>,line=5,endLine=8,title=duplicate-key::"),
                      multiline.lines[0])
    }

    func testGitHubDataEscapingOfLineBreaksInMessages() throws {
        // A key holding a line break: whatever the message shows of it, no raw CR or LF reaches the
        // command, which must stay on one line.
        let r = try H.run(["check", "--format", "github", "-"], stdin: "\"a\\r\\nb%\": 1\n\"a\\r\\nb%\": 2\n")
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.lines.count, 1, r.stdout)
        assertWorkflowCommand(r.lines[0])
        XCTAssertTrue(r.lines[0].contains("b%25"), r.lines[0])
    }

    // MARK: strict, stdin

    func testStrictMakesWarningsFail() throws {
        let input = "%YAML 1.3\n---\na: 1\n"
        let plain = try H.run(["check", "-"], stdin: input)
        XCTAssertEqual(plain.status, 0)
        XCTAssertEqual(plain.lines.count, 1)
        XCTAssertTrue(plain.lines[0].hasPrefix("<stdin>:1:1: warning: "), plain.stdout)
        XCTAssertTrue(plain.lines[0].hasSuffix("[unsupported-yaml-version]"), plain.stdout)
        XCTAssertEqual(plain.stderr, "checked 1 file: 0 errors, 1 warning\n")
        let strict = try H.run(["check", "--strict", "-"], stdin: input)
        XCTAssertEqual(strict.status, 1)
        XCTAssertEqual(strict.stdout, plain.stdout)
        // Strict changes nothing for a clean file.
        XCTAssertEqual(try H.run(["check", "--strict", "-"], stdin: "a: 1\n").status, 0)
    }

    func testStandardInputWithAndWithoutAName() throws {
        let input = "a: 1\na: 2\n"
        let unnamed = try H.run(["check", "-"], stdin: input)
        XCTAssertEqual(unnamed.status, 1)
        XCTAssertTrue(unnamed.stdout.hasPrefix("<stdin>:2:1: error: "), unnamed.stdout)
        let named = try H.run(["check", "--stdin-filename", "deploy/app.yaml", "-"], stdin: input)
        XCTAssertEqual(named.stdout, unnamed.stdout.replacingOccurrences(of: "<stdin>", with: "deploy/app.yaml"))
        let github = try H.run(["check", "--format=github", "--stdin-filename=deploy/app.yaml", "-"], stdin: input)
        XCTAssertTrue(github.stdout.hasPrefix("::error file=deploy/app.yaml,line=2,"), github.stdout)
        // Usage mistakes exit 2 with a hint.
        for args in [["check", "--stdin-filename", "x.yaml", "a.yaml"], ["check", "-", "-"], ["check"],
                     ["check", "--format", "xml", "-"], ["check", "--bogus", "-"], ["check", "--config", "c", "--no-config", "-"]] {
            let r = try H.run(args)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertTrue(r.stderr.contains("Try 'pureyaml check --help'"), "\(args): \(r.stderr)")
        }
    }

    // MARK: sarif

    func testSARIFOnCorpusAndBrokenFilesIsAStructurallyValidLog() throws {
        let clean = try corpus().appendingPathComponent("gitlab-ci").path
        let paths = try lenientPaths()
        let r = try H.run(["check", "--strict", "--format", "sarif", clean] + paths)
        XCTAssertEqual(r.status, 1)
        let log = try SARIFStructure.validate(r.stdout)
        let results = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 2)
        for (i, result) in results.enumerated() {
            XCTAssertEqual(result["ruleId"] as? String, "insufficient-indentation")
            XCTAssertEqual(result["level"] as? String, "warning")
            let location = try XCTUnwrap((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let artifact = try XCTUnwrap(location["artifactLocation"] as? [String: Any])
            XCTAssertEqual(URL(string: try XCTUnwrap(artifact["uri"] as? String))?.path, paths[i])
            let region = try XCTUnwrap(location["region"] as? [String: Any])
            XCTAssertEqual(region["startLine"] as? Int, Self.lenient[i].1)
            XCTAssertEqual(region["startColumn"] as? Int, Self.lenient[i].2)
        }
        let empty = try H.run(["check", "--format", "sarif", clean])
        XCTAssertEqual(empty.status, 0)
        let emptyLog = try SARIFStructure.validate(empty.stdout)
        XCTAssertEqual(((emptyLog["runs"] as? [[String: Any]])?.first?["results"] as? [Any])?.count, 0)
    }

    func testSARIFUsesRelativeURIsAndUTF16Columns() throws {
        let folder = try H.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try H.write("x: \"😀\\q\"\n", to: "sub dir/a file.yaml", in: folder)
        try H.write("%YAML 1.3\n---\na: 1\n", to: "b.yaml", in: folder)
        let r = try H.run(["check", "--format", "sarif", "."], in: folder)
        XCTAssertEqual(r.status, 1, r.stderr)
        let log = try SARIFStructure.validate(r.stdout)
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        XCTAssertEqual(run["columnKind"] as? String, "utf16CodeUnits")
        let base = try XCTUnwrap((run["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"] as? [String: Any])
        XCTAssertEqual(URL(string: try XCTUnwrap(base["uri"] as? String))?.path, folder.path)
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.map { $0["ruleId"] as? String }, ["unsupported-yaml-version", "invalid-escape"])
        XCTAssertEqual(results.map { $0["level"] as? String }, ["warning", "error"])
        let physical = results.map { (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]) ?? [:] }
        XCTAssertEqual(physical.map { ($0["artifactLocation"] as? [String: Any])?["uri"] as? String },
                       ["b.yaml", "sub%20dir/a%20file.yaml"])
        XCTAssertEqual(physical.map { ($0["artifactLocation"] as? [String: Any])?["uriBaseId"] as? String },
                       ["%SRCROOT%", "%SRCROOT%"])
        // `x: "😀\q"`: the emoji is two UTF-16 code units, so the backslash is at UTF-16 column 7.
        let region = try XCTUnwrap(physical[1]["region"] as? [String: Any])
        XCTAssertEqual(region["startLine"] as? Int, 1)
        XCTAssertEqual(region["startColumn"] as? Int, 7)
        XCTAssertEqual(region["endColumn"] as? Int, 9)
        let rules = try XCTUnwrap(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.map { $0["id"] as? String }, ["invalid-escape", "unsupported-yaml-version"])
    }

    func testSARIFStructureCheckRejectsBrokenLogs() throws {
        let r = try H.run(["check", "--format", "sarif", "-"], stdin: "a: 1\na: 2\n")
        let good = try SARIFStructure.validate(r.stdout)
        func broken(_ change: (inout [String: Any]) -> Void) -> String {
            var log = good
            change(&log)
            let data = try? JSONSerialization.data(withJSONObject: log)
            return String(decoding: data ?? Data(), as: UTF8.self)
        }
        func editResult(_ log: inout [String: Any], _ change: (inout [String: Any]) -> Void) {
            var runs = log["runs"] as? [[String: Any]] ?? []
            var results = runs[0]["results"] as? [[String: Any]] ?? []
            change(&results[0])
            runs[0]["results"] = results
            log["runs"] = runs
        }
        let cases: [String] = [
            broken { $0["version"] = "2.0.0" },
            broken { $0["extra"] = 1 },
            broken { editResult(&$0) { $0["message"] = [String: Any]() } },
            broken { editResult(&$0) { $0["ruleIndex"] = 5 } },
            broken { editResult(&$0) { $0["level"] = "fatal" } },
            broken { editResult(&$0) { $0["locations"] = [["physicalLocation": ["artifactLocation": ["uri": "a b"]]]] } },
        ]
        for (i, text) in cases.enumerated() {
            XCTAssertThrowsError(try SARIFStructure.validate(text), "case \(i) should be rejected")
        }
    }
}
