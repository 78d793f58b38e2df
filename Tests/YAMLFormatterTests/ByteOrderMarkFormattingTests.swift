import XCTest
import YAMLFormatter
import YAMLParser

/// A byte order mark (YAML 1.2.2 §5.2) is not part of the first line's content or indentation: the
/// line after it is formatted like any other, and the mark stays in front of it.
final class ByteOrderMarkFormattingTests: XCTestCase {
    let bom = "\u{FEFF}"

    func format(_ text: String) -> String? {
        Formatter.format(Parser.parse(Array(text.utf8)), options: FormatOptions()).map { String(decoding: $0, as: UTF8.self) }
    }

    func testTheLineAfterTheMarkIsFormatted() {
        XCTAssertEqual(format(bom + "key:   value\nother:   [1,2]\n"), bom + "key: value\nother: [1, 2]\n")
    }

    func testAnIndentedFirstLineIsReindentedWithItsSiblings() {
        // Before: the first line was kept as written and the second moved to column 0, so the output did not
        // parse and the safety net refused to format a valid file.
        XCTAssertEqual(format(bom + "  a: 1\n  b: 2\n"), bom + "a: 1\nb: 2\n")
    }

    func testAMarkAloneOrBeforeACommentIsKept() {
        XCTAssertEqual(format(bom + "\na:   1\n"), bom + "\na: 1\n")
        XCTAssertEqual(format(bom + "# note\na:   1\n"), bom + "# note\na: 1\n")
    }

    /// Marks that begin document prefixes between documents (YAML 1.2.2 [202], [211]), also several in a row,
    /// stay where they are, byte for byte, while the documents around them are formatted.
    func testMarksInDocumentPrefixesAreKept() {
        XCTAssertEqual(format("a:   1\n" + bom + "# next file\n---\nb:   [1,2]\n"),
                       "a: 1\n" + bom + "# next file\n---\nb: [1, 2]\n")
        XCTAssertEqual(format(bom + bom + "# c\n" + bom + "---\na:   1\n...\n" + bom + "\n" + bom + "b:   2\n"),
                       bom + bom + "# c\n" + bom + "---\na: 1\n...\n" + bom + "\n" + bom + "b: 2\n")
    }
}

/// Double-quoted scalars with JSON surrogate-pair escapes are formatted (they were refused as invalid)
/// and keep their escapes as written.
final class SurrogatePairFormattingTests: XCTestCase {
    func testAJSONFileWithSurrogatePairsIsFormattedAndRoundTrips() {
        let text = #"{"a":   "\ud83d\ude00", "b": ["x\uD83D\uDE00y"]}"# + "\n"
        let formatted = Formatter.format(Parser.parse(Array(text.utf8)), options: FormatOptions())
        XCTAssertNotNil(formatted)
        let out = formatted.map { String(decoding: $0, as: UTF8.self) } ?? ""
        XCTAssertTrue(out.contains(#""\ud83d\ude00""#), out)
        XCTAssertTrue(Parser.parse(Array(out.utf8)).errors.filter { $0.severity == .error }.isEmpty, out)
        XCTAssertEqual(Formatter.format(Parser.parse(Array(out.utf8)), options: FormatOptions()), Array(out.utf8), "formatting is stable")
    }
}
