import TestSupport
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

    /// Bytes that are not UTF-8 count the way editors and Swift's `String` decode them: one U+FFFD per
    /// maximal subpart (a truncated `F0 9F 98` is one character, a stray `FF` is one), so the column of
    /// every character boundary equals the length of the decoded line before it, in scalars and in UTF-16.
    func testColumnsOverInvalidUTF8MatchStringDecoding() {
        // "a: " F0 (a 4-byte lead without its tail) "A" FF: two separate bad runs, at columns 3 and 5.
        let index = LineIndex(Array("a: ".utf8) + [0xF0, 0x41, 0xFF, 0x0A])
        XCTAssertEqual(index.position(of: 3, encoding: .utf32), LineColumn(line: 0, column: 3))
        XCTAssertEqual(index.position(of: 5, encoding: .utf32), LineColumn(line: 0, column: 5))
        XCTAssertEqual(index.position(of: 5, encoding: .utf16), LineColumn(line: 0, column: 5))

        var rng = SeededGenerator(seed: 11)
        let alphabet: [UInt8] = [0x61, 0x20, 0x0A, 0x0D, 0x80, 0xBF, 0xC0, 0xC2, 0xA9, 0xE0, 0xA0, 0xED, 0x9F, 0xE4, 0xB8,
                                 0xAD, 0xF0, 0x9F, 0x98, 0x80, 0xF4, 0x90, 0x8F, 0xF5, 0xFF]
        for _ in 0..<300 {
            let bytes = (0..<Int(rng.next() % 40)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
            let index = LineIndex(bytes)
            for line in 0..<index.lineCount {
                let start = index.lineStart(line), end = index.lineContentEnd(line)
                let whole = Array(String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars)
                for o in start...end {
                    // Character boundaries: decoding the two halves apart gives what decoding the line gives.
                    let prefix = String(decoding: bytes[start..<o], as: UTF8.self)
                    let suffix = String(decoding: bytes[o..<end], as: UTF8.self)
                    guard Array(prefix.unicodeScalars) + Array(suffix.unicodeScalars) == whole else { continue }
                    let scalars = prefix.unicodeScalars.count
                    XCTAssertEqual(index.position(of: o, encoding: .utf32), LineColumn(line: line, column: scalars), "\(bytes) at \(o)")
                    XCTAssertEqual(index.position(of: o, encoding: .utf16), LineColumn(line: line, column: prefix.utf16.count), "\(bytes) at \(o)")
                    XCTAssertEqual(index.offset(of: LineColumn(line: line, column: scalars), encoding: .utf32), o, "\(bytes) at \(o)")
                }
            }
        }
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


extension LineIndexTests {
    /// The eight-bytes-at-a-time scan finds the same line starts and the same ASCII flag as reading
    /// byte by byte, with breaks, CR LF pairs and non-ASCII bytes at every position of a word and
    /// across word boundaries.
    func testWordwiseScanMatchesBytewise() {
        var rng = SeededGenerator(seed: 23)
        let alphabet: [UInt8] = [0x61, 0x20, 0x0A, 0x0D, 0x0D, 0x80, 0xC3, 0xA9, 0x7F, 0x0B, 0x8A, 0x8D]
        for round in 0..<3000 {
            let count = Int(rng.next() % 70)
            // Mostly ASCII letters, so that some words have no special byte at all.
            let bytes = (0..<count).map { _ in
                rng.next() % 3 == 0 ? alphabet[Int(rng.next() % UInt64(alphabet.count))] : 0x61
            }
            var starts = [0]
            var ascii = true
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                if b == 0x0A {
                    starts.append(i + 1)
                } else if b == 0x0D {
                    if i + 1 < bytes.count && bytes[i + 1] == 0x0A { i += 1 }
                    starts.append(i + 1)
                } else if b >= 0x80 {
                    ascii = false
                }
                i += 1
            }
            let index = LineIndex(bytes)
            XCTAssertEqual(index.lineStarts, starts, "round \(round): \(bytes)")
            XCTAssertEqual(index.isASCII, ascii, "round \(round): \(bytes)")
        }
    }
}

extension LineIndexTests {
    /// The search from a hint line gives the line of a plain binary search for every offset (past the end
    /// too) and every hint: before, on and after the offset's line, out of range, on empty lines, CR LF and
    /// lone CR breaks, a text without a final break and one of a single line.
    func testLineFromAHintIsTheLineOfAPlainSearch() {
        let texts = ["a: 1\n\n\nbb: 22\r\nc\rd: é\n   - x\n" + String(repeating: "k: v\n", count: 40) + "end",
                     "one line", "", "\n\n\n"]
        for text in texts {
            let index = LineIndex(text)
            for offset in -2...(index.bytes.count + 2) {
                let expected = index.line(containing: offset)
                for hint in -1...(index.lineCount + 1) {
                    XCTAssertEqual(index.line(containing: offset, from: hint), expected, "\(text.debugDescription) offset \(offset) hint \(hint)")
                    XCTAssertEqual(index.position(of: offset, encoding: .utf16, lineHint: hint),
                                   index.position(of: offset, encoding: .utf16), "offset \(offset) hint \(hint)")
                }
            }
        }
    }

    /// An index made from the previous text's index and an edit is the index of the new text: random
    /// edits (breaks, CR LF pairs split and joined, non-ASCII bytes added and removed) of random texts.
    func testIndexOfAnEditedTextMatchesAFreshIndex() {
        var rng = SeededGenerator(seed: 31)
        let alphabet: [UInt8] = [0x61, 0x20, 0x0A, 0x0D, 0x0D, 0x0A, 0xC3, 0xA9, 0x7F]
        func text(_ count: Int) -> [UInt8] {
            (0..<count).map { _ in rng.next() % 3 == 0 ? alphabet[Int(rng.next() % UInt64(alphabet.count))] : 0x61 }
        }
        for round in 0..<5000 {
            let old = text(Int(rng.next() % 40))
            let start = Int(rng.next() % UInt64(old.count + 1))
            let end = start + Int(rng.next() % UInt64(old.count - start + 1))
            var new = old
            new.replaceSubrange(start..<end, with: text(Int(rng.next() % 5)))
            let (prefix, suffix) = Self.commonPrefixAndSuffix(old, new)
            let edited = LineIndex(new, editing: LineIndex(old), prefix: prefix, suffixStart: new.count - suffix)
            let fresh = LineIndex(new)
            XCTAssertEqual(edited.lineStarts, fresh.lineStarts, "round \(round): \(old) -> \(new)")
            XCTAssertEqual(edited.isASCII, fresh.isASCII, "round \(round): \(old) -> \(new)")
        }
    }

    /// Lengths of the longest common prefix and of the longest common suffix that does not overlap it.
    private static func commonPrefixAndSuffix(_ a: [UInt8], _ b: [UInt8]) -> (Int, Int) {
        var p = 0
        while p < min(a.count, b.count) && a[p] == b[p] { p += 1 }
        var s = 0
        while s < min(a.count, b.count) - p && a[a.count - 1 - s] == b[b.count - 1 - s] { s += 1 }
        return (p, s)
    }
}
