import TestSupport
import XCTest
import YAMLSyntax
@testable import YAMLDocumentModel

/// The common prefix and suffix of a text and its edited version, found from the edit's place
/// (``DocumentChunks/commonPrefixAndSuffix(_:_:replacing:_:)``, what a keystroke reads instead of the
/// two whole texts), are those of comparing the two texts whole, and what ``DocumentModel/applying(_:to:index:encoding:)``
/// says it replaced is what it replaced.
final class EditedBytesTests: XCTestCase {
    func testTheEditsPlaceGivesTheWholeComparison() {
        var rng = SeededGenerator(seed: 19)
        func below(_ n: Int) -> Int { Int(rng.next() % UInt64(max(1, n))) }
        // Few letters, so that inserted text often repeats its neighbours (the common parts then reach
        // into the edit).
        let alphabet = Array("ab\n".utf8)
        for _ in 0..<3000 {
            let a = (0..<below(40)).map { _ in alphabet[below(alphabet.count)] }
            let start = below(a.count + 1)
            let oldEnd = start + below(a.count - start + 1)
            let text = (0..<below(5)).map { _ in alphabet[below(alphabet.count)] }
            let b = Array(a[..<start]) + text + Array(a[oldEnd...])
            let label = "\(a) \(start)..<\(oldEnd) -> \(text)"
            let whole = DocumentChunks.commonPrefixAndSuffix(a, b)
            let hinted = DocumentChunks.commonPrefixAndSuffix(a, b, replacing: start, oldEnd)
            XCTAssertEqual(hinted.prefix, whole.prefix, label)
            XCTAssertEqual(hinted.suffix, whole.suffix, label)
        }
        // An edit that does not fit the texts is compared whole.
        let a = Array("abc".utf8), b = Array("abxc".utf8)
        XCTAssertTrue(DocumentChunks.commonPrefixAndSuffix(a, b, replacing: 2, 9) == DocumentChunks.commonPrefixAndSuffix(a, b))
    }

    func testApplyingSaysWhatItReplaced() {
        let bytes = Array("key: value\nnext: é\n".utf8)
        let index = LineIndex(bytes)
        let change = TextChange(range: (LineColumn(line: 1, column: 6), LineColumn(line: 1, column: 7)), text: "xy")
        let (edited, replaced) = DocumentModel.applying(change, to: bytes, index: index, encoding: .utf16)
        XCTAssertEqual(String(decoding: edited, as: UTF8.self), "key: value\nnext: xy\n")
        XCTAssertTrue(replaced.map { $0 == (17, 19) } ?? false, "\(String(describing: replaced))")
        XCTAssertNil(DocumentModel.applying(.full("a: 1\n"), to: bytes, index: index, encoding: .utf16).replaced)
    }
}
