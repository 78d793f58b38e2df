import XCTest
@testable import YAMLDocumentModel
import YAMLSyntax

/// Code actions for a client that resolves them (LSP 3.17 `codeAction/resolve`): the list is made without
/// verifying anything and carries no edits; resolving one verifies it and gives the edits the eager list
/// gives, or says why it cannot.
final class CodeActionResolveTests: XCTestCase {
    private let uri = DocumentURI(filePath: "/p/resolve.yaml")

    /// The verified candidate `a` (listed at `version`) resolves to; a failure fails the test.
    private func resolved(_ m: DocumentModel, _ a: CodeActionCandidate) throws -> CodeActionCandidate {
        let reference = try XCTUnwrap(a.resolveReference, "\(a.title) has a reference")
        switch try m.resolveCodeAction(uri, reference) {
        case .success(let fix): return fix
        case .failure(let failure): XCTFail("\(a.title): \(failure)"); return a
        }
    }

    /// The line of the benchmark (`key:  word #c  `): four findings, four actions, listed without any
    /// analysis of an edited text; each resolves to exactly the edits of the eager list.
    func testListIsUnverifiedAndResolvesToTheEagerEdits() throws {
        let text = "---\nitems:\n  - key:  word #c  \n  - other: 1\n"
        let range = try lineRange(text, containing: "key:")
        let lazy = lintModel(uri, text)
        let listed = try XCTUnwrap(lazy.deferredCodeActions(uri, range: range, only: nil))
        XCTAssertEqual(lazy.records[uri]?.memo.fixVerifier?.analysedTexts, 0, "listing re-parses nothing")
        XCTAssertEqual(listed.count, 4, "\(listed.map(\.title))")
        XCTAssertTrue(listed.allSatisfy { $0.edits.isEmpty && $0.resolveReference != nil })
        XCTAssertEqual(Set(listed.compactMap(\.resolveReference)).count, listed.count, "one reference each")
        XCTAssertEqual(try lazy.deferredCodeActions(uri, range: range, only: nil), listed, "references are stable at one version")

        let eager = try XCTUnwrap(lintModel(uri, text).codeActions(uri, range: range, only: nil))
        XCTAssertEqual(listed.map(\.title), eager.map(\.title))
        for (a, b) in zip(listed, eager) {
            let fix = try resolved(lazy, a)
            XCTAssertEqual(fix.edits, b.edits, a.title)
            XCTAssertEqual(fix.diagnostic, b.diagnostic)
            XCTAssertEqual(fix.resolveReference, a.resolveReference)
        }
        XCTAssertEqual(lazy.records[uri]?.memo.fixVerifier?.analysedTexts, 4, "one analysis per resolved fix")
        _ = try resolved(lazy, listed[0])
        XCTAssertEqual(lazy.records[uri]?.memo.fixVerifier?.analysedTexts, 4, "a second resolve at the version is answered from the kept verdict")
    }

    /// The resolve needs nothing the listing left behind: a reference one model handed out resolves, in
    /// a model that never listed anything (same text and settings), to the eager list's edits.
    func testResolveNeedsNoListingBeforeIt() throws {
        let text = "---\nitems:\n  - key:  word #c  \n  - other: 1\n"
        let range = try lineRange(text, containing: "key:")
        let listed = try XCTUnwrap(lintModel(uri, text).deferredCodeActions(uri, range: range, only: nil))
        let eager = try XCTUnwrap(lintModel(uri, text).codeActions(uri, range: range, only: nil))
        XCTAssertEqual(listed.count, eager.count)
        for (a, b) in zip(listed, eager) {
            let fix = try resolved(lintModel(uri, text), a)
            XCTAssertEqual(fix.title, b.title)
            XCTAssertEqual(fix.edits, b.edits, a.title)
        }
    }

    /// A fix that would break the text (narrowing the space after `-` moves `x` left of `y`, which then
    /// reads as a continuation of `1`: a syntax error) is listed, refused on resolve with the reason, and
    /// left out of the next list at that version.
    func testUnverifiableFixIsRefusedWithItsReason() throws {
        let text = "---\ns:\n  -   x: 1\n      y: 2\n"
        let m = lintModel(uri, text)
        let range = try lineRange(text, containing: "-   x")
        let listed = try XCTUnwrap(m.deferredCodeActions(uri, range: range, only: [.quickFix]))
        let hyphens = try XCTUnwrap(listed.first { $0.title.contains("(hyphens)") }, "\(listed.map(\.title))")
        XCTAssertFalse(try XCTUnwrap(lintModel(uri, text).codeActions(uri, range: range, only: [.quickFix])).contains { $0.title.contains("hyphens") },
                       "the eager list leaves it out")
        let outcome = try m.resolveCodeAction(uri, try XCTUnwrap(hyphens.resolveReference))
        XCTAssertEqual(outcome, .failure(.refused(title: hyphens.title, reason: "it would add a syntax error")))
        if case .failure(let failure) = outcome {
            XCTAssertEqual(failure.description, "\"\(hyphens.title)\" was not applied: it would add a syntax error.")
        }
        let again = try XCTUnwrap(m.deferredCodeActions(uri, range: range, only: [.quickFix]))
        XCTAssertFalse(again.contains { $0.title == hyphens.title }, "known to fail at this version: left out")
    }

    /// An action offered for an older version is refused (its edits would be for another text); an
    /// identifier never handed out, or a closed document, too.
    func testStaleVersionUnknownIdentifierAndClosedDocument() throws {
        let text = "---\na:  1\n"
        let m = lintModel(uri, text)
        let listed = try XCTUnwrap(m.deferredCodeActions(uri, range: TextRange(start: 0, end: text.utf8.count), only: nil))
        let reference = try XCTUnwrap(listed.first?.resolveReference)
        var unknown = reference
        unknown.index = 99
        XCTAssertEqual(try m.resolveCodeAction(uri, unknown), .failure(.unknownAction))
        var renamed = reference
        renamed.title = "Something else"
        XCTAssertEqual(try m.resolveCodeAction(uri, renamed), .failure(.unknownAction), "the entry at that place has another title")
        m.perform(.change(uri, version: 2, changes: [TextChange(range: nil, text: "---\na:  1\nb: 2\n")], encoding: .utf8))
        let stale = try m.resolveCodeAction(uri, reference)
        XCTAssertEqual(stale, .failure(.documentChanged(offeredAt: 1, current: 2)))
        m.perform(.close(uri))
        XCTAssertEqual(try m.resolveCodeAction(uri, reference), .failure(.notOpen))
    }

    /// Neighbouring findings whose fixes edit the same spaces are listed as one action naming both rules;
    /// when no single edit fixes both, resolving gives the first fix alone, under its own title, as the
    /// eager list offers it.
    func testConflictingFixesResolveLikeTheEagerList() throws {
        let text = "---\na: [1,  ]\n"
        let range = try lineRange(text, containing: "a:")
        let m = lintModel(uri, text)
        let listed = try XCTUnwrap(m.deferredCodeActions(uri, range: range, only: [.quickFix]))
        XCTAssertEqual(listed.map(\.title), ["Use 1 space after the comma (commas, brackets)"])
        XCTAssertEqual(listed.first?.additionalDiagnostics.map(\.code), ["brackets"])
        let eager = try XCTUnwrap(lintModel(uri, text).codeActions(uri, range: range, only: [.quickFix]))
        XCTAssertEqual(eager.map(\.title), ["Use 1 space after the comma (commas)"])
        let fix = try resolved(m, try XCTUnwrap(listed.first))
        XCTAssertEqual(fix.title, eager[0].title)
        XCTAssertEqual(fix.edits, eager[0].edits)
    }

    /// Core quick fixes, style rewrites and fix-all are deferred too, and resolve to the eager edits.
    func testCoreFixesRewritesAndFixAll() throws {
        let text = "a: &x {b: 1, c: 2}\nd:  3\n"
        let all = TextRange(start: 0, end: text.utf8.count)
        let m = lintModel(uri, text)
        let eager = lintModel(uri, text)
        for only: Set<CodeActionCandidate.Kind>? in [[.quickFix], [.refactorRewrite], [.sourceFixAll]] {
            let listed = try XCTUnwrap(m.deferredCodeActions(uri, range: only == [.refactorRewrite] ? TextRange(empty: 8) : all, only: only))
            let expected = try XCTUnwrap(eager.codeActions(uri, range: only == [.refactorRewrite] ? TextRange(empty: 8) : all, only: only))
            XCTAssertFalse(listed.isEmpty, "\(String(describing: only))")
            XCTAssertEqual(listed.map(\.kind), expected.map(\.kind))
            for (a, b) in zip(listed, expected) {
                XCTAssertTrue(a.edits.isEmpty)
                let fix = try resolved(m, a)
                XCTAssertEqual(fix.title, b.title)
                XCTAssertEqual(fix.edits, b.edits, b.title)
            }
        }
        XCTAssertTrue(try XCTUnwrap(m.deferredCodeActions(uri, range: all, only: [.quickFix])).contains { $0.title == "Remove unused anchor &x" })
    }

    /// Fix-all is computed when resolved, and stops there when the client cancels the request; the list
    /// itself names it only when fixable findings exist.
    func testFixAllResolveStopsWhenCancelled() throws {
        let text = "---\na:  1\nb: 2   \n"
        let m = lintModel(uri, text)
        let all = TextRange(start: 0, end: text.utf8.count)
        let listed = try XCTUnwrap(m.deferredCodeActions(uri, range: all, only: [.sourceFixAll]))
        XCTAssertEqual(listed.map(\.title), ["Fix all safe lint problems"])
        let reference = try XCTUnwrap(listed.first?.resolveReference)
        XCTAssertThrowsError(try m.resolveCodeAction(uri, reference, isCancelled: { true }))
        let fix = try resolved(m, try XCTUnwrap(listed.first))
        XCTAssertEqual(TextReplacement.apply(fix.edits, to: Array(text.utf8)), Array("---\na: 1\nb: 2\n".utf8))
        XCTAssertEqual(try lintModel(uri, "---\na: 1\n").deferredCodeActions(uri, range: all, only: [.sourceFixAll]), [])
    }
}
