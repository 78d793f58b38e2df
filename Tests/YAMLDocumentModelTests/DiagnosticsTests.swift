import XCTest
import YAMLSyntax
@testable import YAMLDocumentModel

/// The diagnostics surface: codes, severities and exact ranges (UTF-8 byte offsets) of syntax errors,
/// duplicate keys and alias problems, several per file, sorted by position.
final class DiagnosticsTests: XCTestCase {
    let uri = DocumentURI("file:///tmp/diagnostics.yaml")

    func diagnostics(_ text: String) throws -> [YAMLDiagnostic] {
        let model = DocumentModel()
        model.perform(.open(uri, version: 7, text: text))
        let surface = try XCTUnwrap(model.diagnostics(uri))
        XCTAssertEqual(surface.version, 7)
        return surface.diagnostics
    }

    /// `code@start..<end` for compact comparisons.
    func summary(_ d: [YAMLDiagnostic]) -> [String] {
        d.map { "\($0.severity.label) \($0.code)@\($0.range.start)..<\($0.range.end)" }
    }

    func testValidTextHasNoDiagnostics() throws {
        XCTAssertEqual(try diagnostics("a: 1\nb: [x, y]\nc: {d: e}\n---\n- f\n"), [])
        XCTAssertEqual(try diagnostics(""), [])
    }

    func testUnclosedFlowSequencePointsAtItsBracket() throws {
        let d = try diagnostics("a: [1, 2\nb: 2\n")
        XCTAssertEqual(summary(d), ["error unclosed-flow-sequence@3..<4"])
        XCTAssertTrue(d[0].message.contains("']'"), d[0].message)
        XCTAssertEqual(d[0].source, "pureyaml")
    }

    func testSeveralErrorsInOneFileAreSortedByPosition() throws {
        let text = "name: broken\njobs:\n  build:\n    steps: [checkout, test\n    runs-on: \"ubuntu\n"
        let d = try diagnostics(text)
        // '[' is byte 39 (line 4, column 12), '"' is byte 68 (line 5, column 14).
        XCTAssertEqual(summary(d), ["error unclosed-flow-sequence@39..<40", "error unclosed-quoted-scalar@68..<69"])
        let model = DocumentModel()
        model.perform(.open(uri, version: 1, text: text))
        let snapshot = try XCTUnwrap(model.snapshot(uri))
        XCTAssertEqual(d.map { snapshot.humanPosition(of: $0.range.start).line }, [4, 5])
        XCTAssertEqual(d.map { snapshot.humanPosition(of: $0.range.start).column }, [12, 14])
    }

    func testDuplicateKeysAreReportedAtTheLaterKey() throws {
        let d = try diagnostics("a: 1\nb: 2\na: 3\n")
        XCTAssertEqual(summary(d), ["error duplicate-key@10..<11"])
        XCTAssertTrue(d[0].message.contains("'a'") && d[0].message.contains("line 1"), d[0].message)
        // Equal by tag and canonical value (YAML 1.2.2 §3.2.1.1, core schema): 1, 01 and 0x1 are the same int.
        XCTAssertEqual(summary(try diagnostics("1: a\n01: b\n0x1: c\n")),
                       ["error duplicate-key@5..<7", "error duplicate-key@11..<14"])
        XCTAssertEqual(summary(try diagnostics("~: a\nnull: b\n")), ["error duplicate-key@5..<9"])
        XCTAssertEqual(summary(try diagnostics("{a: 1, a: 2}\n")), ["error duplicate-key@7..<8"])
        XCTAssertEqual(summary(try diagnostics("? [a, b]\n: 1\n? [a, b]\n: 2\n")), ["error duplicate-key@15..<21"])
    }

    func testKeysThatOnlyLookAlikeAreNotDuplicates() throws {
        XCTAssertEqual(try diagnostics("\"1\": a\n1: b\n"), [], "a string and an int differ")
        XCTAssertEqual(try diagnostics("1.0: a\n1: b\n"), [], "a float and an int differ")
        XCTAssertEqual(try diagnostics("a:\n  b: 1\nc:\n  b: 2\n"), [], "same key in different mappings")
        XCTAssertEqual(try diagnostics("a: 1\n---\na: 1\n"), [], "same key in different documents")
        XCTAssertEqual(try diagnostics("<<: {a: 1}\na: 2\n"), [], "a merged key may be overridden")
    }

    func testNestedDuplicateAndSyntaxErrorTogether() throws {
        let d = try diagnostics("a:\n  b: 1\n  b: 2\nc: [\n")
        XCTAssertEqual(d.map(\.code), ["duplicate-key", "unclosed-flow-sequence"])
        XCTAssertEqual(d[0].range, TextRange(start: 12, end: 13))
    }

    func testAliasProblems() throws {
        XCTAssertEqual(summary(try diagnostics("a: *x\n")), ["error undefined-alias@3..<5"])
        XCTAssertEqual(summary(try diagnostics("a: &x [*x]\n")), ["error recursive-alias@7..<9"])
        XCTAssertEqual(try diagnostics("a: &x 1\nb: *x\n"), [])
    }

    func testWarningsAreNotErrors() throws {
        let d = try diagnostics("%YAML 1.3\n---\na: 1\n")
        XCTAssertEqual(d.map(\.severity), [.warning])
        XCTAssertEqual(d.first?.code, "unsupported-yaml-version")
        XCTAssertEqual(d.first?.range.start, 0)
    }

    func testOtherSyntaxErrors() throws {
        XCTAssertEqual(summary(try diagnostics("key: \"abc\n")), ["error unclosed-quoted-scalar@5..<6"])
        XCTAssertEqual(try diagnostics("- a\nb: 1\n").map(\.code), ["expected-sequence-entry"])
        XCTAssertEqual(try diagnostics("a: b: c\n").map(\.code), ["invalid-mapping-value"])
        XCTAssertEqual(try diagnostics("a: b: c\n").first?.range.start, 4)
        XCTAssertEqual(try diagnostics("a:\n\t- b\n").map(\.code), ["tab-indentation"])
    }

    func testNonASCIIRangesAreBytes() throws {
        // "é中😀: [x" — the '[' is at byte 11 (é 2 bytes, 中 3, 😀 4, ':' and ' ').
        XCTAssertEqual(summary(try diagnostics("é中😀: [x\n")), ["error unclosed-flow-sequence@11..<12"])
    }

    func testCloseClearsAndChangeUpdatesDiagnostics() throws {
        let model = DocumentModel()
        model.perform(.open(uri, version: 1, text: "a: [\n"))
        XCTAssertEqual(model.diagnostics(uri)?.diagnostics.count, 1)
        let areas = model.perform(.change(uri, version: 2, changes: [TextChange(range: (LineColumn(line: 0, column: 4), LineColumn(line: 0, column: 4)), text: "]")], encoding: .utf16))
        XCTAssertTrue(areas.contains(.diagnostics(uri)))
        XCTAssertEqual(model.diagnostics(uri)?.diagnostics, [])
        XCTAssertEqual(model.diagnostics(uri)?.version, 2)
        model.perform(.close(uri))
        XCTAssertEqual(model.diagnostics(uri)?.diagnostics, [])
        XCTAssertNil(model.diagnostics(uri)?.version)
        XCTAssertNil(model.diagnostics(DocumentURI("file:///never/opened.yaml")))
    }
}
