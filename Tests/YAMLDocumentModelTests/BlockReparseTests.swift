import Foundation
import TestSupport
import XCTest
import YAMLComposer
import YAMLParser
import YAMLSyntax
@testable import YAMLDocumentModel

/// Edits inside one block mapping entry of a text that is not in chunks re-parse and re-compose that
/// entry only (``BlockEntries``). After every random edit (seeded) the incremental snapshot must give what
/// a fresh analysis of the new text gives: every diagnostic, and the entries kept for the next edit; at
/// the model, the published diagnostics, schema info and the surfaces.
final class BlockReparseTests: XCTestCase {
    /// What the edits insert: the characters that open or close structure, and a few whole pieces.
    static let edits = ["x", ":", ": ", "-", "- ", "#", " #c", "\"", "'", "\n", " ", "  ", "{", "}", "[", "&a ", "*a",
                        "\t", "|\n", ">-\n", "a: 1\n", "  k: v\n", "---\n", "...\n", "?", "!!str ", "<<: ", ",", "\r", "é", "\u{1}"]

    /// A generated single-document text of nested block mappings and sequences, with comments, block
    /// scalars, quoted and multi-line plain scalars, flow collections and repeated keys.
    static func generated(seed: UInt64, entries: Int) -> String {
        var rng = SeededGenerator(seed: seed)
        func below(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        var out = "# generated \(seed)\n"
        var indent = 0
        for i in 0..<entries {
            let pad = String(repeating: " ", count: indent)
            switch below(10) {
            case 0 where indent < 12:
                out += "\(pad)group\(i):\n"; indent += 2
            case 1 where indent < 12:
                out += "\(pad)list\(i):\n\(pad)  - name: n\(i)\n\(pad)    value: \(i)\n\(pad)  - plain item\n"
            case 2:
                out += "\(pad)text\(i): |\n\(pad)  line one \(i)\n\(pad)\n\(pad)  line two: not a key\n"
            case 3:
                out += "\(pad)flow\(i): {a: 1, b: [x, \"y\"]}\n"
            case 4:
                out += "\(pad)# comment \(i)\n\(pad)quoted\(i): \"a # b\" # trailing\n"
            case 5:
                out += "\(pad)long\(i): several words\n\(pad)  continued here\n"
            case 6 where indent > 0:
                indent -= 2; out += "\(pad)key\(i % 7): \(i)\n"
            case 7:
                out += "\(pad)dup: \(i)\n"
            default:
                out += "\(pad)key\(i): 'v \(i)'\n"
            }
        }
        return out
    }

    /// A random edit of `bytes`: its range and text (on UTF-8 character boundaries). With `insideWords`,
    /// typing inside a word (keys included): a letter, a digit or a space inserted, or a letter deleted.
    static func randomEdit(_ bytes: [UInt8], _ rng: inout SeededGenerator, insideWords: Bool = false) -> (Range<Int>, String) {
        func below(_ n: Int) -> Int { Int(rng.next() % UInt64(max(1, n))) }
        let n = bytes.count
        var start = below(n + 1)
        if insideWords {
            func letter(_ i: Int) -> Bool { i >= 0 && i < n && bytes[i] >= 0x61 && bytes[i] <= 0x7A }
            while start < n && !(letter(start - 1) && letter(start)) { start += 1 }
            if start >= n { return (n..<n, "") }
            return below(3) == 0 && letter(start + 1) ? (start..<(start + 1), "") : (start..<start, ["q", "7", " ", "ab"][below(4)])
        }
        var end = min(n, start + (below(3) == 0 ? 1 + below(4) : 0))
        while start > 0, start < n, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        while end < n, end > start, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return (start..<end, below(4) == 0 && end > start ? "" : edits[below(edits.count)])
    }

    /// Applies `count` random edits to `text` at the snapshot level, comparing after each the incremental
    /// snapshot with a fresh one; a text the block path cannot continue from (no entries) is replaced by
    /// the original with probability 3/4. Returns how many edits re-checked one entry.
    @discardableResult
    func differential(_ text: String, name: String, seed: UInt64, count: Int, insideWords: Bool = false) -> Int {
        let uri = DocumentURI(filePath: "/w/\(name)")
        let original = Array(text.utf8)
        var snapshot = DocumentSnapshot(uri: uri, version: 0, bytes: original)
        var rng = SeededGenerator(seed: seed)
        var reparsed = 0
        for version in 1...count {
            let (range, insert) = Self.randomEdit(snapshot.bytes, &rng, insideWords: insideWords)
            var bytes = snapshot.bytes
            bytes.replaceSubrange(range, with: Array(insert.utf8))
            let next = DocumentSnapshot(uri: uri, version: version, bytes: bytes, after: snapshot)
            let fresh = DocumentSnapshot(uri: uri, version: version, bytes: bytes)
            let label = "\(name) seed \(seed) edit \(version) (\(range) -> \(insert.debugDescription))"
            if next.blockRecheck != nil {
                reparsed += 1
                XCTAssertNil(fresh.chunks, label)
                XCTAssertEqual(next.blockEntries?.offsets, fresh.blockEntries?.offsets, label)
                XCTAssertEqual(next.blockEntries?.indents, fresh.blockEntries?.indents, label)
                XCTAssertEqual(next.blockEntries?.rootKeys, fresh.blockEntries?.rootKeys, label)
                XCTAssertEqual(next.blockEntries?.anchors == nil, fresh.blockEntries?.anchors == nil, label)
                if let kept = next.blockEntries?.anchors, let made = fresh.blockEntries?.anchors {
                    XCTAssertTrue(kept.covers(made), label)
                }
            }
            XCTAssertEqual(next.diagnostics, fresh.diagnostics, label)
            if next.diagnostics != fresh.diagnostics { return reparsed }
            snapshot = next
            if snapshot.blockEntries == nil, rng.next() % 4 != 0 {
                snapshot = DocumentSnapshot(uri: uri, version: version, bytes: original)
            }
        }
        return reparsed
    }

    func testRandomEditsOfGeneratedTextsGiveWhatAFullAnalysisGives() {
        var reparsed = 0, total = 0
        for seed in UInt64(1)...6 {
            let text = Self.generated(seed: seed, entries: 120)
            reparsed += differential(text, name: "generated-\(seed).yaml", seed: seed, count: 250)
            total += 250
        }
        print("generated texts: \(reparsed) of \(total) edits re-checked one entry")
        XCTAssertGreaterThan(reparsed * 3, total, "a third of random edits re-check one entry")
    }

    /// Typing inside words, keys included (a repeated key made or undone, in a nested mapping or at the root).
    func testTypingInsideWordsGivesWhatAFullAnalysisGives() {
        var reparsed = 0
        for seed in UInt64(11)...13 {
            reparsed += differential(Self.generated(seed: seed, entries: 120), name: "typed-\(seed).yaml", seed: seed,
                                     count: 200, insideWords: true)
        }
        print("typing: \(reparsed) of 600 edits re-checked one entry")
        XCTAssertGreaterThan(reparsed, 400, "typing inside words re-checks one entry")
    }

    /// Streams of five generated documents: random edits inside the middle one (at first, then whatever
    /// the edits make of it) re-check one block mapping entry of it once an edit re-checked its chunk
    /// (``DocumentSnapshot/chunkEntries``); the diagnostics, the chunks with their document ranges and the
    /// chunk's entries are those of a fresh analysis of the new text.
    func testRandomEditsInsideADocumentInTheMiddleOfAStreamGiveWhatAFullAnalysisGives() {
        var entries = 0
        for seed in UInt64(21)...24 {
            let name = "stream-\(seed).yaml", uri = DocumentURI(filePath: "/w/\(name)")
            let original = Array((0..<5).map { Self.generated(seed: seed * 10 + UInt64($0), entries: 40) }.joined(separator: "---\n").utf8)
            var snapshot = DocumentSnapshot(uri: uri, version: 0, bytes: original)
            XCTAssertEqual(snapshot.chunks?.starts.count, 5)
            var rng = SeededGenerator(seed: seed)
            for version in 1...150 {
                // Inside the middle chunk (the one whose entries are kept, once there are).
                guard let chunks = snapshot.chunks, chunks.starts.count > 2 else {
                    snapshot = DocumentSnapshot(uri: uri, version: version, bytes: original)
                    continue
                }
                let k = snapshot.chunkEntries?.index ?? chunks.starts.count / 2
                let start = chunks.starts[k], end = k + 1 < chunks.starts.count ? chunks.starts[k + 1] : snapshot.bytes.count
                let (range, insert) = Self.randomEdit(Array(snapshot.bytes[start..<end]), &rng, insideWords: version % 3 != 0)
                var bytes = snapshot.bytes
                bytes.replaceSubrange((range.lowerBound + start)..<(range.upperBound + start), with: Array(insert.utf8))
                let next = DocumentSnapshot(uri: uri, version: version, bytes: bytes, after: snapshot)
                let fresh = DocumentSnapshot(uri: uri, version: version, bytes: bytes)
                let label = "\(name) edit \(version) (\(range) of chunk \(k) -> \(insert.debugDescription))"
                XCTAssertEqual(next.diagnostics, fresh.diagnostics, label)
                XCTAssertEqual(next.chunks?.starts, fresh.chunks?.starts, label)
                XCTAssertEqual(next.chunks?.documentRanges, fresh.chunks?.documentRanges, label)
                if let (i, kept) = next.chunkEntries, let chunks = fresh.chunks {
                    let end = i + 1 < chunks.starts.count ? chunks.starts[i + 1] : bytes.count
                    let expected = BlockEntries(parse: Parser.parse(Array(bytes[chunks.starts[i]..<end])), at: chunks.starts[i])
                    XCTAssertEqual(kept.offsets, expected?.offsets, label)
                    XCTAssertEqual(kept.indents, expected?.indents, label)
                    XCTAssertEqual(kept.rootKeys, expected?.rootKeys, label)
                }
                if next.recheck?.0.entry != nil { entries += 1 }
                if next.diagnostics != fresh.diagnostics { return }
                snapshot = next
                if snapshot.chunks == nil || snapshot.chunkEntries == nil, rng.next() % 4 != 0 {
                    snapshot = DocumentSnapshot(uri: uri, version: version, bytes: original)
                }
            }
        }
        print("streams: \(entries) of 600 edits re-checked one entry of the middle document")
        XCTAssertGreaterThan(entries, 250, "most edits inside a document of a stream re-check one entry")
    }

    /// The YAML files of the shared corpus of 4–60 KB, in path order.
    func corpusFiles() throws -> [URL] {
        let corpus = try requireSharedFolder("corpus")
        return (FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: [.fileSizeKey])?
            .compactMap { $0 as? URL } ?? [])
            .filter { ["yaml", "yml"].contains($0.pathExtension) }
            .filter { ((try? $0.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0).map { (4_000...60_000).contains($0) } ?? false }
            .sorted { $0.path < $1.path }
    }

    /// Real files of the shared corpus (single documents of 4–60 KB, every 40th in path order).
    func testRandomEditsOfCorpusFilesGiveWhatAFullAnalysisGives() throws {
        let files = try corpusFiles()
        var reparsed = 0, checked = 0
        for (i, file) in files.enumerated() where i % 40 == 0 {
            guard let data = try? Data(contentsOf: file), let text = String(data: data, encoding: .utf8) else { continue }
            let snapshot = DocumentSnapshot(uri: DocumentURI(filePath: file.path), version: 0, bytes: Array(text.utf8))
            guard snapshot.blockEntries != nil else { continue }
            checked += 1
            reparsed += differential(text, name: file.lastPathComponent, seed: UInt64(i), count: 60)
        }
        print("corpus: \(checked) files, \(reparsed) of \(checked * 60) edits re-checked one entry")
        XCTAssertGreaterThan(checked, 5, "corpus files with entries")
        XCTAssertGreaterThan(reparsed, checked * 10, "edits of corpus files re-check one entry")
    }

    /// The 3 MB single-document OpenAPI file of the bench: random edits, then typing inside words.
    func testEditsOfTheLargeOpenAPIFileGiveWhatAFullAnalysisGives() throws {
        let folder = try requireSharedFolder("corpus").appendingPathComponent("big/openai__openai-openapi")
        guard let file = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .first(where: { ["yaml", "yml"].contains($0.pathExtension) }) else { return XCTFail("no OpenAPI file in \(folder.path)") }
        let text = try String(contentsOf: file, encoding: .utf8)
        var reparsed = differential(text, name: file.lastPathComponent, seed: 41, count: 6)
        reparsed += differential(text, name: file.lastPathComponent, seed: 42, count: 6, insideWords: true)
        XCTAssertGreaterThan(reparsed, 4, "edits of the OpenAPI file re-check one entry")
    }

    /// An edit re-checks the smallest entry that holds it and whose key it leaves alone, and whose extent
    /// it cannot change; without one (a root key edited), the whole text is analysed.
    func testTheSmallestEntryWhoseExtentTheEditCannotChangeIsRechecked() {
        let text = "a:\n  b:\n    c: 1\n    d: [x]\n  e: 2\nf: 3\n"
        let uri = DocumentURI(filePath: "/w/t.yaml")
        let first = DocumentSnapshot(uri: uri, version: 0, bytes: Array(text.utf8))
        XCTAssertEqual(first.blockEntries?.offsets, [0, 5, 12, 21, 30, 35])
        func edited(_ from: String, _ to: String) -> DocumentSnapshot {
            DocumentSnapshot(uri: uri, version: 1, bytes: Array(text.replacingOccurrences(of: from, with: to).utf8), after: first)
        }
        // `c: 1` -> `c: 12`: the entry `c`, nested.
        XCTAssertEqual(edited("c: 1", "c: 12").blockRecheck?.slice, TextRange(start: 8, end: 18))
        XCTAssertEqual(edited("c: 1", "c: 12").blockRecheck?.keepsResourceType, true)
        // `e: 2` -> `e: 23`: the entry `e`.
        XCTAssertEqual(edited("e: 2", "e: 23").blockRecheck?.slice, TextRange(start: 28, end: 36))
        // A new line inside `b`'s value, under `d`: the entry `b` (lines 2-4).
        XCTAssertEqual(edited("    d: [x]\n", "    h: 7\n    d: [x]\n").blockRecheck?.slice, TextRange(start: 3, end: 37))
        // The value of the root's `kind` written on the next line may change the resource type.
        let kind = DocumentSnapshot(uri: uri, version: 0, bytes: Array("kind:\n  Pod\n".utf8))
        let renamed = DocumentSnapshot(uri: uri, version: 1, bytes: Array("kind:\n  Pods\n".utf8), after: kind)
        XCTAssertEqual(renamed.blockRecheck?.keepsResourceType, false)
        // In the value on a key's line: that key's entry.
        XCTAssertEqual(edited("f: 3", "f: 34").blockRecheck?.slice, TextRange(start: 35, end: 41))
        XCTAssertEqual(edited("c: 1", "c: 1 # one").blockRecheck?.slice, TextRange(start: 8, end: 23))
        // The key itself: its enclosing entry (none for a root key).
        XCTAssertEqual(edited("c: 1", "cc: 1").blockRecheck?.slice, TextRange(start: 3, end: 29))
        XCTAssertNil(edited("f: 3", "g: 3").blockRecheck)
        // A line at `b`'s indentation inside `b` ends it elsewhere: the enclosing `a` is re-checked.
        XCTAssertEqual(edited("    d: [x]\n", "    d: [x]\n  g: 5\n").blockRecheck?.slice, TextRange(start: 0, end: 42))
        // An alias opens a dependency outside the entry: the whole text.
        XCTAssertNil(edited("c: 1", "c: *x").blockRecheck)
        // The same text again (keystrokes that undid each other): nothing to re-check.
        XCTAssertEqual(edited("c: 1", "c: 1").blockRecheck?.slice, TextRange(empty: 0))
        // A syntax error in the entry: the whole text, which reports it.
        let broken = edited("d: [x]", "d: [x")
        XCTAssertNil(broken.blockRecheck)
        XCTAssertFalse(broken.diagnostics.isEmpty)
    }

    /// A key after `- ` indicators opens an entry too (the first key of a sequence entry's mapping): an edit
    /// in its value re-checks that entry, not the sequence around it.
    func testAnEntryAfterSequenceIndicatorsIsRecheckedAlone() {
        let text = "items:\n  - name: alpha\n    port: 1\n  - - deep: one\nz: 2\n"
        let uri = DocumentURI(filePath: "/w/s.yaml")
        let first = DocumentSnapshot(uri: uri, version: 0, bytes: Array(text.utf8))
        XCTAssertEqual(first.blockEntries?.offsets, [0, 11, 27, 41, 51])
        XCTAssertEqual(first.blockEntries?.indents, [0, 4, 4, 6, 0])
        func edited(_ from: String, _ to: String) -> DocumentSnapshot {
            let next = DocumentSnapshot(uri: uri, version: 1, bytes: Array(text.replacingOccurrences(of: from, with: to).utf8), after: first)
            XCTAssertEqual(next.diagnostics, DocumentSnapshot(uri: uri, version: 1, bytes: next.bytes).diagnostics, to)
            return next
        }
        XCTAssertEqual(edited("alpha", "alphax").blockRecheck?.slice, TextRange(start: 7, end: 24))
        XCTAssertEqual(edited("one", "onex").blockRecheck?.slice, TextRange(start: 35, end: 52))
        // A value that becomes a mapping on the key's line is a syntax error: the whole text reports it.
        XCTAssertNil(edited("alpha", "alpha: x").blockRecheck)
        // Before the key on its line (the key's column changes): the enclosing entry.
        XCTAssertEqual(edited("- - deep", "- -  deep").blockRecheck?.slice, TextRange(start: 0, end: 52))
    }

    /// At the model, with schema validation on and no schema for the document, the published
    /// diagnostics, schema info and surfaces after each edit are those of a fresh model, and a value edit
    /// composes nothing of the whole text.
    func testModelAnswersAsAFreshModelAfterBlockEdits() throws {
        let (reparsed, untouched) = modelDifferential(Self.generated(seed: 9, entries: 80), seed: 9)
        print("model: \(reparsed) of 150 edits re-checked one entry, \(untouched) without the whole tree")
        XCTAssertGreaterThan(reparsed, 30)
        XCTAssertGreaterThan(untouched * 10, reparsed * 8, "most entry re-checks leave the whole tree alone")
    }

    /// Applies 150 random edits to `text` open in a model (seeded by `seed`), comparing after each the
    /// published diagnostics and schema info (and every 15th edit the pulled surfaces) with a fresh model's;
    /// how many edits re-checked one entry, and how many of those did without the whole tree.
    func modelDifferential(_ text: String, seed: UInt64) -> (reparsed: Int, untouched: Int) {
        let uri = DocumentURI(filePath: "/w/config.yaml")
        let model = DocumentModel()
        model.perform(.open(uri, version: 0, text: text))
        var rng = SeededGenerator(seed: seed)
        var reparsed = 0, untouched = 0
        for version in 1...150 {
            guard let before = model.snapshot(uri) else { XCTFail("not open"); break }
            let (range, insert) = Self.randomEdit(before.bytes, &rng)
            guard let after = edit(model, uri, version: version, range, insert) else { XCTFail("closed"); break }
            if after.blockRecheck != nil {
                reparsed += 1
                if !after.hasWholeTextAnalysis { untouched += 1 }
            }
            let label = "edit \(version) (\(range) -> \(insert.debugDescription))"
            guard assertAnswersAsAFreshModel(model, uri, version: version, label: label, surfaces: version % 15 == 0) else { break }
            if after.blockEntries == nil, rng.next() % 4 != 0 {
                model.perform(.change(uri, version: version, changes: [.full(text)], encoding: .utf8))
            }
        }
        return (reparsed, untouched)
    }
}
