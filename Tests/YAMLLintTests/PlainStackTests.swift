@testable import YAMLLint
import XCTest

/// The rules' plain stacks push, pop, grow and serve as fixed tables like an array.
final class PlainStackTests: XCTestCase {
    func testPlainStackPushesPopsAndGrows() {
        var stack = PlainStack<Int>()
        XCTAssertTrue(stack.isEmpty)
        for k in 0..<1000 { stack.append(k) }
        XCTAssertEqual(stack.count, 1000)
        XCTAssertEqual(stack.top, 999)
        XCTAssertEqual(stack[500], 500)
        stack.removeLast(2)
        XCTAssertEqual(stack.top, 997)
        stack.top = -1
        XCTAssertEqual(stack[997], -1)
        stack.removeLast(5000)
        XCTAssertTrue(stack.isEmpty)
        let table = PlainStack(repeating: 7, count: 16)
        XCTAssertEqual(table.count, 16)
        XCTAssertEqual((0..<16).map { table[$0] }, Array(repeating: 7, count: 16))
        XCTAssertTrue(PlainStack(repeating: 7, count: 0).isEmpty)
    }
}
