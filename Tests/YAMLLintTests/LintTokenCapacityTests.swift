import XCTest
@testable import YAMLLint
import YAMLParser

/// The tight token capacity the tokenizer reserves for big texts holds every token it writes.
final class LintTokenCapacityTests: XCTestCase {
    func testTightCapacityHoldsEveryTokenOfTheSuite() throws {
        var texts = 0, exact = 0
        for (name, bytes) in try LintRobustnessTests.suiteInputs() {
            for text in [bytes, Array(bytes.prefix(bytes.count / 2))] {
                texts += 1
                let parse = Parser.parse(text)
                let written = LintTokenizer.unresolvedTokens(parse, text: LintText(text)).count
                let tight = parse.tree.tokens.withUnsafeBufferPointer {
                    LintTokenizer.tightTokenCapacity(nodes: parse.tree.nodes, treeTokens: $0)
                }
                XCTAssertLessThanOrEqual(written, tight, name)
                if written == tight { exact += 1 }
            }
        }
        XCTAssertGreaterThan(texts, 100)
        // The bound is exact on most texts (explicit keys and multi-line scalars make it loose).
        XCTAssertGreaterThan(exact, texts / 2)
    }
}
