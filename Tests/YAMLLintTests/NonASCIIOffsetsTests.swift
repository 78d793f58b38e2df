import XCTest
@testable import YAMLLint

/// ``NonASCIIOffsets`` against a byte-by-byte reading of the same ranges, asked in text order and
/// backwards, on texts whose non-ASCII bytes fall in and around the 32-byte and 8-byte steps of its scan.
final class NonASCIIOffsetsTests: XCTestCase {
    private func naive(_ bytes: [UInt8], _ from: Int, _ to: Int) -> Bool { bytes[from..<to].allSatisfy { $0 < 0x80 } }

    func testRangesMatchTheBytes() {
        var text = Array(String(repeating: "key: value\n", count: 40).utf8)
        // "é" (two bytes) at the start, in the middle, inside a 32-byte block and as the last bytes.
        for at in [0, 37, 200, 333] { text.replaceSubrange(at..<(at + 2), with: Array("é".utf8)) }
        text += Array("ü".utf8)
        text.withUnsafeBufferPointer { bytes in
            var offsets = NonASCIIOffsets(bytes)
            XCTAssertTrue(offsets.isKnown)
            let ranges = stride(from: 0, to: text.count, by: 7).map { ($0, min($0 + 11, text.count)) }
            for (from, to) in ranges {
                XCTAssertEqual(offsets.isASCII(from: from, to: to), naive(text, from, to), "\(from)..<\(to)")
            }
            for (from, to) in ranges.reversed() {
                XCTAssertEqual(offsets.isASCII(from: from, to: to), naive(text, from, to), "\(from)..<\(to) backwards")
            }
        }
    }

    func testTooManyNonASCIIBytesAreNotKept() {
        let text = Array(String(repeating: "ü", count: NonASCIIOffsets.limit).utf8)
        text.withUnsafeBufferPointer { XCTAssertFalse(NonASCIIOffsets($0).isKnown) }
        let few = Array(String(repeating: "ü", count: NonASCIIOffsets.limit / 2).utf8)
        few.withUnsafeBufferPointer { XCTAssertTrue(NonASCIIOffsets($0).isKnown) }
    }
}
