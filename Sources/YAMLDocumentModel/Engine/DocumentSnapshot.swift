import YAMLComposer
import YAMLParser
import YAMLSyntax

/// One immutable version of one document, with everything computed from its text.
///
/// Diagnostics are computed when the snapshot is made. A snapshot made by
/// ``init(uri:version:bytes:fullAnalysisLimit:)`` parses and composes the whole text at once. One made
/// from its predecessor after an edit (``init(uri:version:bytes:after:fullAnalysisLimit:)``) may instead
/// re-check only the document of a multi-document stream that the edit touched (see ``DocumentChunks``),
/// or inside it only the block mapping entry the edit touched (``chunkEntries``);
/// its ``tree``, ``parse`` and ``composition`` are then computed for the whole text when first read, and
/// are the same as a full analysis gives. Other surfaces (outline, formatting) are computed by the model
/// on request from these.
public struct DocumentSnapshot: Sendable {
    public let uri: DocumentURI
    /// The editor's version number (not necessarily consecutive; 0 for the CLI).
    public let version: Int
    /// The text as UTF-8 bytes, exactly as received.
    public let bytes: [UInt8]
    /// Line/column lookup for `bytes`.
    public let lineIndex: LineIndex
    /// All diagnostics, sorted by position.
    public let diagnostics: [YAMLDiagnostic]
    /// False when the text is larger than the full-analysis limit: it was parsed only, ``composition`` is
    /// empty, and the diagnostics are the syntax errors plus one `file-too-large` note.
    public let isFullyAnalyzed: Bool
    /// The whole-text analysis, kept or computed on first read.
    let analysis: SnapshotAnalysis
    /// The stream's documents as separately checkable chunks; nil when the stream does not qualify.
    let chunks: DocumentChunks?
    /// When this snapshot re-checked one chunk of its predecessor (or one block mapping entry of it:
    /// ``DocumentChunks/Recheck/entry``): what was re-checked, and the predecessor's ``analysis`` (identifying it).
    let recheck: (DocumentChunks.Recheck, previous: ObjectIdentifier)?
    /// The block mapping entries of a valid text that is not in chunks, for re-checking one entry after an
    /// edit (``BlockEntries``); nil when the text does not qualify.
    let blockEntries: BlockEntries?
    /// In a stream in chunks, after an edit re-checked one chunk (``recheck``): that chunk's index and its
    /// block mapping entries, so that the next edit inside it re-checks one entry only; nil when there is
    /// none, or the chunk does not qualify (``BlockEntries``).
    let chunkEntries: (index: Int, entries: BlockEntries)?
    /// When this snapshot re-checked one block mapping entry (or one flow collection entry: ``flowRecheck``)
    /// of its predecessor: the entry's lines in this text, whether the edit keeps the root's `kind` and `apiVersion` (``BlockEntries/Recheck/keepsResourceType``),
    /// and the predecessor's ``analysis`` (identifying it).
    let blockRecheck: (slice: TextRange, keepsResourceType: Bool, previous: ObjectIdentifier)?
    /// When the documents of a large stream analysed one by one were not kept (``DocumentByDocumentAnalysis/summaries``),
    /// or a large text was checked without composing it (``summaryRanges``): what schema association reads of
    /// each document's root. Nil otherwise.
    let rootSummaries: [DocumentRootSummary]?
    /// When a large text that is not analysed document by document was checked without composing it
    /// (``Composer/check(events:bytes:lineOffset:byteOffset:rootKeys:)``): its documents' ranges, as the
    /// composition has them; the composition is made when first read (from the parse events while the model
    /// keeps them). Nil otherwise (with ``rootSummaries``, ``chunks`` then has the ranges).
    let summaryRanges: [TextRange]?
    /// With ``blockRecheck``: the edit and the re-checked entry composed on its own (``BlockEdit``).
    let blockEdit: BlockEdit?
    /// The flow collections of a valid text that is not in chunks, for re-checking one flow collection
    /// entry after an edit (``FlowEntries``); nil when the text does not qualify.
    let flowEntries: FlowEntries?
    /// When this snapshot re-checked one flow collection entry of its predecessor (``FlowEntries``): that
    /// entry in this text. ``blockRecheck`` then gives the same slice, as for a block mapping entry (with
    /// no ``blockEdit``).
    let flowRecheck: TextRange?
    /// The lines of the whole text before this snapshot's text: 0, but for a snapshot of some chunks of a
    /// stream (``ChunkView``), whose line numbers shown to people (``displayLine(containing:)``) are the whole text's.
    var linesBefore = 0
    /// In a stream opened document by document by an editor, and re-checked by document since: each
    /// document's outline symbol without entries, made at the open (``OutlineDocumentHead``), those of the
    /// documents edited since left out; nil otherwise.
    let outlineHeads: OutlineHeads?

    /// Parses, composes and checks `bytes`; when `bytes` has more than `fullAnalysisLimit` bytes, only
    /// parses and checks the syntax (see ``Settings/maxFileSize``).
    ///
    /// With `documentByDocument`, a multi-document stream that qualifies is analysed one document at a
    /// time (``DocumentByDocumentAnalysis``: the same diagnostics and composition, without ever holding
    /// the whole text's tree and parse events); its ``tree`` and ``parse`` are then parsed when first read.
    public init(uri: DocumentURI, version: Int, bytes: [UInt8], fullAnalysisLimit: Int = Settings.defaultMaxFileSize,
                documentByDocument: Bool = false) {
        self.init(uri: uri, version: version, bytes: bytes, lineIndex: LineIndex(bytes), fullAnalysisLimit: fullAnalysisLimit,
                  documentByDocument: documentByDocument)
    }

    /// ``init(uri:version:bytes:fullAnalysisLimit:documentByDocument:)`` analysing document by document, keeping
    /// the documents' graphs only for a text of fewer than `keepingGraphsBelow` bytes (the model keeps them
    /// whatever the size when a schema validates every document; the tests take the path of a large text
    /// with a small one).
    ///
    /// `forEditing` (an editor's open): only a stream that splits into ``DocumentChunks`` (which its edits
    /// re-check) is analysed document by document; any other text is analysed whole as usual, its tree and
    /// entries kept for the edits (``blockEntries``, ``flowEntries``), not checked without its tree.
    init(uri: DocumentURI, version: Int = 0, bytes: [UInt8], fullAnalysisLimit: Int = Settings.defaultMaxFileSize,
         documentByDocumentKeepingGraphsBelow keepingGraphsBelow: Int, forEditing: Bool = false) {
        self.init(uri: uri, version: version, bytes: bytes, lineIndex: LineIndex(bytes), fullAnalysisLimit: fullAnalysisLimit,
                  documentByDocument: true, keepingGraphsBelow: keepingGraphsBelow, forEditing: forEditing)
    }

    private init(uri: DocumentURI, version: Int, bytes: [UInt8], lineIndex: LineIndex, fullAnalysisLimit: Int,
                 documentByDocument: Bool = false, keepingGraphsBelow: Int = SnapshotAnalysis.compositionReleaseBytes,
                 forEditing: Bool = false) {
        self.uri = uri
        self.version = version
        self.bytes = bytes
        self.lineIndex = lineIndex
        isFullyAnalyzed = bytes.count <= fullAnalysisLimit
        recheck = nil
        blockRecheck = nil
        blockEdit = nil
        flowRecheck = nil
        chunkEntries = nil
        if isFullyAnalyzed, documentByDocument, let analysis = DocumentByDocumentAnalysis(bytes: bytes, lineIndex: lineIndex,
                                                                                        keepingGraphsBelow: keepingGraphsBelow,
                                                                                        requiringChunks: forEditing) {
            diagnostics = analysis.diagnostics
            chunks = analysis.chunks
            rootSummaries = analysis.chunks == nil ? nil : analysis.summaries
            outlineHeads = analysis.chunks == nil ? nil : analysis.outlineHeads.map { OutlineHeads(heads: $0) }
            summaryRanges = nil
            // A stream analysed document by document is re-checked by its chunks, never by block entries.
            blockEntries = nil
            flowEntries = nil
            self.analysis = SnapshotAnalysis(bytes: bytes, composes: true, composition: analysis.composition)
            return
        }
        if isFullyAnalyzed, documentByDocument, !forEditing, bytes.count >= keepingGraphsBelow {
            // A one-shot check of a large text that is not analysed document by document (one document, or a
            // stream that does not qualify): its lossless tree is freed before its composition is made, so
            // that the two are never held at once; a surface that reads the tree parses the text again.
            (diagnostics, chunks, analysis, rootSummaries, summaryRanges) = Self.analysisWithoutTree(bytes)
            outlineHeads = nil
            blockEntries = nil
            flowEntries = nil
            return
        }
        rootSummaries = nil
        summaryRanges = nil
        outlineHeads = nil
        let parse = Parser.parse(bytes)
        if isFullyAnalyzed {
            let composition = Composer.compose(parse)
            diagnostics = DiagnosticsCollector.collect(parse: parse, composition: composition)
            chunks = DocumentChunks(parse: parse, composition: composition)
            blockEntries = chunks == nil ? BlockEntries(parse: parse) : nil
            flowEntries = chunks == nil ? FlowEntries(parse: parse) : nil
            analysis = SnapshotAnalysis(bytes: bytes, composes: true, parse: parse, composition: composition)
        } else {
            diagnostics = DiagnosticsCollector.collectSyntaxOnly(parse: parse, limit: fullAnalysisLimit)
            chunks = nil
            blockEntries = nil
            flowEntries = nil
            analysis = SnapshotAnalysis(bytes: bytes, composes: false, parse: parse)
        }
    }

    /// The diagnostics, chunks and analysis of `bytes` (fully analysed), as a full analysis gives them,
    /// made without the lossless tree: the text is parsed without it (``Parser/parseWithoutTree(_:)``: what is
    /// read of the tree — unused anchors, `---` markers — is kept apart), then the events are checked without a graph
    /// (``Composer/check(events:bytes:lineOffset:byteOffset:rootKeys:)``: the root summaries and documents'
    /// ranges are returned, and the analysis keeps the events, from which the composition is made if a
    /// surface or a schema reads it), or composed when a key needs the graph (the summaries are then nil).
    private static func analysisWithoutTree(_ bytes: [UInt8])
        -> ([YAMLDiagnostic], DocumentChunks?, SnapshotAnalysis, [DocumentRootSummary]?, [TextRange]?) {
        // Parsed without its tree: what is read of it is kept (``SparseSyntax``), so that the tree and the
        // events are never held at once (a 10 MB JSON-like text: about 100 MB of tree beside 26 MB of events).
        let (events, syntax, unusedAnchors, markers, isValid) = { () -> (ParseEvents, [YAMLDiagnostic], [YAMLDiagnostic], [Int]?, Bool) in
            let parse = Parser.parseWithoutTree(bytes)
            return (parse.events, DiagnosticsCollector.syntaxDiagnostics(parse.errors), UnusedAnchors.diagnostics(parse.syntax, bytes: bytes),
                    DocumentChunks.markers(in: parse.syntax.tokens), parse.isValid)
        }()
        SyntaxTree.releaseReusableBuffers()
        var diagnostics: [YAMLDiagnostic] = []
        if let checked = Composer.check(events: events, bytes: bytes, rootKeys: DocumentRootSummary.keysRead) {
            DiagnosticsCollector.append(syntax: syntax, errors: checked.errors, unusedAnchors: unusedAnchors, to: &diagnostics)
            DiagnosticsCollector.sort(&diagnostics)
            return (diagnostics, DocumentChunks(isValid: isValid, markers: markers, documentRanges: checked.documentRanges),
                    SnapshotAnalysis(bytes: bytes, composes: true, events: events), DocumentRootSummary.summaries(of: checked.roots),
                    checked.documentRanges)
        }
        let composition = Composer.compose(events: events, bytes: bytes)
        DiagnosticsCollector.append(syntax: syntax, errors: composition.errors, unusedAnchors: unusedAnchors, to: &diagnostics)
        DiagnosticsCollector.sort(&diagnostics)
        return (diagnostics, DocumentChunks(isValid: isValid, markers: markers, composition: composition),
                SnapshotAnalysis(bytes: bytes, composes: true, composition: composition), nil, nil)
    }

    /// The snapshot of `bytes`, an edited version of `previous`'s text: re-checks only the edited block
    /// mapping entry of the stream's document whose entries `previous` kept (``chunkEntries``), or else
    /// only the edited document of a multi-document stream when it can (see ``DocumentChunks``), or else
    /// only the edited block mapping entry of a text that is not in chunks (see ``BlockEntries``), or else
    /// only the edited flow collection entry (see ``FlowEntries``), else analyses everything as
    /// ``init(uri:version:bytes:fullAnalysisLimit:)`` does. The diagnostics are the same either way.
    public init(uri: DocumentURI, version: Int, bytes: [UInt8], after previous: DocumentSnapshot,
                fullAnalysisLimit: Int = Settings.defaultMaxFileSize) {
        self.init(uri: uri, version: version, bytes: bytes, after: previous, replacing: nil, fullAnalysisLimit: fullAnalysisLimit)
    }

    /// ``init(uri:version:bytes:after:fullAnalysisLimit:)`` where `replacing`, when not nil, says that
    /// `bytes` is `previous`'s text with the bytes from `start` to `oldEnd` replaced (UTF-8 byte offsets
    /// into the previous text), so that only the bytes next to the edit are compared.
    init(uri: DocumentURI, version: Int, bytes: [UInt8], after previous: DocumentSnapshot,
         replacing: (start: Int, oldEnd: Int)?, fullAnalysisLimit: Int = Settings.defaultMaxFileSize) {
        // The line index moved from the previous one: only the edited bytes are read (byte by byte, so a
        // change of most of the text is indexed afresh, eight bytes at a time).
        let (prefix, suffix) = replacing.map { DocumentChunks.commonPrefixAndSuffix(previous.bytes, bytes, replacing: $0.start, $0.oldEnd) }
            ?? DocumentChunks.commonPrefixAndSuffix(previous.bytes, bytes)
        let lineIndex = bytes.count - suffix - prefix > bytes.count / 4 ? LineIndex(bytes)
            : LineIndex(bytes, editing: previous.lineIndex, prefix: prefix, suffixStart: bytes.count - suffix)
        if bytes.count <= fullAnalysisLimit, previous.isFullyAnalyzed, let chunks = previous.chunks,
           let recheck = Self.entryRecheck(previous, chunks, new: bytes, newLineIndex: lineIndex, prefix: prefix, suffix: suffix)
            ?? chunks.recheck(old: previous.bytes, diagnostics: previous.diagnostics, lineIndex: previous.lineIndex,
                              new: bytes, newLineIndex: lineIndex, prefix: prefix, suffix: suffix) {
            // The chunk trees of the other chunks stay (the chunks keep their indices and bytes), and the
            // edited chunk's is the one just parsed, if any.
            var chunkTrees = previous.analysis.chunkTrees(exceptChunk: recheck.index)
            if let tree = recheck.tree { chunkTrees[recheck.index] = tree }
            self.init(uri: uri, version: version, bytes: bytes, lineIndex: lineIndex, recheck: recheck,
                      previous: ObjectIdentifier(previous.analysis), chunkTrees: chunkTrees,
                      outlineHeads: previous.outlineHeads?.leavingOut(recheck.index))
        } else if bytes.count <= fullAnalysisLimit, previous.isFullyAnalyzed, previous.chunks == nil,
                  let entries = previous.blockEntries,
                  let recheck = entries.recheck(old: previous.bytes, diagnostics: previous.diagnostics,
                                                lineIndex: previous.lineIndex, new: bytes, newLineIndex: lineIndex,
                                                prefix: prefix, suffix: suffix) {
            let flow = previous.flowEntries?.replacingBlockEntry(start: recheck.slice.start, oldEnd: recheck.slice.end - recheck.delta,
                                                                 newEnd: recheck.slice.end, new: bytes)
            // The whole tree, when something reads it, is the previous one with the entry's node replaced.
            let splice = recheck.tree.flatMap { previous.analysis.splice(for: bytes, block: $0, start: recheck.slice.start) }
            self.init(uri: uri, version: version, bytes: bytes, lineIndex: lineIndex, blockRecheck: recheck, flowEntries: flow,
                      edit: (prefix, previous.bytes.count - suffix), previous: ObjectIdentifier(previous.analysis), splice: splice)
        } else if bytes.count <= fullAnalysisLimit, previous.isFullyAnalyzed, previous.chunks == nil,
                  let entries = previous.flowEntries,
                  let recheck = entries.recheck(old: previous.bytes, diagnostics: previous.diagnostics,
                                                lineIndex: previous.lineIndex, new: bytes, newLineIndex: lineIndex,
                                                prefix: prefix, suffix: suffix) {
            // No block mapping key lies inside a flow collection: the keys after the edit move.
            self.init(uri: uri, version: version, bytes: bytes, lineIndex: lineIndex, flowRecheck: recheck,
                      blockEntries: previous.blockEntries?.moved(from: previous.bytes.count - suffix, by: recheck.delta),
                      previous: ObjectIdentifier(previous.analysis))
        } else {
            self.init(uri: uri, version: version, bytes: bytes, lineIndex: lineIndex, fullAnalysisLimit: fullAnalysisLimit)
        }
    }

    /// After an edit of `previous`'s text (a stream in `chunks`) inside the chunk whose entries it kept
    /// (``chunkEntries``): the re-check of the one block mapping entry of that chunk holding the edit
    /// (``BlockEntries``), as a re-check of the chunk (``DocumentChunks/recheck(entry:chunk:old:new:prefix:suffix:)``);
    /// nil when there is none.
    private static func entryRecheck(_ previous: DocumentSnapshot, _ chunks: DocumentChunks, new: [UInt8], newLineIndex: LineIndex,
                                     prefix: Int, suffix: Int) -> DocumentChunks.Recheck? {
        guard let (k, entries) = previous.chunkEntries, k < chunks.starts.count, chunks.chunk(holding: prefix) == k,
              let recheck = entries.recheck(old: previous.bytes, diagnostics: previous.diagnostics, lineIndex: previous.lineIndex,
                                            new: new, newLineIndex: newLineIndex, prefix: prefix, suffix: suffix) else { return nil }
        return chunks.recheck(entry: recheck, chunk: k, old: previous.bytes, new: new, prefix: prefix, suffix: suffix)
    }

    /// A snapshot that re-checked one chunk (`recheck`), one block mapping entry (`blockRecheck`, after
    /// an `edit` of the bytes from `start` to `oldEnd` of the predecessor's text, with the `flowEntries`
    /// that follow it) or one flow collection entry (`flowRecheck`, with the `blockEntries` that follow it)
    /// of its predecessor (identified by `previous`); `splice` makes the whole tree after a block mapping entry's
    /// re-check (``SnapshotAnalysis/BlockSplice``).
    private init(uri: DocumentURI, version: Int, bytes: [UInt8], lineIndex: LineIndex, recheck: DocumentChunks.Recheck? = nil,
                 blockRecheck: BlockEntries.Recheck? = nil, flowEntries: FlowEntries? = nil, flowRecheck: FlowEntries.Recheck? = nil,
                 blockEntries: BlockEntries? = nil, edit: (start: Int, oldEnd: Int)? = nil, previous: ObjectIdentifier,
                 chunkTrees: [Int: SyntaxTree] = [:], splice: SnapshotAnalysis.BlockSplice? = nil,
                 outlineHeads: OutlineHeads? = nil) {
        self.uri = uri
        self.version = version
        self.bytes = bytes
        self.lineIndex = lineIndex
        diagnostics = recheck?.diagnostics ?? blockRecheck?.diagnostics ?? flowRecheck?.diagnostics ?? []
        isFullyAnalyzed = true
        analysis = SnapshotAnalysis(bytes: bytes, composes: true, chunkTrees: chunkTrees, splice: splice)
        chunks = recheck?.chunks
        self.recheck = recheck.map { r in
            var kept = r
            kept.tree = nil
            return (kept, previous)
        }
        self.blockEntries = blockRecheck?.entries ?? blockEntries
        self.flowEntries = flowRecheck?.entries ?? flowEntries
        chunkEntries = recheck.flatMap { r in r.entries.map { (r.index, $0) } }
        self.blockRecheck = blockRecheck.map { ($0.slice, $0.keepsResourceType, previous) }
            ?? flowRecheck.map { ($0.slice, $0.keepsResourceType, previous) }
        self.flowRecheck = flowRecheck?.slice
        rootSummaries = nil
        summaryRanges = nil
        self.outlineHeads = outlineHeads
        if let blockRecheck, let entry = blockRecheck.entry, let edit {
            blockEdit = BlockEdit(start: edit.start, oldEnd: edit.oldEnd, delta: blockRecheck.delta, entry: entry)
        } else {
            blockEdit = nil
        }
    }

    /// The lossless tree, events and syntax errors of the whole text (parsed now when not kept: after a
    /// one-document re-check, or once the model has released the events; prefer ``tree`` and
    /// ``syntaxErrors``, which do not need the events).
    public var parse: ParseResult { analysis.parse }
    /// The lossless tree of the whole text.
    public var tree: SyntaxTree { analysis.tree }
    /// The token of the whole text's ``tree`` at byte `offset` (the last one starting at or before it, as
    /// ``SyntaxTree/tokenIndex(at:)`` finds it), its range in the whole text; nil in an empty text. In a
    /// stream in chunks whose whole tree is not at hand (after a keystroke re-checked one document), read
    /// from the tree of the chunk holding `offset`, parsed alone (``SnapshotAnalysis/tokenTree(holding:chunks:)``):
    /// the same token, without parsing the whole text.
    func token(at offset: Int) -> Token? {
        let (tree, shift) = analysis.tokenTree(holding: offset, chunks: chunks)
        guard let i = tree.tokenIndex(at: offset - shift) else { return nil }
        var token = tree.tokens[i]
        token.range = token.range.shifted(by: shift)
        return token
    }

    /// The last token of the whole text's ``tree`` that is not an error token, its range in the whole text;
    /// read as ``token(at:)`` reads (from the last chunk's tree in a stream in chunks without the whole tree).
    func lastToken() -> Token? {
        let (tree, shift) = analysis.tokenTree(holding: bytes.count, chunks: chunks)
        guard var token = tree.tokens.last(where: { $0.kind != .error }) else { return nil }
        token.range = token.range.shifted(by: shift)
        return token
    }

    /// The syntax errors and warnings of the whole text, sorted by position.
    public var syntaxErrors: [SyntaxError] { analysis.errors }
    /// True when the text has no syntax error (warnings allowed). A stream in chunks has none (every chunk parsed
    /// without error, ``DocumentChunks``): known without parsing the whole text.
    public var isSyntaxValid: Bool { chunks != nil || !syntaxErrors.contains { $0.severity == .error } }
    /// The representation graphs and composition errors of the whole text (empty above the
    /// full-analysis limit).
    public var composition: Composition { analysis.composition }
    /// False while this snapshot, made by re-checking one document of a stream, has not yet parsed and
    /// composed the whole text (nothing has asked for it).
    public var hasWholeTextAnalysis: Bool { analysis.isComplete }

    /// The text as a String (invalid UTF-8 repaired with U+FFFD).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// True when the documents of this stream are read from their chunks, not from the whole text's
    /// composition: their graphs were not kept (``rootSummaries``), or the text is large and its whole
    /// analysis is not at hand (after an edit, or once the model released it: ``SnapshotAnalysis/releaseEvents()``),
    /// so that schema validation neither holds the whole text's tree, events and graph at once nor keeps
    /// them (a 10 MB stream's kind schemas failing to download composed it whole three times, 2 s and
    /// 40 MiB above the open's peak).
    /// Not for a large text checked without composing it (``summaryRanges``): its composition is made from
    /// the parse events the model keeps, when first read.
    var readsDocumentsFromChunks: Bool {
        guard chunks != nil, summaryRanges == nil else { return false }
        return rootSummaries != nil || (bytes.count >= SnapshotAnalysis.compositionReleaseBytes && !analysis.isComplete)
    }

    /// True when the surfaces that read every document of this stream (the outline, folding, the whole
    /// document's semantic tokens) are made chunk by chunk, each chunk parsed (and composed) alone and freed
    /// before the next: its documents are read from their chunks (``readsDocumentsFromChunks``) and the
    /// whole text's tree is not at hand (a stream opened document by document, or re-checked by document
    /// since). With the tree at hand they read it, and the outline the composition made again from it, which
    /// costs a small part of parsing and composing every chunk again (a 1 MB stream's first outline about
    /// 4 ms against 110 ms).
    var buildsSurfacesFromChunks: Bool { readsDocumentsFromChunks && !analysis.isParsed }

    /// The root of document `index` of the stream (nil past the last): the composition's, or, when the
    /// documents are read from their chunks (``readsDocumentsFromChunks``), composed now from the
    /// document's chunk alone, positioned in the whole text (YAML 1.2.2 §9.2: the documents of a stream
    /// without directives share nothing).
    func documentRoot(_ index: Int) -> YAMLNode? {
        guard readsDocumentsFromChunks, let chunks else {
            let documents = composition.documents
            return index < documents.count ? documents[index].root : nil
        }
        guard index < chunks.starts.count else { return nil }
        let start = chunks.starts[index]
        let end = chunks.end(of: index, textCount: bytes.count)
        let composition = Composer.compose(Parser.parse(Array(bytes[start..<end])),
                                           lineOffset: index == 0 ? 0 : lineIndex.line(containing: start), byteOffset: start)
        return composition.documents.count == 1 ? composition.documents[0].root : nil
    }

    /// The ranges of the stream's documents (UTF-8 bytes), as the composition gives them.
    var documentRanges: [TextRange] {
        if let summaryRanges { return summaryRanges }
        if readsDocumentsFromChunks, let chunks { return chunks.documentRanges }
        return composition.documents.map(\.range)
    }

    /// The ranges of the stream's documents (UTF-8 bytes) and what schema association reads of each root.
    var documentSummaries: (ranges: [TextRange], summaries: [DocumentRootSummary]) {
        if let rootSummaries, let ranges = summaryRanges ?? chunks?.documentRanges { return (ranges, rootSummaries) }
        let documents = composition.documents
        return (documents.map(\.range), DocumentRootSummary.summaries(of: documents.map(\.root)))
    }
}

extension DocumentSnapshot {
    /// The position of byte `offset` as people read it: 1-based line and 1-based column counted in
    /// Unicode characters (scalars), the way editors' status bars and yamllint show them. A BOM at the
    /// start of the text is not counted.
    public func humanPosition(of offset: Int) -> (line: Int, column: Int) {
        let p = lineIndex.position(of: offset, encoding: .utf32)
        var column = p.column
        if p.line == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]), offset >= 3 { column -= 1 }
        return (p.line + 1, column + 1)
    }
}
