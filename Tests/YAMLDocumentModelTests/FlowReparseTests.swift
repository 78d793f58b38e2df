import Foundation
import TestSupport
import XCTest
import YAMLComposer
import YAMLSyntax
@testable import YAMLDocumentModel

/// Edits inside one entry of a flow collection re-parse and re-compose that entry only (``FlowEntries``).
/// After every random edit (seeded) the incremental snapshot must give what a fresh analysis of the new
/// text gives: every diagnostic, and the flow and block entries kept for the next edit; at the model, the
/// published diagnostics, schema info and the surfaces.
final class FlowReparseTests: XCTestCase {
    /// A JSON-like flow-style text: a root sequence of objects (as the bench's `flow-json` inputs), with
    /// nested sequences and mappings, plain and quoted scalars, multi-line quoted and plain scalars,
    /// comments, empty collections and repeated keys.
    static func jsonLike(seed: UInt64, objects: Int) -> String {
        var rng = SeededGenerator(seed: seed)
        func below(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        let words = ["alpha", "beta", "gamma", "delta", "omega", "kappa", "sigma"]
        func word() -> String { words[below(words.count)] }
        var out = "[\n"
        for i in 0..<objects {
            if i > 0 { out += ",\n" }
            out += "  {\"id\": \(below(100000)), \"name\": \"\(word()) \(word())\", \"active\": \(below(2) == 0), "
            out += "\"tags\": [\"\(word())\", \(word()), '\(word())'], "
            out += "\"owner\": {\"login\": \"\(word())\", \"url\": null}, \"matrix\": [[\(below(9)), \(below(9))], []]"
            switch below(6) {
            case 0: out += ",\n    \"note\": \"first line\n      second line\""
            case 1: out += ", # a comment\n    plain: several words\n      continued"
            case 2: out += ", \"id\": \(i)"
            case 3: out += ", {}: x, nested: {a: [1, {b: c}]}"
            default: break
            }
            out += "}"
        }
        out += "\n]\n"
        return out
    }

    /// Flow collections inside a block document: a root block sequence of flow items, block mappings with
    /// flow values (some over several lines), nested flow.
    static func flowInBlock(seed: UInt64, entries: Int) -> String {
        var rng = SeededGenerator(seed: seed)
        func below(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        var out = "# flow in block \(seed)\n"
        for i in 0..<entries {
            switch below(6) {
            case 0: out += "- key\(i): [a, \"b c\", {d: e, f: [1, 2]}]\n  other: {a: 1,\n    b: \"two\n     lines\", c: [3]}\n"
            case 1: out += "- {name: n\(i), port: \(below(9000)), tags: [x, 'y z']}\n"
            case 2: out += "- [x\(i), y, {z: w, \"q\": [r]}]\n"
            case 3: out += "- {a: \(i),\n   b: [q, {c: d}],  # comment\n   e: plain words}\n"
            case 4: out += "- plain \(i)\n"
            default: out += "- deep\(i):\n    inner: {k: {k: {k: [v, w]}}}  # comment\n"
            }
        }
        return out
    }

    /// Applies `count` random edits to `text` at the snapshot level (edits near flow indicators, half of
    /// them inside words with `insideWords`), comparing after each the incremental snapshot with a fresh
    /// one; a text the flow path cannot continue from (no flow entries) is replaced by the original with
    /// probability 3/4. Returns how many edits re-checked one flow entry, and how many one block entry.
    private func differential(_ text: String, name: String, seed: UInt64, count: Int, insideWords: Bool = false) -> (flow: Int, block: Int) {
        let uri = DocumentURI(filePath: "/w/\(name)")
        let original = Array(text.utf8)
        var snapshot = DocumentSnapshot(uri: uri, version: 0, bytes: original)
        var rng = SeededGenerator(seed: seed)
        var reparsed = 0, block = 0
        for version in 1...count {
            var (range, insert) = BlockReparseTests.randomEdit(snapshot.bytes, &rng, insideWords: insideWords)
            // Most edits near a flow indicator.
            for _ in 0..<8 where !Self.nearFlow(snapshot.bytes, range.lowerBound) {
                (range, insert) = BlockReparseTests.randomEdit(snapshot.bytes, &rng, insideWords: insideWords)
            }
            var bytes = snapshot.bytes
            bytes.replaceSubrange(range, with: Array(insert.utf8))
            let next = DocumentSnapshot(uri: uri, version: version, bytes: bytes, after: snapshot)
            let fresh = DocumentSnapshot(uri: uri, version: version, bytes: bytes)
            let label = "\(name) seed \(seed) edit \(version) (\(range) -> \(insert.debugDescription))"
            if next.flowRecheck != nil {
                reparsed += 1
                XCTAssertNil(fresh.chunks, label)
                XCTAssertEqual(next.flowEntries?.offsets, fresh.flowEntries?.offsets, label)
                XCTAssertEqual(next.flowEntries?.links, fresh.flowEntries?.links, label)
                XCTAssertEqual(next.flowEntries?.keyed, fresh.flowEntries?.keyed, label)
                XCTAssertEqual(next.flowEntries?.roots.map(\.open), fresh.flowEntries?.roots.map(\.open), label)
                XCTAssertEqual(next.flowEntries?.roots.map(\.close), fresh.flowEntries?.roots.map(\.close), label)
                XCTAssertEqual(next.blockEntries?.offsets, fresh.blockEntries?.offsets, label)
                XCTAssertEqual(next.blockEntries?.indents, fresh.blockEntries?.indents, label)
                XCTAssertEqual(next.blockEntries?.rootKeys, fresh.blockEntries?.rootKeys, label)
            } else if next.blockRecheck != nil, let entries = next.flowEntries {
                block += 1
                // A block entry re-checked: the flow entries follow it.
                XCTAssertEqual(entries.offsets, fresh.flowEntries?.offsets, label)
                XCTAssertEqual(entries.links, fresh.flowEntries?.links, label)
                XCTAssertEqual(entries.keyed, fresh.flowEntries?.keyed, label)
            }
            XCTAssertEqual(next.diagnostics, fresh.diagnostics, label)
            if next.diagnostics != fresh.diagnostics { return (reparsed, block) }
            snapshot = next
            if snapshot.flowEntries == nil, rng.next() % 4 != 0 {
                snapshot = DocumentSnapshot(uri: uri, version: version, bytes: original)
            }
        }
        return (reparsed, block)
    }

    /// True when a flow indicator is within 40 bytes of `offset` on its line.
    static func nearFlow(_ bytes: [UInt8], _ offset: Int) -> Bool {
        let lo = max(0, offset - 40), hi = min(bytes.count, offset + 40)
        return bytes[lo..<hi].contains { $0 == 0x5B || $0 == 0x5D || $0 == 0x7B || $0 == 0x7D || $0 == 0x2C }
    }

    func testRandomEditsOfJSONLikeTextsGiveWhatAFullAnalysisGives() {
        var reparsed = 0, total = 0
        for seed in UInt64(1)...5 {
            reparsed += differential(Self.jsonLike(seed: seed, objects: 40), name: "json-\(seed).yaml", seed: seed, count: 250).flow
            total += 250
        }
        print("JSON-like texts: \(reparsed) of \(total) edits re-checked one flow entry")
        XCTAssertGreaterThan(reparsed * 3, total, "a third of random edits re-check one flow entry")
    }

    func testTypingInsideWordsOfJSONLikeTextsGivesWhatAFullAnalysisGives() {
        var reparsed = 0
        for seed in UInt64(21)...23 {
            reparsed += differential(Self.jsonLike(seed: seed, objects: 40), name: "typed-json-\(seed).yaml", seed: seed,
                                     count: 200, insideWords: true).flow
        }
        print("typing in JSON-like texts: \(reparsed) of 600 edits re-checked one flow entry")
        XCTAssertGreaterThan(reparsed, 400, "typing inside words re-checks one flow entry")
    }

    func testRandomEditsOfFlowInsideBlockGiveWhatAFullAnalysisGives() {
        var reparsed = 0
        for seed in UInt64(31)...34 {
            reparsed += differential(Self.flowInBlock(seed: seed, entries: 60), name: "mixed-\(seed).yaml", seed: seed, count: 250).flow
            reparsed += differential(Self.flowInBlock(seed: seed, entries: 60), name: "mixed-typed-\(seed).yaml", seed: seed,
                                     count: 100, insideWords: true).flow
        }
        print("flow in block: \(reparsed) of 1400 edits re-checked one flow entry")
        XCTAssertGreaterThan(reparsed, 100, "edits of flow values in block documents re-check one flow entry")
    }

    /// Real files of the shared corpus with flow collections as block sequence items (`- {`, `- [`) on at
    /// least five lines: the flow and block paths together.
    func testRandomEditsOfCorpusFilesWithFlowCollectionsGiveWhatAFullAnalysisGives() throws {
        let corpus = try requireSharedFolder("corpus")
        let files = (FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: [.fileSizeKey])?
            .compactMap { $0 as? URL } ?? [])
            .filter { ["yaml", "yml"].contains($0.pathExtension) }
            .filter { ((try? $0.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0).map { (500...200_000).contains($0) } ?? false }
            .sorted { $0.path < $1.path }
        var reparsed = 0, checked = 0, blockRechecks = 0
        for file in files {
            guard let data = try? Data(contentsOf: file), let text = String(data: data, encoding: .utf8) else { continue }
            let flowItems = text.split(separator: "\n").filter {
                let line = $0.drop { $0 == " " }
                return line.hasPrefix("- {") || line.hasPrefix("- [")
            }.count
            guard flowItems >= 5 else { continue }
            let snapshot = DocumentSnapshot(uri: DocumentURI(filePath: file.path), version: 0, bytes: Array(text.utf8))
            guard let entries = snapshot.flowEntries, !entries.offsets.isEmpty else { continue }
            checked += 1
            var counts = differential(text, name: file.lastPathComponent, seed: UInt64(checked), count: 40)
            reparsed += counts.flow
            blockRechecks += counts.block
            counts = differential(text, name: file.lastPathComponent, seed: UInt64(checked), count: 20, insideWords: true)
            reparsed += counts.flow
            blockRechecks += counts.block
        }
        // Their flow collections are mostly in block entries, which the block path re-checks first.
        print("corpus: \(checked) files, \(reparsed) of \(checked * 60) edits re-checked one flow entry, \(blockRechecks) one block entry")
        XCTAssertGreaterThan(checked, 5, "corpus files with flow collections")
        XCTAssertGreaterThan(reparsed + blockRechecks, checked * 20, "edits of corpus files re-check one entry")
    }

    /// An edit re-checks the smallest flow entry that holds it, whose key it leaves alone, and whose
    /// extent it cannot change; without one, the whole text is analysed.
    func testTheSmallestFlowEntryWhoseExtentTheEditCannotChangeIsRechecked() {
        let text = "[{\"a\": \"x y\", \"b\": [1, 2]},\n {\"a\": 2, c: {d: e}}]\n"
        let uri = DocumentURI(filePath: "/w/t.json")
        let first = DocumentSnapshot(uri: uri, version: 0, bytes: Array(text.utf8))
        XCTAssertEqual(first.flowEntries?.offsets, [0, 1, 12, 19, 21, 24, 25, 26, 29, 36, 41, 46, 47, 48])
        XCTAssertEqual(first.flowEntries?.links, [13, 6, 1, 5, 3, 3, 1, 0, 12, 8, 11, 10, 8, 0])
        func edited(_ from: String, _ to: String) -> DocumentSnapshot {
            let next = DocumentSnapshot(uri: uri, version: 1, bytes: Array(text.replacingOccurrences(of: from, with: to).utf8), after: first)
            XCTAssertEqual(next.diagnostics, DocumentSnapshot(uri: uri, version: 1, bytes: next.bytes).diagnostics, to)
            return next
        }
        // Inside a quoted value: the pair `"a": "x y"`.
        XCTAssertEqual(edited("x y", "xq y").flowRecheck, TextRange(start: 2, end: 13))
        // An item of a nested sequence.
        XCTAssertEqual(edited("[1, 2]", "[1, 23]").flowRecheck, TextRange(start: 22, end: 25))
        // A new item in the nested sequence: the pair holding it.
        XCTAssertEqual(edited("[1, 2]", "[1, 2, 3]").flowRecheck, TextRange(start: 13, end: 28))
        // A key: the mapping's entry in the root sequence.
        XCTAssertEqual(edited("c: {", "cc: {").flowRecheck, TextRange(start: 27, end: 49))
        // A key made to repeat its sibling's: the same, and the duplicate reported.
        let repeated = edited("c: {", "a: {")
        XCTAssertEqual(repeated.flowRecheck, TextRange(start: 27, end: 48))
        XCTAssertEqual(repeated.diagnostics.map(\.code), ["duplicate-key"])
        // A new entry of the root sequence: no enclosing entry, the whole text.
        XCTAssertNil(edited("2]},", "2]}, 3,").flowRecheck)
        // A syntax error: the whole text, which reports it.
        let broken = edited("\"x y\"", "\"x y")
        XCTAssertNil(broken.flowRecheck)
        XCTAssertFalse(broken.diagnostics.isEmpty)
        // A line break inside a root collection's entry.
        XCTAssertEqual(edited("c: {d: e}", "c: {d:\n e}").flowRecheck, TextRange(start: 42, end: 47))
    }

    /// Typing at one place, then elsewhere before and after it: the indicators after the typing move
    /// (by a move kept pending while the typing stays in one scalar) as a fresh analysis finds them.
    func testTypingAtOnePlaceThenElsewhereMovesTheIndicators() {
        let uri = DocumentURI(filePath: "/w/typed.json")
        var snapshot = DocumentSnapshot(uri: uri, version: 0, bytes: Array(Self.jsonLike(seed: 5, objects: 6).utf8))
        var version = 0
        func type(_ text: String, at offset: Int, deleting: Int = 0) {
            version += 1
            var bytes = snapshot.bytes
            bytes.replaceSubrange(offset..<(offset + deleting), with: Array(text.utf8))
            let next = DocumentSnapshot(uri: uri, version: version, bytes: bytes, after: snapshot)
            let fresh = DocumentSnapshot(uri: uri, version: version, bytes: bytes)
            XCTAssertNotNil(next.flowRecheck, "edit \(version)")
            XCTAssertEqual(next.flowEntries?.offsets, fresh.flowEntries?.offsets, "edit \(version)")
            XCTAssertEqual(next.flowEntries?.links, fresh.flowEntries?.links, "edit \(version)")
            XCTAssertEqual(next.diagnostics, fresh.diagnostics, "edit \(version)")
            snapshot = next
        }
        func offset(of word: String, after start: Int = 0) -> Int {
            let bytes = snapshot.bytes, target = Array(word.utf8)
            return (start...(bytes.count - target.count)).first { bytes[$0..<($0 + target.count)].elementsEqual(target) } ?? 0
        }
        let name = offset(of: "\"name\": \"", after: 300) + 9
        for (i, letter) in ["q", "r", "s", "t"].enumerated() { type(letter, at: name + i) }
        for i in (0..<4).reversed() { type("", at: name + i, deleting: 1) }
        type("zz", at: name + 1)
        let typed = Array(snapshot.bytes[name..<(name + 4)])
        // Before the pending move, then after it, then a nested sequence grown.
        type("k", at: offset(of: "\"name\": \"") + 9)
        type("k", at: offset(of: "\"name\": \"", after: name + 200) + 9)
        type(", 7", at: offset(of: "], []]") + 1 - 1)
        type("w", at: offset(of: String(decoding: typed, as: UTF8.self)) + 1)
    }

    /// Flow inside block: a value edit re-checks the block entry (the block path first), a flow item of a
    /// block sequence re-checks its flow entry; a line break in a flow entry in block context, whose
    /// indentation the block around decides, and a collection in a key analyse more.
    func testFlowEntriesInsideABlockDocument() {
        let text = "k: [a, {b: c}]\nitems:\n- {name: one, port: 1}\n- [x, y]\n? [p, q]\n: v\n"
        let uri = DocumentURI(filePath: "/w/b.yaml")
        let first = DocumentSnapshot(uri: uri, version: 0, bytes: Array(text.utf8))
        func edited(_ from: String, _ to: String) -> DocumentSnapshot {
            let next = DocumentSnapshot(uri: uri, version: 1, bytes: Array(text.replacingOccurrences(of: from, with: to).utf8), after: first)
            XCTAssertEqual(next.diagnostics, DocumentSnapshot(uri: uri, version: 1, bytes: next.bytes).diagnostics, to)
            return next
        }
        // In a block mapping entry's flow value: the block entry, and the flow entries follow.
        let value = edited("{b: c}", "{b: cd}")
        XCTAssertEqual(value.blockRecheck?.slice, TextRange(start: 0, end: 16))
        XCTAssertNil(value.flowRecheck)
        XCTAssertEqual(value.flowEntries?.offsets, DocumentSnapshot(uri: uri, version: 1, bytes: value.bytes).flowEntries?.offsets)
        // In a flow mapping that is an item of a block sequence (no block entry holds it): its flow entry.
        XCTAssertEqual(edited("one", "onex").flowRecheck, TextRange(start: 25, end: 35))
        // A line break there: the whole text.
        XCTAssertNil(edited("name: one", "name:\n one").flowRecheck)
        // In a collection that is a key: not alone.
        XCTAssertNil(edited("[p, q]", "[pp, q]").flowRecheck)
    }

    /// At the model, with schema validation on and no schema for the document, the published
    /// diagnostics, schema info and surfaces after each edit are those of a fresh model, and most flow
    /// entry re-checks compose nothing of the whole text.
    func testModelAnswersAsAFreshModelAfterFlowEdits() throws {
        for (name, text) in [("data.json", Self.jsonLike(seed: 7, objects: 30)), ("mixed.yaml", Self.flowInBlock(seed: 8, entries: 40))] {
            let uri = DocumentURI(filePath: "/w/\(name)")
            let model = DocumentModel()
            model.perform(.open(uri, version: 0, text: text))
            var rng = SeededGenerator(seed: 9)
            var reparsed = 0, untouched = 0
            for version in 1...120 {
                guard let before = model.snapshot(uri) else { return XCTFail("not open") }
                var (range, insert) = BlockReparseTests.randomEdit(before.bytes, &rng, insideWords: version % 2 == 0)
                for _ in 0..<8 where !Self.nearFlow(before.bytes, range.lowerBound) {
                    (range, insert) = BlockReparseTests.randomEdit(before.bytes, &rng, insideWords: version % 2 == 0)
                }
                guard let after = edit(model, uri, version: version, range, insert) else { return XCTFail("closed") }
                if after.flowRecheck != nil {
                    reparsed += 1
                    if !after.hasWholeTextAnalysis { untouched += 1 }
                }
                let label = "\(name) edit \(version) (\(range) -> \(insert.debugDescription))"
                guard assertAnswersAsAFreshModel(model, uri, version: version, label: label, surfaces: version % 10 == 0,
                                                 hoverOffset: min(after.bytes.count, range.lowerBound)) else { return }
                if after.flowEntries == nil, rng.next() % 4 != 0 {
                    model.perform(.change(uri, version: version, changes: [.full(text)], encoding: .utf8))
                }
            }
            print("model \(name): \(reparsed) of 120 edits re-checked one flow entry, \(untouched) without the whole tree")
            // The mixed text's flow items are few; the block path takes its other edits.
            XCTAssertGreaterThan(reparsed, name == "data.json" ? 50 : 2, name)
            XCTAssertGreaterThan(untouched * 10, reparsed * 8, "most flow entry re-checks leave the whole tree alone")
        }
    }
}
