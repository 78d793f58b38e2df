import XCTest
@testable import YAMLLint
import YAMLParser

/// Rules, options and inline directives on small inputs; every expected list is yamllint 1.38's output
/// for the same configuration and text (`line:column level rule: message`), except where a test says
/// it differs on purpose (docs/lint.md, "Parity with yamllint").
final class LinterTests: XCTestCase {
    private func check(_ config: String, _ input: String, _ expected: [String],
                       file: StaticString = #filePath, line: UInt = #line) throws {
        let configuration = try LintConfiguration.parse(Array(config.utf8))
        let findings = Linter.lint(Parser.parse(input), configuration: configuration)
        let got = findings.map { "\($0.line):\($0.column) \($0.level.rawValue) \($0.rule): \($0.message)" }
        XCTAssertEqual(got.sorted(), expected.sorted(), file: file, line: line)
    }

    func testInlineDirectives() throws {
        try check("extends: default",
                  "# yamllint disable-line rule:colons\nkey:  value\nother:  value  # yamllint disable-line\n"
                  + "# yamllint disable rule:trailing-spaces\nx: 1   \n# yamllint enable\ny: 2   \nz: yes\n",
                  ["2:1 warning document-start: missing document start \"---\"",
                   "7:5 error trailing-spaces: trailing spaces",
                   "8:4 warning truthy: truthy value should be one of [false, true]"])
    }

    func testDisableFile() throws {
        try check("extends: default", "#  yamllint disable-file\nkey:   value   \n", [])
    }

    func testRelaxedSpacing() throws {
        try check("extends: relaxed", "#!shebang\nkey: {a: 1,b: 2 }\nlist: [ 1,2 ]\nn:\n- a\n-  b\n",
                  ["2:12 warning commas: too few spaces after comma",
                   "3:11 warning commas: too few spaces after comma",
                   "6:3 warning hyphens: too many spaces after hyphen"])
    }

    func testValueRules() throws {
        try check("rules: {quoted-strings: {required: only-when-needed}, key-ordering: enable, octal-values: enable, "
                  + "empty-values: enable, document-end: enable, float-values: {forbid-nan: true, "
                  + "require-numeral-before-decimal: true}}",
                  "---\nb: \"plain\"\na: 010\nc:\nd: .5\ne: .nan\nf: \"needs: quotes\"\n",
                  ["2:4 error quoted-strings: string value is redundantly quoted with any quotes",
                   "3:1 error key-ordering: wrong ordering of key \"a\" in mapping",
                   "3:7 error octal-values: forbidden implicit octal value \"010\"",
                   "4:3 error empty-values: empty value in block mapping",
                   "5:4 error float-values: forbidden decimal missing 0 prefix \".5\"",
                   "6:4 error float-values: forbidden not a number value \".nan\"",
                   "7:1 error document-end: missing document end \"...\""])
    }

    func testQuotesAreNeededAroundATab() throws {
        // PyYAML cannot read a tab inside a plain scalar, so yamllint keeps the quotes (escaped or literal
        // tab); only the value without a tab is redundantly quoted.
        try check("rules: {quoted-strings: {quote-type: single, required: only-when-needed}}",
                  "k: \"a\\tb\"\nj: \"a\tb\"\nl: \"a b\"\n",
                  ["1:4 error quoted-strings: string value is not quoted with single quotes",
                   "2:4 error quoted-strings: string value is not quoted with single quotes",
                   "3:4 error quoted-strings: string value is redundantly quoted with single quotes"])
    }

    func testKeyDuplicatesPerMapping() throws {
        // A key repeats only within its own mapping; quoted and escaped spellings of the same value are
        // the same key; a mapping of 300 keys (the key table grows, then shrinks when it closes).
        var text = "---\na: 1\nb:\n  a: 2\n  c: 3\n  c: 4\n\"a\": 5\n'b': 6\n\"\\x63\": 7\nm: {x: 1, \"x\": 2}\nbig:\n"
        for k in 0..<300 { text += "  k\(k): 0\n" }
        text += "  k150: 1\nk5: 1\nn: {k5: 1}\n"
        let rule = "error key-duplicates: duplication of key"
        try check("rules: {key-duplicates: enable}", text,
                  ["6:3 \(rule) \"c\" in mapping", "7:1 \(rule) \"a\" in mapping", "8:1 \(rule) \"b\" in mapping",
                   "10:11 \(rule) \"x\" in mapping", "312:3 \(rule) \"k150\" in mapping"])
    }

    func testKeyDuplicatesAroundSmallMappingLimit() throws {
        // A mapping's first eight keys are compared one by one, later ones through the key table: a
        // duplicate is found on either side of the switch, in an inner mapping, and spelled escaped.
        var text = "s:\n  k0: 1\n  k1: {k0: 1, k1: 2, k0: 3}\n"
        for k in 2..<8 { text += "  k\(k): 0\n" }
        text += "  k0: 9\n  \"\\x6b1\": 9\n  k8: 1\n  k8: 2\n  k7: 3\n"
        let rule = "error key-duplicates: duplication of key"
        try check("rules: {key-duplicates: enable}", text,
                  ["3:22 \(rule) \"k0\" in mapping", "10:3 \(rule) \"k0\" in mapping",
                   "11:3 \(rule) \"k1\" in mapping", "13:3 \(rule) \"k8\" in mapping",
                   "14:3 \(rule) \"k7\" in mapping"])
    }

    func testIndentationCommentsAnchorsLines() throws {
        try check("rules: {indentation: {spaces: 4, indent-sequences: false}, comments: enable, "
                  + "comments-indentation: enable, anchors: {forbid-unused-anchors: true}, empty-lines: enable, "
                  + "new-line-at-end-of-file: enable}",
                  "a:\n  b: &x 1\n# bad comment\n  c:\n  - 1\n#nospace\n\n\n\nd: *y",
                  ["2:3 error indentation: wrong indentation: expected 4 but found 2",
                   "3:1 error comments-indentation: comment not indented like content",
                   "6:2 error comments: missing starting space in comment",
                   "9:1 error empty-lines: too many blank lines (3 > 2)",
                   "10:4 error anchors: found undeclared alias \"y\"",
                   "2:6 error anchors: found unused anchor \"x\"",
                   "10:6 error new-line-at-end-of-file: no new line character at the end of file"])
    }

    /// A lone `\r` is a line break (YAML 1.2.2 §5.4 [27]-[30]): the line rules see the lines they see
    /// with `\n`, and `new-lines` reports the `\r`. Differs on purpose from yamllint 1.38, whose line
    /// rules split at `\n` only, so that each of these texts is one line for them: besides
    /// `document-start`, it reports only `no new line character at the end of file` for the first four
    /// (at 1:10, 1:11, 1:19 and 1:12) and nothing for the fifth.
    func testLoneCarriageReturnIsALineBreak() throws {
        let start = "1:1 warning document-start: missing document start \"---\""
        let newLines = "error new-lines: wrong new line character: expected \\n"
        try check("extends: default", "a: 1\rb: 2",
                  [start, "1:5 \(newLines)", "2:5 error new-line-at-end-of-file: no new line character at the end of file"])
        try check("extends: default", "a: 1\rb: 2\r", [start, "1:5 \(newLines)"])
        try check("extends: default", "---\ra: 1 \r\r\r\rb: 2\r",
                  ["1:4 \(newLines)", "2:5 error trailing-spaces: trailing spaces", "5:1 error empty-lines: too many blank lines (3 > 2)"])
        try check("extends: default", "---\ra: 1\r\r\r", ["1:4 \(newLines)", "4:1 error empty-lines: too many blank lines (2 > 0)"])
        try check("rules: {new-lines: {type: dos}}", "a: 1\rb: 2\r\n", ["1:5 error new-lines: wrong new line character: expected \\r\\n"])
        // The finding at the end sits at the end of the text, whose position is 2:5 in YAML's lines.
        let end = Linter.lint(Parser.parse("a: 1\rb: 2"), configuration: .default).first { $0.rule == "new-line-at-end-of-file" }
        XCTAssertEqual(end.map { [$0.range.start, $0.range.end] }, [9, 9])
        XCTAssertEqual(LintText(Array("x\ry\r\nz\r\r".utf8)).lines.map { [$0.start, $0.end] }, [[0, 1], [2, 3], [5, 6], [7, 7], [8, 8]])
    }

    func testFindingRangeIsUTF8() throws {
        let findings = Linter.lint(Parser.parse("é:   1\n"), configuration: .default)
        let colon = try XCTUnwrap(findings.first { $0.rule == "colons" })
        XCTAssertEqual(colon.column, 5)
        XCTAssertEqual(colon.range.start, 5)   // é is two bytes
        XCTAssertEqual(colon.parsableLine(path: "f.yaml"), "f.yaml:1:5: [error] too many spaces after colon (colons)")
    }
}

extension LinterTests {
    /// relaxed's `allow-non-breakable-inline-mappings` follows PyYAML's scanner: a line it cannot scan
    /// (unclosed quote, reserved indicator, bad alias) is not an exempt inline mapping; an unclosed flow
    /// collection (a parser error, not a scanner error) does not matter.
    func testInlineMappingExemptionFollowsPyYAMLScanner() throws {
        let pad = String(repeating: " ", count: 18)
        let long = String(repeating: "x", count: 80)
        try check("extends: relaxed", "---\nk: |\n\(pad)- r: \"#/\(long)\\\n", ["3:81 warning line-length: line too long (107 > 80 characters)"])
        try check("extends: relaxed", "---\nk: |\n\(pad)to the Can be: `\(long)`,\n", ["3:81 warning line-length: line too long (116 > 80 characters)"])
        try check("extends: relaxed", "---\nk: |\n\(pad)a: {b: \(long)\n", [])
        try check("extends: relaxed", "---\nk: |\n\(pad)a: b: \(long)\n", ["3:81 warning line-length: line too long (104 > 80 characters)"])
    }

    /// Anchor names of up to seven bytes are found by their packed bytes, longer ones by hash and bytes:
    /// names one byte apart around that length, a redeclared anchor, enough anchors for the table to
    /// grow, and an alias at the very end of the text (no eight bytes left to load).
    func testAnchorNamesShortAndLong() throws {
        var lines = ["---", "a: &abcdefg 1", "b: &abcdefgh 2", "c: &abcdefghi 3", "d: *abcdefg", "e: *abcdefgh",
                     "f: *abcdef", "g: *abcdefghij", "h: &abcdefg 4", "i: &x 5", "j: *x"]
        lines += (0..<40).map { "n\($0): &anchor\($0) \($0)" }
        lines += stride(from: 0, to: 40, by: 3).map { "u\($0): *anchor\($0)" }
        lines.append("z: *n5")
        // yamllint 1.38's output; the unused `anchorN` (not a multiple of 3) are on line 12 + N.
        var expected = ["7:4 error anchors: found undeclared alias \"abcdef\"",
                        "8:4 error anchors: found undeclared alias \"abcdefghij\"",
                        "9:4 error anchors: found duplicated anchor \"abcdefg\"",
                        "66:4 error anchors: found undeclared alias \"n5\"",
                        "9:4 error anchors: found unused anchor \"abcdefg\"",
                        "4:4 error anchors: found unused anchor \"abcdefghi\""]
        expected += (0..<40).filter { $0 % 3 != 0 }.map {
            "\(12 + $0):\($0 < 10 ? 5 : 6) error anchors: found unused anchor \"anchor\($0)\""
        }
        try check("rules: {anchors: {forbid-duplicated-anchors: true, forbid-unused-anchors: true}}",
                  lines.joined(separator: "\n"), expected)
    }
}
