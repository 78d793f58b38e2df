import XCTest
import YAMLDocumentModel
import YAMLSyntax

final class FoldingTests: XCTestCase {
    /// (startLine, endLine, kind) of every region.
    private func folds(_ text: String, settings: Settings = Settings()) -> [String] {
        let model = MarkedText(text).model(settings: settings)
        return (model.folding(testURI)?.regions ?? []).map { r in
            "\(r.startLine)-\(r.endLine)" + (r.kind == .comment ? " comment" : r.kind == .document ? " document" : "")
        }
    }

    func testEntriesFlowCollectionsBlockScalarsAndComments() {
        let text = """
        a:
          b: 1
          c: 2

        # about d
        # and more
        d: [1,
          2]
        e: |
          line1
          line2

        f: "multi
          line"
        g: x
        """
        XCTAssertEqual(folds(text), ["0-2", "4-5 comment", "6-7", "8-10", "12-13"])
    }

    func testAFoldStopsBeforeTrailingCommentsOfTheNextEntry() {
        let text = """
        steps:
          - name: a
            run: b
          # the second step
          - name: c
            run: d

        next: 1
        """
        XCTAssertEqual(folds(text), ["0-5", "1-2", "4-5"])
    }

    func testABlockFoldTakesTheCommentLinesIndentedUnderIt() {
        let text = CommentedBlocks.text
        XCTAssertEqual(folds(text), ["0-4", "1-2 comment", "4-5 comment", "6-11", "7-9", "8-9", "9-11 comment", "12-15", "13-14", "17-19",
                                     "20-21", "22-26", "23-27 comment"])
        // The character range ends at the last comment.
        let model = MarkedText(text).model()
        let end = text.utf8.distance(from: text.startIndex, to: text.range(of: "#   memory: 128Mi")!.upperBound)
        XCTAssertEqual(model.folding(testURI)?.regions.first?.range.end, end)
    }

    func testDocumentsOfAStream() {
        XCTAssertEqual(folds("a: 1\nb: 2\n---\nc: 3\n...\n---\nd:\n  e: 1\n"), ["0-1 document", "2-4 document", "5-7 document", "6-7"])
        // A document's fold runs to its last comment line.
        XCTAssertEqual(folds("a: 1\nb: 2\n# tail\n---\nc: 1\n"), ["0-2 document", "3-4 document"])
        // A single document is not folded as a whole.
        XCTAssertEqual(folds("a: 1\nb: 2\n"), [])
    }

    func testCharacterRangeEndsAtTheLastSignificantByte() {
        let text = "a:\n  b: 1   \n\n"
        let model = MarkedText(text).model()
        let region = model.folding(testURI)?.regions.first
        XCTAssertEqual(region?.range, TextRange(start: 2, end: 9))
    }

    func testTheCapKeepsTheFirstRegions() {
        var settings = Settings()
        settings.maxItemsComputed = 2
        let model = MarkedText("a:\n  x: 1\nb:\n  x: 1\nc:\n  x: 1\n").model(settings: settings)
        let surface = model.folding(testURI)
        XCTAssertEqual(surface?.regions.map(\.startLine), [0, 2])
        XCTAssertEqual(surface?.truncated, true)
    }

    func testFiftyThousandLines() {
        // 10,000 entries of 5 lines: each folds twice (the entry, and its `b` list).
        var text = ""
        for i in 0..<10_000 { text += "k\(i):\n  a: 1\n  b:\n    - x\n    - y\n" }
        let model = MarkedText(text).model()
        let surface = model.folding(testURI)
        XCTAssertEqual(surface?.regions.count, 5000)
        XCTAssertEqual(surface?.truncated, true)
        XCTAssertEqual(surface?.regions.last.map { "\($0.startLine)-\($0.endLine)" }, "12497-12499")
        let tokens = model.semanticTokens(testURI)
        XCTAssertEqual(tokens?.tokens.count, 5000)
        XCTAssertEqual(tokens?.truncated, true)
        var settings = Settings()
        settings.maxItemsComputed = 100_000
        model.perform(.configure(settings))
        let all = model.folding(testURI)
        XCTAssertEqual(all?.regions.count, 20_000)
        XCTAssertEqual(all?.truncated, false)
        XCTAssertEqual(all?.regions.last.map { "\($0.startLine)-\($0.endLine)" }, "49997-49999")
        XCTAssertEqual(model.semanticTokens(testURI)?.tokens.count, 60_000)
        // Requests at the end of the file stay correct too.
        let end = text.utf8.count - 1
        XCTAssertEqual(model.completion(testURI, at: end)?.context.keyPath, [.key("k9999"), .key("b"), .item(nil)])
        XCTAssertEqual(model.selectionRanges(testURI, at: [end])?.first?.first.map { String(decoding: Array(text.utf8)[$0.start..<$0.end], as: UTF8.self) }, "y")
    }
}
