import Foundation
import TestSupport
import XCTest

/// Hostile configuration and schemas from a stranger's repository, through the built binary: each ends
/// in a clear finding or a normal result, never a crash or a hang (issue 23).
extension CommandLineTests {
    func testEditorConfigSectionsThatRecurseOrBacktrackDoNotCrashFormat() throws {
        let name = String(repeating: "a", count: 100) + ".yaml"
        let f = try write(name, "a:    1\n")
        try write(".editorconfig", "root = true\n[{}]\nindent_size = 3\n[" + String(repeating: "{", count: 100_000)
                  + "]\nindent_size = 5\n[*a*a*a*a*a*a*b]\nindent_size = 7\n[" + String(repeating: "{a,b}", count: 30_000)
                  + "]\nindent_size = 9\n")
        let r = try assertNoHang(cpuSecondsAtMost: 60, "format under a hostile .editorconfig") { try run(["format", folder.path]) }
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertEqual(try read(f), "a: 1\n")
    }

    func testYamllintIgnoreGlobsAreLinear() throws {
        let name = String(repeating: "a", count: 100) + ".yaml"
        try write(name, "key: value  \n")
        try write(".yamllint", "extends: default\nignore: |\n  *a*a*a*a*a*a*b\n  " + String(repeating: "*a", count: 500) + "b\n")
        let r = try assertNoHang(cpuSecondsAtMost: 60, "check with backtracking ignore globs") { try run(["check", folder.path]) }
        XCTAssertEqual(r.status, 1, r.err)
        XCTAssertTrue(r.out.contains("trailing spaces"), r.out)
    }

    func testACatastrophicSchemaPatternGivesAFindingNotAHang() throws {
        try write("s.json", #"{"type": "object", "properties": {"name": {"type": "string", "pattern": "^(a+)+$"}}}"#)
        let f = try write("doc.yaml", "# yaml-language-server: $schema=./s.json\nname: " + String(repeating: "a", count: 30) + "b\n")
        let r = try assertNoHang(cpuSecondsAtMost: 60, "check with ^(a+)+$") { try run(["check", f.path]) }
        XCTAssertTrue(r.out.contains("the pattern \"^(a+)+$\" is too complex to check within the budget"), r.out)
        XCTAssertTrue(r.err.hasPrefix("checked 1 file: 0 errors, 1 warning"), r.err)
    }

    func testACatastrophicYamllintPatternDoesNotHang() throws {
        let f = try write("doc.yaml", "key: " + String(repeating: "a", count: 40) + "b\n")
        try write(".yamllint", "extends: default\nrules:\n  document-start: disable\n  quoted-strings:\n    required: only-when-needed\n    extra-required: ['^(a+)+$']\n")
        let r = try assertNoHang(cpuSecondsAtMost: 60, "check with extra-required ^(a+)+$") { try run(["check", f.path]) }
        XCTAssertEqual(r.status, 0, r.out + r.err)
    }

    func testAnAliasBombInTheYamllintConfigurationIsRefused() throws {
        let bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + (1...9).map { level -> String in
            let previous = level == 1 ? "a" : "l\(level - 1)"
            return "l\(level): &l\(level) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
        }.joined() + "extends: default\n"
        try write(".yamllint", bomb)
        try write(".pureyaml.yaml", bomb.replacingOccurrences(of: "extends: default\n", with: ""))
        let f = try write("doc.yaml", "key: value\n")
        let r = try assertNoHang(cpuSecondsAtMost: 60, "check under alias bombs") { try run(["check", f.path]) }
        XCTAssertTrue((r.out + r.err).contains("its aliases expand to more than 100000 nodes"), r.out + r.err)
    }

    func testFindingsPerFileAreCapped() throws {
        let f = try write("dup.yaml", "k: 1\n" + String(repeating: "k: 2\n", count: 100_000))
        let r = try run(["check", f.path])
        XCTAssertEqual(r.status, 1)
        let lines = r.out.split(separator: "\n")
        XCTAssertEqual(lines.count, 1_001)
        XCTAssertTrue(lines.last?.hasSuffix("error: 99000 more findings in this document are not shown (at most 1000 are listed per document). [too-many-findings]") == true,
                      String(lines.last ?? ""))
    }
}
