import XCTest
import YAMLSyntax
@testable import YAMLDocumentModel

extension XCTestCase {
    /// Sends `model` the edit of `uri`'s text that replaces the UTF-8 bytes `range` with `insert`, at
    /// `version`, as an editor does (LSP positions in UTF-8 units); the snapshot after it.
    func edit(_ model: DocumentModel, _ uri: DocumentURI, version: Int, _ range: Range<Int>, _ insert: String) -> DocumentSnapshot? {
        guard let before = model.snapshot(uri) else { return nil }
        let lsp = (before.lineIndex.position(of: range.lowerBound, encoding: .utf8),
                   before.lineIndex.position(of: range.upperBound, encoding: .utf8))
        model.perform(.change(uri, version: version, changes: [TextChange(range: lsp, text: insert)], encoding: .utf8))
        return model.snapshot(uri)
    }

    /// Asserts that `model` answers for `uri` as a fresh model given its current text: the published
    /// diagnostics and schema info, and with `surfaces` the outline, folding, semantic tokens, formatting
    /// and the hover at `hoverOffset`. Returns whether the diagnostics agree.
    @discardableResult
    func assertAnswersAsAFreshModel(_ model: DocumentModel, _ uri: DocumentURI, version: Int, label: String,
                                    surfaces: Bool, hoverOffset: Int? = nil) -> Bool {
        guard let text = model.snapshot(uri)?.text else {
            XCTFail("not open: \(label)")
            return false
        }
        let reference = DocumentModel()
        reference.perform(.open(uri, version: version, text: text))
        XCTAssertEqual(model.diagnostics(uri)?.diagnostics, reference.diagnostics(uri)?.diagnostics, label)
        XCTAssertEqual(model.schemaInfo(uri), reference.schemaInfo(uri), label)
        if surfaces {
            XCTAssertEqual(model.outline(uri), reference.outline(uri), label)
            XCTAssertEqual(model.folding(uri), reference.folding(uri), label)
            XCTAssertEqual(model.semanticTokens(uri), reference.semanticTokens(uri), label)
            XCTAssertEqual(model.formatting(uri), reference.formatting(uri), label)
            if let hoverOffset {
                XCTAssertEqual(model.hover(uri, at: hoverOffset), reference.hover(uri, at: hoverOffset), label)
            }
        }
        return model.diagnostics(uri)?.diagnostics == reference.diagnostics(uri)?.diagnostics
    }
}
