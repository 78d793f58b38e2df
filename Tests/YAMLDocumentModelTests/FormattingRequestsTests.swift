import TestSupport
import XCTest
import YAMLFormatter
import YAMLSyntax
@testable import YAMLDocumentModel

/// Range, on-type and will-save formatting, `.editorconfig` options and their precedence, ignore
/// markers, and the safety net over the real formatter path.
final class FormattingRequestsTests: XCTestCase {
    let uri = DocumentURI("file:///tmp/requests.yaml")

    func model(_ text: String, settings: Settings = Settings()) -> DocumentModel {
        let m = DocumentModel(settings: settings)
        m.perform(.open(uri, version: 1, text: text))
        return m
    }

    func applying(_ edits: [TextReplacement], to text: String) -> String {
        var bytes = Array(text.utf8)
        for e in edits.sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange(e.range.start..<e.range.end, with: Array(e.newText.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func byteRange(of needle: String, in text: String) -> TextRange {
        let r = text.range(of: needle)!
        let start = text.utf8.distance(from: text.startIndex, to: r.lowerBound)
        return TextRange(start: start, end: start + needle.utf8.count)
    }

    // MARK: Range formatting

    func testRangeFormattingChangesOnlyTheEntriesOverlappingTheRange() throws {
        let text = "a:    1\nb:\n  x:   1\n  y:   2\nc:    3\n"
        let s = try XCTUnwrap(model(text).rangeFormatting(uri, range: byteRange(of: "x:", in: text)))
        XCTAssertNil(s.refusal)
        // Only the `x` entry's line: its sibling and the top-level lines stay as they were.
        XCTAssertEqual(applying(s.edits, to: text), "a:    1\nb:\n  x: 1\n  y:   2\nc:    3\n")
        XCTAssertEqual(Array(applying(s.edits, to: text).utf8), s.formattedText)
    }

    func testRangeOverAParentEntryFormatsItsChildren() throws {
        let text = "a:    1\nb:\n    x:   1\n    y:   2\nc:    3\n"
        let s = try XCTUnwrap(model(text).rangeFormatting(uri, range: byteRange(of: "b:", in: text)))
        XCTAssertEqual(applying(s.edits, to: text), "a:    1\nb:\n  x: 1\n  y: 2\nc:    3\n")
    }

    func testARangeWhoseEntryMustMoveWithItsSiblingsWidensToTheirParent() throws {
        // Re-indenting only `x`'s line (to 2 columns) while `y` stays at 4 would be invalid YAML: the
        // partial result fails the safety net, and the enclosing entry `b` is formatted instead.
        let text = "a:    1\nb:\n    x:   1\n    y: 2\n"
        let s = try XCTUnwrap(model(text).rangeFormatting(uri, range: byteRange(of: "x:", in: text)))
        XCTAssertNil(s.refusal)
        XCTAssertEqual(applying(s.edits, to: text), "a:    1\nb:\n  x: 1\n  y: 2\n")
    }

    // MARK: On-type formatting

    func onType(_ text: String, settings: Settings = Settings()) -> String {
        let m = model(text, settings: settings)
        let edits = m.onTypeFormatting(uri, at: text.utf8.count, character: "\n") ?? []
        return applying(edits, to: text)
    }

    func testEnterAfterAKeyIndentsOneLevel() {
        XCTAssertEqual(onType("root:\n  child:\n"), "root:\n  child:\n    ")
        XCTAssertEqual(onType("script: |\n"), "script: |\n  ")
        XCTAssertEqual(onType("a: 1  # note\n"), "a: 1  # note\n")
        XCTAssertEqual(onType("root:\n  a: 1\n"), "root:\n  a: 1\n  ")
    }

    func testEnterAfterAScalarItemContinuesTheList() {
        XCTAssertEqual(onType("list:\n  - one\n"), "list:\n  - one\n  - ")
        XCTAssertEqual(onType("list:\n  - name: x\n"), "list:\n  - name: x\n    ")
        XCTAssertEqual(onType("list:\n  - name:\n"), "list:\n  - name:\n      ")
        XCTAssertEqual(onType("list:\n  - \"quoted\"\n"), "list:\n  - \"quoted\"\n  ")
        XCTAssertEqual(onType("list:\n  -\n"), "list:\n  -\n  ")
    }

    func testEnterReplacesTheEditorsIndentationAndLeavesTextAlone() {
        XCTAssertEqual(onType("a:\n        "), "a:\n  ")
        // Inside a block scalar: the previous line's indentation, even after a colon.
        XCTAssertEqual(onType("s: |\n  text:\n"), "s: |\n  text:\n  ")
        var four = Settings()
        four.apply(.object([(key: "pureyaml.format.indentWidth", value: .integer(4))]))
        XCTAssertEqual(onType("a:\n", settings: four), "a:\n    ")
        let m = model("a: 1\n")
        XCTAssertEqual(m.onTypeFormatting(uri, at: 5, character: ";"), [])
    }

    // MARK: Will save

    func testWillSaveFormatsOnlyWhenEnabled() throws {
        let text = "a:    1\n"
        XCTAssertEqual(try XCTUnwrap(model(text).willSaveFormatting(uri)).edits, [])
        var on = Settings()
        on.apply(.object([(key: "pureyaml", value: .object([(key: "format", value: .object([(key: "onSave", value: .bool(true))]))]))]))
        let s = try XCTUnwrap(model(text, settings: on).willSaveFormatting(uri))
        XCTAssertEqual(applying(s.edits, to: text), "a: 1\n")
    }

    // MARK: Syntax errors

    func testADocumentWithSyntaxErrorsGetsNoEditsForEveryRequestKind() throws {
        var on = Settings()
        on.formatOnSave = true
        let text = "a:    [1, 2\nb:     c: d\n"
        let m = model(text, settings: on)
        XCTAssertEqual(try XCTUnwrap(m.formatting(uri)).edits, [])
        XCTAssertEqual(try XCTUnwrap(m.rangeFormatting(uri, range: TextRange(start: 0, end: text.utf8.count))).edits, [])
        XCTAssertEqual(try XCTUnwrap(m.willSaveFormatting(uri)).edits, [])
        XCTAssertNotNil(try XCTUnwrap(m.formatting(uri)).refusal)
        let typed = "a:\n  b: [1\n"
        m.perform(.change(uri, version: 2, changes: [.full(typed)], encoding: .utf8))
        XCTAssertEqual(m.onTypeFormatting(uri, at: typed.utf8.count, character: "\n"), [])
    }

    // MARK: The safety net over the real formatter

    func testFaultsInjectedIntoTheRealFormatterAreCaught() throws {
        for fault in [FormatOptions.Fault.flattenNestedCollections, .dropCommentLines] {
            var settings = Settings()
            settings.format.fault = fault
            let text = "root:\n    # about child\n    child:    1\n"
            let s = try XCTUnwrap(model(text, settings: settings).formatting(uri))
            XCTAssertEqual(s.edits, [], "\(fault)")
            XCTAssertTrue(s.refusal?.hasPrefix("safety net:") ?? false, "\(fault): \(s.refusal ?? "nil")")
            let r = try XCTUnwrap(model(text, settings: settings).rangeFormatting(uri, range: TextRange(start: 0, end: 4)))
            XCTAssertEqual(r.edits, [], "\(fault)")
        }
        // The control: without a fault the same text is formatted.
        XCTAssertFalse(try XCTUnwrap(model("root:\n    # about child\n    child:    1\n").formatting(uri)).edits.isEmpty)
    }

    // MARK: Ignore markers

    func testFormatOffRegionsStayByteForByte() throws {
        let text = "a:    1\n# pureyaml-format: off\nb:    [1,2]\n# pureyaml-format: on\nc:    3\n"
        let s = try XCTUnwrap(model(text).formatting(uri))
        XCTAssertEqual(applying(s.edits, to: text), "a: 1\n# pureyaml-format: off\nb:    [1,2]\n# pureyaml-format: on\nc: 3\n")
        let ignored = "# pureyaml-format: ignore-file\na:    1\n"
        XCTAssertEqual(try XCTUnwrap(model(ignored).formatting(uri)).edits, [])
    }

    // MARK: .editorconfig

    func testEditorConfigSectionsGlobsAndRoot() {
        let files: [String: String] = [
            "/work/.editorconfig": "root = true\n[*]\nindent_size = 8\nend_of_line = crlf\n",
            "/work/proj/.editorconfig": "# nearest\n[*.{yaml,yml}]\nindent_size = 4\ninsert_final_newline = false\n[docs/**.yaml]\nindent_size = 3\n[Makefile]\nindent_size = tab\n",
            "/.editorconfig": "[*]\nindent_size = 6\ntrim_trailing_whitespace = false\n",
        ]
        let p = EditorConfig.properties(forFile: "/work/proj/a/b.yml") { files[$0] }
        XCTAssertEqual(p, EditorConfigProperties(indentSize: 4, lineBreak: "\r\n", insertFinalNewline: false))
        // `root = true` in /work stops the search: /.editorconfig is not read.
        XCTAssertNil(p.trimTrailingWhitespace)
        XCTAssertEqual(EditorConfig.properties(forFile: "/work/proj/docs/x/y.yaml") { files[$0] }.indentSize, 3)
        XCTAssertEqual(EditorConfig.properties(forFile: "/work/proj/notes.txt") { files[$0] }.indentSize, 8)
        XCTAssertTrue(EditorConfigGlob.matches("file{1..3}.yaml", path: "a/file2.yaml"), "number range")
        XCTAssertFalse(EditorConfigGlob.matches("file{1..3}.yaml", path: "file4.yaml"))
        XCTAssertTrue(EditorConfigGlob.matches("[!a]*.y?ml", path: "b.yaml"), "negated class")
        XCTAssertFalse(EditorConfigGlob.matches("/*.yaml", path: "sub/x.yaml"))
        XCTAssertTrue(EditorConfigGlob.matches("**/*.yaml", path: "x.yaml"), "globstar")
    }

    func testOptionsPrecedence() {
        let request = FormattingRequest(tabSize: 8, trimTrailingWhitespace: true,
                                        editorConfig: EditorConfigProperties(indentSize: 4, lineBreak: "\n", trimTrailingWhitespace: false))
        // .editorconfig beats the editor's request.
        let o = DocumentModel().formatOptions(request)
        XCTAssertEqual(o.indentWidth, 4)
        XCTAssertEqual(o.trimTrailingWhitespace, false)
        XCTAssertEqual(o.lineBreak, "\n")
        XCTAssertEqual(DocumentModel().formatOptions(FormattingRequest(tabSize: 8)).indentWidth, 8)
        // An explicit pureyaml.format.indentWidth beats both.
        var settings = Settings()
        settings.apply(.object([(key: "pureyaml.format.indentWidth", value: .integer(3)),
                                (key: "yaml.format.proseWrap", value: .string("always")),
                                (key: "yaml.format.singleQuote", value: .bool(true))]))
        let e = DocumentModel(settings: settings).formatOptions(request)
        XCTAssertEqual(e.indentWidth, 3)
        XCTAssertEqual(e.proseWrap, .always)
        XCTAssertEqual(e.singleQuote, true)
    }

    func testEditorConfigLineBreakConvertsTheFile() throws {
        let text = "a: 1\r\nb:\r\n  - x\r\n"
        let m = model(text)
        let s = try XCTUnwrap(m.formatting(uri, request: FormattingRequest(editorConfig: EditorConfigProperties(lineBreak: "\n"))))
        XCTAssertEqual(applying(s.edits, to: text), "a: 1\nb:\n  - x\n")
    }
}

extension FormattingRequestsTests {
    /// `[{}]` once recursed 100,000 deep (SIGSEGV at every format-on-save); braces are now literal when
    /// they hold no comma, and matching is linear.
    func testEditorConfigGlobsThatRecurseOrBacktrackAnswerQuickly() {
        assertNoHang(cpuSecondsAtMost: 30, "hostile .editorconfig globs") {
            XCTAssertTrue(EditorConfigGlob.matches("{}", path: "{}"))
            XCTAssertTrue(EditorConfigGlob.matches("{single}", path: "d/{single}"))
            XCTAssertFalse(EditorConfigGlob.matches("{}", path: "x.yaml"))
            XCTAssertFalse(EditorConfigGlob.matches(String(repeating: "{", count: 100_000), path: "x.yaml"))
            XCTAssertFalse(EditorConfigGlob.matches("*a*a*a*a*a*a*b", path: String(repeating: "a", count: 100)))
            XCTAssertTrue(EditorConfigGlob.matches("{a,{b,c}}.yaml", path: "c.yaml"), "nested alternatives")
            XCTAssertTrue(EditorConfigGlob.matches("f{1..999}.yaml", path: "f998.yaml"))
            XCTAssertFalse(EditorConfigGlob.matches("f{-9223372036854775808..9223372036854775807}.yaml", path: "f1.yaml"))
        }
    }
}
