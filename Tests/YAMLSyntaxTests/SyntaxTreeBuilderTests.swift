import XCTest
@testable import YAMLSyntax

final class SyntaxTreeBuilderTests: XCTestCase {
    func testBuilderIsLosslessAndNests() {
        let bytes = Array("a: 1 # c\n".utf8)
        var b = SyntaxTreeBuilder(bytes: bytes)
        b.startNode(.document)
        b.startNode(.blockMapping)
        b.startNode(.mappingEntry)
        b.startNode(.key); b.startNode(.scalar); b.token(.plainScalar, end: 1); b.finishNode(); b.finishNode()
        b.token(.mappingValue, end: 2)
        b.token(.whitespace, end: 3)
        b.startNode(.value); b.startNode(.scalar); b.token(.plainScalar, end: 4); b.finishNode(); b.finishNode()
        b.finishNode(); b.finishNode()
        b.token(.whitespace, end: 5)
        // Leftover bytes become an error token inside the still-open document.
        let tree = b.finish()
        XCTAssertEqual(tree.printedBytes, bytes)
        XCTAssertEqual(tree.root.children.map(\.kind), [.document])
        let entry = tree.root.children[0].children[0].children[0]
        XCTAssertEqual(entry.kind, .mappingEntry)
        XCTAssertEqual(entry.range, TextRange(start: 0, end: 4))
        XCTAssertEqual(entry.directTokens.map(\.kind), [.mappingValue, .whitespace])
        XCTAssertEqual(tree.tokens.last?.kind, .error)
        XCTAssertEqual(tree.deepestNode(at: 3).kind, .scalar)
        XCTAssertEqual(tree.deepestNode(at: 2).kind, .mappingEntry)
    }

    func testTokensAndNodesAreCompact() {
        // Tokens and nodes are the bulk of a parse's memory: 32-bit offsets and indices.
        XCTAssertEqual(MemoryLayout<Token>.stride, 12)
        XCTAssertEqual(MemoryLayout<SyntaxTree.NodeData>.stride, 24)
        var token = Token(kind: .plainScalar, range: TextRange(start: 3, end: 9))
        XCTAssertEqual(token.range, TextRange(start: 3, end: 9))
        token.range = TextRange(start: 100_000, end: 2_000_000_000)
        XCTAssertEqual(token.range.start, 100_000)
        XCTAssertEqual(token.range.end, 2_000_000_000)
    }
}
