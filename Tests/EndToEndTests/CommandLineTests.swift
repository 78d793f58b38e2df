import Foundation
import TestSupport
import XCTest

/// The command line through the built binary: output format, exit codes, directory walking, stdin.
final class CommandLineTests: XCTestCase {
    var binary: URL!
    var folder: URL!

    override func setUpWithError() throws {
        guard let b = BuiltBinary.pureyaml else {
            XCTFail("the pureyaml executable was not built")
            throw XCTSkip("no binary")
        }
        binary = b
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url
    }

    func run(_ args: [String], stdin: String = "") throws -> (status: Int32, out: String, err: String) {
        let r = try runProcess(binary, args, stdin: Data(stdin.utf8))
        return (r.status, String(decoding: r.stdout, as: UTF8.self), String(decoding: r.stderr, as: UTF8.self))
    }

    func read(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    // MARK: check

    func testCheckPrintsOneBasedPositionsInCharacters() throws {
        let bad = try write("bad.yaml", "key: é\nb: [1, 2\nc: 3\nkey: 4\n")
        let r = try run(["check", bad.path])
        XCTAssertEqual(r.status, 1)
        let lines = r.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, r.out)
        // Each finding: path:line:column: severity: message [code]
        let pattern = try NSRegularExpression(pattern: #"^(.+):(\d+):(\d+): (error|warning): (.+) \[([a-z-]+)\]$"#)
        for line in lines {
            XCTAssertNotNil(pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)), line)
        }
        XCTAssertTrue(lines[0].hasPrefix("\(bad.path):2:4: error: "), lines[0])
        XCTAssertTrue(lines[0].hasSuffix("[unclosed-flow-sequence]"), lines[0])
        XCTAssertTrue(lines[1].hasPrefix("\(bad.path):4:1: error: "), lines[1])
        XCTAssertTrue(lines[1].hasSuffix("[duplicate-key]"), lines[1])
        XCTAssertEqual(r.err, "checked 1 file: 2 errors, 0 warnings\n")
    }

    func testCheckColumnsCountCharactersNotBytes() throws {
        let bad = try write("u.yaml", "é中😀: [x\n")
        let r = try run(["check", bad.path])
        XCTAssertEqual(r.status, 1)
        // The '[' is the 6th character (é, 中, 😀, ':', ' ', '[') although the 11th byte.
        XCTAssertTrue(r.out.hasPrefix("\(bad.path):1:6: error: "), r.out)
    }

    func testCheckExitCodes() throws {
        let good = try write("good.yaml", "a: 1\n")
        let clean = try run(["check", good.path])
        XCTAssertEqual(clean.status, 0)
        XCTAssertEqual(clean.out, "")
        XCTAssertEqual(clean.err, "checked 1 file: 0 errors, 0 warnings\n")
        XCTAssertEqual(try run(["check"]).status, 2, "no path is a usage error")
        XCTAssertEqual(try run(["check", "--bogus", good.path]).status, 2)
        let missing = try run(["check", folder.appendingPathComponent("missing.yaml").path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.err.contains("missing.yaml"), missing.err)
    }

    func testCheckWalksDirectoriesForYAMLFiles() throws {
        try write("a.yaml", "a: [\n")
        try write("sub/b.yml", "b: {\n")
        try write("sub/deeper/c.YAML", "c: 1\nc: 2\n")
        try write("sub/notes.txt", "x: [\n")
        try write(".git/config.yaml", "x: [\n")
        try write("node_modules/m.yaml", "x: [\n")
        let r = try run(["check", folder.path])
        XCTAssertEqual(r.status, 1)
        let files = Set(r.out.split(separator: "\n").map { String($0.split(separator: ":")[0]) })
        let base = folder.path
        XCTAssertEqual(files, ["\(base)/a.yaml", "\(base)/sub/b.yml", "\(base)/sub/deeper/c.YAML"])
        XCTAssertTrue(r.err.hasPrefix("checked 3 files: 3 errors"), r.err)
    }

    /// A folder argument without YAML files is most often a wrong path in CI: `check` and `format` say so on
    /// stderr and exit 3 (worse than findings, 1; not as bad as an I/O problem, 2); `--allow-no-files`
    /// makes it a warning.
    func testFolderWithoutYAMLFilesFailsWithItsOwnStatus() throws {
        try write("empty/notes.txt", "x: [\n")
        try write("empty/node_modules/m.yaml", "x: 1\n")
        let empty = folder.appendingPathComponent("empty").path
        let message = "pureyaml check: no YAML files (*.yaml, *.yml) found under \(empty) (use --allow-no-files if that is expected)\n"
        let r = try run(["check", empty])
        XCTAssertEqual(r.status, 3)
        XCTAssertEqual(r.out, "")
        XCTAssertEqual(r.err, "checked 0 files: 0 errors, 0 warnings\n" + message)
        let allowed = try run(["check", "--allow-no-files", empty])
        XCTAssertEqual(allowed.status, 0)
        XCTAssertEqual(allowed.err, "checked 0 files: 0 errors, 0 warnings\npureyaml check: warning: no YAML files (*.yaml, *.yml) found under \(empty)\n")
        // With a file that has findings beside it, the empty folder still decides the status.
        let bad = try write("bad.yaml", "a: [\n")
        let mixed = try run(["check", empty, bad.path])
        XCTAssertEqual(mixed.status, 3)
        XCTAssertTrue(mixed.out.hasPrefix("\(bad.path):"), mixed.out)
        XCTAssertEqual(try run(["check", "--allow-no-files", empty, bad.path]).status, 1)
        XCTAssertEqual(try run(["check", empty, folder.appendingPathComponent("missing.yaml").path]).status, 2)
        // format too, with or without --check.
        for args in [["format", empty], ["format", "--check", empty]] {
            let f = try run(args)
            XCTAssertEqual(f.status, 3, "\(args)")
            XCTAssertTrue(f.err.hasSuffix("pureyaml format: no YAML files (*.yaml, *.yml) found under \(empty) (use --allow-no-files if that is expected)\n"), f.err)
            XCTAssertEqual(try run(args.dropLast() + ["--allow-no-files", empty]).status, 0)
        }
    }

    func testDirectoryWalkSurvivesSymbolicLinkLoops() throws {
        try write("sub/x.yaml", "a: [\n")
        let fm = FileManager.default
        // Two links back up: following them blindly would walk 2^n paths.
        try fm.createSymbolicLink(atPath: folder.appendingPathComponent("sub/up").path, withDestinationPath: "..")
        try fm.createSymbolicLink(atPath: folder.appendingPathComponent("sub/again").path, withDestinationPath: "..")
        try fm.createSymbolicLink(atPath: folder.appendingPathComponent("linked").path, withDestinationPath: "sub")
        let r = try run(["check", folder.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.out.split(separator: "\n").count, 1, "the one file is checked once: \(r.out)")
        XCTAssertTrue(r.err.hasPrefix("checked 1 file: 1 error"), r.err)
    }

    func testCheckReadsStandardInput() throws {
        let r = try run(["check", "-"], stdin: "a: 1\nb: [1\n")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.out.hasPrefix("<stdin>:2:4: error: "), r.out)
        XCTAssertEqual(try run(["check", "-"], stdin: "a: 1\n").status, 0)
    }

    // MARK: format

    func testFormatInPlace() throws {
        let f = try write("f.yaml", "a:\n    b:    1   \n\n\n    c: 2")
        let r = try run(["format", f.path])
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertEqual(try read(f), "a:\n  b: 1\n\n  c: 2\n")
        XCTAssertEqual(try run(["format", f.path]).status, 0)
        XCTAssertEqual(try read(f), "a:\n  b: 1\n\n  c: 2\n", "formatting a formatted file changes nothing")
    }

    func testFormatCheckListsFilesAndExitsOne() throws {
        let dirty = try write("dirty.yaml", "a:    1\n")
        let clean = try write("clean.yaml", "a: 1\n")
        let r = try run(["format", "--check", folder.path])
        XCTAssertEqual(r.status, 1)
        // A unified diff of what would change (paths without their leading "/").
        let name = String(dirty.path.drop(while: { $0 == "/" }))
        XCTAssertEqual(r.out, "--- a/\(name)\n+++ b/\(name)\n@@ -1 +1 @@\n-a:    1\n+a: 1\n")
        XCTAssertEqual(try read(dirty), "a:    1\n", "--check writes nothing")
        let ok = try run(["format", "--check", clean.path])
        XCTAssertEqual(ok.status, 0)
        XCTAssertEqual(ok.out, "")
    }

    func testFormatStandardInputToStandardOutput() throws {
        let r = try run(["format", "-"], stdin: "a:\r\n    - x   \r\n")
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertEqual(r.out, "a:\r\n  - x\r\n")
        let check = try run(["format", "--check", "-"], stdin: "a:    1\n")
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.out, "--- a/<stdin>\n+++ b/<stdin>\n@@ -1 +1 @@\n-a:    1\n+a: 1\n")
    }

    func testFormatKeepsBytesThatAreNotUTF8() throws {
        // A Latin-1 comment (0xE9): YAML 1.2.2 §5.2 wants Unicode, so this is an `invalid-utf8` error; the
        // file is not formatted, and not one byte is rewritten on the way (stdin to stdout, or in place).
        let input = Data("a:    1\n# caf".utf8) + Data([0xE9, 0x0A])
        let viaStdin = try runProcess(binary, ["format", "-"], stdin: input)
        XCTAssertEqual(viaStdin.stdout, input)
        XCTAssertEqual(viaStdin.status, 1)
        XCTAssertTrue(String(decoding: viaStdin.stderr, as: UTF8.self).contains("[invalid-utf8]"))
        let file = folder.appendingPathComponent("latin1.yaml")
        try input.write(to: file)
        XCTAssertEqual(try run(["format", file.path]).status, 1)
        XCTAssertEqual(try Data(contentsOf: file), input)
    }

    func testFormatLeavesAnInvalidFileUntouched() throws {
        let text = "a:    [1, 2\nb:     2\n"
        let f = try write("invalid.yaml", text)
        let r = try run(["format", f.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(try read(f), text)
        XCTAssertTrue(r.err.contains("\(f.path):1:7: error:") && r.err.contains("(not formatted)"), r.err)
        let stdin = try run(["format", "-"], stdin: text)
        XCTAssertEqual(stdin.status, 1)
        XCTAssertEqual(stdin.out, text, "stdin that cannot be formatted is echoed unchanged")
    }

    // MARK: events

    func testEventsEqualTheYAMLTestSuite() throws {
        let suite = try requireSharedFolder("yaml-test-suite")
        for id in ["229Q", "2AUY", "26DV", "6JQW", "7ZZ5", "J7PZ", "M5DY", "RZT7"] {
            let dir = suite.appendingPathComponent(id)
            guard FileManager.default.fileExists(atPath: dir.appendingPathComponent("test.event").path) else {
                XCTFail("\(id) missing from the yaml-test-suite"); continue
            }
            let r = try run(["events", dir.appendingPathComponent("in.yaml").path])
            XCTAssertEqual(r.status, 0, "\(id): \(r.err)")
            XCTAssertEqual(r.out, try read(dir.appendingPathComponent("test.event")), id)
        }
        let viaStdin = try run(["events", "-"], stdin: "- a\n")
        XCTAssertEqual(viaStdin.out, "+STR\n+DOC\n+SEQ\n=VAL :a\n-SEQ\n-DOC\n-STR\n")
    }

    func testEventsOfInvalidInputFail() throws {
        let suite = try requireSharedFolder("yaml-test-suite")
        let input = suite.appendingPathComponent("236B/in.yaml")
        XCTAssertTrue(FileManager.default.fileExists(atPath: suite.appendingPathComponent("236B/error").path))
        let r = try run(["events", input.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.out, "")
        XCTAssertTrue(r.err.hasPrefix("\(input.path):3:1: error: "), r.err)
        XCTAssertEqual(try run(["events"]).status, 2)
    }

    // MARK: help and version

    func testVersionAndHelp() throws {
        let v = try run(["--version"])
        XCTAssertEqual(v.status, 0)
        XCTAssertTrue(v.out.hasPrefix("pureyaml "), v.out)
        let help = try run(["help", "check"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.out.contains("path:line:column: error|warning: message [code]"), help.out)
        XCTAssertTrue(try run(["help"]).out.contains("pureyaml format"))
        XCTAssertEqual(try run(["help", "nonsense"]).status, 2)
        XCTAssertEqual(try run(["nonsense"]).status, 2)
        XCTAssertTrue(try run(["format", "--help"]).out.contains("--check"))
    }
}
