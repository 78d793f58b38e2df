import TestSupport
import XCTest
@testable import YAMLParser
import YAMLSyntax

/// The eight-bytes-at-a-time path of ``CharacterCheck`` finds exactly what the byte-wise path finds.
final class CharacterCheckTests: XCTestCase {
    func testWordwiseScanEqualsBytewiseScanOnRandomText() {
        // Printable ASCII, the allowed controls, every disallowed ASCII control, DEL, and UTF-8 lead and
        // continuation bytes (well-formed and not), in random runs.
        let alphabet: [UInt8] = Array(0x20...0x7E) + [0x09, 0x0A, 0x0D, 0x00, 0x01, 0x08, 0x0B, 0x0C, 0x1B, 0x1F, 0x7F,
                                                      0x80, 0xBF, 0xC2, 0xA0, 0xE2, 0x82, 0xAC, 0xEF, 0xBB, 0xBF, 0xF0, 0x9F, 0x98, 0x80, 0xFF]
        var rng = SeededGenerator(seed: 42)
        for round in 0..<400 {
            let length = Int(rng.next() % 200)
            let mostlyPrintable = round % 2 == 0
            let bytes = (0..<length).map { _ -> UInt8 in
                if mostlyPrintable && rng.next() % 16 != 0 { return UInt8(0x20 + rng.next() % 0x5F) }
                return alphabet[Int(rng.next() % UInt64(alphabet.count))]
            }
            XCTAssertEqual(errors(bytes), errors(bytes, wordwise: false), "\(bytes)")
        }
        XCTAssertEqual(errors(Array("abcdefgh\u{7F}ijklmnop".utf8)).map(\.range.start), [8])
        XCTAssertEqual(errors(Array("abcdefg\u{1}hijklmno".utf8)).map(\.range.start), [7])
    }

    /// Whether a text may hold a byte order mark: false only when all of it was read and none was found.
    func testTellsWhetherATextMayHoldAByteOrderMark() {
        func may(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer { CharacterCheck.check($0).mayHoldByteOrderMark } }
        XCTAssertFalse(may([]))
        XCTAssertFalse(may(Array("a: 1\n# comment\nb: café ∞ 😀 \u{FEFE} \u{FFEF}\n".utf8)))
        XCTAssertFalse(may([0x61, 0x3A, 0x20, 0xEF, 0xBB, 0x0A]), "a cut sequence is not a mark")
        XCTAssertTrue(may(Array("\u{FEFF}a: 1\n".utf8)))
        XCTAssertTrue(may(Array("a: x\u{FEFF}y\n".utf8)))
        XCTAssertTrue(may(Array("a: 1\n# \u{FEFF}\n".utf8)))
        // Past the most errors the rest of the text is not read: it may hold one.
        XCTAssertTrue(may(Array(repeating: [0x01, 0x20] as [UInt8], count: CharacterCheck.maximumErrors + 5).flatMap { $0 }))
    }

    func errors(_ bytes: [UInt8], wordwise: Bool = true) -> [SyntaxError] {
        bytes.withUnsafeBufferPointer { CharacterCheck.errors($0, wordwise: wordwise) }
    }
}
