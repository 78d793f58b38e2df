import XCTest
import YAMLDocumentModel
import YAMLSyntax

final class SelectionRangesTests: XCTestCase {
    func testFromScalarToWholeText() {
        let t = MarkedText("# head\na:\n  b: [1, 21️⃣]\n  c: x2️⃣\n")
        let model = t.model()
        let chains = model.selectionRanges(testURI, at: [t["1️⃣"], t["2️⃣"]]) ?? []
        XCTAssertEqual(chains.count, 2)
        XCTAssertEqual(chains[0].map(t.slice), [
            "2", "[1, 2]", "b: [1, 2]", "b: [1, 2]\n  c: x", "a:\n  b: [1, 2]\n  c: x", t.text,
        ])
        XCTAssertEqual(chains[1].first.map(t.slice), "x")
        XCTAssertEqual(chains[1].dropFirst().first.map(t.slice), "c: x")
        for chain in chains {
            for (inner, outer) in zip(chain, chain.dropFirst()) { XCTAssertTrue(outer.contains(inner) && outer != inner) }
        }
    }

    func testEveryOffsetOfABrokenBufferHasAChain() {
        let text = "a: [1, {b: \"x\n- c\n  d: &"
        let model = MarkedText(text).model()
        let chains = model.selectionRanges(testURI, at: Array(0...text.utf8.count)) ?? []
        XCTAssertEqual(chains.count, text.utf8.count + 1)
        for chain in chains { XCTAssertEqual(chain.last, TextRange(start: 0, end: text.utf8.count)) }
    }
}
