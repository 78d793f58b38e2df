import XCTest
@testable import YAMLDocumentModel
import YAMLSyntax

/// "Re-indent this block (indentation)": left out of the code action list when re-indenting the block's
/// lines alone obviously fails verification, offered (and resolved) otherwise. Inputs are cut from corpus
/// files where the fix used to be listed and then refused on resolve.
final class ReindentQuickFixTests: XCTestCase {
    private let uri = DocumentURI(filePath: "/p/reindent.yaml")
    private let title = "Re-indent this block (indentation)"

    /// The `indentation` diagnostic on the line of `needle`.
    private func finding(_ m: DocumentModel, _ text: String, at needle: String) throws -> YAMLDiagnostic {
        let line = try lineRange(text, containing: needle)
        return try XCTUnwrap((m.diagnostics(uri)?.diagnostics ?? []).first { $0.code == "indentation" && line.contains($0.range.start) },
                             "an indentation finding on \(needle)")
    }

    /// Asserts that the fix is in neither list at `d`, and that the block edits it would have had are
    /// refused by the verification (so the list only leaves out what resolving would refuse).
    private func assertLeftOut(_ text: String, at needle: String, refusedWith reason: String,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let m = lintModel(uri, text)
        let d = try finding(m, text, at: needle)
        let eager = try XCTUnwrap(m.codeActions(uri, range: d.range, only: [.quickFix]))
        XCTAssertFalse(eager.contains { $0.title == title }, "\(eager.map(\.title))", file: file, line: line)
        let listed = try XCTUnwrap(m.deferredCodeActions(uri, range: d.range, only: [.quickFix]))
        XCTAssertFalse(listed.contains { $0.title == title }, "\(listed.map(\.title))", file: file, line: line)
        // What the fix was before the pre-check: the formatter's lines of the block.
        let s = try XCTUnwrap(m.snapshot(uri))
        let c = try XCTUnwrap(m.records[uri]?.lint.configuration)
        let (block, lines) = try XCTUnwrap(LintRewriteFixes.block(s, d))
        let layout = try XCTUnwrap(LintRewriteFixes.indentationLayout(s, c))
        let edits = try XCTUnwrap(layout.edits(lines))
        XCTAssertFalse(edits.isEmpty, file: file, line: line)
        XCTAssertEqual(LintRewriteFixes.blockReindentRefusal(s, block: block, lines: lines, layout: layout, edits: edits), reason,
                       file: file, line: line)
        XCTAssertNotEqual(m.fixVerifier(s).verdict(edits, LintFixes.requirement(removing: ["indentation"])), .pass,
                          "the verification refuses the edits too", file: file, line: line)
    }

    /// kubespray's `roles/bootstrap_os/tasks/main.yml`: the block of `- facts` is the mapping that starts
    /// after `- ` on `- name: Include vars`; re-indenting its lines moves that `-` but not the next
    /// entry's (`- name: Include tasks`), a syntax error.
    func testFirstLineSharedWithAnEntryWhoseSiblingsStay() throws {
        let text = """
            ---
            - name: Include distro specifics vars and tasks
              block:
              - name: Include vars
                include_vars: "{{ item }}"
                tags:
                - facts
              - name: Include tasks
                include_tasks: "{{ included_tasks_file }}"

            """
        try assertLeftOut(text, at: "- facts", refusedWith: "it moves one entry of a collection away from the others")
    }

    /// digitalocean's `vpc_peering.yml`: `vpc_ids:` is indented too deep, and the block of the `example:`
    /// sequence (the mapping under `vpc_ids`) would only move left with it, landing at `vpc_ids`' own column.
    func testBlockOnlyCarriedByItsParentsShift() throws {
        let text = """
            ---
            vpc_peering_create:
              type: object
              properties:
                  vpc_ids:
                    type: array
                    items:
                      type: string
                    example:
                    - c140286f-e6ce-4131-8b7b-df4590ce8d6a
                    - 994a2735-dc84-11e8-80bc-3cfdfea9fba1
                    description: An array of the two peered VPCs IDs.

            """
        try assertLeftOut(text, at: "- c140286f", refusedWith: "it only moves the block with its parent's re-indentation")
    }

    /// A workflow whose `steps` sequence is not indented: the fix is listed, resolves, and leaves no
    /// indentation finding.
    func testListedFixResolvesAndRemovesTheFinding() throws {
        let text = """
            ---
            jobs:
              build:
                runs-on: ubuntu-latest
                steps:
                - uses: actions/checkout@v4
                - run: |
                    make
                    make test

            """
        let m = lintModel(uri, text)
        let d = try finding(m, text, at: "- uses")
        let listed = try XCTUnwrap(m.deferredCodeActions(uri, range: d.range, only: [.quickFix]))
        let fix = try XCTUnwrap(listed.first { $0.title == title }, "\(listed.map(\.title))")
        // The text's layout is kept for the next list at this version (cursor moves do not format again).
        XCTAssertNotNil(try XCTUnwrap(m.records[uri]?.memo.fixVerifier?.layout))
        XCTAssertEqual(try m.deferredCodeActions(uri, range: d.range, only: [.quickFix]), listed)
        guard case .success(let resolved) = try m.resolveCodeAction(uri, try XCTUnwrap(fix.resolveReference)) else {
            return XCTFail("the re-indent fix resolves")
        }
        let fixed = String(decoding: TextReplacement.apply(resolved.edits, to: Array(text.utf8)), as: UTF8.self)
        XCTAssertEqual(fixed, """
            ---
            jobs:
              build:
                runs-on: ubuntu-latest
                steps:
                  - uses: actions/checkout@v4
                  - run: |
                      make
                      make test

            """)
        let after = lintModel(uri, fixed)
        XCTAssertFalse((after.diagnostics(uri)?.diagnostics ?? []).contains { $0.code == "indentation" })
    }
}
