import Foundation
import TestSupport
import XCTest
@testable import YAMLLint
import YAMLParser

/// The tight token capacity the tokenizer reserves for big texts holds every token it writes.
final class LintTokenCapacityTests: XCTestCase {
    func testTightCapacityHoldsEveryTokenOfTheSuite() throws {
        let root = try requireSharedFolder("yaml-test-suite")
        let cases = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { !$0.contains(".") }.sorted()
        var texts = 0, exact = 0
        for name in cases {
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(name).appendingPathComponent("in.yaml").path)
            else { continue }
            let bytes = Array(data)
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
