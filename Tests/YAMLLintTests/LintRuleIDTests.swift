import XCTest
@testable import YAMLLint

/// Rule ordinals (written as literals so the run's per-rule bits are constants) follow yamllint's
/// rule order, in which the problems of one token are reported.
final class LintRuleIDTests: XCTestCase {
    func testOrdinalsFollowTheRuleOrder() {
        for (k, id) in LintRuleID.allCases.enumerated() { XCTAssertEqual(id.ordinal, k, id.rawValue) }
        XCTAssertEqual(LintRuleID.allCases.map(\.rawValue), LintRuleID.allCases.map(\.rawValue).sorted())
    }
}
