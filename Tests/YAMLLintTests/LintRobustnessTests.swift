import Foundation
import TestSupport
import XCTest
import YAMLLint
import YAMLParser

/// Every rule (with non-default options) runs over every yaml-test-suite input, valid or not, and over
/// its halves, without crashing; every finding points inside the text, at a 1-based line (0 only where yamllint says 0) and column.
final class LintRobustnessTests: XCTestCase {
    func testEveryRuleOverTheSuite() throws {
        let configuration = try LintConfiguration.parse(Array(YamllintParityTests.everyRuleConfiguration.utf8))
        var texts = 0, findings = 0
        for (name, bytes) in try LintRobustnessTests.suiteInputs() {
            for text in [bytes, Array(bytes.prefix(bytes.count / 2))] {
                texts += 1
                for f in Linter.lint(Parser.parse(text), configuration: configuration) {
                    findings += 1
                    // yamllint reports a missing `...` at the end of a one-line text without a final line
                    // break on line 0; we report what it reports.
                    XCTAssertGreaterThanOrEqual(f.line, f.rule == "document-end" ? 0 : 1, name)
                    XCTAssertGreaterThanOrEqual(f.column, 0, name)
                    XCTAssertLessThanOrEqual(f.range.end, text.count, name)
                    XCTAssertLessThanOrEqual(f.range.start, f.range.end, name)
                }
            }
        }
        XCTAssertGreaterThan(texts, 500)
        XCTAssertGreaterThan(findings, 1000)
    }

    /// Every yaml-test-suite case's name and `in.yaml` bytes, by name (skips when the shared folder is
    /// absent).
    static func suiteInputs() throws -> [(name: String, bytes: [UInt8])] {
        let root = try requireSharedFolder("yaml-test-suite")
        let cases = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { !$0.contains(".") }.sorted()
        return cases.compactMap { name in
            FileManager.default.contents(atPath: root.appendingPathComponent(name).appendingPathComponent("in.yaml").path)
                .map { (name, Array($0)) }
        }
    }
}
