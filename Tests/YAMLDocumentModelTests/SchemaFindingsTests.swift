import XCTest
import YAMLSyntax
@testable import YAMLDocumentModel

/// ``SchemaFindings``: per-document findings with bases give the flat, sorted list a fresh validation gives,
/// and two of them compare by what they publish, whatever bases they are kept at.
final class SchemaFindingsTests: XCTestCase {
    private func finding(_ start: Int, _ end: Int, _ code: String = "schema-type") -> YAMLDiagnostic {
        YAMLDiagnostic(range: TextRange(start: start, end: end), severity: .warning, code: code, message: code, source: "pureyaml-schema")
    }

    func testTheFlatListIsEveryDocumentsFindingsMovedByTheirBaseAndSorted() {
        var findings = SchemaFindings(documents: 3)
        findings.violations[0] = [finding(2, 4, "schema-enum"), finding(2, 4)]
        findings.violations[2] = [finding(1, 3), finding(5, 6)]
        findings.setBase(2, 100)
        findings.loadProblems = [finding(100, 110, "schema-load-failed")]
        XCTAssertEqual(findings.all.map { "\($0.range.start)-\($0.range.end) \($0.code)" },
                       ["2-4 schema-enum", "2-4 schema-type", "100-110 schema-load-failed", "101-103 schema-type", "105-106 schema-type"])
        var expected = [finding(2, 4), finding(2, 4, "schema-enum"), finding(101, 103), finding(105, 106), finding(100, 110, "schema-load-failed")]
        DiagnosticsCollector.sort(&expected)
        XCTAssertEqual(findings.all, expected)
        XCTAssertFalse(findings.isEmpty)
        XCTAssertTrue(SchemaFindings(documents: 4).isEmpty)
    }

    func testFindingsMeetingOutOfOrderAtADocumentBoundaryAreSorted() {
        var findings = SchemaFindings(documents: 2)
        findings.violations[0] = [finding(8, 10)]
        findings.violations[1] = [finding(0, 2)]
        findings.setBase(1, 8)
        XCTAssertEqual(findings.all, [finding(8, 10), finding(8, 10)])
        // The later document's finding starts before the earlier one's (an empty one at its boundary would).
        findings.violations[1] = [finding(-1, 0, "schema-required")]
        XCTAssertEqual(findings.all, [finding(7, 8, "schema-required"), finding(8, 10)])
    }

    func testTwoResultsCompareByWhatTheyPublish() {
        var kept = SchemaFindings(documents: 3)
        kept.violations[1] = [finding(1, 2)]
        kept.setBase(1, 50)
        kept.violations[2] = []
        // The same findings kept at another base, or not validated instead of validated with none.
        var absolute = SchemaFindings(documents: 3)
        absolute.violations[1] = [finding(51, 52)]
        XCTAssertTrue(kept.hasSameDiagnostics(as: absolute))
        XCTAssertTrue(absolute.hasSameDiagnostics(as: kept))
        // A base moved: the findings are elsewhere.
        var moved = kept
        moved.setBase(1, 51)
        XCTAssertFalse(kept.hasSameDiagnostics(as: moved))
        // A finding more, or a load problem more.
        var more = kept
        more.violations[0] = [finding(0, 1)]
        XCTAssertFalse(kept.hasSameDiagnostics(as: more))
        var problem = kept
        problem.loadProblems = [finding(0, 1, "schema-load-failed")]
        XCTAssertFalse(kept.hasSameDiagnostics(as: problem))
        XCTAssertTrue(SchemaFindings().hasSameDiagnostics(as: SchemaFindings(documents: 2)))
    }
}
