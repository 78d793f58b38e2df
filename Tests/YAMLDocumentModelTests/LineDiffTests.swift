import Foundation
import TestSupport
import XCTest
@testable import YAMLDocumentModel

/// The formatter's edits are a line diff trimmed to changed bytes; applying them must give the new text.
final class LineDiffTests: XCTestCase {
    private func apply(_ edits: [TextReplacement], to old: [UInt8]) -> [UInt8] {
        var out = old
        for e in edits.reversed() { out.replaceSubrange(e.range.start..<e.range.end, with: Array(e.newText.utf8)) }
        return out
    }

    private func check(_ old: String, _ new: String, splittingLines: Bool = false,
                       file: StaticString = #filePath, line: UInt = #line) -> [TextReplacement] {
        check(Array(old.utf8), Array(new.utf8), splittingLines: splittingLines, file: file, line: line)
    }

    /// The edits from `a` to `b`, checked as LSP 3.17 wants a `TextEdit[]`: sorted, no two ranges
    /// overlapping nor touching (no two at one offset), all in `a`'s offsets; applied to `a` they give
    /// exactly `b`.
    private func check(_ a: [UInt8], _ b: [UInt8], splittingLines: Bool = false,
                       file: StaticString = #filePath, line: UInt = #line) -> [TextReplacement] {
        let edits = LineDiff.replacements(from: a, to: b, splittingLines: splittingLines)
        XCTAssertTrue(apply(edits, to: a) == b, "the edits do not give the new text", file: file, line: line)
        for (x, y) in zip(edits, edits.dropFirst()) {
            XCTAssertLessThan(x.range.end, y.range.start, file: file, line: line)
        }
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

    func testReindentingThousandsOfRepeatedLinesGivesOneEditPerLine() {
        // 3,000 changed lines, most of them equal to many others: an exact line diff (which gave up above
        // 1,000 changes and replaced the whole text) would pair equal short lines across the text.
        var old = "items:\n", new = "items:\n"
        for i in 0..<1_500 {
            old += "- name: item\(i)\n  type: string\n"
            new += "  - name: item\(i)\n    type: string\n"
        }
        let edits = check(old, new, splittingLines: true)
        XCTAssertEqual(edits.count, 3_000)
        XCTAssertTrue(edits.allSatisfy { $0.newText == "  " && $0.range.isEmpty }, "\(edits.prefix(3))")
    }

    func testLinesComparedIgnoringBlanksStayPaired() {
        // A line whose spacing changes is edited in place, also next to an inserted and a removed line.
        let edits = check("a:   1\nb: 2\nc:  [x,y]\nd: 4\n", "a: 1\nnew: 0\nb: 2\nc: [x, y]\n", splittingLines: true)
        XCTAssertEqual(edits.map(\.newText), ["", "new: 0\n", "[x, ", ""], "\(edits)")
    }

    /// A big file of the shared corpus, with a fix-all-like change on most of its lines (sequence
    /// entries re-indented, comments spaced, every 97th line removed, a comment every 89th line): per-line
    /// edits, fast in a debug build.
    func testBigFileWithMostLinesChanged() throws {
        let url = try requireSharedFolder("corpus").appendingPathComponent("big/generated/k8s-multidoc-stream.yaml")
        let old = try Array(Data(contentsOf: url))
        var new: [UInt8] = []
        var changed = 0, count = 0
        for (k, line) in old.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            count += 1
            if k % 97 == 96 { changed += 1; continue }
            if k % 89 == 88 { new += Array("# added\n".utf8); changed += 1 }
            var text = Array(line)
            if let first = text.firstIndex(where: { $0 != 0x20 }), text[first...].starts(with: [UInt8(ascii: "-"), 0x20]) {
                text.insert(contentsOf: [0x20, 0x20], at: first)
                changed += 1
            }
            new += text
            new.append(0x0A)
        }
        new.removeLast()
        XCTAssertGreaterThan(changed, 8_000)
        let start = ProcessInfo.processInfo.systemUptime
        let edits = check(old, new, splittingLines: true)
        let seconds = ProcessInfo.processInfo.systemUptime - start
        XCTAssertLessThan(seconds, 20, "the diff took \(seconds) s")
        XCTAssertLessThanOrEqual(edits.count, changed)
        XCTAssertGreaterThan(edits.count, changed * 9 / 10, "one edit per changed line")
        XCTAssertLessThan(edits.map { $0.range.end - $0.range.start + $0.newText.utf8.count }.max() ?? 0, 1_000)
    }
}
