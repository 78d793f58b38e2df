import XCTest
@testable import YAMLParser
import YAMLSyntax

/// The parser's own buffers (token queue, state stack) keep order through growth, inserts and drops,
/// and a parse that needs them to grow past their first capacity reads the same as the text says.
final class ParserBuffersTests: XCTestCase {
    func testTokenQueueKeepsOrderThroughGrowthInsertsAndDrops() {
        var queue = TokenQueue(capacity: 2)
        for i in 0..<10 { queue.append(ScannerToken(.scalar, start: i * 10, end: i * 10 + 1)) }
        queue.insert(ScannerToken(.key, start: 35, end: 35), at: 4)      // before the token at 40
        queue.insert(ScannerToken(.blockMappingStart, start: 0, end: 0), at: 0)
        queue.insert(ScannerToken(.value, start: 99, end: 100), at: queue.count)
        XCTAssertEqual(queue.count, 13)
        XCTAssertEqual((0..<queue.count).map { queue[$0].start }, [0, 0, 10, 20, 30, 35, 40, 50, 60, 70, 80, 90, 99])
        XCTAssertEqual(queue[5].kind, .key)
        queue.removeFirst(6)
        XCTAssertEqual((0..<queue.count).map { queue[$0].start }, [40, 50, 60, 70, 80, 90, 99])
        XCTAssertEqual(queue.last?.kind, .value)
        queue.removeFirst(queue.count)
        XCTAssertNil(queue.last)
    }

    func testStateStackPopsInReverseOrderThroughGrowth() {
        var stack = StateStack(capacity: 1)
        let states: [StreamParser.State] = [.documentEnd, .blockMappingKey, .flowSequenceEntry(first: false),
                                            .flowMappingKey(first: true), .blockSequenceEntry]
        for s in states { stack.append(s) }
        XCTAssertEqual(stack.count, 5)
        XCTAssertTrue(stack.contains(.flowSequenceEntry(first: false)))
        XCTAssertFalse(stack.contains(.flowSequenceEntry(first: true)))
        var popped: [StreamParser.State] = []
        while let s = stack.popLast() { popped.append(s) }
        XCTAssertEqual(popped, Array(states.reversed()))
        XCTAssertNil(stack.popLast())
    }

    func testDeepNestingGrowsBothBuffers() {
        // 200 nested flow sequences, then 200 nested block mappings: more pending states and queued
        // tokens than the buffers start with.
        let flow = String(repeating: "[", count: 200) + "x" + String(repeating: "]", count: 200) + "\n"
        var block = ""
        for depth in 0..<200 { block += String(repeating: " ", count: depth) + "k\(depth):\n" }
        block += String(repeating: " ", count: 200) + "v\n"
        for text in [flow, "---\n" + block] {
            let result = Parser.parse(text)
            XCTAssertEqual(result.errors, [], text)
            XCTAssertEqual(result.tree.printedBytes, Array(text.utf8))
            let starts = result.events.filter {
                if case .sequenceStart = $0.kind { return true }
                if case .mappingStart = $0.kind { return true }
                return false
            }
            XCTAssertEqual(starts.count, 200)
        }
    }
}
