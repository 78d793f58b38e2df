@testable import YAMLLint
import XCTest

/// The hand-built messages read exactly as `String` interpolation writes them.
final class LintMessageTests: XCTestCase {
    func testMessagesMatchInterpolation() {
        for (x, y) in [(0, 0), (81, 80), (7, 1234567), (-3, 42), (Int.max, Int.min), (9, 10), (99, 100)] {
            XCTAssertEqual(LintMessage.make("line too long (", x, " > ", y, " characters)"),
                           "line too long (\(x) > \(y) characters)")
            XCTAssertEqual(LintMessage.make("wrong indentation: expected ", x, " but found ", y, ""),
                           "wrong indentation: expected \(x) but found \(y)")
            XCTAssertEqual(LintMessage.make("too many blank lines (", x, " > ", y, ")"),
                           "too many blank lines (\(x) > \(y))")
            XCTAssertEqual(LintMessage.make("too few spaces before comment: expected ", x), "too few spaces before comment: expected \(x)")
        }
        // A one-character literal (stored as a scalar, not a pointer) and an empty one.
        XCTAssertEqual(LintMessage.make("(", 5, ")"), "(5)")
        XCTAssertEqual(LintMessage.make("", -12), "-12")
    }
}
