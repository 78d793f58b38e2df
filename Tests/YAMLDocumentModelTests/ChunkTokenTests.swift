import Foundation
import TestSupport
import XCTest
import YAMLParser
import YAMLSyntax
@testable import YAMLDocumentModel

/// The tokens lint quick fixes read in a stream in chunks (``DocumentChunks``) when the whole text's tree is
/// not at hand (after a keystroke re-checked one document): taken from the tree of the chunk holding the
/// finding, parsed alone (YAML 1.2.2 §9.2), they are the whole tree's; and the code actions offered after
/// seeded keystrokes, and their resolved edits, are a fresh model's on the same text.
final class ChunkTokenTests: XCTestCase {
    /// Multi-document streams of the shared corpus of 4–200 KB whose documents qualify as chunks, in path order.
    private func corpusStreams() throws -> [(name: String, text: String)] {
        try corpusTexts(sizes: 4_000...200_000) { text, snapshot in text.contains("\n---") && snapshot().chunks != nil }
    }

    /// Every chunk of every qualifying corpus stream (and of generated ones), parsed alone, has exactly the
    /// whole text's tokens over its bytes, moved by its start.
    func testAChunkParsedAloneHasTheWholeTreesTokens() throws {
        var texts = try corpusStreams()
        XCTAssertGreaterThan(texts.count, 4, "corpus streams in chunks")
        for seed in UInt64(70)...73 {
            texts.append(("generated-\(seed)", BlockReparseTests.generatedForLint(seed: seed, entries: 20, stream: true)))
        }
        var chunksChecked = 0
        for (name, text) in texts {
            let s = DocumentSnapshot(uri: DocumentURI(filePath: "/w/\(name)"), version: 0, bytes: Array(text.utf8))
            let chunks = try XCTUnwrap(s.chunks, name)
            let whole = s.tree.tokens
            for (k, start) in chunks.starts.enumerated() {
                let end = k + 1 < chunks.starts.count ? chunks.starts[k + 1] : s.bytes.count
                let alone = Parser.parse(Array(s.bytes[start..<end])).tree.tokens.map { t -> Token in
                    var t = t
                    t.range = t.range.shifted(by: start)
                    return t
                }
                let inContext = whole.filter { $0.range.start >= start && ($0.range.start < end || (k + 1 == chunks.starts.count)) }
                XCTAssertEqual(alone, inContext, "\(name) chunk \(k)")
                chunksChecked += 1
            }
        }
        print("chunk tokens: \(chunksChecked) chunks of \(texts.count) streams")
    }

    /// After keystrokes that re-check one document (the whole tree is not parsed), ``DocumentSnapshot/token(at:)``
    /// answers at every offset as the whole tree does, and the chunk trees it parsed are handed on to the next
    /// snapshot but for the edited chunk's.
    func testTokensAfterKeystrokesAreTheWholeTreesWithoutParsingIt() throws {
        let text = BlockReparseTests.generatedForLint(seed: 81, entries: 15, stream: true)
        let uri = DocumentURI(filePath: "/w/tokens.yaml")
        let model = lintModel(uri, text)
        var rng = SeededGenerator(seed: 81)
        var unparsed = 0
        for version in 2...40 {
            guard let before = model.snapshot(uri) else { return XCTFail("not open") }
            let (range, insert) = BlockReparseTests.randomEdit(before.bytes, &rng, insideWords: true)
            guard let s = edit(model, uri, version: version, range, insert) else { return XCTFail("closed") }
            let withoutTree = s.chunks != nil && !s.analysis.hasTree
            if withoutTree { unparsed += 1 }
            let fresh = DocumentSnapshot(uri: uri, version: version, bytes: s.bytes)
            for _ in 0..<20 {
                let offset = Int(rng.next() % UInt64(s.bytes.count + 1))
                let expected = fresh.tree.tokenIndex(at: offset).map { fresh.tree.tokens[$0] }
                XCTAssertEqual(s.token(at: offset), expected, "version \(version) offset \(offset)")
            }
            XCTAssertEqual(s.lastToken(), fresh.tree.tokens.last { $0.kind != .error }, "version \(version)")
            if withoutTree {
                XCTAssertFalse(s.analysis.hasTree, "version \(version): token(at:) parsed chunks only")
            }
        }
        XCTAssertGreaterThan(unparsed, 10, "keystrokes left the whole tree unparsed")
    }

    /// A keystroke inside a word of a plain value (after `: ` on its line, before any `#`), as a user types in
    /// a value: a letter inserted or deleted. Lint then re-checks the edited line only (``IncrementalLint``)
    /// and the whole tree is not parsed. Typing inside a word anywhere when no such value is left.
    static func valueKeystroke(_ bytes: [UInt8], _ rng: inout SeededGenerator) -> (Range<Int>, String) {
        func letter(_ i: Int) -> Bool { i >= 0 && i < bytes.count && bytes[i] >= 0x61 && bytes[i] <= 0x7A }
        var sites: [Int] = [], lineStart = 0, afterColon = false
        for i in bytes.indices {
            switch bytes[i] {
            case 0x0A: lineStart = i + 1; afterColon = false
            case 0x23: afterColon = false
            case 0x20 where i > lineStart && bytes[i - 1] == 0x3A: afterColon = true
            case 0x22, 0x27, 0x7B, 0x5B: afterColon = false
            default: if afterColon && letter(i - 1) && letter(i) { sites.append(i) }
            }
        }
        guard !sites.isEmpty else { return BlockReparseTests.randomEdit(bytes, &rng, insideWords: true) }
        let at = sites[Int(rng.next() % UInt64(sites.count))]
        return rng.next() % 2 == 0 ? (at..<at, "q") : (at..<(at + 1), "")
    }

    /// Seeded keystrokes inside words of values of streams with lint on: at each version the code actions of a few lines
    /// (listed for a client that resolves them, then each resolved, and the eager list) are those a fresh model
    /// gives for the same text, edits included.
    func testCodeActionsAfterKeystrokesInStreamsAreAFreshModels() throws {
        var texts = try corpusStreams().enumerated().filter { $0.offset % 6 == 0 }.map(\.element)
        texts.append(("generated-90", BlockReparseTests.generatedForLint(seed: 90, entries: 20, stream: true)))
        let counts = try compareCodeActionsAfterKeystrokes(texts, seed: 100)
        print("code actions: \(counts.compared) lines compared, \(counts.withoutTree) versions without the whole tree, \(counts.fromChunks) lint fix lists from chunk trees")
        XCTAssertGreaterThan(counts.withoutTree, texts.count * 5, "keystrokes left the whole tree unparsed")
        XCTAssertGreaterThan(counts.fromChunks, texts.count, "lint quick fixes listed without parsing the whole text")
    }
}

extension XCTestCase {
    /// The UTF-8 YAML files of the shared corpus whose size in bytes is in `sizes` and that `keep` accepts (given
    /// the text and a snapshot of it, made when asked for), as (file name, text), in path order.
    func corpusTexts(sizes: ClosedRange<Int>, keep: (String, () -> DocumentSnapshot) -> Bool) throws -> [(name: String, text: String)] {
        let corpus = try requireSharedFolder("corpus")
        let files = (FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: [.fileSizeKey])?
            .compactMap { $0 as? URL } ?? [])
            .filter { ["yaml", "yml"].contains($0.pathExtension) }
            .filter { ((try? $0.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0).map { sizes.contains($0) } ?? false }
            .sorted { $0.path < $1.path }
        var out: [(String, String)] = []
        for file in files {
            guard let data = try? Data(contentsOf: file), let text = String(data: data, encoding: .utf8),
                  keep(text, { DocumentSnapshot(uri: DocumentURI(filePath: file.path), version: 0, bytes: Array(text.utf8)) })
            else { continue }
            out.append((file.lastPathComponent, text))
        }
        return out
    }

    /// Seeded keystrokes inside words of values of `texts` (name, text) in a model with lint on, 15 per text: at each
    /// version the code actions of a few lines (the edited one and lines with lint findings; listed for a client
    /// that resolves them, then each resolved, and the eager list) are asserted to be those a fresh model gives
    /// for the same text, edits included. Returns how many lines were compared, how many versions came without
    /// the whole tree, how many lint fix lists were made while the whole tree was not parsed (from chunk trees),
    /// how many versions had their whole tree made from the previous one's (``SnapshotAnalysis/BlockSplice``), and
    /// how many fixes passed verification checked on one block mapping entry (``FixVerifier``).
    func compareCodeActionsAfterKeystrokes(_ texts: [(name: String, text: String)], seed: UInt64) throws
        -> (compared: Int, withoutTree: Int, fromChunks: Int, spliced: Int, inOneEntry: Int) {
        var withoutTree = 0, compared = 0, fromChunks = 0, spliced = 0, inOneEntry = 0
        for (i, (name, original)) in texts.enumerated() {
            let uri = DocumentURI(filePath: "/w/\(name)")
            let model = lintModel(uri, original)
            var rng = SeededGenerator(seed: seed + UInt64(i))
            for version in 2...16 {
                guard let before = model.snapshot(uri) else { XCTFail("not open"); return (0, 0, 0, 0, 0) }
                let (range, insert) = ChunkTokenTests.valueKeystroke(before.bytes, &rng)
                guard let s = edit(model, uri, version: version, range, insert) else { XCTFail("closed"); return (0, 0, 0, 0, 0) }
                if !s.analysis.hasTree { withoutTree += 1 }
                let reference = lintModel(uri, s.text, version: version)
                // Lines with lint findings (where quick fixes are), and the edited line.
                let lint = model.records[uri]?.lint.diagnostics ?? []
                var offsets = [range.lowerBound]
                for _ in 0..<3 where !lint.isEmpty { offsets.append(lint[Int(rng.next() % UInt64(lint.count))].range.start) }
                let lines = offsets.map { offset -> (TextRange, String) in
                    let line = s.lineIndex.line(containing: min(offset, s.bytes.count))
                    return (TextRange(start: s.lineIndex.lineStart(line), end: s.lineIndex.lineContentEnd(line)), "\(name) version \(version) line \(line + 1)")
                }
                // Quick fixes alone first, on every line: the rewrites and the eager list read the whole tree.
                for kinds in [[.quickFix], nil] as [Set<CodeActionCandidate.Kind>?] {
                    for (lineRange, label) in lines {
                        let treeBefore = s.analysis.hasTree
                        let listed = try XCTUnwrap(model.deferredCodeActions(uri, range: lineRange, only: kinds), label)
                        let expected = try XCTUnwrap(reference.deferredCodeActions(uri, range: lineRange, only: kinds), label)
                        XCTAssertEqual(listed, expected, label)
                        for (a, b) in zip(listed, expected) {
                            guard let ra = a.resolveReference, let rb = b.resolveReference else { continue }
                            let mine = try model.resolveCodeAction(uri, ra)
                            let theirs = try reference.resolveCodeAction(uri, rb)
                            XCTAssertEqual(try? mine.get(), try? theirs.get(), "\(label): \(a.title)")
                        }
                        if !treeBefore && !s.analysis.hasTree && listed.contains(where: { $0.diagnostic?.source == DocumentModel.lintSource }) {
                            fromChunks += 1
                        }
                    }
                }
                if s.analysis.treeWasSpliced { spliced += 1 }
                inOneEntry += model.records[uri]?.memo.fixVerifier?.passedInOneEntry ?? 0
                for (lineRange, label) in lines {
                    XCTAssertEqual(try model.codeActions(uri, range: lineRange, only: nil), try reference.codeActions(uri, range: lineRange, only: nil), label)
                    compared += 1
                }
            }
        }
        return (compared, withoutTree, fromChunks, spliced, inOneEntry)
    }
}
