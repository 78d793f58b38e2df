import XCTest
@testable import YAMLDocumentModel

/// The formatter's edits are a line diff trimmed to changed bytes; applying them must give the new text.
final class LineDiffTests: XCTestCase {
    private func apply(_ edits: [TextReplacement], to old: [UInt8]) -> [UInt8] {
        var out = old
        for e in edits.reversed() { out.replaceSubrange(e.range.start..<e.range.end, with: Array(e.newText.utf8)) }
        return out
    }

    private func check(_ old: String, _ new: String, file: StaticString = #filePath, line: UInt = #line) -> [TextReplacement] {
        let a = Array(old.utf8), b = Array(new.utf8)
        let edits = LineDiff.replacements(from: a, to: b)
        XCTAssertEqual(String(decoding: apply(edits, to: a), as: UTF8.self), new, file: file, line: line)
        for (x, y) in zip(edits, edits.dropFirst()) { XCTAssertLessThanOrEqual(x.range.end, y.range.start, file: file, line: line) }
        return edits
    }

    func testIdenticalTextsGiveNoEdits() {
        XCTAssertEqual(check("a: 1\nb: 2\n", "a: 1\nb: 2\n"), [])
    }

    func testEditsAreMinimal() {
        let edits = check("a:   1\nb: 2\nc:    3\n", "a: 1\nb: 2\nc: 3\n")
        XCTAssertEqual(edits.count, 2)
        XCTAssertEqual(edits[0].range, .init(start: 3, end: 5))
        XCTAssertEqual(edits[0].newText, "")
    }

    func testInsertionsDeletionsAndFinalNewline() {
        _ = check("a: 1\n\n\n\nb: 2", "a: 1\n\nb: 2\n")
        _ = check("", "a\n")
        _ = check("a\n", "")
        _ = check("x\r\ny\r\n", "x\r\n  y\r\n")
    }

    func testNeverSplitsMultiByteCharacters() {
        // "é" (C3 A9) and "è" (C3 A8) share their first byte.
        let edits = check("k: é\n", "k: è\n")
        XCTAssertEqual(edits.first?.newText, "è")
    }

    func testRandomTextsRoundTrip() {
        var rng = SystemRandomNumberGenerator()
        let alphabet = ["a", "b", " ", "\n", "é", "😀", "\r\n", "- ", ": "]
        for _ in 0..<300 {
            func random() -> String { (0..<Int.random(in: 0...40, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }.joined() }
            _ = check(random(), random())
        }
    }
}
