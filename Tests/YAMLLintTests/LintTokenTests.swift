import XCTest
import YAMLLint
import YAMLParser

/// `LintToken` keeps its positions in 32 bits through the shared `Int32Storage` wrapper: 32 bytes a
/// token, `Int` accessors, and the raw fields (`$start`, ...) for comparisons in hot loops.
final class LintTokenTests: XCTestCase {
    func testPositionsAreStoredInThirtyTwoBitsAndReadAsInt() {
        XCTAssertEqual(MemoryLayout<LintToken>.stride, 32)
        var token = LintToken(.scalar, start: 7, end: 12)
        token.startLine = 3
        token.endLine = 3
        token.startColumn = 40
        token.endColumn = 45
        XCTAssertEqual([token.start, token.end, token.startLine, token.endLine, token.startColumn, token.endColumn],
                       [7, 12, 3, 3, 40, 45])
        XCTAssertEqual([token.$start, token.$end, token.$startLine, token.$endColumn], [7, 12, 3, 45] as [Int32])
        // A new token's event is "not looked up yet" (-2); writing the raw field is seen through the Int.
        XCTAssertEqual(token.event, -2)
        token.$event = -1
        XCTAssertEqual(token.event, -1)
        token.event = 1 << 31 + 5   // past Int32: truncated, as documented
        XCTAssertEqual(token.$event, Int32(truncatingIfNeeded: 1 << 31 + 5))
    }
}
