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
        // A node is stored as a 1-byte kind and a 16-byte link record (first child implied).
        XCTAssertEqual(MemoryLayout<NodeKind>.stride, 1)
        XCTAssertEqual(MemoryLayout<SyntaxTree.NodeLink>.stride, 16)
        var token = Token(kind: .plainScalar, range: TextRange(start: 3, end: 9))
        XCTAssertEqual(token.range, TextRange(start: 3, end: 9))
        token.range = TextRange(start: 100_000, end: 2_000_000_000)
        XCTAssertEqual(token.range.start, 100_000)
        XCTAssertEqual(token.range.end, 2_000_000_000)
    }

    func testNodeLinksFollowPreOrder() {
        // Siblings, empty nodes and a node whose next neighbour in pre-order is its parent's sibling:
        // firstChild (implied by the pre-order) and nextSibling must match the nesting as built.
        let bytes = Array("abcdef".utf8)
        var b = SyntaxTreeBuilder(bytes: bytes)
        b.startNode(.document)                                  // 1
        b.startNode(.blockSequence)                             // 2
        b.startNode(.sequenceItem); b.token(.plainScalar, end: 1); b.finishNode()   // 3, leaf
        b.startNode(.sequenceItem)                              // 4
        b.startNode(.scalar); b.token(.plainScalar, end: 2); b.finishNode()         // 5
        b.startNode(.scalar); b.finishNode()                    // 6, empty
        b.finishNode()
        b.startNode(.sequenceItem); b.token(.plainScalar, end: 3); b.finishNode()   // 7
        b.finishNode(); b.finishNode()
        b.startNode(.document); b.token(.plainScalar, end: 6); b.finishNode()       // 8
        let tree = b.finish()
        let n = tree.nodes
        XCTAssertEqual(n.count, 9)
        XCTAssertEqual(n.map(\.firstChild), [1, 2, 3, -1, 5, -1, -1, -1, -1])
        XCTAssertEqual(n.map(\.nextSibling), [-1, 8, -1, 4, 7, 6, -1, -1, -1])
        XCTAssertEqual(n.map(\.parent), [-1, 0, 1, 2, 2, 4, 4, 2, 0])
        XCTAssertEqual(n.map(\.kind), [.stream, .document, .blockSequence, .sequenceItem, .sequenceItem, .scalar,
                                        .scalar, .sequenceItem, .document])
        XCTAssertEqual(n[6].firstToken, 2)
        XCTAssertEqual(n[6].endToken, 2)
        XCTAssertEqual(n[0].endToken, tree.tokens.count)
        XCTAssertEqual(tree.root.children.map(\.index), [1, 8])
        XCTAssertEqual(SyntaxNode(tree: tree, index: 4).children.map(\.index), [5, 6])
    }

    func testLongNodeDistancesAreKeptExactly() {
        // Ends and next siblings far from a node (0xFFFF tokens or nodes and more, past any 16-bit
        // distance) read back exactly.
        let tokenCount = 70_000
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: tokenCount + 2)
        var b = SyntaxTreeBuilder(bytes: bytes)
        b.startNode(.document)                                   // 1: covers 0xFFFF + 1 tokens
        b.startNode(.blockSequence)                              // 2: covers 0xFFFF tokens exactly, 70,000 children
        for i in 0..<0xFFFF {
            b.startNode(.sequenceItem)                           // 3 + i
            b.token(.plainScalar, end: i + 1)
            b.finishNode()
        }
        b.finishNode()
        b.startNode(.scalar); b.token(.plainScalar, end: 0xFFFF + 1); b.finishNode()   // 0xFFFF + 3
        b.finishNode()
        b.startNode(.document); b.token(.plainScalar, end: bytes.count); b.finishNode()   // 0xFFFF + 4
        let tree = b.finish()
        let n = tree.nodes
        XCTAssertEqual(n.count, 0xFFFF + 5)
        XCTAssertEqual(n[1].endToken, 0xFFFF + 1)
        XCTAssertEqual(n[1].nextSibling, 0xFFFF + 4)          // 0xFFFF + 3 nodes away
        XCTAssertEqual(n[2].firstToken, 0)
        XCTAssertEqual(n[2].endToken, 0xFFFF)
        XCTAssertEqual(n[2].nextSibling, 0xFFFF + 3)          // 0xFFFF + 1 nodes away
        XCTAssertEqual(n[3].nextSibling, 4)
        XCTAssertEqual(n[0xFFFF + 2].nextSibling, -1)
        XCTAssertEqual(n[0xFFFF + 2].parent, 2)
        XCTAssertEqual(n[0xFFFF + 3].parent, 1)
        XCTAssertEqual(n[0].endToken, tree.tokens.count)
        XCTAssertEqual(tree.root.children.map(\.index), [1, 0xFFFF + 4])
        XCTAssertEqual(SyntaxNode(tree: tree, index: 1).children.map(\.index), [2, 0xFFFF + 3])
        XCTAssertEqual(tree.printedBytes, bytes)
    }
}
