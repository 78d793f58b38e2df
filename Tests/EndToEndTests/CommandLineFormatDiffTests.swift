import Foundation
import TestSupport
import XCTest

/// `pureyaml format --check`: the unified diff it prints, exactly for small inputs, and as a patch that
/// `patch -p1` applies to turn real corpus files into their formatted form.
final class CommandLineFormatDiffTests: XCTestCase {
    typealias H = CommandLineCIHarness

    func testDiffOfASmallFileIsExact() throws {
        let folder = try H.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lines = ["key:   value", "list:", "    - 1", "c: 3", "d: 4", "e: 5", "f: 6", "g: 7", "h: 8", "i: 9",
                     "j:    10"]
        try H.write(lines.joined(separator: "\n"), to: "conf/app.yaml", in: folder)
        let r = try H.run(["format", "--check", "./conf/app.yaml"], in: folder)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout, """
            --- a/conf/app.yaml
            +++ b/conf/app.yaml
            @@ -1,6 +1,6 @@
            -key:   value
            +key: value
             list:
            -    - 1
            +  - 1
             c: 3
             d: 4
             e: 5
            @@ -8,4 +8,4 @@
             g: 7
             h: 8
             i: 9
            -j:    10
            \\ No newline at end of file
            +j: 10

            """)
        XCTAssertEqual(r.stderr, "1 of 1 file would change\n")
        // Nothing was written.
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("conf/app.yaml"), encoding: .utf8),
                       lines.joined(separator: "\n"))
    }

    func testNearbyChangesShareOneHunkAndCleanInputPrintsNothing() throws {
        let r = try H.run(["format", "--check", "--stdin-filename", "x.yaml", "-"],
                          stdin: "a:   1\nb: 2\nc: 3\nd: 4\ne: 5\nf: 6\ng:   7\n")
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout, """
            --- a/x.yaml
            +++ b/x.yaml
            @@ -1,7 +1,7 @@
            -a:   1
            +a: 1
             b: 2
             c: 3
             d: 4
             e: 5
             f: 6
            -g:   7
            +g: 7

            """)
        let clean = try H.run(["format", "--check", "-"], stdin: "a: 1\n")
        XCTAssertEqual(clean.status, 0)
        XCTAssertEqual(clean.stdout, "")
        XCTAssertEqual(clean.stderr, "0 of 1 file would change\n")
    }

    func testDiffKeepsCRLFAndSkipsFilesThatCannotBeFormatted() throws {
        let crlf = try H.run(["format", "--check", "--stdin-filename", "w.yaml", "-"], stdin: "a:    1\r\nb: 2\r\n")
        XCTAssertEqual(crlf.status, 1)
        XCTAssertEqual(crlf.stdout, "--- a/w.yaml\n+++ b/w.yaml\n@@ -1,2 +1,2 @@\n-a:    1\r\n+a: 1\r\n b: 2\r\n")
        let invalid = try H.run(["format", "--check", "--stdin-filename", "bad.yaml", "-"], stdin: "a:    [1, 2\nb:     2\n")
        XCTAssertEqual(invalid.status, 1)
        XCTAssertEqual(invalid.stdout, "", "nothing to show for a file that is left untouched")
        XCTAssertTrue(invalid.stderr.hasPrefix("bad.yaml:1:7: error: ") && invalid.stderr.contains("(not formatted)"), invalid.stderr)
    }

    /// Diff tools split lines at `\n` only: a lone-`\r` file is one line for them. Whatever the line
    /// breaks, `patch -p1` and `git apply` accept the diff and applying it gives exactly the bytes
    /// `format` writes.
    func testDiffAppliesWithPatchAndGitApplyWhateverTheLineBreaks() throws {
        for tool in ["/usr/bin/patch", "/usr/bin/git"] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("\(tool) is not installed")
        }
        let cases: [(name: String, text: String, editorConfig: String?)] = [
            ("lf", "a:    1\nb:   2\nc: 3\n", nil),
            ("crlf", "a:    1\r\nb:   2\r\nc: 3\r\n", nil),
            ("cr", "a:    1\rb:   2\rc: 3\r", nil),
            ("cr-no-final-break", "a:    1\rb:   2\rc: 3", nil),
            ("no-final-break", "a:    1\nb:   2\nc: 3", nil),
            ("lf-to-cr", "a:    1\nb: 2\nc: 3\nd: 4\ne: 5\nf: 6\ng: 7\nh:   8\n", "root = true\n[*]\nend_of_line = cr\n"),
            ("cr-to-lf", "a:    1\rb: 2\rc: 3\r", "root = true\n[*]\nend_of_line = lf\n"),
        ]
        for (name, text, editorConfig) in cases {
            let folder = try H.scratchFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let original = Data(text.utf8)
            for tool in ["expected", "patch", "git"] {
                try H.write(text, to: "\(tool)/t.yaml", in: folder)
                if let editorConfig { try H.write(editorConfig, to: "\(tool)/.editorconfig", in: folder) }
            }
            // What `format` writes in place is what applying the diff must give.
            XCTAssertEqual(try H.run(["format", "t.yaml"], in: folder.appendingPathComponent("expected")).status, 0, name)
            let expected = try Data(contentsOf: folder.appendingPathComponent("expected/t.yaml"))
            XCTAssertNotEqual(expected, original, "\(name): the sample must need formatting")
            let diff = try H.run(["format", "--check", "t.yaml"], in: folder.appendingPathComponent("patch"))
            XCTAssertEqual(diff.status, 1, name)
            try Data(diff.stdout.utf8).write(to: folder.appendingPathComponent("t.diff"))
            for (tool, command) in [("patch", "/usr/bin/patch -p1 --quiet < ../t.diff"),
                                    ("git", "/usr/bin/git apply --check ../t.diff && /usr/bin/git apply ../t.diff")] {
                let applied = try runProcess(URL(fileURLWithPath: "/bin/sh"),
                                             ["-c", "cd \"$0\" && { \(command); }", folder.appendingPathComponent(tool).path])
                XCTAssertEqual(applied.status, 0, "\(name), \(tool): " + String(decoding: applied.stdout + applied.stderr, as: UTF8.self) + "\n" + diff.stdout)
                XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("\(tool)/t.yaml")), expected, "\(name), \(tool)")
            }
        }
    }

    func testLoneCRFileIsOneLineForTheDiff() throws {
        let r = try H.run(["format", "--check", "--stdin-filename", "t.yaml", "-"], stdin: "a:    1\rb:   2\rc: 3\r")
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout, """
            --- a/t.yaml
            +++ b/t.yaml
            @@ -1 +1 @@
            -a:    1\rb:   2\rc: 3\r
            \\ No newline at end of file
            +a: 1\rb: 2\rc: 3\r
            \\ No newline at end of file

            """)
    }

    func testDiffAppliesWithPatchToCorpusFiles() throws {
        let patch = URL(fileURLWithPath: "/usr/bin/patch")
        guard FileManager.default.isExecutableFile(atPath: patch.path) else { throw XCTSkip("patch is not installed") }
        let source = try requireSharedFolder("corpus").appendingPathComponent("github-workflows")
        let folder = try H.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Every 8th workflow, copied under short names; formatting changes many of them.
        let picked = H.yamlFiles(below: source).enumerated().filter { $0.offset % 8 == 0 }.map(\.element)
        XCTAssertGreaterThan(picked.count, 20)
        for (i, name) in picked.enumerated() {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name),
                                             to: folder.appendingPathComponent("w\(i).yml"))
        }
        let before = try H.run(["format", "--check", "."], in: folder)
        XCTAssertEqual(before.status, 1, "the corpus sample should need some formatting: \(before.stderr)")
        let changed = before.lines.filter { $0.hasPrefix("+++ b/") }.count
        XCTAssertTrue(before.stderr.hasSuffix("\(changed) of \(picked.count) files would change\n"), before.stderr)
        // What `format -` prints for each file is what the patch must produce.
        var expected: [String: String] = [:]
        for i in picked.indices {
            let text = try String(contentsOf: folder.appendingPathComponent("w\(i).yml"), encoding: .utf8)
            expected["w\(i).yml"] = try H.run(["format", "-"], stdin: text).stdout
        }
        let applied = try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "cd \"$0\" && /usr/bin/patch -p1 --quiet", folder.path],
                                     stdin: Data(before.stdout.utf8))
        XCTAssertEqual(applied.status, 0, String(decoding: applied.stdout + applied.stderr, as: UTF8.self))
        for (name, text) in expected {
            XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8), text, name)
        }
        let after = try H.run(["format", "--check", "."], in: folder)
        XCTAssertEqual(after.status, 0, after.stdout)
        XCTAssertEqual(after.stdout, "")
    }
}
