import YAMLComposer
import YAMLParser
import YAMLSyntax

/// The documents of a multi-document stream as independently checkable chunks of text, so that an edit
/// inside one document re-parses and re-composes that document only (YAML 1.2.2 §9.2: without directives
/// the documents of a stream share nothing; anchors, aliases and duplicate keys are per document, §3.2.2.2,
/// §3.2.1.1).
///
/// A stream qualifies when it has no directives (`%…`), no document-end markers (`...`), no BOM after the
/// start, no syntax error, and exactly one document per chunk. Its chunks start at offset 0 and at every
/// `---` token. Offsets are UTF-8 bytes.
struct DocumentChunks: Sendable {
    /// Byte offsets at which chunks start: 0, then every `---` marker. Sorted; at least one element.
    let starts: [Int]
    /// The range of each chunk's document as the composer gives it for the whole text (one per chunk).
    let documentRanges: [TextRange]

    /// The chunks of a fully parsed and composed stream, or nil when it does not qualify.
    init?(parse: ParseResult, composition: Composition) {
        self.init(isValid: parse.isValid, markers: Self.markers(in: parse.tree.tokens), composition: composition)
    }

    /// ``init(parse:composition:)`` from what it reads of the parse: whether it is valid, and
    /// ``markers(in:)`` of its tokens.
    init?(isValid: Bool, markers: [Int]?, composition: Composition) {
        self.init(isValid: isValid, markers: markers, documentRanges: composition.documents.map(\.range))
    }

    /// ``init(isValid:markers:composition:)`` from the ranges of the composition's documents.
    init?(isValid: Bool, markers: [Int]?, documentRanges: [TextRange]) {
        guard isValid, let markers else { return nil }
        let starts = [0] + markers.filter { $0 > 0 }
        guard starts.count >= 2, documentRanges.count == starts.count else { return nil }
        // Every document must lie in its own chunk.
        for (i, range) in documentRanges.enumerated() {
            let end = i + 1 < starts.count ? starts[i + 1] : Int.max
            guard range.start >= starts[i], range.end <= end else { return nil }
        }
        self.starts = starts
        self.documentRanges = documentRanges
    }

    /// Chunks known to qualify: `starts` as described on ``starts``, with one document range per chunk.
    init(starts: [Int], documentRanges: [TextRange]) {
        self.starts = starts
        self.documentRanges = documentRanges
    }

    /// Offsets of the `---` tokens, or nil when the tokens hold a directive, a `...` or a BOM after the start.
    static func markers(in tokens: [Token]) -> [Int]? {
        var markers: [Int] = []
        for token in tokens {
            switch token.kind {
            case .directive, .documentEnd: return nil
            case .byteOrderMark where token.range.start > 0: return nil
            case .directivesEnd: markers.append(token.range.start)
            default: break
            }
        }
        return markers
    }

    /// The outcome of re-checking the one chunk an edit touched.
    struct Recheck: Sendable {
        /// The whole text's diagnostics, sorted by position.
        let diagnostics: [YAMLDiagnostic]
        /// The chunks of the edited text.
        let chunks: DocumentChunks
        /// Index of the edited chunk (= of its document in the stream).
        let index: Int
        /// Where the edited chunk starts, in both texts (UTF-8 byte offset).
        let start: Int
        /// Where the edited chunk ends in the new text.
        let end: Int
        /// New length minus old length; what offsets after the edited chunk moved by.
        let delta: Int
        /// The edited chunk's document, composed alone: ranges are relative to ``start``; nil when only one
        /// block mapping entry of it was re-checked (``entry``).
        let document: ComposedDocument?
        /// The bytes that differ, relative to ``start``: `start..<oldEnd` of the old chunk became
        /// `start..<newEnd` of the new one (the common prefix and suffix of the two texts left out).
        let changed: (start: Int, oldEnd: Int, newEnd: Int)
        /// True when the edited chunk holds an alias (`*name`): a node may then repeat one the edit changed.
        let hasAliases: Bool
        /// When only one block mapping entry of the chunk was re-checked (``BlockEntries``): that entry.
        var entry: EntryEdit? = nil
        /// The block mapping entries of the edited chunk in the new text, for the next edit in it; nil when
        /// the chunk does not qualify (``BlockEntries``: an anchor or an alias in it).
        var entries: BlockEntries? = nil
        /// The edited chunk's lossless tree when the whole chunk was parsed (offsets relative to ``start``),
        /// for ``SnapshotAnalysis/tokenTree(holding:chunks:)``; the snapshot does not keep it here.
        var tree: SyntaxTree? = nil
    }

    /// One block mapping entry of a chunk's document re-checked alone (``BlockEntries/recheck(old:diagnostics:lineIndex:new:newLineIndex:prefix:suffix:)``):
    /// the rest of the document is the same text, moved by the edit's length after the entry.
    struct EntryEdit: Sendable {
        /// The entry's lines in the new text (UTF-8 byte offsets in the whole text).
        let slice: TextRange
        /// The entry composed alone: a block mapping with that one entry, its ranges relative to
        /// ``slice``'s start.
        let entry: YAMLNode
        /// True when the edit cannot change what schema association reads of the document's root
        /// (``DocumentRootSummary``: its `apiVersion`, `kind` and `metadata`), nor what makes it a
        /// CustomResourceDefinition (``BlockEntries/Recheck/keepsRootSummary``).
        let keepsRootSummary: Bool

        /// The offset of the entry's key in the whole new text (nil when the entry is not one pair).
        var keyOffset: Int? {
            guard case .mapping(let pairs) = entry.content, pairs.count == 1 else { return nil }
            return slice.start + pairs[0].key.range.start
        }
    }

    /// Where chunk `index` ends (exclusive, UTF-8 bytes) in a text of `count` bytes: where the next chunk
    /// starts, or the end of the text for the last.
    func end(of index: Int, textCount count: Int) -> Int {
        index + 1 < starts.count ? starts[index + 1] : count
    }

    /// The index of the chunk holding byte `offset` (the last chunk starting at or before it).
    func chunk(holding offset: Int) -> Int {
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Re-checks `new`, an edited version of `old`'s text whose chunks are `self`, by parsing and
    /// composing the one chunk that holds the edit; nil when the edit does not qualify and the whole text
    /// must be analysed.
    ///
    /// The result is used only when the chunk parses without a syntax error into exactly one document that
    /// still starts with its `---` (for chunks after the first) and ends with a line break (for chunks
    /// before the last), no old diagnostic sits on a chunk boundary, character problems stay under
    /// the parser's cap on them (`CharacterCheck.maximumErrors`, so that none was capped away), and, when the edit
    /// changed the number of lines, no diagnostic of a later chunk cites a line number in its message.
    /// `lineIndex` and `newLineIndex` index `old` and `new`; `prefix` and `suffix` are their common prefix
    /// and suffix lengths in bytes (``commonPrefixAndSuffix(_:_:)``, computed once per edit by the caller).
    func recheck(old: [UInt8], diagnostics oldDiagnostics: [YAMLDiagnostic], lineIndex: LineIndex, new: [UInt8],
                 newLineIndex: LineIndex, prefix: Int, suffix: Int) -> Recheck? {
        let oldEditEnd = old.count - suffix
        let delta = new.count - old.count
        // The chunk holding the edit: the last start at or before its first changed byte.
        let k = chunk(holding: prefix)
        let start = starts[k]
        let isLast = k + 1 == starts.count
        let oldNext = isLast ? old.count : starts[k + 1]
        guard oldEditEnd <= oldNext else { return nil }
        let newNext = oldNext + delta
        guard newNext > start, isLast || new[newNext - 1] == 0x0A || new[newNext - 1] == 0x0D else { return nil }
        // Every old diagnostic must belong to one chunk without doubt; later ones keep their messages, which
        // must then not cite lines that moved.
        let linesMoved = !isLast && newLineIndex.line(containing: newNext) != lineIndex.line(containing: oldNext)
        var characterProblems = 0
        for d in oldDiagnostics {
            if d.range.start == start || (!isLast && d.range.start == oldNext) { return nil }
            if DiagnosticsCollector.characterCodes.contains(d.code) { characterProblems += 1 }
            if linesMoved && d.range.start > oldNext && Self.citesLine(d.message) { return nil }
        }

        // Parse the chunk alone; it starts at column 0 of line `lineOffset` of the whole text.
        let parse = Parser.parse(Array(new[start..<newNext]))
        guard parse.isValid else { return nil }
        // No `---` but the chunk's own first token (none in a first chunk, or its own when the stream starts with one).
        guard let markers = Self.markers(in: parse.tree.tokens), k == 0 ? markers.isEmpty || markers == [0] : markers == [0]
        else { return nil }
        let lineOffset = k == 0 ? 0 : lineIndex.line(containing: start)
        let composition = Composer.compose(parse, lineOffset: lineOffset)
        guard composition.documents.count == 1, let document = composition.documents.first else { return nil }

        let chunkDiagnostics = DiagnosticsCollector.collect(parse: parse, composition: composition)
        for d in chunkDiagnostics where DiagnosticsCollector.characterCodes.contains(d.code) { characterProblems += 1 }
        guard characterProblems < CharacterCheck.maximumErrors else { return nil }
        // In the last chunk, every old diagnostic from `start` on is the chunk's.
        let diagnostics = DiagnosticsCollector.splice(oldDiagnostics, start: start, oldEnd: isLast ? Int.max : oldNext,
                                                      fresh: chunkDiagnostics, delta: delta)

        var newStarts = Array(starts[...k])
        var ranges = Array(documentRanges[..<k])
        ranges.append(document.range.shifted(by: start))
        if !isLast {
            newStarts += starts[(k + 1)...].map { $0 + delta }
            ranges += documentRanges[(k + 1)...].map { $0.shifted(by: delta) }
        }
        return Recheck(diagnostics: diagnostics, chunks: DocumentChunks(starts: newStarts, documentRanges: ranges),
                       index: k, start: start, end: newNext, delta: delta, document: document,
                       changed: (prefix - start, oldEditEnd - start, new.count - suffix - start),
                       hasAliases: parse.tree.tokens.contains { $0.kind == .alias },
                       entries: BlockEntries(parse: parse, at: start), tree: parse.tree)
    }

    /// The re-check of chunk `k` made of `recheck`, a re-check of one block mapping entry inside it by the
    /// chunk's ``BlockEntries`` (whose diagnostics are the whole new text's): the chunks moved after the
    /// entry, and the document's range with them. Nil when the entry does not lie inside the chunk, or
    /// the text did not change. `old` and `new` are the texts, `prefix` and `suffix` their common prefix
    /// and suffix lengths.
    func recheck(entry recheck: BlockEntries.Recheck, chunk k: Int, old: [UInt8], new: [UInt8], prefix: Int, suffix: Int) -> Recheck? {
        guard let entry = recheck.entry else { return nil }
        let delta = recheck.delta, start = starts[k]
        let isLast = k + 1 == starts.count
        let oldNext = isLast ? old.count : starts[k + 1]
        let slice = recheck.slice, oldSliceEnd = slice.end - delta
        guard slice.start >= start, oldSliceEnd <= oldNext, slice.start <= prefix, old.count - suffix <= oldSliceEnd else { return nil }
        // A document without `...` ends after its last node: after the entry (moved by the edit), or inside
        // it when only comments and blank lines follow it in the chunk (where the entry's lines end theirs).
        let range = documentRanges[k]
        guard range.start <= slice.start, range.end > slice.start else { return nil }
        var newStarts = starts, ranges = documentRanges
        ranges[k] = TextRange(start: range.start, end: range.end >= oldSliceEnd ? range.end + delta : slice.start + recheck.documentEnd)
        if delta != 0 {
            for i in (k + 1)..<starts.count {
                newStarts[i] += delta
                ranges[i] = ranges[i].shifted(by: delta)
            }
        }
        return Recheck(diagnostics: recheck.diagnostics, chunks: DocumentChunks(starts: newStarts, documentRanges: ranges),
                       index: k, start: start, end: oldNext + delta, delta: delta, document: nil,
                       changed: (prefix - start, old.count - suffix - start, new.count - suffix - start), hasAliases: false,
                       entry: EntryEdit(slice: slice, entry: entry, keepsRootSummary: recheck.keepsRootSummary),
                       entries: recheck.entries)
    }

    /// True when `message` holds `line ` followed by a digit (as in "first defined on line 12").
    static func citesLine(_ message: String) -> Bool {
        let utf8 = Array(message.utf8), word = Array("line ".utf8)
        guard utf8.count > word.count else { return false }
        for i in 0..<(utf8.count - word.count) where utf8[i] == word[0] {
            if utf8[i..<(i + word.count)].elementsEqual(word), (0x30...0x39).contains(utf8[i + word.count]) { return true }
        }
        return false
    }

    /// ``commonPrefixAndSuffix(_:_:)`` of `a` and `b` when `b` is `a` with its bytes from `start` to `oldEnd`
    /// replaced (UTF-8 byte offsets into `a`): the bytes before `start` and after `oldEnd` are known to be
    /// the same, so only those next to the edit are compared (reading two 10 MB texts whole took a sixth
    /// of a keystroke's CPU in a 10 MB stream). Falls back to comparing everything when the edit does not
    /// fit the lengths.
    static func commonPrefixAndSuffix(_ a: [UInt8], _ b: [UInt8], replacing start: Int, _ oldEnd: Int) -> (prefix: Int, suffix: Int) {
        let tail = a.count - oldEnd
        guard 0 <= start, start <= oldEnd, oldEnd <= a.count, start + tail <= b.count else { return commonPrefixAndSuffix(a, b) }
        let m = min(a.count, b.count)
        var p = start
        while p < m && a[p] == b[p] { p += 1 }
        let limit = m - p
        var s = min(tail, limit)
        while s < limit && a[a.count - 1 - s] == b[b.count - 1 - s] { s += 1 }
        return (p, s)
    }

    /// Lengths of the longest common prefix and of the longest common suffix not overlapping it.
    static func commonPrefixAndSuffix(_ a: [UInt8], _ b: [UInt8]) -> (prefix: Int, suffix: Int) {
        let m = min(a.count, b.count)
        return a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in
                // Whether the 32 bytes at `i` of `a` and `j` of `b` are equal (four words at a time: a keystroke
                // in a 5 MB text compares all of it; half the time of one word at a time).
                func equal32(_ i: Int, _ j: Int) -> Bool {
                    func word(_ k: Int) -> UInt64 {
                        pa.loadUnaligned(fromByteOffset: i + k, as: UInt64.self) ^ pb.loadUnaligned(fromByteOffset: j + k, as: UInt64.self)
                    }
                    return word(0) | word(8) | word(16) | word(24) == 0
                }
                var p = 0
                while p + 32 <= m && equal32(p, p) { p += 32 }
                while p + 8 <= m && pa.loadUnaligned(fromByteOffset: p, as: UInt64.self)
                    == pb.loadUnaligned(fromByteOffset: p, as: UInt64.self) {
                    p += 8
                }
                while p < m && pa[p] == pb[p] { p += 1 }
                var s = 0
                let limit = m - p
                while s + 32 <= limit && equal32(a.count - s - 32, b.count - s - 32) { s += 32 }
                while s + 8 <= limit && pa.loadUnaligned(fromByteOffset: a.count - s - 8, as: UInt64.self)
                    == pb.loadUnaligned(fromByteOffset: b.count - s - 8, as: UInt64.self) {
                    s += 8
                }
                while s < limit && pa[a.count - 1 - s] == pb[b.count - 1 - s] { s += 1 }
                return (p, s)
            }
        }
    }
}

extension TextRange {
    /// The range moved by `delta` bytes.
    func shifted(by delta: Int) -> TextRange { TextRange(start: start + delta, end: end + delta) }
}
