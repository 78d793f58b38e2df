import XCTest
import YAMLSyntax
@testable import YAMLDocumentModel

/// What a keystroke in a small one-document text leaves undone: a Kubernetes document whose kind has no
/// schema loaded (none known, still loading, or not to be had) keeps its association after an edit inside one block mapping
/// entry, without composing the whole text again; the answers are a fresh model's.
final class KeystrokeFixedCostTests: XCTestCase {
    private let uri = DocumentURI(filePath: "/w/list.yaml")
    private let text = "apiVersion: v1\nkind: List\nitems:\n  - apiVersion: v1\n    kind: ConfigMap\n    metadata:\n      name: word\n    data:\n      key: value\n"

    func testAKeystrokeInAKindWithoutItsSchemaComposesNothingWhole() throws {
        let model = DocumentModel()
        model.perform(.open(uri, version: 1, text: text))
        let info = try XCTUnwrap(model.schemaInfo(uri)?.documents.first)
        XCTAssertNotNil(info.resourceType, "a Kubernetes resource")
        XCTAssertNotEqual(info.status, .loaded, "whose schema is not loaded: nothing is delivered")
        let at = try XCTUnwrap(text.range(of: "value")).upperBound.utf16Offset(in: text)
        var bytes = Array(text.utf8), version = 1
        for k in 0..<6 {
            version += 1
            let insert = k % 2 == 0
            let range = insert ? at..<at : at..<(at + 1)
            guard let s = edit(model, uri, version: version, range, insert ? "x" : "") else { return XCTFail("closed") }
            bytes.replaceSubrange(range, with: insert ? [UInt8(ascii: "x")] : [])
            XCTAssertEqual(s.bytes, bytes)
            XCTAssertNotNil(s.blockRecheck, "keystroke \(k) re-checked one entry")
            XCTAssertFalse(s.analysis.isComposed, "keystroke \(k): the whole text is not composed")
            assertAnswersAsAFreshModel(model, uri, version: version, label: "keystroke \(k)", surfaces: false)
        }
    }

    /// A keystroke in the root's `kind` entry associates again (the whole text is read).
    func testAKeystrokeInTheKindAssociatesAgain() throws {
        let model = DocumentModel()
        model.perform(.open(uri, version: 1, text: text))
        let at = try XCTUnwrap(text.range(of: "List")).upperBound.utf16Offset(in: text)
        guard edit(model, uri, version: 2, at..<at, "x") != nil else { return XCTFail("closed") }
        assertAnswersAsAFreshModel(model, uri, version: 2, label: "kind edited", surfaces: false)
    }

    /// Formatting is laid out and checked once per snapshot and options: asked again at one version it is the
    /// same surface; other options, or a new version, give what a fresh layout gives.
    func testFormattingIsMadeOncePerSnapshotAndOptions() throws {
        let model = DocumentModel()
        let text = "a:\n    b: 1\n    c: [x,   y]\n"
        model.perform(.open(uri, version: 1, text: text))
        let first = try XCTUnwrap(model.formatting(uri))
        XCTAssertFalse(first.edits.isEmpty)
        XCTAssertEqual(model.formatting(uri), first)
        let s = try XCTUnwrap(model.snapshot(uri))
        for width in [2, 4] {
            var request = FormattingRequest()
            request.tabSize = width
            let expected = DocumentModel.buildFormatting(s, options: model.formatOptions(request, for: uri))
            XCTAssertEqual(model.formatting(uri, request: request), expected, "tab size \(width)")
        }
        XCTAssertNotEqual(model.formatting(uri, request: { var r = FormattingRequest(); r.tabSize = 4; return r }())?.formattedText,
                          first.formattedText)
        guard let after = edit(model, uri, version: 2, 0..<0, "z: 0\n") else { return XCTFail("closed") }
        XCTAssertEqual(model.formatting(uri), DocumentModel.buildFormatting(after, options: model.formatOptions(FormattingRequest(), for: uri)))
    }
}
