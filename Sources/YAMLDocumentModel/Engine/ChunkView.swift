import YAMLSyntax

/// A few documents of a stream read from its chunks (``DocumentSnapshot/buildsSurfacesFromChunks``: opened
/// document by document, its whole tree not at hand), as a snapshot of their chunks' text alone: what a request
/// about an offset or a range (hover, completion, selection ranges, anchors, a range's semantic tokens) reads
/// instead of parsing the whole text (a 10 MB stream's first hover parsed it: 113 MiB peak against the open's 51).
///
/// The view is the chunk holding the request's start (and the one before when the start is a chunk's first byte,
/// the `---` a cursor may sit just after the previous document's last token at) through the chunk holding its
/// end. Its text starts at the start of the text or at a `---` at column 0, and its documents share nothing
/// with the others (YAML 1.2.2 §9.2: a stream without directives; anchors and aliases are per document, §7.1),
/// so its tokens, nodes and graphs are the whole text's, moved by ``base`` bytes and ``firstLine`` lines.
struct ChunkView {
    /// The view's text alone, analysed as a whole text (same URI and version as the stream's snapshot); its line
    /// numbers shown to people count from the whole text's (``DocumentSnapshot/linesBefore``).
    let snapshot: DocumentSnapshot
    /// Where the view's text starts in the whole text (UTF-8 bytes): what its offsets are moved by.
    let base: Int
    /// The length of the whole text (UTF-8 bytes).
    let wholeCount: Int

    /// Whole-text offset `offset` in the view's text, clamped to it.
    func local(_ offset: Int) -> Int { Swift.max(0, Swift.min(offset - base, snapshot.bytes.count)) }

    /// Whole-text range `range` in the view's text, clamped to it.
    func local(_ range: TextRange) -> TextRange { TextRange(start: local(range.start), end: Swift.max(local(range.start), local(range.end))) }

    /// The view's range `range` in the whole text.
    func whole(_ range: TextRange) -> TextRange { range.shifted(by: base) }

    /// The whole text in the view's offsets (what the stream's node stands for).
    var wholeText: TextRange { TextRange(start: -base, end: wholeCount - base) }
}

extension DocumentSnapshot {
    /// The chunks of this stream a request about whole-text `range` (UTF-8 bytes; an offset as an empty range)
    /// reads, when the stream's documents are read from their chunks and the whole tree is not at hand
    /// (``buildsSurfacesFromChunks``); nil otherwise (the request reads the whole text: ``tree``, ``composition``).
    /// A range over every chunk makes a view of the whole text, parsed for the request and freed after it, not
    /// kept by the snapshot.
    func chunkView(around range: TextRange) -> ChunkView? {
        guard buildsSurfacesFromChunks, let chunks else { return nil }
        let start = Swift.max(0, Swift.min(range.start, bytes.count))
        let end = Swift.max(start, Swift.min(range.end, bytes.count))
        var first = chunks.chunk(holding: start)
        if first > 0 && chunks.starts[first] == start { first -= 1 }
        let last = chunks.chunk(holding: end)
        let base = chunks.starts[first]
        let viewEnd = chunks.end(of: last, textCount: bytes.count)
        var snapshot = DocumentSnapshot(uri: uri, version: version, bytes: Array(bytes[base..<viewEnd]))
        snapshot.linesBefore = base == 0 ? 0 : lineIndex.line(containing: base)
        return ChunkView(snapshot: snapshot, base: base, wholeCount: bytes.count)
    }

    /// The 1-based line, as people read it in the whole text, of byte `offset` of this snapshot's text.
    func displayLine(containing offset: Int) -> Int { linesBefore + lineIndex.line(containing: offset) + 1 }
}

extension HoverSurface {
    /// The hover with its range moved by `delta` bytes.
    func shifted(by delta: Int) -> HoverSurface {
        var s = self
        s.range = range.shifted(by: delta)
        return s
    }
}

extension CompletionSurface {
    /// The completion with its ranges (context and candidates) moved by `delta` bytes.
    func shifted(by delta: Int) -> CompletionSurface {
        var s = self
        s.context = context.shifted(by: delta)
        for i in s.candidates.indices { s.candidates[i].replaceRange = s.candidates[i].replaceRange.shifted(by: delta) }
        return s
    }
}

extension CompletionContext {
    /// The context with its ranges moved by `delta` bytes.
    func shifted(by delta: Int) -> CompletionContext {
        var c = self
        c.replaceRange = replaceRange.shifted(by: delta)
        c.documentRange = documentRange.shifted(by: delta)
        return c
    }
}
