import Foundation
import TestSupport
import XCTest
import YAMLComposer
import YAMLParser

/// Stray lines inside block sequences and flow collections indented too little: one finding per
/// mistake, named for what it is (issue 20), on the yaml-test-suite cases that show them.
final class StrayLineTests: XCTestCase {
    /// `line:column code` of every error, 1-based.
    private func findings(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        let parse = Parser.parse(bytes)
        let all = parse.errors + Composer.compose(parse).errors
        let lines = LineIndexForTests(bytes)
        return all.map { "\(lines.position($0.range.start)) \($0.code)" }
    }

    private func messages(_ text: String) -> [String] { Parser.parse(Array(text.utf8)).errors.map(\.message) }

    private func suiteInput(_ id: String) throws -> String {
        let url = try requireSharedFolder("yaml-test-suite").appendingPathComponent(id).appendingPathComponent("in.yaml")
        return try String(contentsOf: url, encoding: .utf8)
    }

    func testAStrayScalarAfterTheEntriesIsNotAKey() throws {
        // TD5N: `- item1` / `- item2` / `invalid`.
        let text = try suiteInput("TD5N")
        XCTAssertEqual(findings(text), ["3:1 expected-sequence-entry"])
        XCTAssertEqual(messages(text), ["Expected a '- ' entry of the block sequence opened at line 1, but found the scalar 'invalid'; each line at this indentation of a block sequence starts with '- ' (§8.2.1)."])
        // 6S55: the same at the end of a sequence nested in a mapping.
        let nested = try suiteInput("6S55")
        XCTAssertEqual(findings(nested), ["4:2 expected-sequence-entry"])
        XCTAssertTrue(messages(nested)[0].contains("block sequence opened at line 2"), messages(nested)[0])
    }

    func testALoneAnchorAmongTheEntries() throws {
        // GT5M: `- item1` / `&node` / `- item2`.
        let text = try suiteInput("GT5M")
        XCTAssertEqual(findings(text), ["2:1 expected-sequence-entry"])
        XCTAssertTrue(messages(text)[0].contains("found '&node' alone on its line"), messages(text)[0])
        XCTAssertFalse(messages(text)[0].contains("mapping"))
    }

    func testADashWithoutItsSpace() {
        XCTAssertEqual(findings("- a\n-b\n"), ["2:1 expected-sequence-entry"])
        XCTAssertEqual(messages("- a\n-b\n"), ["Expected a space after '-' to start a block sequence entry; '-b' is read as a plain scalar, because '-' is an entry indicator only when white space follows it (§8.2.1)."])
        XCTAssertEqual(findings("items:\n  - a\n  -b\n  - c\n"), ["3:3 expected-sequence-entry"])
        // A sequence at the indentation of its key: the line stays a key (recovery), the message says why.
        XCTAssertEqual(findings("key:\n- a\n-b\nother: 1\n"), ["3:1 expected-sequence-entry"])
        // Without an entry above, `-b` is a key without its ':'.
        XCTAssertEqual(findings("a: 1\n-b\n"), ["2:1 missing-colon"])
    }

    func testAnAliasWithoutANameIsOneFinding() {
        XCTAssertEqual(findings("a: 1\nb: *\n"), ["2:4 invalid-alias"])
        XCTAssertEqual(findings("a: 1\nb: *c\n"), ["2:4 undefined-alias"])
    }

    func testFlowLinesIndentedTooLittleStayInTheirCollection() throws {
        // VJP3/00 is VJP3/01 with its flow lines not indented: one error, and the same events.
        let flat = try suiteInput("VJP3/00")
        XCTAssertEqual(findings(flat), ["2:1 insufficient-indentation"])
        let indented = try suiteInput("VJP3/01")
        XCTAssertEqual(Event.testSuiteEvents(Parser.parse(Array(flat.utf8)).events),
                       Event.testSuiteEvents(Parser.parse(Array(indented.utf8)).events))
        XCTAssertEqual(findings("a: [\nb,\nc\n]\nd: 1\n"), ["2:1 insufficient-indentation"])
        // A collection not closed before the next `key:` line is reported as unclosed, as before.
        XCTAssertEqual(findings("a: [b, c\nnext: 1\n"), ["1:4 unclosed-flow-sequence"])
        XCTAssertEqual(findings("a: {x: 1\nother\n"), ["1:4 unclosed-flow-mapping"])
    }

    func testTheLookAheadForAClosingBracketIsBounded() {
        // Each line opens a flow sequence inside the mapping that the next line, at the mapping's
        // indentation, leaves unclosed: every line looks ahead through the rest of the text for a closing
        // bracket, which the scan's budget bounds (a hang guard).
        let text = "k: [x\n" + String(repeating: "[x\n", count: 50_000)
        let parse = assertNoHang(cpuSecondsAtMost: 30, "50,000 unclosed flow lines") { Parser.parse(Array(text.utf8)) }
        XCTAssertEqual(parse.tree.printedBytes, Array(text.utf8))
        XCTAssertFalse(parse.isValid)
    }

    func testIndentationMessagesCountSpacesInEnglish() {
        let warning = Parser.parse(Array("key: [a,\n]\n".utf8)).errors
        XCTAssertEqual(warning.map(\.code), ["insufficient-indentation"])
        XCTAssertTrue(warning[0].message.contains("(at least 1 space)"), warning[0].message)
        let deeper = Parser.parse(Array("a:\n  key: [b,\n  ]\n".utf8)).errors
        XCTAssertTrue(deeper[0].message.contains("(at least 3 spaces)"), deeper.map(\.message).joined())
    }
}

/// 1-based `line:column` (UTF-8 bytes) of offsets, for test output.
private struct LineIndexForTests {
    let starts: [Int]
    init(_ bytes: [UInt8]) {
        var s = [0]
        for (i, b) in bytes.enumerated() where b == 0x0A { s.append(i + 1) }
        starts = s
    }
    func position(_ offset: Int) -> String {
        let line = (starts.lastIndex { $0 <= offset } ?? 0)
        return "\(line + 1):\(offset - starts[line] + 1)"
    }
}
