import XCTest
@testable import YAMLSyntax

final class LineIndexTests: XCTestCase {
    func testASCIIRoundTrip() {
        let idx = LineIndex("a: 1\nbb: 2\n")
        XCTAssertEqual(idx.lineCount, 3)
        XCTAssertEqual(idx.position(of: 7, encoding: .utf16), LineColumn(line: 1, column: 2))
        XCTAssertEqual(idx.offset(of: LineColumn(line: 1, column: 2), encoding: .utf16), 7)
    }

    func testNonASCIIColumns() {
        // "é" is 2 UTF-8 bytes / 1 UTF-16 unit; "中" is 3 / 1; "😀" is 4 / 2.
        let text = "k: é中😀x\n"
        let idx = LineIndex(text)
        let xOffset = Array(text.utf8).firstIndex(of: UInt8(ascii: "x"))!
        XCTAssertEqual(idx.position(of: xOffset, encoding: .utf16), LineColumn(line: 0, column: 7))
        XCTAssertEqual(idx.position(of: xOffset, encoding: .utf8), LineColumn(line: 0, column: 12))
        XCTAssertEqual(idx.position(of: xOffset, encoding: .utf32), LineColumn(line: 0, column: 6))
        XCTAssertEqual(idx.offset(of: LineColumn(line: 0, column: 7), encoding: .utf16), xOffset)
        // A column between the surrogate halves of 😀 resolves to the start of 😀.
        XCTAssertEqual(idx.offset(of: LineColumn(line: 0, column: 6), encoding: .utf16), xOffset - 4)
    }

    func testCRLFAndLoneCR() {
        let idx = LineIndex("a\r\nb\rc\n")
        XCTAssertEqual(idx.lineStarts, [0, 3, 5, 7])
        XCTAssertEqual(idx.lineContentEnd(0), 1)
        // A column past the end of the line clamps before the line break.
        XCTAssertEqual(idx.offset(of: LineColumn(line: 0, column: 99), encoding: .utf16), 1)
        XCTAssertEqual(idx.offset(of: LineColumn(line: 99, column: 0), encoding: .utf16), 7)
    }

    func testByteOrderMarkIsOneUTF16Unit() {
        let idx = LineIndex("\u{FEFF}a: 1")
        XCTAssertEqual(idx.position(of: 3, encoding: .utf16), LineColumn(line: 0, column: 1))
        XCTAssertEqual(idx.offset(of: LineColumn(line: 0, column: 1), encoding: .utf16), 3)
    }
}
