import XCTest
import YAMLSyntax
@testable import YAMLDocumentModel

/// Intent in, changed areas and text out: open, incremental and full changes, close.
final class TextSyncTests: XCTestCase {
    let uri = DocumentURI("file:///tmp/a.yaml")

    private func change(_ model: DocumentModel, version: Int, _ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int,
                        _ text: String, encoding: ColumnEncoding = .utf16) -> Set<SurfaceArea> {
        model.perform(.change(uri, version: version,
                              changes: [TextChange(range: (LineColumn(line: l1, column: c1), LineColumn(line: l2, column: c2)),
                                                   text: text)],
                              encoding: encoding))
    }

    func testOpenReportsEveryAreaOfTheDocument() {
        let model = DocumentModel()
        let areas = model.perform(.open(uri, version: 1, text: "a: 1\n"))
        XCTAssertEqual(areas, [.text(uri), .diagnostics(uri), .outline(uri), .folding(uri), .semanticTokens(uri), .formatting(uri)])
        XCTAssertEqual(model.snapshot(uri)?.version, 1)
        XCTAssertEqual(model.diagnostics(uri)?.version, 1)
    }

    func testIncrementalChangesWithNonASCIIInUTF16() {
        let model = DocumentModel()
        model.perform(.open(uri, version: 0, text: "k: é中😀x\n"))
        // Replace "x" (UTF-16 column 7: é=1, 中=1, 😀=2) with "yz".
        _ = change(model, version: 4, 0, 7, 0, 8, "yz")
        XCTAssertEqual(model.snapshot(uri)?.text, "k: é中😀yz\n")
        XCTAssertEqual(model.snapshot(uri)?.version, 4)
        // Insert before the emoji, in UTF-8 columns (k: =3, é=2, 中=3 -> 8).
        _ = change(model, version: 7, 0, 8, 0, 8, "!", encoding: .utf8)
        XCTAssertEqual(model.snapshot(uri)?.text, "k: é中!😀yz\n")
    }

    func testSeveralChangesApplyInOrderAndCRLFIsKept() {
        let model = DocumentModel()
        model.perform(.open(uri, version: 0, text: "a: 1\r\nb: 2\r\n"))
        let changes = [
            TextChange(range: (LineColumn(line: 1, column: 3), LineColumn(line: 1, column: 4)), text: "20"),
            TextChange(range: (LineColumn(line: 2, column: 0), LineColumn(line: 2, column: 0)), text: "c: 3\r\n"),
            TextChange(range: (LineColumn(line: 0, column: 0), LineColumn(line: 0, column: 1)), text: "A"),
        ]
        model.perform(.change(uri, version: 2, changes: changes, encoding: .utf16))
        XCTAssertEqual(model.snapshot(uri)?.text, "A: 1\r\nb: 20\r\nc: 3\r\n")
    }

    func testFullReplacementAndOutOfRangePositionsClamp() {
        let model = DocumentModel()
        model.perform(.open(uri, version: 0, text: "a: 1\n"))
        model.perform(.change(uri, version: 1, changes: [.full("b: 2")], encoding: .utf16))
        XCTAssertEqual(model.snapshot(uri)?.text, "b: 2")
        // A character past the end of the line means the end of the line; a line past the end, the end.
        _ = change(model, version: 2, 0, 99, 5, 0, "\nc: 3\n")
        XCTAssertEqual(model.snapshot(uri)?.text, "b: 2\nc: 3\n")
    }

    func testChangeToUnknownDocumentChangesNothing() {
        let model = DocumentModel()
        XCTAssertEqual(change(model, version: 1, 0, 0, 0, 0, "x"), [])
        XCTAssertNil(model.diagnostics(uri))
        XCTAssertNil(model.outline(uri))
        XCTAssertNil(model.formatting(uri))
    }

    func testCloseEmptiesDiagnostics() {
        let model = DocumentModel()
        model.perform(.open(uri, version: 3, text: "a: [\n"))
        XCTAssertEqual(model.perform(.close(uri)), [.text(uri), .diagnostics(uri)])
        XCTAssertEqual(model.diagnostics(uri), DiagnosticsSurface(uri: uri, version: nil, diagnostics: []))
        XCTAssertEqual(model.perform(.close(uri)), [])
    }

    func testSaveWithSameTextChangesNothing() {
        let model = DocumentModel()
        model.perform(.open(uri, version: 0, text: "a: 1\n"))
        XCTAssertEqual(model.perform(.save(uri, text: "a: 1\n")), [])
        XCTAssertEqual(model.perform(.save(uri, text: nil)), [])
        XCTAssertFalse(model.perform(.save(uri, text: "a: 2\n")).isEmpty)
    }

    func testFileURIRoundTrip() {
        let u = DocumentURI(filePath: "/tmp/my dir/ä#1.yaml")
        XCTAssertEqual(u.string, "file:///tmp/my%20dir/%C3%A4%231.yaml")
        XCTAssertEqual(u.filePath, "/tmp/my dir/ä#1.yaml")
        XCTAssertEqual(u.displayName, "ä#1.yaml")
        XCTAssertNil(DocumentURI("untitled:1").filePath)
    }

    func testSettingsReadNestedFlatAndYAMLLanguageServerKeys() {
        var s = Settings(json: .object([("pureyaml", .object([("maxItemsComputed", .integer(10))])),
                                        ("yaml.format.printWidth", .integer(100)),
                                        ("yaml", .object([("format", .object([("singleQuote", .bool(true))]))]))]))
        XCTAssertEqual(s.maxItemsComputed, 10)
        XCTAssertEqual(s.format.printWidth, 100)
        XCTAssertEqual(s.format.singleQuote, true)
        s.apply(.object([("pureyaml.maxItemsComputed", .string("many"))]))
        XCTAssertEqual(s.maxItemsComputed, 10, "a value of the wrong type is ignored")
    }
}
