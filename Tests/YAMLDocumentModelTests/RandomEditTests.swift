import TestSupport
import XCTest
import YAMLDocumentModel
import YAMLSyntax

/// Nothing lost: random edit sequences (inserts, deletes and replacements at random UTF-16 positions,
/// including inside surrogate pairs, inside `\r\n` and past line ends) applied through the model's `change`
/// intent leave exactly the text a client gets by applying the same edits itself (``UTF16TextEdits``).
final class RandomEditTests: XCTestCase {
    private let uri = DocumentURI("file:///random.yaml")
    /// Fragments to insert: line breaks of every kind, astral characters (surrogate pairs), combining
    /// marks, YAML indicators.
    private let fragments = ["a", "key: value", "\n", "\r\n", "\r", "😀", "é", "e\u{301}", "中", "- ", ": ",
                             "  ", "#", "\t", "[", "]", "{", "'", "\"", "&x ", "*x", "𝔘𝔫", "\u{0}", ""]

    /// Runs `steps` random edits from `seed`; checks the model's text after every step.
    private func run(seed: UInt64, steps: Int, start: String) {
        var rng = SeededGenerator(seed: seed)
        let model = DocumentModel()
        var client = start
        model.perform(.open(uri, version: 0, text: client))
        for step in 1...steps {
            let units = Array(client.utf16)
            let lines = client.utf16.reduce(1) { $1 == 0x0A || $1 == 0x0D ? $0 + 1 : $0 }
            // Positions may point past line ends and past the last line (both clamp).
            func position() -> (line: Int, column: Int) {
                (Int(rng.next() % UInt64(lines + 1)), Int(rng.next() % UInt64(max(4, units.count / max(1, lines) + 4))))
            }
            var a = position(), b = position()
            if rng.next() % 3 == 0 { b = a }  // a pure insertion
            if (b.line, b.column) < (a.line, a.column), rng.next() % 4 != 0 { swap(&a, &b) }  // sometimes reversed
            var text = ""
            for _ in 0..<Int(rng.next() % 3) { text += fragments[Int(rng.next() % UInt64(fragments.count))] }
            let change = TextChange(range: (LineColumn(line: a.line, column: a.column), LineColumn(line: b.line, column: b.column)),
                                    text: text)
            model.perform(.change(uri, version: step, changes: [change], encoding: .utf16))
            client = UTF16TextEdits.apply(client, start: a, end: b, newText: text)
            guard let server = model.snapshot(uri) else { return XCTFail("document lost") }
            if server.bytes != Array(client.utf8) {
                XCTFail("seed \(seed) step \(step): replaced \(a)-\(b) with \(text.debugDescription)\nclient \(client.debugDescription)\nserver \(server.text.debugDescription)")
                return
            }
            XCTAssertEqual(server.version, step)
        }
    }

    func testRandomEditSequencesKeepServerAndClientTextsEqual() {
        let starts = ["", "a: 1\r\nb: 😀\r\n", "k: é中😀x\n- [a, b]\r\rz\n", "😀😀😀\n\r\n\n𝔘"]
        for seed in 0..<UInt64(40) {
            run(seed: seed, steps: 150, start: starts[Int(seed) % starts.count])
        }
    }

    /// Several changes in one notification apply in order, each relative to the text after the previous.
    func testBatchedChangesApplyInOrder() {
        var rng = SeededGenerator(seed: 7)
        let model = DocumentModel()
        var client = "a: 😀\r\nb: [1, 2]\n"
        model.perform(.open(uri, version: 0, text: client))
        for version in 1...200 {
            var changes: [TextChange] = []
            for _ in 0..<3 {
                let lines = client.utf16.reduce(1) { $1 == 0x0A || $1 == 0x0D ? $0 + 1 : $0 }
                let l = Int(rng.next() % UInt64(lines)), c = Int(rng.next() % 12)
                let text = fragments[Int(rng.next() % UInt64(fragments.count))]
                let width = Int(rng.next() % 3)
                changes.append(TextChange(range: (LineColumn(line: l, column: c), LineColumn(line: l, column: c + width)), text: text))
                client = UTF16TextEdits.apply(client, start: (l, c), end: (l, c + width), newText: text)
            }
            model.perform(.change(uri, version: version, changes: changes, encoding: .utf16))
            XCTAssertEqual(model.snapshot(uri)?.bytes, Array(client.utf8), "version \(version)")
        }
    }

    /// Formatting edits applied by the client to its own text give the model's formatted text, and that
    /// text formats to itself.
    func testFormattingEditsAppliedByTheClient() throws {
        let texts = ["a:   1\r\nb:\r\n    - x\r\n    -   😀\r\nc: {d:  1,   e: é}\r\n",
                     "# c\nkey:    value   \n\n\n\nlist:\n- 1\n-    2\n",
                     "x: 中文\ny:\n   z:  'q'\n"]
        for text in texts {
            let model = DocumentModel()
            model.perform(.open(uri, version: 1, text: text))
            let surface = try XCTUnwrap(model.formatting(uri))
            XCTAssertFalse(surface.edits.isEmpty, "\(text.debugDescription) needs formatting")
            let index = try XCTUnwrap(model.snapshot(uri)?.lineIndex)
            var client = text
            for edit in surface.edits.reversed() {  // non-overlapping and sorted, so apply from the end
                let s = index.position(of: edit.range.start, encoding: .utf16)
                let e = index.position(of: edit.range.end, encoding: .utf16)
                client = UTF16TextEdits.apply(client, start: (s.line, s.column), end: (e.line, e.column), newText: edit.newText)
            }
            XCTAssertEqual(Array(client.utf8), surface.formattedText)
            model.perform(.open(uri, version: 2, text: client))
            XCTAssertEqual(model.formatting(uri)?.edits, [], "formatting is idempotent")
        }
    }
}
