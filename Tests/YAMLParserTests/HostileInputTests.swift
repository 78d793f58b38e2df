import Foundation
import TestSupport
import XCTest
import YAMLParser
import YAMLSyntax

/// Inputs meant to break a parser: deep nesting, garbage, invalid UTF-8, huge lines. Each must parse
/// quickly, print back losslessly, and report errors with sorted, in-bounds ranges.
final class HostileInputTests: XCTestCase {
    /// Parses `bytes` and checks the invariants every result must keep.
    @discardableResult
    func parseChecked(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> ParseResult {
        let result = Parser.parse(bytes)
        XCTAssertEqual(result.tree.printedBytes, bytes, "round trip", file: file, line: line)
        var last = 0
        for e in result.errors {
            XCTAssertLessThanOrEqual(e.range.end, bytes.count, file: file, line: line)
            XCTAssertGreaterThanOrEqual(e.range.start, last, "errors sorted", file: file, line: line)
            XCTAssertNotNil(SyntaxError.parserCodes[e.code], "undocumented code \(e.code)", file: file, line: line)
            last = e.range.start
        }
        for ev in result.events { XCTAssertLessThanOrEqual(ev.range.end, bytes.count, file: file, line: line) }
        // Events are balanced.
        var depth = 0
        for ev in result.events {
            switch ev.kind {
            case .streamStart, .documentStart, .mappingStart, .sequenceStart: depth += 1
            case .streamEnd, .documentEnd, .mappingEnd, .sequenceEnd: depth -= 1
            default: break
            }
            XCTAssertGreaterThanOrEqual(depth, 0, file: file, line: line)
        }
        XCTAssertEqual(depth, 0, "balanced events", file: file, line: line)
        return result
    }

    func testHundredThousandOpenBrackets() {
        let result = parseChecked(Array(repeating: UInt8(ascii: "["), count: 100_000))
        XCTAssertTrue(result.errors.contains { $0.code == "nesting-too-deep" })
        XCTAssertFalse(result.isValid)
    }

    func testDeeplyNestedBlockMappings() {
        var text = ""
        for i in 0..<1_200 { text += String(repeating: " ", count: i) + "k:\n" }
        let result = parseChecked(Array(text.utf8))
        XCTAssertEqual(result.errors.map(\.code), ["nesting-too-deep"])
        // Nesting below the limit is fine.
        var ok = ""
        for i in 0..<200 { ok += String(repeating: " ", count: i) + "k:\n" }
        XCTAssertTrue(parseChecked(Array(ok.utf8)).isValid)
    }

    /// At the nesting limit the parser says so once, at the collection that goes one level too deep, and
    /// reports nothing about the collections it then closes: the text did not end there.
    func testNestingLimitGivesOneDiagnosticAtTheCollectionThatExceedsIt() {
        let limit = Parser.maxNestingDepth
        var block = ""
        for i in 0..<1_200 { block += String(repeating: " ", count: i) + "k:\n" }
        var blockThenFlow = ""
        for i in 0..<(limit - 10) { blockThenFlow += String(repeating: " ", count: i) + "k:\n" }
        blockThenFlow += String(repeating: " ", count: limit - 10) + String(repeating: "[", count: 20) + "x"
            + String(repeating: "]", count: 20) + "\nnext: 1\n"
        // Byte offset where line `line` starts in the nested `k:` texts (line i is i spaces and "k:\n").
        func lineStart(_ line: Int) -> Int { (0..<line).reduce(0) { $0 + $1 + 3 } }
        let cases: [(name: String, text: String, hit: Int)] = [
            ("flow", String(repeating: "[", count: 100_000), limit),
            ("flow, closed again", String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1) + "\n", limit),
            ("flow mappings", String(repeating: "[{a: ", count: 3_000), 5 * (limit / 2)),
            ("block", block, lineStart(limit) + limit),
            ("block then flow", blockThenFlow, lineStart(limit - 10) + limit),
        ]
        for c in cases {
            let result = parseChecked(Array(c.text.utf8))
            XCTAssertEqual(result.errors.map(\.code), ["nesting-too-deep"], c.name)
            guard let error = result.errors.first else { continue }
            XCTAssertEqual(error.range, TextRange(start: c.hit, end: c.hit + 1), c.name)
            XCTAssertTrue(error.message.contains("deeper than the limit of \(limit) levels"), error.message)
            XCTAssertFalse(error.message.contains("ended"), error.message)
        }
    }

    func testDeeplyNestedCompactSequences() {
        let text = String(repeating: "- ", count: 5_000) + "x\n"
        XCTAssertTrue(parseChecked(Array(text.utf8)).errors.contains { $0.code == "nesting-too-deep" })
        let mixed = String(repeating: "[{a: ", count: 3_000)
        XCTAssertFalse(parseChecked(Array(mixed.utf8)).isValid)
    }

    func testDeepFlowNestingFollowedByManyEntries() {
        // 900 open levels, then many entries: per-token work must not grow with the depth.
        let text = String(repeating: "[", count: 900) + String(repeating: "a, ", count: 100_000)
        // Hang guard (work per token growing with the depth is quadratic here), not a speed goal.
        assertNoHang(cpuSecondsAtMost: 60, "deep flow nesting") { XCTAssertFalse(parseChecked(Array(text.utf8)).isValid) }
    }

    func testRandomByteSoup() {
        var rng = SplitMix64(seed: 0x5EED)
        let alphabet = Array("abc :-?[]{},#&*!|>'\"%@`\t\n\r\\.0123456789".utf8) + [0x00, 0xFF, 0xC3, 0xA9, 0xEF, 0xBB, 0xBF]
        for _ in 0..<400 {
            let count = Int(rng.next() % 300)
            var bytes: [UInt8] = []
            for _ in 0..<count {
                let r = rng.next()
                bytes.append(r % 7 == 0 ? UInt8(truncatingIfNeeded: r >> 8) : alphabet[Int(r >> 16) % alphabet.count])
            }
            parseChecked(bytes)
        }
    }

    func testStructuredMutations() {
        // Take real YAML and delete, duplicate or swap single bytes.
        let base = Array("""
        %YAML 1.2
        ---
        a: &x [1, {b: "c\\n", d: 'e'}]
        ? f
        : - |2-
             lit
          - >
            folded
        g: *x
        ...
        """.utf8)
        var rng = SplitMix64(seed: 42)
        for _ in 0..<600 {
            var bytes = base
            for _ in 0..<(1 + Int(rng.next() % 3)) {
                let i = Int(rng.next() % UInt64(bytes.count))
                switch rng.next() % 3 {
                case 0: bytes.remove(at: i)
                case 1: bytes.insert(bytes[i], at: i)
                default: bytes[i] = base[Int(rng.next() % UInt64(base.count))]
                }
            }
            parseChecked(bytes)
        }
    }

    func testInvalidUTF8AndNULBytes() {
        parseChecked([0x61, 0x3A, 0x20, 0xFF, 0xFE, 0x0A, 0x62, 0x3A, 0x20, 0xC3, 0x0A])
        parseChecked([0x00, 0x00, 0x0A, 0x2D, 0x20, 0x00])
        parseChecked([0xEF, 0xBB])  // a truncated byte order mark
        parseChecked(Array("\"\\xZZ \\u12 \\U0011FFFF\"".utf8))
        parseChecked([])
    }

    /// One line of 10 MB in release builds; 1 MB in debug builds, which are much slower.
    static var hugeLineLength: Int {
        #if DEBUG
        return 1_000_000
        #else
        return 10_000_000
        #endif
    }

    func testHugeSingleLine() {
        let plain = [UInt8](repeating: UInt8(ascii: "a"), count: Self.hugeLineLength)
        let r1 = parseChecked(plain)
        XCTAssertTrue(r1.isValid)
        var quoted: [UInt8] = Array("k: \"".utf8)
        quoted += [UInt8](repeating: UInt8(ascii: "b"), count: Self.hugeLineLength)
        quoted += Array("\"\n".utf8)
        XCTAssertTrue(parseChecked(quoted).isValid)
        let flow = Array(("[" + String(repeating: "1, ", count: Self.hugeLineLength / 5) + "2]").utf8)
        XCTAssertTrue(parseChecked(flow).isValid)
    }

    /// Byte order marks are decided in linear time: a long run of them (all document prefixes), many prefix
    /// lines between documents, and many marks inside a document (each an error, capped) stay fast.
    func testManyByteOrderMarks() {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        var run = Array([[UInt8]](repeating: mark, count: 100_000).joined())
        run += Array("---\na: 1\n".utf8)
        XCTAssertTrue(parseChecked(run).isValid)
        let prefixLines = Array([[UInt8]](repeating: mark + Array("# c\n".utf8), count: 50_000).joined())
        XCTAssertTrue(parseChecked(Array("a: 1\n".utf8) + prefixLines + Array("---\nb: 2\n".utf8)).isValid)
        let inside = Array("a: 1\n".utf8) + prefixLines + Array("b: 2\n".utf8)
        XCTAssertEqual(parseChecked(inside).errors.filter { $0.code == "non-printable-character" }.count,
                       CharacterCheck.maximumErrors)
    }

    func testUnterminatedConstructsAtEndOfText() {
        for text in ["'", "\"", "[", "{", "a: |", "? ", "&", "*", "!<", "%TAG", "--- >-", "- [a, {b: 'c", "key: \"x\\"] {
            XCTAssertFalse(parseChecked(Array(text.utf8)).events.isEmpty, text)
        }
    }
}

/// A tiny deterministic random generator (SplitMix64) so fuzz cases are reproducible.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
