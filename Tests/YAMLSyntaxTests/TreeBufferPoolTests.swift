import XCTest
@testable import YAMLSyntax

/// The buffers of a freed large tree are reused by the next large tree (``TreeBufferPool``), and reuse
/// never changes a tree or a token array someone still holds.
final class TreeBufferPoolTests: XCTestCase {
    /// A tree over `lines` lines of `key: value`, five nodes and five tokens per line (40,000 lines
    /// reserve room for 120,000 nodes and tokens: 2 and 1.4 MB, above the pool's 1 MiB threshold).
    private func buildTree(lines: Int, key: String) -> SyntaxTree {
        var text: [UInt8] = []
        for i in 0..<lines { text += Array("\(key)\(i % 97): v\n".utf8) }
        var b = SyntaxTreeBuilder(bytes: text)
        b.startNode(.document)
        b.startNode(.blockMapping)
        var offset = 0
        for i in 0..<lines {
            let line = Array("\(key)\(i % 97): v\n".utf8)
            b.startNode(.mappingEntry)
            b.startNode(.key); b.startNode(.scalar)
            b.token(.plainScalar, end: offset + line.count - 4)
            b.finishNode(); b.finishNode()
            b.token(.mappingValue, end: offset + line.count - 3)
            b.token(.whitespace, end: offset + line.count - 2)
            b.startNode(.value); b.startNode(.scalar); b.token(.plainScalar, end: offset + line.count - 1)
            b.finishNode(); b.finishNode()
            b.finishNode()
            b.token(.newline, end: offset + line.count)
            offset += line.count
        }
        return b.finish()
    }

    /// Addresses of a tree's node-kind buffer and token buffer.
    private func addresses(_ tree: SyntaxTree) -> (UnsafeMutablePointer<NodeKind>, UnsafeRawPointer?) {
        (tree.nodes.storage.kinds, tree.tokens.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) })
    }

    /// Kinds and ranges of every node.
    private func shape(_ tree: SyntaxTree) -> [TextRange] {
        (0..<tree.nodes.count).map { tree.range(ofNode: $0) }
    }

    func testFreedBuffersAreReusedAndReuseChangesNothing() {
        let lines = 40_000
        // A tree whose buffers go to the pool when it is freed; its tokens are still held here.
        let (firstAddresses, heldTokens, heldShape): ((UnsafeMutablePointer<NodeKind>, UnsafeRawPointer?), [Token], [TextRange]) = {
            let tree = buildTree(lines: lines, key: "a")
            return (addresses(tree), tree.tokens, shape(tree))
        }()
        // The next tree of that size takes the node buffers (the tokens are still referenced, so it gets
        // a token buffer of its own) and is the same tree as one built while the pool was empty.
        let second = buildTree(lines: lines, key: "b")
        XCTAssertEqual(second.nodes.storage.kinds, firstAddresses.0, "node buffers not reused")
        XCTAssertNotEqual(addresses(second).1, firstAddresses.1, "a held token array must not be reused")
        let fresh = buildTree(lines: lines, key: "b")
        XCTAssertNotEqual(fresh.nodes.storage.kinds, second.nodes.storage.kinds)
        XCTAssertEqual(shape(second), shape(fresh))
        XCTAssertEqual(second.nodes.map(\.kind), fresh.nodes.map(\.kind))
        XCTAssertEqual(second.tokens, fresh.tokens)
        XCTAssertEqual(second.printedBytes, second.bytes)
        // What was held is unchanged.
        XCTAssertEqual(heldTokens.count, lines * 5)
        XCTAssertEqual(heldTokens.first?.range, TextRange(start: 0, end: 2))
        XCTAssertEqual(heldTokens.first?.kind, .plainScalar)
        XCTAssertEqual(heldShape, shape(fresh))
    }

    func testTokenBufferIsReusedWhenNotHeld() {
        let lines = 40_000
        let first: UnsafeRawPointer? = addresses(buildTree(lines: lines, key: "a")).1
        let second = buildTree(lines: lines, key: "c")
        XCTAssertEqual(addresses(second).1, first, "token buffer not reused")
        XCTAssertEqual(second.printedBytes, second.bytes)
        XCTAssertEqual(second.tokens.first?.range, TextRange(start: 0, end: 2))
        XCTAssertEqual(second.tokens.count, lines * 5)
    }

    func testSmallTreesDoNotUseThePool() {
        let small = buildTree(lines: 10, key: "a")
        XCTAssertLessThan(small.nodes.storage.capacity * TreeBufferPool.bytesPerNode, TreeBufferPool.minimumBytes)
        XCTAssertNil(TreeBufferPool.takeNodes(capacity: small.nodes.storage.capacity))
    }
}
