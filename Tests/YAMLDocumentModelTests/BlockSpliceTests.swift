import Foundation
import TestSupport
import XCTest
import YAMLLint
import YAMLParser
import YAMLSyntax
@testable import YAMLDocumentModel

/// After a keystroke that re-checked one block mapping entry of a single-document text (``BlockEntries``), the
/// whole tree is made from the previous version's by putting the entry's tree, parsed alone, in place of its
/// old node (``SnapshotAnalysis/BlockSplice``): it is the tree a parse of the text gives, token for token and
/// node for node, and the code actions offered and resolved from it are a fresh model's.
final class BlockSpliceTests: XCTestCase {
    /// A Kubernetes `List` whose items are block mappings, with lint findings on some lines (the bench's
    /// `lines-*` inputs are of this shape).
    static func listText(items: Int, seed: UInt64) -> String {
        var rng = SeededGenerator(seed: seed)
        var out = "apiVersion: v1\nkind: List\nitems:\n"
        for i in 0..<items {
            out += "  - apiVersion: apps/v1\n    kind: Deployment\n    metadata:\n      name: app\(i)\n"
            out += rng.next() % 3 == 0 ? "      labels:  {app: web\(i)}   # web\n" : "      labels:\n        app: web\(i) #tier\n"
            out += "    spec:\n      replicas: \(rng.next() % 5)\n      ports: [80, 443]\n"
            out += "      command:\n        - run\n        - --flag=value\(i)  \n"
            if rng.next() % 4 == 0 { out += "      # note \(i)\n      enabled: yes\n" }
        }
        return out
    }

    /// Single-document files of the shared corpus of 2–60 KB whose block mapping entries are kept
    /// (``BlockEntries``), every 25th in path order.
    private func corpusDocuments() throws -> [(name: String, text: String)] {
        try corpusTexts(sizes: 2_000...60_000) { _, snapshot in snapshot().blockEntries != nil }
            .enumerated().filter { $0.offset % 25 == 0 }.map(\.element)
    }

    private func texts() throws -> [(name: String, text: String)] {
        var texts = [("list-1", Self.listText(items: 40, seed: 1)), ("list-2", Self.listText(items: 25, seed: 2)),
                     ("generated-91", BlockReparseTests.generatedForLint(seed: 91, entries: 40, stream: false))]
        texts += try corpusDocuments()
        return texts
    }

    /// Seeded keystrokes (inside words of values, and anywhere inside words): after each that re-checked one
    /// entry, the tree made from the previous version's (at hand, or itself made so, up to a few versions back)
    /// is the parsed one.
    func testTheSplicedTreeIsTheParsedOne() throws {
        let texts = try texts()
        XCTAssertGreaterThan(texts.count, 5, "texts")
        var spliced = 0, keystrokes = 0
        for (i, (name, text)) in texts.enumerated() {
            let uri = DocumentURI(filePath: "/w/\(name)")
            let model = lintModel(uri, text)
            var rng = SeededGenerator(seed: 300 + UInt64(i))
            for version in 2...40 {
                guard let before = model.snapshot(uri) else { return XCTFail("not open") }
                let (range, insert) = version % 2 == 0 ? ChunkTokenTests.valueKeystroke(before.bytes, &rng)
                    : BlockReparseTests.randomEdit(before.bytes, &rng, insideWords: true)
                guard let s = edit(model, uri, version: version, range, insert) else { return XCTFail("closed") }
                keystrokes += 1
                // The tree is read at every third version only: the others splice from a version whose tree was spliced too.
                guard version % 3 == 0 else { continue }
                let pending = s.analysis.hasSplice
                let fresh = Parser.parse(s.bytes).tree
                let label = "\(name) version \(version)"
                XCTAssertEqual(s.tree.tokens, fresh.tokens, label)
                XCTAssertEqual(Array(s.tree.nodes), Array(fresh.nodes), label)
                XCTAssertEqual(s.tree.bytes, s.bytes, label)
                if pending {
                    XCTAssertTrue(s.analysis.treeWasSpliced, "\(label): the splice fitted")
                    spliced += 1
                }
            }
        }
        print("block splice: \(spliced) trees spliced of \(keystrokes) keystrokes in \(texts.count) texts")
        XCTAssertGreaterThan(spliced, texts.count * 5, "trees made without a parse")
    }

    /// Seeded small edits (spaces added or removed next to `:`, `,`, `#`, `-`, brackets and line ends, and
    /// letters typed inside words) under requirements that keep the data, the comments, or neither, and remove
    /// findings of the rules the entry check reads: a verifier that may check one entry gives the verdict of one
    /// that checks the whole text, every time.
    func testEntryChecksGiveTheWholeTextsVerdicts() throws {
        let configuration = try XCTUnwrap(LintConfiguration.preset(named: "default"))
        let requirements: [FixVerifier.Requirement] = [
            LintFixes.requirement(removing: ["colons"]), LintFixes.requirement(removing: ["comments"]),
            LintFixes.requirement(removing: ["trailing-spaces"]), LintFixes.requirement(removing: ["commas", "brackets"]),
            LintFixes.requirement(removing: ["hyphens", "braces"]), FixVerifier.Requirement(keepsData: true),
            FixVerifier.Requirement(keepsData: false), FixVerifier.Requirement(keepsData: true, keepsComments: true),
        ]
        var inOneEntry = 0, checked = 0
        for (i, (name, text)) in try texts().enumerated() {
            let snapshot = DocumentSnapshot(uri: DocumentURI(filePath: "/w/\(name)"), version: 1, bytes: Array(text.utf8))
            let fast = FixVerifier(snapshot, configuration: configuration)
            let slow = FixVerifier(snapshot, configuration: configuration, checksDocumentsAlone: false)
            var rng = SeededGenerator(seed: 400 + UInt64(i))
            let bytes = snapshot.bytes
            let sites = bytes.indices.filter { [0x3A, 0x2C, 0x23, 0x2D, 0x5B, 0x5D, 0x7B, 0x7D, 0x0A].contains(bytes[$0]) }
            for k in 0..<40 where !sites.isEmpty {
                let edit: TextReplacement
                if k % 4 == 3 {
                    let (range, insert) = BlockReparseTests.randomEdit(bytes, &rng, insideWords: true)
                    edit = TextReplacement(range: TextRange(start: range.lowerBound, end: range.upperBound), newText: insert)
                } else {
                    let at = sites[Int(rng.next() % UInt64(sites.count))] + Int(rng.next() % 2)
                    let removes = at < bytes.count && bytes[at] == 0x20 && rng.next() % 2 == 0
                    edit = TextReplacement(range: TextRange(start: at, end: removes ? at + 1 : at), newText: removes ? "" : " ")
                }
                let requirement = requirements[Int(rng.next() % UInt64(requirements.count))]
                XCTAssertEqual(fast.verdict([edit], requirement), slow.verdict([edit], requirement), "\(name) edit \(edit) \(requirement)")
                checked += 1
            }
            inOneEntry += fast.passedInOneEntry
        }
        print("entry checks: \(inOneEntry) of \(checked) verdicts passed on one entry")
        XCTAssertGreaterThan(inOneEntry, checked / 20, "verdicts given by the entry check")
    }

    /// The code actions offered and resolved after seeded keystrokes in single-document texts (lint on) are a
    /// fresh model's, edits included, with trees made from the previous version's.
    func testCodeActionsAfterKeystrokesInSingleDocumentsAreAFreshModels() throws {
        let texts = Array(try texts().prefix(12))
        let counts = try compareCodeActionsAfterKeystrokes(texts, seed: 200)
        print("code actions: \(counts.compared) lines compared, \(counts.withoutTree) versions without the whole tree, \(counts.spliced) trees spliced, \(counts.inOneEntry) fixes verified on one entry")
        XCTAssertGreaterThan(counts.spliced, texts.count * 5, "trees made without a parse")
        XCTAssertGreaterThan(counts.inOneEntry, texts.count * 5, "fixes verified without analysing the whole text")
    }
}
