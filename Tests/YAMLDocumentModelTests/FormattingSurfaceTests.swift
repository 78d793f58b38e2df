import XCTest
import YAMLFormatter
import YAMLParser
import YAMLSyntax
@testable import YAMLDocumentModel

/// The formatting surface through the model: edits, refusals, options from the request, and the safety
/// net that keeps a broken formatting rule from ever reaching the user's text.
final class FormattingSurfaceTests: XCTestCase {
    let uri = DocumentURI("file:///tmp/format.yaml")

    func surface(_ text: String, request: FormattingRequest = FormattingRequest()) throws -> FormattingSurface {
        let model = DocumentModel()
        model.perform(.open(uri, version: 1, text: text))
        return try XCTUnwrap(model.formatting(uri, request: request))
    }

    /// The text after applying `edits` (byte ranges of the original), checking they do not overlap.
    func applying(_ edits: [TextReplacement], to text: String) -> String {
        var bytes = Array(text.utf8)
        var previousStart = Int.max
        for e in edits.sorted(by: { $0.range.start > $1.range.start }) {
            XCTAssertLessThanOrEqual(e.range.end, previousStart, "edits overlap")
            previousStart = e.range.start
            bytes.replaceSubrange(e.range.start..<e.range.end, with: Array(e.newText.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func formatted(_ text: String, request: FormattingRequest = FormattingRequest()) throws -> String {
        let s = try surface(text, request: request)
        XCTAssertNil(s.refusal, s.refusal ?? "")
        let result = applying(s.edits, to: text)
        XCTAssertEqual(Array(result.utf8), s.formattedText, "the edits rebuild the formatted text")
        return result
    }

    func testEditsGiveTheFormattedText() throws {
        let text = "root:\n    child:   1   \n    list:\n        -   a\n\n\n\n    other: 2"
        XCTAssertEqual(try formatted(text), "root:\n  child: 1\n  list:\n    - a\n\n  other: 2\n")
    }

    func testFormattingTwiceEqualsOnceAndCleanFilesGetNoEdits() throws {
        let text = "a:\n      b: 1\n      c:\n          - x   \n"
        let once = try formatted(text)
        XCTAssertEqual(once, "a:\n  b: 1\n  c:\n    - x\n")
        let again = try surface(once)
        XCTAssertEqual(again.edits, [])
        XCTAssertNil(again.refusal)
        XCTAssertEqual(again.formattedText, Array(once.utf8))
    }

    func testInvalidDocumentGetsNoEdits() throws {
        let s = try surface("a:    [1, 2\nb:   2\n")
        XCTAssertEqual(s.edits, [])
        XCTAssertEqual(s.refusal, "the document has syntax errors")
        XCTAssertEqual(s.formattedText, Array("a:    [1, 2\nb:   2\n".utf8))
    }

    func testCRLFIsKept() throws {
        XCTAssertEqual(try formatted("a:\r\n    b: 1  \r\n    c: 2\r\n"), "a:\r\n  b: 1\r\n  c: 2\r\n")
        XCTAssertEqual(try formatted("a:\r\n    b: 1"), "a:\r\n  b: 1\r\n", "the final line break is the file's")
    }

    func testCommentsAndBlankLineGroupsAreKept() throws {
        let text = "# head\n\na:\n    # inside\n    b: 1 # eol\n\n    c: 2\n\n\n# tail\nd: 3\n"
        XCTAssertEqual(try formatted(text), "# head\n\na:\n  # inside\n  b: 1 # eol\n\n  c: 2\n\n# tail\nd: 3\n")
    }

    func testTabSizeFromTheRequest() throws {
        let text = "a:\n  b:\n    c: 1\n"
        XCTAssertEqual(try formatted(text, request: FormattingRequest(tabSize: 4)), "a:\n    b:\n        c: 1\n")
        XCTAssertEqual(try formatted(text, request: FormattingRequest(tabSize: 0)), text, "a tab size of 0 is ignored")
    }

    func testRequestOptionsForWhitespace() throws {
        let text = "a: 1   \nb: 2"
        XCTAssertEqual(try formatted(text, request: FormattingRequest(trimTrailingWhitespace: false, insertFinalNewline: false)),
                       text)
        XCTAssertEqual(try formatted("a: 1\n\n\n", request: FormattingRequest(trimFinalNewlines: true)), "a: 1\n")
    }

    func testFormattingDisabledInSettingsRefuses() throws {
        var settings = Settings()
        settings.formatEnabled = false
        let model = DocumentModel(settings: settings)
        model.perform(.open(uri, version: 1, text: "a:    1\n"))
        let s = try XCTUnwrap(model.formatting(uri))
        XCTAssertEqual(s.edits, [])
        XCTAssertNotNil(s.refusal)
        XCTAssertNil(model.formatting(DocumentURI("file:///not/open.yaml")))
    }

    // MARK: The safety net

    func snapshot(_ text: String) -> DocumentSnapshot {
        DocumentSnapshot(uri: uri, version: 1, bytes: Array(text.utf8))
    }

    /// A deliberately broken formatting rule: the correct layout, then `damage` applied to it.
    func broken(_ damage: @escaping (String) -> String) -> (ParseResult, FormatOptions) -> [UInt8]? {
        { parse, options in
            guard let good = Formatter.format(parse, options: options) else { return nil }
            return Array(damage(String(decoding: good, as: UTF8.self)).utf8)
        }
    }

    func assertRefused(_ text: String, _ damage: @escaping (String) -> String, because reason: String,
                       file: StaticString = #filePath, line: UInt = #line) {
        // The undamaged formatter would change this text, so an empty answer means the net caught it.
        let good = FormattingPlanner.plan(snapshot(text), options: FormatOptions())
        XCTAssertFalse(good.edits.isEmpty, "the control run must produce edits", file: file, line: line)
        let s = FormattingPlanner.plan(snapshot(text), options: FormatOptions(), format: broken(damage))
        XCTAssertEqual(s.edits, [], file: file, line: line)
        XCTAssertEqual(s.formattedText, Array(text.utf8), "refused: the text stays as it was", file: file, line: line)
        let refusal = s.refusal ?? ""
        XCTAssertTrue(refusal.hasPrefix("safety net:") && refusal.contains(reason),
                      "refusal \(refusal.debugDescription) should mention \(reason.debugDescription)", file: file, line: line)
    }

    func testSafetyNetCatchesADroppedComment() {
        assertRefused("a:    1 # keep me\nb:    2\n", { $0.replacingOccurrences(of: " # keep me", with: "") },
                      because: "comments changed")
    }

    func testSafetyNetCatchesAChangedScalar() {
        assertRefused("a:    1\nb:    two\n", { $0.replacingOccurrences(of: "two", with: "three") },
                      because: "no longer loads to the same data")
    }

    func testSafetyNetCatchesAChangedType() {
        // Quoting removed: the string "1" would become the integer 1.
        assertRefused("a:    \"1\"\n", { $0.replacingOccurrences(of: "\"1\"", with: "1") },
                      because: "no longer loads to the same data")
    }

    func testSafetyNetCatchesWrongIndentationThatChangesStructure() {
        // `b` moved out of `a`: still valid YAML, different data.
        assertRefused("a:\n    x: 1\n    b: 2\n", { $0.replacingOccurrences(of: "  b: 2", with: "b: 2") },
                      because: "no longer loads to the same data")
    }

    func testSafetyNetCatchesOutputThatDoesNotParse() {
        assertRefused("a:    [1, 2]\n", { $0.replacingOccurrences(of: "]", with: "") }, because: "does not parse")
    }

    func testSafetyNetCatchesAnExtraDocument() {
        assertRefused("a:    1\n", { $0 + "---\nb: 2\n" }, because: "document count changed")
    }

    func testSafetyNetCatchesALostAnchor() {
        assertRefused("a:    &x 1\nb: *x\n", { $0.replacingOccurrences(of: "&x ", with: "").replacingOccurrences(of: "*x", with: "1") },
                      because: "no longer loads to the same data")
    }

    func testSafetyNetCatchesABlockScalarChange() {
        assertRefused("s:    |\n  line\n", { $0.replacingOccurrences(of: "|", with: "|-") },
                      because: "no longer loads to the same data")
    }

    func testAFormatterThatDeclinesGivesNoEdits() {
        let s = FormattingPlanner.plan(snapshot("a:    1\n"), options: FormatOptions(), format: { _, _ in nil })
        XCTAssertEqual(s.edits, [])
        XCTAssertEqual(s.refusal, "the formatter declined this document")
    }
}
