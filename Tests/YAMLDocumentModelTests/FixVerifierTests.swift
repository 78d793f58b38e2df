import XCTest
@testable import YAMLDocumentModel
import YAMLLint
import YAMLSyntax

/// The fast path of code-action verification (``FixVerifier``): per-document checks in a stream and
/// answers kept per snapshot must refuse exactly what checking the whole text refuses.
final class FixVerifierTests: XCTestCase {
    private let uri = DocumentURI(filePath: "/p/stream.yaml")

    /// A stream of three documents with findings in the middle one: its fixable findings are offered,
    /// and the fix that would change the data (narrowing the space after `-` re-indents `b`) is not.
    func testUnsafeFixInOneDocumentOfAStreamIsStillRefused() throws {
        let text = "---\na: 1\n---\ns:\n  -   x: 1\n      y: 2\nb:  2 \n---\nc: 3\n"
        let m = lintModel(uri, text)
        XCTAssertNotNil(m.snapshot(uri)?.chunks, "the stream is checked document by document")
        let unsafe = try XCTUnwrap(m.codeActions(uri, range: lineRange(text, containing: "-   x"), only: [.quickFix]))
        XCTAssertTrue(m.lintFindings(uri)?.contains { $0.rule == "hyphens" } ?? false)
        XCTAssertFalse(unsafe.contains { $0.title.contains("(hyphens") }, "\(unsafe.map(\.title))")
        let safe = try XCTUnwrap(m.codeActions(uri, range: lineRange(text, containing: "b:  2"), only: [.quickFix]))
        XCTAssertEqual(Set(safe.map(\.title)), ["Use 1 space after the colon (colons)", "Remove trailing spaces (trailing-spaces)"])
        // The edits are in the whole text's offsets.
        let colon = try XCTUnwrap(safe.first { $0.title.contains("colons") }?.edits.first)
        XCTAssertEqual(String(decoding: Array(text.utf8)[colon.range.start..<colon.range.end], as: UTF8.self), "  ")
    }

    /// A fix that adds a `---` to the first document changes how the stream splits: the whole text decides
    /// (and accepts it).
    func testFixChangingTheDocumentMarkersIsCheckedOnTheWholeText() throws {
        let text = "a: 1\n---\nb: 2\n"
        let m = lintModel(uri, text)
        let actions = try XCTUnwrap(m.codeActions(uri, range: lineRange(text, containing: "a: 1"), only: [.quickFix]))
        XCTAssertEqual(actions.map(\.title), ["Add the document start marker --- (document-start)"])
    }

    /// Repeated requests at one version reuse the verifier; a new version gets a new one.
    func testVerifierIsKeptPerVersion() throws {
        let text = "---\na:  1\n"
        let m = lintModel(uri, text)
        let range = TextRange(start: 0, end: text.utf8.count)
        let first = m.codeActions(uri, range: range, only: [.quickFix])
        let verifier = try XCTUnwrap(m.records[uri]?.memo.fixVerifier)
        XCTAssertEqual(m.codeActions(uri, range: range, only: [.quickFix]), first)
        XCTAssertTrue(m.records[uri]?.memo.fixVerifier === verifier)
        m.perform(.change(uri, version: 2, changes: [TextChange(range: nil, text: "---\na: 1\n")], encoding: .utf8))
        XCTAssertNil(m.records[uri]?.memo.fixVerifier)
        XCTAssertEqual(m.codeActions(uri, range: range, only: [.quickFix]), [])
        XCTAssertFalse(m.records[uri]?.memo.fixVerifier === verifier)
    }

    /// Per-document answers equal whole-text answers for edits that keep or break data, comments, the
    /// syntax and the findings, in every document of a stream.
    func testDocumentChecksAgreeWithWholeTextChecks() throws {
        let text = "---\na:  1 # c\nb: [x,  y]\n---\n- &p one\n-   k: 1\n    l: 2\n---\nz: 'q' \n"
        let snapshot = DocumentSnapshot(uri: uri, version: 1, bytes: Array(text.utf8))
        XCTAssertNotNil(snapshot.chunks)
        let configuration = try XCTUnwrap(LintConfiguration.preset(named: "default"))
        let fast = FixVerifier(snapshot, configuration: configuration)
        let slow = FixVerifier(snapshot, configuration: configuration, checksDocumentsAlone: false)
        let bytes = Array(text.utf8)
        func at(_ needle: String, _ skip: Int = 0) throws -> Int {
            try XCTUnwrap(text.range(of: needle)).lowerBound.utf16Offset(in: text) + skip
        }
        let candidates: [(String, [TextReplacement])] = [
            ("colon spaces", [TextReplacement(range: TextRange(start: try at("a:  ", 2), end: try at("a:  ", 4)), newText: " ")]),
            ("drop comment", [TextReplacement(range: TextRange(start: try at(" # c"), end: try at(" # c", 4)), newText: "")]),
            ("change value", [TextReplacement(range: TextRange(start: try at("1 # c"), end: try at("1 # c", 1)), newText: "2")]),
            ("flow spaces", [TextReplacement(range: TextRange(start: try at(",  y", 1), end: try at(",  y", 3)), newText: " ")]),
            ("break syntax", [TextReplacement(range: TextRange(start: try at("[x"), end: try at("[x", 1)), newText: "")]),
            ("hyphen spaces", [TextReplacement(range: TextRange(start: try at("-   k", 1), end: try at("-   k", 4)), newText: " ")]),
            ("remove anchor", [TextReplacement(range: TextRange(start: try at("&p "), end: try at("&p ", 3)), newText: "")]),
            ("trailing", [TextReplacement(range: TextRange(start: bytes.count - 2, end: bytes.count - 1), newText: "")]),
            ("split document", [TextReplacement(range: TextRange(empty: try at("z:")), newText: "---\n")]),
            ("join documents", [TextReplacement(range: TextRange(start: try at("---\n- &p"), end: try at("---\n- &p", 4)), newText: "")]),
        ]
        let requirements: [FixVerifier.Requirement] = [
            FixVerifier.Requirement(keepsData: true),
            FixVerifier.Requirement(keepsData: false),
            FixVerifier.Requirement(removesLint: ["colons"], keepsData: true, keepsComments: true),
            FixVerifier.Requirement(removesLint: ["commas"], keepsData: true, keepsComments: true),
            FixVerifier.Requirement(removesLint: ["hyphens"], keepsData: true, keepsComments: true),
            FixVerifier.Requirement(removesLint: ["trailing-spaces"], keepsData: true, keepsComments: true),
            FixVerifier.Requirement(removesCore: "unused-anchor", keepsData: true),
        ]
        var passed = 0
        for (name, edits) in candidates {
            for r in requirements {
                let answer = fast.verify(edits, r)
                XCTAssertEqual(answer, slow.verify(edits, r), "\(name) \(r)")
                XCTAssertEqual(fast.verify(edits, r), answer, "a kept answer is the same")
                if answer { passed += 1 }
            }
        }
        XCTAssertGreaterThan(passed, 4, "some candidates pass")
        XCTAssertFalse(fast.verify(candidates[5].1, requirements[0]), "re-indenting the mapping after `-` changes its data")
        XCTAssertTrue(fast.verify(candidates[0].1, requirements[2]))
    }
}
