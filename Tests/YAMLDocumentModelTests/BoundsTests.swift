import Foundation
import TestSupport
import XCTest
import YAMLComposer
import YAMLDocumentModel
import YAMLParser
import YAMLSchema
import YAMLSyntax

/// Hostile documents through the model: each gets a clear diagnostic instead of a crash, a hang or a
/// blow-up, and every feature still answers.
final class BoundsTests: XCTestCase {
    private let uri = DocumentURI("file:///bounds.yaml")

    /// Loads `bytes`, asks every feature at a few offsets, and returns the snapshot.
    @discardableResult
    private func exercise(_ bytes: [UInt8], settings: Settings = Settings(), file: StaticString = #filePath,
                          line: UInt = #line) throws -> DocumentSnapshot {
        let model = DocumentModel(settings: settings)
        model.perform(.openFile(uri, bytes: bytes))
        let s = try XCTUnwrap(model.snapshot(uri), file: file, line: line)
        for d in s.diagnostics {
            XCTAssertLessThanOrEqual(d.range.end, bytes.count, "\(d.code) in bounds", file: file, line: line)
        }
        _ = model.outline(uri)
        _ = model.folding(uri)
        _ = model.semanticTokens(uri)
        _ = model.documentLinks(uri)
        _ = model.formatting(uri)
        let offsets = [0, bytes.count / 2, Swift.max(0, bytes.count - 1), bytes.count]
        _ = model.selectionRanges(uri, at: offsets)
        for o in offsets {
            _ = model.hover(uri, at: o)
            _ = model.completion(uri, at: o)
            _ = model.definition(uri, at: o)
            _ = model.codeActions(uri, range: TextRange(empty: o))
        }
        return s
    }

    func testHundredThousandOpenBracketsGiveANestingDiagnostic() throws {
        let s = try exercise(Array(repeating: UInt8(ascii: "["), count: 100_000))
        XCTAssertTrue(s.diagnostics.contains { $0.code == "nesting-too-deep" && $0.severity == .error })
    }

    func testDeeplyNestedBlockMappingsGiveANestingDiagnostic() throws {
        var text = ""
        for i in 0..<1_200 { text += String(repeating: " ", count: i) + "k:\n" }
        let s = try exercise(Array(text.utf8))
        XCTAssertTrue(s.diagnostics.contains { $0.code == "nesting-too-deep" })
        // Mixed flow nesting deeper than the JSON projection's limit, but within the parser's.
        let deepFlow = String(repeating: "[{a: ", count: 600)
        try exercise(Array(deepFlow.utf8))
    }

    /// Nine levels of ten aliases each: 10^9 scalars once expanded.
    private var billionLaughs: String {
        var text = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1..<10 {
            let refs = Array(repeating: "*\(Character(UnicodeScalar(96 + level)!))", count: 10).joined(separator: ", ")
            text += "\(Character(UnicodeScalar(97 + level)!)): &\(Character(UnicodeScalar(97 + level)!)) [\(refs)]\n"
        }
        return text
    }

    func testBillionLaughsAnswersQuickly() throws {
        let bytes = Array(billionLaughs.utf8)
        // Hang guard (an unbounded expansion visits 10^9 scalars), not a speed goal.
        assertNoHang(cpuSecondsAtMost: 60, "billion laughs through the model") {
            let model = DocumentModel()
            model.perform(.openFile(uri, bytes: bytes))
            // Hover on the last anchor (10^9 scalars when expanded), the last alias, and everything else.
            for o in stride(from: 0, through: bytes.count, by: 7) { _ = model.hover(uri, at: o) }
            _ = model.completion(uri, at: bytes.count - 3)
            _ = model.outline(uri)
            _ = model.formatting(uri)
        }
    }

    /// Schema validation and JSON projection of a billion-laughs document stop at their budgets.
    func testBillionLaughsValidationAndProjectionAreBounded() throws {
        let document = try XCTUnwrap(Composer.compose(Parser.parse(Array(billionLaughs.utf8))).documents.first)
        // Every scalar is too long for the schema, so an unbounded validator would visit 10^9 of them.
        let schemaText = ##"{"$defs": {"n": {"anyOf": [{"type": "string", "maxLength": 1}, {"type": "array", "items": {"$ref": "#/$defs/n"}}]}}, "additionalProperties": {"$ref": "#/$defs/n"}}"##
        let schema = try JSONSchema(jsonText: Array(schemaText.utf8))
        // Hang guard (10^9 nodes unbounded), not a speed goal.
        try assertNoHang(cpuSecondsAtMost: 60, "billion laughs projection and validation") {
            guard case .failure(.budgetExceeded) = JSONProjection.project(document.root) else {
                return XCTFail("the projection must refuse a billion nodes")
            }
            XCTAssertFalse(schema.validate(document).isEmpty)
        }
    }

    /// Found by the composer fuzz target (a 382-byte input timed out): collection keys nested n deep
    /// project to JSON keys of about 2^n bytes, because each level escapes the text of the one inside it.
    /// The projection now counts key text against its budget and fails fast.
    func testNestedCollectionKeysDoNotExplodeTheJSONProjection() throws {
        let text = String(repeating: "{", count: 40) + String(repeating: "}", count: 40) + "\n"
        let document = try XCTUnwrap(Composer.compose(Parser.parse(Array(text.utf8))).documents.first)
        // Hang guard (2^40 bytes of key text unbounded), not a speed goal.
        let projected = assertNoHang(cpuSecondsAtMost: 60, "nested collection keys") { JSONProjection.project(document.root) }
        guard case .failure(.budgetExceeded) = projected else {
            return XCTFail("2^40 bytes of key text must exceed the budget")
        }
        // Shallow nesting still projects, with the inner mapping's JSON text as the key.
        let shallow = try XCTUnwrap(Composer.compose(Parser.parse(Array("{{a: 1}: 2}".utf8))).documents.first)
        XCTAssertEqual(try JSONProjection.project(shallow.root).get().jsonText, #"{"{\"a\":1}":2}"#)
        try assertNoHang(cpuSecondsAtMost: 60, "nested collection keys through the model") { try exercise(Array(text.utf8)) }
    }

    func testTenMegabyteSingleLine() throws {
        var bytes = Array("k: ".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "x"), count: 10_000_000)
        let model = DocumentModel()
        model.perform(.openFile(uri, bytes: bytes))
        let s = try XCTUnwrap(model.snapshot(uri))
        XCTAssertEqual(s.diagnostics.filter { $0.severity == .error }, [])
        XCTAssertEqual(s.lineIndex.position(of: bytes.count, encoding: .utf16), LineColumn(line: 0, column: bytes.count))
        XCTAssertEqual(model.outline(uri)?.symbols.map(\.name), ["k"])
        XCTAssertEqual(model.semanticTokens(uri)?.tokens.count, 2)
    }

    func testFilesAboveMaxFileSizeGetSyntaxOnly() throws {
        var settings = Settings()
        settings.apply(.object([(key: "pureyaml", value: .object([(key: "maxFileSize", value: .integer(100))]))]))
        XCTAssertEqual(settings.maxFileSize, 100)
        let small = "a: 1\na: 2\n"  // a duplicate key: a composition finding
        let big = small + String(repeating: "# padding\n", count: 20) + "b: [\n"
        let model = DocumentModel(settings: settings)
        model.perform(.openFile(uri, bytes: Array(small.utf8)))
        XCTAssertEqual(model.snapshot(uri)?.diagnostics.map(\.code), ["duplicate-key"])
        model.perform(.openFile(uri, bytes: Array(big.utf8)))
        let s = try XCTUnwrap(model.snapshot(uri))
        XCTAssertFalse(s.isFullyAnalyzed)
        let codes = s.diagnostics.map(\.code)
        XCTAssertEqual(codes.first, "file-too-large")
        XCTAssertFalse(codes.contains("duplicate-key"), "composition skipped")
        XCTAssertTrue(codes.contains("unclosed-flow-sequence"), "syntax still checked: \(codes)")
        let note = try XCTUnwrap(s.diagnostics.first)
        XCTAssertEqual(note.severity, .information)
        XCTAssertTrue(note.message.contains("maxFileSize"))
        XCTAssertEqual(model.formatting(uri)?.edits, [])
        XCTAssertNotNil(model.formatting(uri)?.refusal)
        // Raising the limit re-analyses the open document.
        var raised = settings
        raised.maxFileSize = Settings.defaultMaxFileSize
        let areas = model.perform(.configure(raised))
        XCTAssertTrue(areas.contains(.diagnostics(uri)))
        XCTAssertEqual(model.snapshot(uri)?.isFullyAnalyzed, true)
        XCTAssertTrue(model.snapshot(uri)?.diagnostics.contains { $0.code == "duplicate-key" } ?? false)
        XCTAssertEqual(Settings().maxFileSize, 20 << 20)
    }

    func testInvalidUTF8IsReportedWhereItIs() throws {
        // "a: " then two invalid bytes, then "\nb: é" with a truncated sequence at the end.
        let bytes: [UInt8] = Array("a: ".utf8) + [0xFF, 0xFE] + Array("\nb: é".utf8) + [0xE4, 0xB8]
        let s = try exercise(bytes)
        let bad = s.diagnostics.filter { $0.code == "invalid-utf8" }
        XCTAssertEqual(bad.map(\.range), [TextRange(start: 3, end: 5), TextRange(start: bytes.count - 2, end: bytes.count)])
        XCTAssertEqual(s.lineIndex.position(of: bad[1].range.start, encoding: .utf16), LineColumn(line: 1, column: 4))
        // Overlong forms and encoded surrogates are not UTF-8 either.
        let overlong = try exercise([0x61, 0xC0, 0xAF, 0x62, 0xED, 0xA0, 0x80])
        XCTAssertEqual(overlong.diagnostics.filter { $0.code == "invalid-utf8" }.map(\.range),
                       [TextRange(start: 1, end: 3), TextRange(start: 4, end: 7)])
    }

    /// Found by the formatter fuzz target: edits are Strings, so formatting text that is not UTF-8 would
    /// turn its bad bytes into U+FFFD. Such text is not formatted.
    func testFormattingRefusesTextThatIsNotUTF8() throws {
        let model = DocumentModel()
        model.perform(.openFile(uri, bytes: [0x20, 0x20, 0x3A, 0xFF]))  // "  :" then a stray byte
        let surface = try XCTUnwrap(model.formatting(uri))
        XCTAssertEqual(surface.edits, [])
        XCTAssertEqual(surface.formattedText, [0x20, 0x20, 0x3A, 0xFF])
        XCTAssertEqual(surface.refusal, "the document is not valid UTF-8")
    }

    /// Found with hostile inputs for the formatter target: formatting a mapping of n entries took O(n²)
    /// (each block indicator searched the root's children linearly), minutes for 20,000 keys.
    func testFormattingAMappingWithManyEntriesIsNotQuadratic() throws {
        let text = (0..<20_000).map { "key\($0):   \($0)\n" }.joined()
        let model = DocumentModel()
        model.perform(.openFile(uri, bytes: Array(text.utf8)))
        // Hang guard (the quadratic version took minutes), not a speed goal.
        let surface = try XCTUnwrap(assertNoHang(cpuSecondsAtMost: 60, "formatting 20,000 entries") { model.formatting(uri) })
        XCTAssertFalse(surface.edits.isEmpty)
        XCTAssertEqual(surface.formattedText, Array((0..<20_000).map { "key\($0): \($0)\n" }.joined().utf8))
    }

    func testNULAndControlCharactersAreReported() throws {
        let bytes: [UInt8] = Array("k: \"a".utf8) + [0x00, 0x00] + Array("b\"\nv: x".utf8) + [0x07] + Array("\t\r\n".utf8)
            + Array("w: \u{85}\u{A0}ok\u{FEFF}\n".utf8) + [0xC2, 0x9B]
        let s = try exercise(bytes)
        let found = s.diagnostics.filter { $0.code == "non-printable-character" }.map(\.range)
        let bom = bytes.count - 6  // U+FEFF inside the text (3 bytes) before "\n" and C2 9B
        XCTAssertEqual(found, [TextRange(start: 5, end: 7), TextRange(start: 14, end: 15),
                               TextRange(start: bom, end: bom + 3), TextRange(start: bytes.count - 2, end: bytes.count)])
        // A BOM at the start is allowed; TAB, CR, LF, NEL and NBSP are printable.
        let clean = try exercise([0xEF, 0xBB, 0xBF] + Array("a:\tb\r\nc: \u{85}\u{A0}\n".utf8))
        XCTAssertFalse(clean.diagnostics.contains { $0.code == "non-printable-character" || $0.code == "invalid-utf8" })
    }

    func testBinaryGarbageIsCappedAndPositionsStayConsistent() throws {
        var rng = SeededGenerator(seed: 3)
        let bytes = (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let s = try exercise(bytes)
        let character = s.diagnostics.filter { $0.code == "invalid-utf8" || $0.code == "non-printable-character" }
        XCTAssertLessThanOrEqual(character.count, 100)
        XCTAssertFalse(character.isEmpty)
        // Offsets and positions round-trip through the line index in every encoding.
        for d in s.diagnostics.prefix(50) {
            let p = s.lineIndex.position(of: d.range.start, encoding: .utf8)
            XCTAssertEqual(s.lineIndex.offset(of: p, encoding: .utf8), d.range.start)
        }
        // Separate runs of bad bytes start at separate positions, in the CLI's columns (Unicode scalars,
        // an ill-formed sequence counting one U+FFFD per maximal subpart) and in LSP's (UTF-16 code units).
        let located = character.map { LocatedDiagnostic($0, in: s) }
        XCTAssertEqual(Set(located.map { [$0.start.line, $0.start.column] }).count, located.count)
        XCTAssertEqual(Set(located.map { [$0.start.line, $0.start.utf16Column] }).count, located.count)
        for d in character {
            for encoding in [ColumnEncoding.utf16, .utf32] {
                let p = s.lineIndex.position(of: d.range.start, encoding: encoding)
                XCTAssertEqual(s.lineIndex.offset(of: p, encoding: encoding), d.range.start, "\(d.code) at \(d.range)")
            }
        }
    }
}


extension BoundsTests {
    /// 100,000 duplicate keys (issue 23: 5 MB of them gave one million findings): 1,000 are published, and
    /// one more says how many were left out, as an error because errors are among them.
    func testFindingsPerDocumentAreCappedWithOneThatCountsTheRest() throws {
        let text = "k: 1\n" + String(repeating: "k: 2\n", count: 100_000)
        let model = DocumentModel()
        model.perform(.openFile(uri, bytes: Array(text.utf8)))
        let surface = try XCTUnwrap(model.diagnostics(uri))
        XCTAssertEqual(surface.diagnostics.count, DocumentModel.maxDiagnosticsPerDocument + 1)
        let last = try XCTUnwrap(surface.diagnostics.last)
        XCTAssertEqual(last.code, DocumentModel.tooManyFindingsCode)
        XCTAssertEqual(last.severity, .error)
        let listed = surface.diagnostics.dropLast()
        XCTAssertEqual(last.message, "\(100_000 - listed.count) more findings in this document are not shown (at most 1000 are listed per document).")
        XCTAssertEqual(last.range.start, 5 + 5 * 1_000, "at the first finding left out")
        // A document with fewer findings is untouched.
        model.perform(.openFile(uri, bytes: Array("k: 1\nk: 2\n".utf8)))
        XCTAssertEqual(model.diagnostics(uri)?.diagnostics.map(\.code), ["duplicate-key"])
    }
}
