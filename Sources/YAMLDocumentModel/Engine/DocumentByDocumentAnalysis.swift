import YAMLComposer
import YAMLParser
import YAMLSyntax

/// The analysis of a multi-document stream one document at a time, for a one-shot check
/// (``DocumentModel/analysesDocumentByDocument``, `pureyaml check`): the text of each document is parsed
/// (without its lossless tree: ``Parser/parseWithoutTree(_:)``), composed and checked alone, and its parse
/// events are freed before the next one is parsed. What is kept is what a check reads: the diagnostics, and the composition (positioned in the
/// whole text) that schema association and validation read; for a large text, only what association reads
/// of each root (``summaries``), each graph freed in turn.
///
/// YAML 1.2.2 §9.2: the documents of a stream without directives share nothing; anchors, aliases and
/// duplicate keys are per document (§3.2.2.2, §3.2.1.1). The outcome is the whole-text analysis's (same
/// diagnostics in the same order, same documents and composition errors at the same offsets); the
/// stream qualifies under the conditions of ``DocumentChunks``, checked on each document's parse: no
/// directive (`%YAML`, `%TAG` apply to their document only, but are left to the whole-text analysis), no
/// `...`, no BOM after the start, no syntax error, exactly one document per chunk, and fewer character
/// problems than the parser reports at most. Otherwise the initializer returns nil and the caller
/// analyses the whole text; a stream with an error is then parsed twice up to its first error.
///
/// The chunks are found without a parse: a line that starts with `---` followed by a space, a tab, a line
/// break or the end of the text (§9.1.2 `c-directives-end`; such a line cannot continue a scalar,
/// §9.1.2 `c-forbidden`). Each chunk after the first must then parse with its `---` as its only marker.
/// When the text before the first such line holds no document (only comments or blank lines), it is
/// analysed together with the document after it.
struct DocumentByDocumentAnalysis {
    /// All diagnostics, sorted by position (``DiagnosticsCollector/sort(_:)``).
    let diagnostics: [YAMLDiagnostic]
    /// The documents and composition errors, as ``Composer/compose(_:)`` gives them for the whole text;
    /// nil when the graphs were not kept (see ``summaries``).
    let composition: Composition?
    /// For a text of at least ``SnapshotAnalysis/compositionReleaseBytes`` in chunks: what schema association
    /// reads of each document's root (``DocumentRootSummary``), kept instead of the documents' graphs, which
    /// are freed one by one after their diagnostics (a document's is composed again from its chunk when a
    /// schema validates it: ``DocumentSnapshot/documentRoot(_:)``); nil when ``composition`` is kept.
    let summaries: [DocumentRootSummary]?
    /// The stream's chunks as ``DocumentChunks`` defines them (nil when it would be nil for the stream:
    /// a first chunk without a document).
    let chunks: DocumentChunks?
    /// With `requiringChunks` (an editor's open): each document's symbol in the outline when no entry of it is
    /// listed, made from its parse events while they are at hand (``OutlineDocumentHead``; nil for a document
    /// its content alone does not name); nil otherwise.
    let outlineHeads: [OutlineDocumentHead?]?

    /// The analysis of `bytes` (indexed by `lineIndex`), or nil when the text is not a stream of at least
    /// two chunks that qualifies (see the type's description). A text of fewer than `keepingGraphsBelow`
    /// bytes keeps its documents' graphs (``composition``), a larger one ``summaries``. With `requiringChunks`
    /// (an editor's open, whose edits re-check the chunks), nil also when the first chunk holds no document
    /// (``chunks`` would be nil), as soon as that is known.
    init?(bytes: [UInt8], lineIndex: LineIndex, keepingGraphsBelow: Int = SnapshotAnalysis.compositionReleaseBytes,
          requiringChunks: Bool = false) {
        let starts = [0] + Self.markerLines(bytes, lineIndex: lineIndex)
        guard starts.count >= 2 else { return nil }
        var documents: [ComposedDocument] = []
        var errors: [SyntaxError] = []
        var summaries: [DocumentRootSummary] = []
        var ranges: [TextRange] = []
        ranges.reserveCapacity(starts.count)
        // A large text keeps summaries, not graphs, unless its first chunk is merged (no chunks then).
        var keepsGraphs = bytes.count < keepingGraphsBelow
        var diagnostics: [YAMLDiagnostic] = []
        var chunkStarts: [Int] = []
        var heads: [OutlineDocumentHead?] = []
        if requiringChunks { heads.reserveCapacity(starts.count) }
        documents.reserveCapacity(starts.count)
        chunkStarts.reserveCapacity(starts.count)
        var characterProblems = 0
        var memo = DocumentRootSummary.Memo()
        // The check's working storage, allocated once for all documents.
        var checkBuffers = EventCheckBuffers()
        // The line of the last chunk's start: the next one is searched from there (chunks come in text order).
        var lastLine = 0
        var i = 0
        while i < starts.count {
            let start = starts[i]
            // The first chunk takes the next one too when it holds no document.
            var next = i + 1
            while true {
                let end = next < starts.count ? starts[next] : bytes.count
                // Parsed without its lossless tree, which nothing here reads (``Parser/parseWithoutTree(_:)``).
                let parse = Parser.parseWithoutTree(Array(bytes[start..<end]))
                guard parse.isValid, let markers = DocumentChunks.markers(in: parse.syntax.tokens) else { return nil }
                let lineOffset = start == 0 ? 0 : lineIndex.line(containing: start, from: lastLine)
                lastLine = lineOffset
                // Without its graph (its summary only) when none is kept, unless a key needs it (``Composer/check``).
                let checked = keepsGraphs || i == 0 ? nil
                    : Composer.check(parse, lineOffset: lineOffset, byteOffset: start, rootKeys: DocumentRootSummary.keysRead,
                                     reusing: &checkBuffers)
                let composition = checked == nil ? Composer.compose(parse, lineOffset: lineOffset, byteOffset: start) : nil
                let documentRanges = checked?.documentRanges ?? composition!.documents.map(\.range)
                if documentRanges.isEmpty, i == 0, next < starts.count, markers.isEmpty {
                    if requiringChunks { return nil }
                    next += 1
                    continue
                }
                // Its own `---` (always, after the first chunk) is the chunk's only marker.
                let own = i == 0 ? (next == 1 ? [0] : [starts[1]]) : [0]
                guard documentRanges.count == 1, markers.isEmpty ? i == 0 && next == 1 : markers == own else { return nil }
                let before = diagnostics.count
                DiagnosticsCollector.append(parse: parse, errors: checked?.errors ?? composition!.errors, parseOffset: start,
                                            to: &diagnostics)
                for d in diagnostics[before...] where DiagnosticsCollector.characterCodes.contains(d.code) { characterProblems += 1 }
                guard characterProblems < CharacterCheck.maximumErrors else { return nil }
                if i == 0, next > 1 { keepsGraphs = true }
                if keepsGraphs, let composition {
                    documents += composition.documents
                    errors += composition.errors
                } else {
                    summaries.append(DocumentRootSummary(checked?.roots[0] ?? composition!.documents[0].root, memo: &memo))
                }
                if requiringChunks {
                    heads.append(OutlineDocumentHead(events: parse.events, chunk: parse.bytes,
                                                     documentRange: documentRanges[0].shifted(by: -start)))
                }
                ranges.append(documentRanges[0])
                chunkStarts.append(start)
                break
            }
            i = next
        }
        DiagnosticsCollector.sort(&diagnostics)
        self.diagnostics = diagnostics
        self.composition = keepsGraphs ? Composition(documents: documents, errors: errors) : nil
        self.summaries = keepsGraphs ? nil : summaries
        // Without a merged first chunk, the chunks are those of ``DocumentChunks``.
        chunks = chunkStarts.count == starts.count ? DocumentChunks(starts: chunkStarts, documentRanges: ranges) : nil
        outlineHeads = requiringChunks ? heads : nil
    }

    /// ``markerLines(_:)`` of `bytes`, read at the line starts of `lineIndex` (its index: the same lines),
    /// a few bytes a line instead of the whole text (measured: 1.4 % of `pureyaml check` on a 10 MB stream).
    static func markerLines(_ bytes: [UInt8], lineIndex: LineIndex) -> [Int] {
        var out: [Int] = []
        bytes.withUnsafeBufferPointer { b in
            lineIndex.lineStarts.withUnsafeBufferPointer { starts in
                for k in starts.indices.dropFirst() {
                    if startsMarkerLine(b, at: starts[k]) { out.append(starts[k]) }
                }
            }
        }
        return out
    }

    /// True when the line starting at `i` of `b` starts with `---` followed by a space, a tab, a line break or
    /// the end of the text (a document marker line, YAML 1.2.2 §9.1.2, as ``markerLines(_:)`` finds them).
    @inline(__always)
    private static func startsMarkerLine(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        let n = b.count
        guard i + 3 <= n, b[i] == 0x2D, b[i + 1] == 0x2D, b[i + 2] == 0x2D else { return false }
        if i + 3 == n { return true }
        let after = b[i + 3]
        return after == 0x20 || after == 0x09 || after == 0x0A || after == 0x0D
    }

    /// The offsets (> 0) of the lines that start with `---` followed by a space, a tab, a line break or the
    /// end of the text; a line starts after `\n`, or after `\r` not followed by `\n` (as ``LineIndex``'s).
    /// Found by scanning the text for line breaks: the reference the tests hold
    /// ``markerLines(_:lineIndex:)`` (what the analysis uses) to.
    static func markerLines(_ bytes: [UInt8]) -> [Int] {
        var out: [Int] = []
        bytes.withUnsafeBufferPointer { b in
            let n = b.count
            var i = 0
            // Eight bytes at a time past those without a line break (`\n` or `\r`; a 10 MB single document
            // is scanned in a few milliseconds).
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            let raw = UnsafeRawBufferPointer(b)
            while i < n {
                if i + 8 <= n {
                    let x = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    let lf = x ^ (ones &* 0x0A), cr = x ^ (ones &* 0x0D)
                    if (lf &- ones) & ~lf & highs == 0 && (cr &- ones) & ~cr & highs == 0 { i += 8; continue }
                }
                let c = b[i]
                i += 1
                guard c == 0x0A || c == 0x0D else { continue }
                if c == 0x0D, i < n, b[i] == 0x0A { i += 1 }
                if startsMarkerLine(b, at: i) { out.append(i) }
            }
        }
        return out
    }
}
