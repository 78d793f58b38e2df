import XCTest
import YAMLDocumentModel
import YAMLSyntax

final class CodeActionsTests: XCTestCase {
    /// The text after applying `action`'s edits.
    private func applied(_ text: String, _ action: CodeActionCandidate?) -> String? {
        guard let action else { return nil }
        var bytes = Array(text.utf8)
        for e in action.edits.sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange(e.range.start..<e.range.end, with: Array(e.newText.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func action(_ t: MarkedText, _ title: String, at marker: String = "1️⃣",
                        only: Set<CodeActionCandidate.Kind>? = nil) -> CodeActionCandidate? {
        let model = t.model()
        let at = t.offsets[marker] ?? 0
        return model.codeActions(testURI, range: TextRange(empty: at), only: only)?.first { $0.title.hasPrefix(title) }
    }

    /// Converting to block style in a CRLF file writes `\r\n` between the new lines, not a lone `\n`.
    func testConvertToBlockStyleKeepsTheFilesLineBreaks() {
        let t = MarkedText("a: 1\r\nb: {1️⃣x: 1, y: [2, 3]}\r\n")
        XCTAssertEqual(applied(t.text, action(t, "Convert to block style")), "a: 1\r\nb:\r\n  x: 1\r\n  y:\r\n    - 2\r\n    - 3\r\n")
        let item = MarkedText("- [1️⃣p, q]\r\n")
        XCTAssertEqual(applied(item.text, action(item, "Convert to block style")), "- - p\r\n  - q\r\n")
    }

    func testTabIndentation() {
        let t = MarkedText("a:\n\t1️⃣b: 1\n")
        let fix = action(t, "Indent with spaces")
        XCTAssertEqual(fix?.diagnostic?.code, "tab-indentation")
        XCTAssertEqual(fix?.kind, .quickFix)
        XCTAssertEqual(applied(t.text, fix), "a:\n  b: 1\n")
    }

    func testDuplicateKeyRemovesTheLaterEntry() {
        let t = MarkedText("a: 1\nb:\n  x: 1\n1️⃣b:\n  y: 2\n# keep\nc: 4\n")
        let fix = action(t, "Remove this duplicate entry")
        XCTAssertEqual(fix?.diagnostic?.code, "duplicate-key")
        XCTAssertEqual(applied(t.text, fix), "a: 1\nb:\n  x: 1\n# keep\nc: 4\n")
        let flow = MarkedText("{a: 1, 1️⃣a: 2, b: 3}\n")
        XCTAssertEqual(applied(flow.text, action(flow, "Remove this duplicate entry")), "{a: 1, b: 3}\n")
    }

    func testUnusedAnchorHintAndFix() {
        let t = MarkedText("a: &1️⃣x 1\nb: &y 2\nc: *y\nd: &z\n  e: 1\n")
        let model = t.model()
        let hints = model.diagnostics(testURI)?.diagnostics.filter { $0.code == "unused-anchor" } ?? []
        XCTAssertEqual(hints.map { t.slice($0.range) }, ["&x", "&z"])
        XCTAssertEqual(hints.first?.severity, .hint)
        XCTAssertEqual(hints.first?.tags, [.unnecessary])
        XCTAssertEqual(hints.map(\.message), ["The anchor '&x' is not used by any alias after it in this document.",
                                               "The anchor '&z' is not used by any alias after it in this document."])
        let names = MarkedText("a: &ä 1\nb: &\u{1F600}é [1]\n")
        XCTAssertEqual(names.model().diagnostics(testURI)?.diagnostics.map(\.message),
                       ["The anchor '&ä' is not used by any alias after it in this document.",
                        "The anchor '&\u{1F600}é' is not used by any alias after it in this document."])
        XCTAssertEqual(applied(t.text, action(t, "Remove unused anchor &x")), "a: 1\nb: &y 2\nc: *y\nd: &z\n  e: 1\n")
        XCTAssertNil(action(t, "Fix all"), "a source action is computed only when asked for by kind")
        let all = action(t, "Fix all", only: [.sourceFixAll])
        XCTAssertEqual(all?.kind, .sourceFixAll)
        XCTAssertEqual(applied(t.text, all), "a: 1\nb: &y 2\nc: *y\nd:\n  e: 1\n")
    }

    func testFlowToBlockAndBack() {
        let t = MarkedText("a: {b: 1, c: [x, 1️⃣y], d: {e: f}}\nlist:\n  - [p, q]\n")
        let block = applied(t.text, action(t, "Convert to block style", only: [.refactorRewrite]))
        XCTAssertEqual(block, "a:\n  b: 1\n  c:\n    - x\n    - y\n  d:\n    e: f\nlist:\n  - [p, q]\n")
        let back = MarkedText(block.map { $0.replacingOccurrences("b: 1", "b: 11️⃣") } ?? "")
        XCTAssertEqual(applied(back.text, action(back, "Convert to flow style")),
                       "a: {b: 1, c: [x, y], d: {e: f}}\nlist:\n  - [p, q]\n")
        let item = MarkedText("list:\n  - [p, 1️⃣q]\n  - - r\n")
        XCTAssertEqual(applied(item.text, action(item, "Convert to block style")), "list:\n  - - p\n    - q\n  - - r\n")
    }

    /// A flow collection after a key inside a block sequence entry (`- b: {a: 1}`, common in CI and
    /// Kubernetes files) is indented past the key, not past the line's leading spaces (which would make its
    /// entries siblings of `b` and change the data, so the conversion was never offered).
    func testFlowToBlockAfterAKeyInASequenceEntry() {
        let t = MarkedText("jobs:\n  - build: {mode: 1️⃣prod, n: 1}\n  - - k: [x]\n")
        XCTAssertEqual(applied(t.text, action(t, "Convert to block style")),
                       "jobs:\n  - build:\n      mode: prod\n      n: 1\n  - - k: [x]\n")
        let nested = MarkedText("- - k: [1️⃣x]\n")
        XCTAssertEqual(applied(nested.text, action(nested, "Convert to block style")), "- - k:\n      - x\n")
    }

    func testConversionsThatWouldChangeDataAreNotOffered() {
        // A plain scalar with a flow indicator cannot go into a flow collection as it is.
        let t = MarkedText("a:\n  b: x,1️⃣y\n")
        XCTAssertNil(action(t, "Convert to flow style"))
        // Comments would be lost.
        let c = MarkedText("a: [1, # one\n  21️⃣]\n")
        XCTAssertNil(action(c, "Convert to block style"))
    }
}

extension String {
    /// `self` with every `a` replaced by `b` (no Foundation in this test target's imports).
    func replacingOccurrences(_ a: String, _ b: String) -> String {
        var out = ""
        var rest = Substring(self)
        while !rest.isEmpty {
            if rest.hasPrefix(a) { out += b; rest = rest.dropFirst(a.count) } else { out.append(rest.removeFirst()) }
        }
        return out
    }
}
