import Foundation
import TestSupport
import XCTest

/// `check` of a folder checks its files on every core (one model per thread) and reports them as a check
/// of one file after the other does: the same lines in the same order, the same summary and exit status.
final class CommandLineParallelCheckTests: XCTestCase {
    typealias H = CommandLineCIHarness

    private var folder: URL!

    override func setUpWithError() throws { folder = try H.scratchFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// 36 files with different findings (duplicate keys, lint warnings, schema violations through a local
    /// schema, none), checked as a folder with `--explain`, against each file checked alone: the explain
    /// lines (printed while checking) and the findings (printed after the last file) come in file order.
    func testAFolderCheckReportsItsFilesInOrderAsOneByOne() throws {
        try H.write("extends: default\nrules:\n  document-start: disable\n", to: ".yamllint", in: folder)
        try H.write(#"{"type": "object", "properties": {"port": {"type": "integer"}}}"#, to: "schema.json", in: folder)
        for i in 0..<36 {
            let text: String
            switch i % 4 {
            case 0: text = "a: \(i)\na: 2\n"                                            // duplicate key: an error
            case 1: text = "a:    \(i)\nb: [1,2]\n"                                     // lint warnings
            case 2: text = "# yaml-language-server: $schema=../schema.json\nport: p\(i)\n" // a schema violation
            default: text = "a: \(i)\n"                                                  // nothing
            }
            try H.write(text, to: "files/f\(String(format: "%02d", i)).yaml", in: folder)
        }
        let whole = try H.run(["check", "--explain", "files"], in: folder)
        let explains = { (run: H.Output) in run.lines.filter { $0.contains(": document ") } }
        let findings = { (run: H.Output) in run.lines.filter { !$0.contains(": document ") } }
        var expectedExplains: [String] = [], expectedFindings: [String] = []
        var errors = 0, warnings = 0
        for i in 0..<36 {
            let one = try H.run(["check", "--explain", "files/f\(String(format: "%02d", i)).yaml"], in: folder)
            expectedExplains += explains(one)
            expectedFindings += findings(one)
            let counts = one.stderr.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            errors += counts[1]
            warnings += counts[2]
        }
        XCTAssertEqual(explains(whole), expectedExplains)
        XCTAssertEqual(findings(whole), expectedFindings)
        XCTAssertEqual(expectedExplains.count, 36, "one explain line per file")
        XCTAssertEqual(Set(expectedFindings.map { $0.components(separatedBy: ":")[0] }).count, 27, "findings in 27 files")
        XCTAssertEqual(whole.stderr, "checked 36 files: \(errors) errors, \(warnings) warnings\n")
        XCTAssertEqual(whole.status, 1)
    }
}
