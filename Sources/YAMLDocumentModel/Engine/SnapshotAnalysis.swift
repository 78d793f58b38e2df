import Synchronization
import YAMLComposer
import YAMLParser
import YAMLSyntax

/// The whole-text analysis of one snapshot (lossless tree, syntax errors, parse events, composition),
/// computed at most once per snapshot and only when something reads it.
///
/// A snapshot made by a full analysis hands over its tree, errors and composition at once. One that
/// re-checked a single document of a stream (``DocumentChunks``) starts empty: the keystroke path never
/// needs the whole tree, and the first surface that does (outline, folding, formatting, lint, ...)
/// parses and composes the whole text here, exactly as a full analysis would, and keeps the tree, errors
/// and composition for later reads. The parse events are kept only while something needs them (see
/// ``releaseEvents()``); a later read of ``parse`` parses again. So is the composition of a large text
/// (see ``releaseEvents()``).
///
/// Thread-safe: snapshots cross threads, and two readers of a missing part compute it once.
final class SnapshotAnalysis: Sendable {
    private struct State {
        var tree: SyntaxTree?
        var errors: [SyntaxError]?
        var parse: ParseResult?
        /// The parse events of a text checked without composing it (its tree already freed), kept until
        /// ``releaseEvents(keepingComposition:)`` so that a first read of ``composition`` composes them
        /// instead of parsing again.
        var events: ParseEvents?
        var composition: Composition?
        /// Trees of chunks of a stream in chunks (``DocumentChunks``), each parsed alone, by chunk index: read by
        /// ``tokenTree(holding:chunks:)`` while ``tree`` is not at hand, dropped once it is.
        var chunkTrees: [Int: SyntaxTree] = [:]
        /// After a keystroke re-checked one block mapping entry of the previous version: how the whole tree is
        /// made from that version's (``BlockSplice``) while ``tree`` is not at hand; dropped once it is.
        var splice: BlockSplice?
        /// True when ``tree`` was made by ``splice`` (for tests).
        var spliced = false
    }

    /// The block mapping entry a keystroke re-checked (``BlockEntries``), parsed alone, and the analysis of the
    /// version before the keystroke: the whole tree of this version is that version's with the entry's node
    /// replaced by the one parsed alone (``SyntaxTree/replacing(node:with:of:shift:bytes:)``, a block reparse
    /// as rust-analyzer's), which costs a copy of the tokens and nodes instead of a parse. The entry's lines
    /// parsed alone have the tokens they have in context, and the text outside them is unchanged but for the
    /// offsets after it (``BlockEntries``).
    struct BlockSplice: Sendable {
        /// The previous version's analysis, whose tree (at hand, or made from its own splice) is spliced.
        let base: SnapshotAnalysis
        /// The entry's lines parsed alone.
        let block: SyntaxTree
        /// The offset of the block's byte 0 in this text (and in the previous one: the block starts before the edit).
        let start: Int
        /// How many versions back the nearest tree at hand is (1: `base` has its tree).
        let depth: Int
    }

    /// The snapshot's text.
    private let bytes: [UInt8]
    /// False above the full-analysis limit, where the composition is always empty.
    private let composes: Bool
    private let state: Mutex<State>

    /// Analysis of `bytes`, with whatever is already known (nothing for a partly re-checked snapshot).
    /// `composes` is false above the full-analysis limit: the composition is then empty.
    /// `events`: the parse events of a text whose composition is not made yet (see ``State/events``).
    /// `chunkTrees`: trees of chunks of a stream in chunks parsed alone, by chunk index, each holding exactly
    /// that chunk's bytes of `bytes` (see ``tokenTree(holding:chunks:)``).
    /// `splice`: the block re-checked after an edit of the previous version, whose tree makes this one's (see ``BlockSplice``).
    init(bytes: [UInt8], composes: Bool, parse: ParseResult? = nil, events: ParseEvents? = nil, composition: Composition? = nil,
         chunkTrees: [Int: SyntaxTree] = [:], splice: BlockSplice? = nil) {
        self.bytes = bytes
        self.composes = composes
        state = Mutex(State(tree: parse?.tree, errors: parse?.errors, parse: parse, events: events,
                            composition: composes ? composition : Composition(documents: [], errors: []),
                            chunkTrees: parse == nil ? chunkTrees : [:], splice: parse == nil ? splice : nil))
    }

    /// The splice that makes the tree of `bytes` from this analysis's tree after an edit re-checked one block
    /// mapping entry, parsed alone as `block`, starting at `start` (see ``BlockSplice``); nil when this analysis
    /// has no tree at hand nor one it can splice within ``maxSpliceDepth`` versions (a text of at least
    /// ``compositionReleaseBytes`` only from a tree at hand: the previous version's tree is then kept while
    /// this one's is not made, no more).
    func splice(for bytes: [UInt8], block: SyntaxTree, start: Int) -> BlockSplice? {
        let depth: Int? = state.withLock { s in s.tree != nil ? 1 : s.splice.map { $0.depth + 1 } }
        guard let depth, depth == 1 || (depth <= Self.maxSpliceDepth && bytes.count < Self.compositionReleaseBytes) else { return nil }
        return BlockSplice(base: self, block: block, start: start, depth: depth)
    }

    /// How many keystrokes in a row may each splice the tree of the one before (each keeps that version's text
    /// and the entry's tree until the tree is made).
    static let maxSpliceDepth = 8

    /// The tree made by the kept ``BlockSplice``, nil when there is none or it does not fit (the tree is then parsed).
    private func splicedTree() -> SyntaxTree? {
        guard let splice = state.withLock({ $0.splice }) else { return nil }
        let made = splice.base.treeAtHandOrSpliced().flatMap { Self.tree(of: bytes, from: $0, block: splice.block, at: splice.start) }
        return state.withLock { s in
            s.splice = nil
            if let whole = s.tree { return whole }
            if let made { s.tree = made; s.spliced = true; s.chunkTrees = [:] }
            return made
        }
    }

    /// The whole tree when at hand or made by a splice, nil otherwise (nothing is parsed).
    private func treeAtHandOrSpliced() -> SyntaxTree? {
        if let t = state.withLock({ $0.tree }) { return t }
        return splicedTree()
    }

    /// The tree of `bytes` made from `old` (the tree of the text before an edit inside one block mapping
    /// entry) and `block` (that entry's lines in `bytes` parsed alone, from `start`): the old tree's mapping
    /// entry starting at the key (the outermost one there) replaced by `block`'s root mapping's one entry.
    /// Nil when the pieces do not fit.
    static func tree(of bytes: [UInt8], from old: SyntaxTree, block: SyntaxTree, at start: Int) -> SyntaxTree? {
        // The block: one document whose root is a block mapping with one entry (``BlockEntries``).
        guard let mapping = block.nodes.indices.first(where: { block.nodes[$0].kind == .blockMapping }),
              mapping + 1 < block.nodes.count, block.nodes[mapping + 1].kind == .mappingEntry,
              block.nodes[mapping + 1].parent == mapping else { return nil }
        let entry = mapping + 1
        let key = block.range(ofNode: entry).start + start
        // Down the old tree through the nodes holding the key's first byte, to the first mapping entry starting there.
        var current = 0
        descent: while true {
            var c = old.nodes[current].firstChild
            while c >= 0 {
                let r = old.range(ofNode: c)
                if r.start > key { break }
                if key < r.end {
                    if r.start == key && old.nodes[c].kind == .mappingEntry {
                        return old.replacing(node: c, with: entry, of: block, shift: start, bytes: bytes)
                    }
                    current = c
                    continue descent
                }
                c = old.nodes[c].nextSibling
            }
            return nil
        }
    }

    /// The full parse (tree, events, errors); parsed now when not kept, and then kept until
    /// ``releaseEvents()``.
    var parse: ParseResult { parse(keepingEvents: true) }

    /// The kept parse, or a new one whose tree and errors (and, with `keepingEvents`, events) are kept.
    private func parse(keepingEvents: Bool) -> ParseResult {
        state.withLock { s in
            if let p = s.parse { return p }
            let p = Parser.parse(bytes)
            if keepingEvents { s.parse = p }
            if s.tree == nil { s.tree = p.tree }
            if s.errors == nil { s.errors = p.errors }
            s.chunkTrees = [:]
            s.splice = nil
            return p
        }
    }

    /// The lossless tree; parsed now when not known (the events of that parse are not kept).
    var tree: SyntaxTree {
        if let t = treeAtHandOrSpliced() { return t }
        return parse(keepingEvents: false).tree
    }

    /// The syntax errors and warnings, sorted by position; parsed now when not known.
    var errors: [SyntaxError] {
        if let e = state.withLock({ $0.errors }) { return e }
        return parse(keepingEvents: false).errors
    }

    /// The composition of the whole text; composed now when not known (the events it was composed from
    /// are not kept).
    var composition: Composition {
        if let c = state.withLock({ $0.composition }) { return c }
        if let c = state.withLock({ s -> Composition? in
            guard let events = s.events else { return nil }
            let c = Composer.compose(events: events, bytes: bytes)
            s.composition = c
            s.events = nil
            return c
        }) { return c }
        let p = parse(keepingEvents: false)
        return state.withLock { s in
            if let c = s.composition { return c }
            let c = Composer.compose(p)
            s.composition = c
            return c
        }
    }

    /// The tree whose tokens are the whole text's around byte `offset`, and what to add to its offsets to have
    /// the whole text's: the whole tree when at hand (0); else, in a stream in `chunks` (the snapshot's), the
    /// tree of the chunk holding `offset` parsed alone (the chunk's start), kept for later reads and handed on
    /// to the next snapshots while their edits leave that chunk alone (``chunkTrees(exceptChunk:)``). A chunk
    /// of a stream without directives or `...` starts at the start of the text or at a `---` at column 0, and
    /// its document shares nothing with the others (YAML 1.2.2 §9.2), so its tokens are the same either way.
    /// Parses the whole text when it is not in chunks.
    func tokenTree(holding offset: Int, chunks: DocumentChunks?) -> (tree: SyntaxTree, shift: Int) {
        guard let chunks else { return (tree, 0) }
        let k = chunks.chunk(holding: offset)
        let start = chunks.starts[k]
        if let kept = state.withLock({ s in s.tree.map { ($0, 0) } ?? s.chunkTrees[k].map { ($0, start) } }) { return kept }
        let end = chunks.end(of: k, textCount: bytes.count)
        let made = Parser.parse(Array(bytes[start..<end])).tree
        return state.withLock { s in
            if let whole = s.tree { return (whole, 0) }
            s.chunkTrees[k] = made
            return (made, start)
        }
    }

    /// The chunk trees kept (``tokenTree(holding:chunks:)``) but that of chunk `k`: what the snapshot after an
    /// edit inside chunk `k` (the chunks keeping their indices, the others their bytes) hands on. Empty when
    /// the whole tree is at hand.
    func chunkTrees(exceptChunk k: Int) -> [Int: SyntaxTree] {
        state.withLock { s in s.tree != nil ? [:] : s.chunkTrees.filter { $0.key != k } }
    }

    /// True when the whole text's tree is at hand.
    var hasTree: Bool { state.withLock { $0.tree != nil } }

    /// True while the tree is not at hand but would be made from the previous version's (``BlockSplice``).
    var hasSplice: Bool { state.withLock { $0.tree == nil && $0.splice != nil } }

    /// True when the tree at hand was made from the previous version's (``BlockSplice``), not parsed.
    var treeWasSpliced: Bool { state.withLock { $0.spliced } }

    /// True when the tree and composition are at hand (a full analysis, or a surface already asked).
    var isComplete: Bool { state.withLock { $0.tree != nil && $0.composition != nil } }

    /// True when the whole text's lossless tree is at hand (parsed, or handed over).
    var isParsed: Bool { state.withLock { $0.tree != nil } }

    /// True when the composition is at hand (made, or handed over and not released).
    var isComposed: Bool { state.withLock { $0.composition != nil } }

    /// True while the parse events of a text checked without composing it are kept and its composition
    /// not made (reading ``composition`` now composes them without parsing again).
    var holdsEventsToCompose: Bool { state.withLock { $0.events != nil && $0.composition == nil } }

    /// Drops the parse events (the largest part of a parse) while keeping tree and errors, once the
    /// diagnostics, lint and schema validation have read them. For a text of at least
    /// ``compositionReleaseBytes`` it also drops the composition (a `YAMLNode` graph takes about as much
    /// memory as the tree; it is composed again, identically, by the first surface that reads
    /// ``composition``, and kept from then on), and frees the buffers of freed trees that a next parse
    /// would reuse (``SyntaxTree/releaseReusableBuffers()``: the previous version's, or those of a parse
    /// made only to compose again), so that the model holds one large tree per document. The language
    /// server returns the freed pages to the system after a `didOpen` (`malloc_trim`).
    /// With `keepingComposition` the composition is kept whatever the size (see
    /// ``DocumentModel/keepsCompositions``).
    func releaseEvents(keepingComposition: Bool = false) {
        let large = bytes.count >= Self.compositionReleaseBytes && !keepingComposition
        // What is dropped is returned, so that it is taken apart outside the lock (a large graph takes
        // a while).
        _ = state.withLock { s -> (ParseResult?, Composition?, ParseEvents?) in
            let events = s.events
            s.events = nil
            guard s.tree != nil else { return (nil, nil, events) }
            let kept = (s.parse, large && composes ? s.composition : nil, events)
            s.parse = nil
            if large && composes { s.composition = nil }
            return kept
        }
        // A large text's previous version (or a parse made only to compose again) has left its tree's
        // buffers for reuse; an editor holds the memory of the current version only.
        if large { SyntaxTree.releaseReusableBuffers() }
    }

    /// Texts of at least this many UTF-8 bytes do not keep their composition after
    /// ``releaseEvents()``; smaller ones keep it, so that typing in them never composes twice.
    static let compositionReleaseBytes = 256 << 10
}
