import Foundation
import TestSupport
import XCTest
import YAMLSyntax
@testable import YAMLDocumentModel

/// Requests about an offset or a range of a stream opened document by document (hover, completion, key path,
/// anchors and aliases, selection ranges, a range's semantic tokens) read the chunks around it alone
/// (``ChunkView``), never the whole text's tree: their answers must be a whole-text open's, at every offset of
/// small streams and around every `---` and in the first, middle and last documents of larger ones.
final class ChunkRequestTests: XCTestCase {
    let uri = DocumentURI(filePath: "/w/stream.yaml")

    /// A model opening `bytes` document by document whatever its size (`byDocument`), or whole.
    private func open(_ bytes: [UInt8], byDocument: Bool) -> DocumentModel {
        let model = DocumentModel(settings: Settings())
        model.documentByDocumentOpenBytes = byDocument ? 0 : .max
        model.perform(.open(uri, version: 1, text: String(decoding: bytes, as: UTF8.self)))
        return model
    }

    /// The offsets asked of `bytes`: all of them in a small text; else both ends, every `---` and the bytes next
    /// to it, and a few lines in the first, middle and last documents.
    private func offsets(_ bytes: [UInt8], chunks: DocumentChunks) -> [Int] {
        if bytes.count <= 400 { return Array(0...bytes.count) }
        var out: Set<Int> = [0, 1, bytes.count - 1, bytes.count]
        let n = chunks.starts.count
        for k in Set([0, 1, 2, n / 2 - 1, n / 2, n / 2 + 1, n - 2, n - 1]) where k >= 0 && k < n {
            for d in -2...4 where chunks.starts[k] + d >= 0 && chunks.starts[k] + d <= bytes.count { out.insert(chunks.starts[k] + d) }
        }
        for k in [0, n / 2, n - 1] {
            let start = chunks.starts[k], end = chunks.end(of: k, textCount: bytes.count)
            for o in stride(from: start, to: end, by: Swift.max(1, (end - start) / 25)) { out.insert(o) }
        }
        return out.sorted()
    }

    /// Compares every request at every offset of `bytes` (and ranges from them) between a document-by-document
    /// open and a whole-text one; true when `bytes` was read from its chunks.
    @discardableResult
    private func compare(_ bytes: [UInt8], _ label: String) -> Bool {
        let lean = open(bytes, byDocument: true)
        let whole = open(bytes, byDocument: false)
        guard let snapshot = lean.snapshot(uri), snapshot.buildsSurfacesFromChunks, let chunks = snapshot.chunks else { return false }
        let count = bytes.count
        XCTAssertEqual(lean.documentLinks(uri), whole.documentLinks(uri), "links \(label)")
        for limit in [0, 1, 2, 3, 5, 8] {
            XCTAssertEqual(DocumentLinks.links(snapshot, limit: limit), DocumentLinks.links(whole.snapshot(uri)!, limit: limit),
                           "links limit \(limit) \(label)")
        }
        for o in offsets(bytes, chunks: chunks) {
            let at = "\(label) at \(o)"
            XCTAssertEqual(lean.hover(uri, at: o), whole.hover(uri, at: o), "hover \(at)")
            XCTAssertEqual(lean.completion(uri, at: o), whole.completion(uri, at: o), "completion \(at)")
            XCTAssertEqual(lean.completionContext(uri, at: o), whole.completionContext(uri, at: o), "completion context \(at)")
            XCTAssertEqual(lean.keyPath(uri, at: o), whole.keyPath(uri, at: o), "key path \(at)")
            XCTAssertEqual(lean.definition(uri, at: o), whole.definition(uri, at: o), "definition \(at)")
            for declaration in [false, true] {
                XCTAssertEqual(lean.references(uri, at: o, includeDeclaration: declaration),
                               whole.references(uri, at: o, includeDeclaration: declaration), "references \(at)")
            }
            XCTAssertEqual(lean.highlights(uri, at: o), whole.highlights(uri, at: o), "highlights \(at)")
            XCTAssertEqual("\(lean.prepareRename(uri, at: o))", "\(whole.prepareRename(uri, at: o))", "prepare rename \(at)")
            XCTAssertEqual("\(lean.rename(uri, at: o, to: "renamed"))", "\(whole.rename(uri, at: o, to: "renamed"))", "rename \(at)")
            XCTAssertEqual(lean.linkedEditingRanges(uri, at: o), whole.linkedEditingRanges(uri, at: o), "linked editing \(at)")
            XCTAssertEqual(lean.selectionRanges(uri, at: [o]), whole.selectionRanges(uri, at: [o]), "selection ranges \(at)")
            XCTAssertEqual(lean.onTypeFormatting(uri, at: o, character: "\n"), whole.onTypeFormatting(uri, at: o, character: "\n"),
                           "on-type formatting \(at)")
            for name in ["a", "x"] {
                XCTAssertEqual(lean.aliasDocumentation(uri, name: name, at: o), whole.aliasDocumentation(uri, name: name, at: o),
                               "alias documentation \(name) \(at)")
            }
            for length in [0, 7, 300] where o + length <= count {
                let range = TextRange(start: o, end: o + length)
                for multiline in [false, true] {
                    XCTAssertEqual(lean.semanticTokens(uri, range: range, multiline: multiline),
                                   whole.semanticTokens(uri, range: range, multiline: multiline), "semantic tokens \(range) \(label)")
                }
            }
        }
        XCTAssertFalse(snapshot.analysis.isParsed, "\(label): the whole text was parsed")
        return true
    }

    /// Streams of every shape: anchors and aliases in several documents (the same names), merge keys, block
    /// scalars, flow collections over lines, tags, comments between documents, empty documents, scalars and
    /// sequences as roots, CR and CRLF line breaks.
    func testRequestsOnChunksAnswerAsTheWholeText() {
        let cases = [
            IncrementalAnalysisTests.stream, IncrementalAnalysisTests.definitionStream,
            "a: 1\n---\nb: 2\n",
            "---\na: 1\n---\nb: 2",
            "x: &a {p: 1}\ny: *a\nz: *x\n---\nw: &a [1, 2]\nv: *a\n---\nu: *a\n",
            "- &anchor one\n- *anchor\n- key: &x\n    deep: [1, 2]\n  other: *x\n---\n- *anchor\n- &anchor two\n- *anchor\n",
            "--- |\n  text\n  more\n--- >-\n  folded\n\n  again\n---\n",
            "- 1\n- 2\n---\n- [x,\n   y]\n---\nscalar\n---\n\"quoted\n  on two lines\"\n",
            "--- !!map\n!!str a: !custom b\n---\n!!int x: 1\n",
            "a:\n  b: 1\n  # one\n  # two\n---\n# three\n# four\nc:\n- d: 1\n  e: 2\n",
            "items:\n- name: a\n  port: 1\n- name: b\n  \n---\nitems:\n- name: c\n  kind: x\n- \n",
            "base: &b {x: 1}\nmerged:\n  <<: *b\n  y: 2\n---\nother: {<<: *b}\n",
            "a: 1\r---\rb:\r  c: &a 1\r  d: *a\r",
            "a: 1\r\n---\r\nb:\r\n  c: 1\r\n  # x\r\n  d: 2\r\n",
            "# yaml-language-server: $schema=./s.json\nurl: https://a.example/x\n---\n$ref: other.yaml#/a\nb: 'http://b.example'\n"
                + "---\n# yaml-language-server: $schema=https://c.example/s.json\nitems:\n- $ref: ../x.json\n- https://d.example\n"
                + "-\n  \n",
        ]
        var read = 0
        for text in cases where compare(Array(text.utf8), text.debugDescription) { read += 1 }
        XCTAssertGreaterThanOrEqual(read, cases.count - 1)
    }

    /// The incremental tests' stream after random edits, and the large test stream.
    func testRequestsOnEditedAndLargeStreams() {
        var rng = SeededGenerator(seed: 31)
        var read = 0
        for round in 0..<25 where compare(DocumentByDocumentAnalysisTests.editedStream(&rng), "round \(round)") { read += 1 }
        XCTAssertGreaterThan(read, 2)
        XCTAssertTrue(compare(Array(DocumentByDocumentOpenTests.largeStream.utf8), "large stream"))
    }

    /// Streams made of corpus files joined with `---` lines.
    func testRequestsOnStreamsOfCorpusFiles() throws {
        let root = try requireSharedFolder("corpus")
        let files = try CorpusModelTests.corpusFiles(root).filter { !$0.hasPrefix("big/") }
        var rng = SeededGenerator(seed: 37)
        var read = 0
        for round in 0..<16 where compare(DocumentByDocumentAnalysisTests.corpusStream(files, in: root, round: round, maxCount: 5, &rng),
                                          "round \(round)") {
            read += 1
        }
        XCTAssertGreaterThan(read, 5)
    }
}
