import XCTest
@testable import YAMLLint
import YAMLParser

/// A lint run reads the token stream through a small ring while the tokenizer's walk writes it: the
/// tokens it reads are those of the whole-array walk, in order, with the token before and the two
/// after the current one held.
final class LintTokenWindowTests: XCTestCase {
    /// Every yaml-test-suite input (valid or not), and a text many rings long in which 300 block
    /// mappings close at one place (300 `BLOCK-END`s in a row, more than the walk's margin) followed
    /// by a flow sequence of 2,000 items.
    func testRingGivesTheArrayTokens() throws {
        var inputs = try LintRobustnessTests.suiteInputs().map(\.bytes)
        var deep = ""
        for d in 0..<300 { deep += String(repeating: " ", count: d) + "k\(d):\n" }
        deep += String(repeating: " ", count: 300) + "v\n"
        deep += "tail: [" + (0..<2000).map { "\($0)" }.joined(separator: ", ") + "]\n"
        inputs.append(Array(deep.utf8))
        var longest = 0
        for bytes in inputs {
            let parse = Parser.parse(bytes)
            let text = LintText(bytes)
            let expected = LintTokenizer.unresolvedTokens(parse, text: text)
            let read: [LintToken] = LintStream.run(text: text, parse: parse) { s in
                var out: [LintToken] = []
                var i = 0
                while s.ensure(i) {
                    out.append(s.tokens[i])
                    if i > 0 && i - 1 < expected.count { XCTAssertEqual(s.tokens[i - 1], expected[i - 1]) }
                    XCTAssertEqual(i + 1 < s.tokens.count, i + 1 < expected.count)
                    XCTAssertEqual(i + 2 < s.tokens.count, i + 2 < expected.count)
                    if i + 2 < s.tokens.count && i + 2 < expected.count { XCTAssertEqual(s.tokens[i + 2], expected[i + 2]) }
                    i += 1
                }
                return out
            }
            XCTAssertEqual(read, expected)
            longest = max(longest, read.count)
        }
        XCTAssertGreaterThan(longest, 8 * LintTokenWindow.size)
    }
}
