/// One token of the lossless syntax tree: a kind and the bytes it covers.
///
/// The offsets are stored in 32 bits (12 bytes per token instead of 24: tokens are the most numerous
/// part of a parse), so, like the tree's node indices, a token lies in a text of at most 2 GiB
/// (`Int32.max` bytes); ``range`` reads and writes them as `Int`.
public struct Token: Hashable, Sendable {
    @usableFromInline var start: Int32
    @usableFromInline var end: Int32
    /// What the bytes are.
    public var kind: TokenKind
    /// The bytes covered (UTF-8 offsets).
    @inlinable public var range: TextRange {
        get { TextRange(uncheckedStart: Int(start), end: Int(end)) }
        set {
            start = Int32(truncatingIfNeeded: newValue.start)
            end = Int32(truncatingIfNeeded: newValue.end)
        }
    }
    /// Creates a token of `kind` covering `range` (UTF-8 byte offsets below 2^31).
    @inlinable public init(kind: TokenKind, range: TextRange) {
        self.kind = kind
        start = Int32(truncatingIfNeeded: range.start)
        end = Int32(truncatingIfNeeded: range.end)
    }
    /// Creates a token of `kind` covering `start ..< end` (UTF-8 byte offsets, `start <= end`).
    @inlinable init(kind: TokenKind, start: Int, end: Int) {
        self.kind = kind
        self.start = Int32(truncatingIfNeeded: start)
        self.end = Int32(truncatingIfNeeded: end)
    }
}

/// A lossless concrete syntax tree of one YAML stream, stored flat.
///
/// - `tokens` cover every byte of `bytes` in order, without gaps or overlaps, so printing them gives the
///   input back byte for byte.
/// - Interior nodes live in `nodes`, in pre-order (a parent before its children); node 0 is the
///   `stream` root and covers the whole text. Each node covers a contiguous run of tokens.
///
/// This is the "green tree with widths, red tree with parent and offset" of ARCHITECTURE.md in an
/// arena form: absolute offsets are stored directly and ``SyntaxNode`` is the red view with parent links.
/// The tree is immutable and `Sendable`; build one with ``SyntaxTreeBuilder``.
public struct SyntaxTree: Sendable {
    /// One interior node, as read from ``nodes``.
    ///
    /// The tree does not store this record: ``Nodes`` keeps each node's kind (1 byte) and its token
    /// range, parent and next sibling (16 bytes) apart and builds a `NodeData` on access, with
    /// `firstChild` implied by the pre-order. The indices are 32-bit in storage, so a tree holds at most
    /// `Int32.max` tokens and nodes, that is a text of at most 2 GiB; the properties read them as `Int`.
    public struct NodeData: Sendable, Hashable {
        /// The node's kind.
        public var kind: NodeKind
        @usableFromInline var first: Int32
        @usableFromInline var end: Int32
        @usableFromInline var up: Int32
        @usableFromInline var child: Int32
        @usableFromInline var sibling: Int32

        /// Index of the first token the node covers.
        @inlinable public var firstToken: Int {
            get { Int(first) }
            set { first = Int32(truncatingIfNeeded: newValue) }
        }
        /// Index just past the last token the node covers (`firstToken` when it covers none).
        @inlinable public var endToken: Int {
            get { Int(end) }
            set { end = Int32(truncatingIfNeeded: newValue) }
        }
        /// Index of the parent node; -1 for the root.
        @inlinable public var parent: Int {
            get { Int(up) }
            set { up = Int32(truncatingIfNeeded: newValue) }
        }
        /// Index of the first child node, or -1.
        @inlinable public var firstChild: Int {
            get { Int(child) }
            set { child = Int32(truncatingIfNeeded: newValue) }
        }
        /// Index of the next sibling node, or -1.
        @inlinable public var nextSibling: Int {
            get { Int(sibling) }
            set { sibling = Int32(truncatingIfNeeded: newValue) }
        }

        /// Creates a node record (indices into the tree's `tokens` and `nodes`, -1 for none).
        @inlinable
        init(kind: NodeKind, first: Int32, end: Int32, up: Int32, child: Int32, sibling: Int32) {
            self.kind = kind
            self.first = first
            self.end = end
            self.up = up
            self.child = child
            self.sibling = sibling
        }
    }

    /// The source text as UTF-8 bytes.
    public let bytes: [UInt8]
    /// All tokens, contiguous and in order.
    public let tokens: [Token]
    /// All interior nodes in pre-order; `nodes[0]` is the `stream` root.
    public let nodes: Nodes

    /// Creates a tree from parts produced by ``SyntaxTreeBuilder``.
    init(bytes: [UInt8], tokens: [Token], nodes: Nodes) {
        self.bytes = bytes
        self.tokens = tokens
        self.nodes = nodes
    }

    /// The root `stream` node.
    public var root: SyntaxNode { SyntaxNode(tree: self, index: 0) }

    /// The text of the tree, rebuilt from its tokens (equal to the input).
    public var text: String { String(decoding: printedBytes, as: UTF8.self) }

    /// The bytes of all tokens concatenated (equal to `bytes` for a well-formed tree).
    public var printedBytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for t in tokens { out.append(contentsOf: bytes[t.range.start..<t.range.end]) }
        return out
    }

    /// The UTF-8 bytes covered by `range`.
    public func slice(_ range: TextRange) -> ArraySlice<UInt8> { bytes[range.start..<range.end] }
    /// The text covered by `range` (invalid UTF-8 is repaired with U+FFFD).
    public func text(_ range: TextRange) -> String { String(decoding: slice(range), as: UTF8.self) }

    /// Byte range covered by node `index`.
    public func range(ofNode index: Int) -> TextRange {
        let n = nodes[index]
        if n.firstToken < n.endToken {
            return TextRange(start: tokens[n.firstToken].range.start, end: tokens[n.endToken - 1].range.end)
        }
        let at = n.firstToken < tokens.count ? tokens[n.firstToken].range.start : bytes.count
        return TextRange(empty: at)
    }

    /// Index of the token that contains byte `offset` (the last token when `offset` is the end of text);
    /// nil for an empty text.
    public func tokenIndex(at offset: Int) -> Int? {
        if tokens.isEmpty { return nil }
        var lo = 0, hi = tokens.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if tokens[mid].range.start <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The deepest node whose range contains `offset` (its end counts as inside), or the root.
    /// Walks child indices directly (no arrays of nodes) and stops at the first child that starts after
    /// `offset`, since siblings are in source order.
    public func deepestNode(at offset: Int) -> SyntaxNode {
        var current = 0
        outer: while true {
            var c = nodes[current].firstChild
            while c >= 0 {
                let r = range(ofNode: c)
                if r.start > offset { break }
                if r.touches(offset) {
                    current = c
                    continue outer
                }
                c = nodes[c].nextSibling
            }
            return SyntaxNode(tree: self, index: current)
        }
    }
}

/// A read-only view of one interior node of a ``SyntaxTree``, with parent and absolute position.
public struct SyntaxNode: Sendable {
    /// The tree the node belongs to.
    public let tree: SyntaxTree
    /// The node's index in `tree.nodes`; stable for the life of the tree.
    public let index: Int

    public init(tree: SyntaxTree, index: Int) { self.tree = tree; self.index = index }

    var data: SyntaxTree.NodeData { tree.nodes[index] }
    /// The node's kind.
    public var kind: NodeKind { data.kind }
    /// The UTF-8 byte range the node covers (trivia inside it included).
    public var range: TextRange { tree.range(ofNode: index) }
    /// The node's source text.
    public var text: String { tree.text(range) }
    /// The parent node; nil for the root.
    public var parent: SyntaxNode? { data.parent < 0 ? nil : SyntaxNode(tree: tree, index: data.parent) }
    /// The child nodes in source order (tokens are not included; see ``tokens``).
    public var children: [SyntaxNode] {
        var out: [SyntaxNode] = []
        var c = data.firstChild
        while c >= 0 { out.append(SyntaxNode(tree: tree, index: c)); c = tree.nodes[c].nextSibling }
        return out
    }
    /// The first child node of `kind`, if any.
    public func child(_ kind: NodeKind) -> SyntaxNode? { children.first { $0.kind == kind } }
    /// All tokens covered by the node, including those of its descendants.
    public var tokens: ArraySlice<Token> { tree.tokens[data.firstToken..<data.endToken] }
    /// The tokens that belong to this node directly (not to a child node), in order.
    public var directTokens: [Token] {
        var out: [Token] = []
        var i = data.firstToken
        var c = data.firstChild
        while i < data.endToken {
            if c >= 0 && tree.nodes[c].firstToken == i && tree.nodes[c].endToken > i {
                i = tree.nodes[c].endToken
                c = tree.nodes[c].nextSibling
                continue
            }
            while c >= 0 && tree.nodes[c].endToken <= i { c = tree.nodes[c].nextSibling }
            out.append(tree.tokens[i])
            i += 1
        }
        return out
    }
    /// The first non-trivia token covered by the node, if any.
    public var firstSignificantToken: Token? { tokens.first { !$0.kind.isTrivia } }
    /// The byte range from the first to the last non-trivia token (the node without leading or
    /// trailing comments and whitespace); the empty range at the node's start when it has none.
    public var significantRange: TextRange {
        guard let first = tokens.first(where: { !$0.kind.isTrivia }),
              let last = tokens.last(where: { !$0.kind.isTrivia }) else { return TextRange(empty: range.start) }
        return TextRange(start: first.range.start, end: last.range.end)
    }
}

/// Builds a ``SyntaxTree`` from tokens and node boundaries given in source order (as rowan's
/// `GreenNodeBuilder` does): `startNode`, `token`..., `finishNode`.
///
/// Tokens must be contiguous: each starts where the previous ended. ``finish()`` appends an `error`
/// token for any bytes left over and closes any open node, so the result is always lossless.
///
/// A builder cannot be copied (it owns the node storage it writes through raw pointers); pass it
/// `inout` or keep it in one place.
public struct SyntaxTreeBuilder: ~Copyable {
    // The hot methods are `@inlinable` and `@inline(__always)` so the parser (another module) runs
    // them in place: called, each paid a call with saved registers per token or node; the storage is
    // `@usableFromInline` for that reason only.
    //
    // Open nodes need no stack of their own: an open node's parent is its `parent` link, and its
    // `nextSibling` link (always -1 while it is open: siblings come after it closes) holds its last
    // child so far (-1 for none); ``finishNode()`` resets it to -1. A first child needs no link: in
    // pre-order it is the node right after its parent.
    @usableFromInline let bytes: [UInt8]
    @usableFromInline var tokens: [Token] = []
    @usableFromInline var nodeStorage: NodeStorage
    /// Number of nodes so far.
    @usableFromInline var nodeCount = 1
    /// The innermost open node.
    @usableFromInline var top: Int32 = 0
    /// The innermost open node's kind (kept out of the array: it is read for every node).
    @usableFromInline var topKind: NodeKind = .stream
    /// Number of open nodes, the root included.
    @usableFromInline var openCount = 1
    @usableFromInline var nextTokenStart: Int = 0
    /// False for a builder made by ``init(sparseOver:keepingQuotedScalars:)``: it keeps only the tokens
    /// ``SparseSyntax/keeps(_:quotedScalars:)`` names, and of the nodes only the `document` nodes' starts.
    @usableFromInline let keepsAll: Bool
    /// In a sparse builder: whether quoted scalars' tokens are kept too.
    @usableFromInline let keepsQuotedScalars: Bool
    /// In a sparse builder: where each `document` node opened directly in the root starts.
    @usableFromInline var documentStarts: [Int] = []

    /// Byte offset where the next token must start.
    @inlinable public var position: Int { nextTokenStart }

    /// Starts building a tree over `bytes`; the `stream` root is opened automatically.
    ///
    /// Reserves room for bytes/2 tokens and nodes: dense block mappings (`key: 1` lines) need about
    /// one node per 2.8 bytes, and growing a large array copies it into fresh (page-faulting) memory.
    /// For a large text the buffers of the last freed large tree are taken when they are large enough,
    /// so that the pages are already mapped (see ``SyntaxTree/releaseReusableBuffers()``).
    public init(bytes: [UInt8]) {
        self.bytes = bytes
        keepsAll = true
        keepsQuotedScalars = true
        tokens = TreeBufferPool.takeTokens(capacity: bytes.count / 2 + 16)
        nodeStorage = NodeStorage(capacity: bytes.count / 2 + 16)
        openRoot()
    }

    /// A builder that keeps of the tree only what ``SparseSyntax`` holds (``finishSparse()``), for a parse
    /// whose tree nobody reads but a check (a lossless tree is about 10 bytes per byte of a JSON-like text).
    /// The calls are those of a full builder; ``depth`` and ``currentNodeKind`` answer the same.
    public init(sparseOver bytes: [UInt8], keepingQuotedScalars: Bool) {
        self.bytes = bytes
        keepsAll = false
        keepsQuotedScalars = keepingQuotedScalars
        // The kinds of the open nodes, the root's first (`kinds[openCount - 1]` is ``topKind``): a fixed
        // buffer, grown by doubling (an `Array` paid a uniqueness check per node; measured hot path).
        nodeStorage = NodeStorage(capacity: 64)
        openRoot()
    }

    /// Makes the `stream` root the only node, open, with no tokens before it.
    mutating func openRoot() {
        nodeStorage.kinds.initialize(to: .stream)
        nodeStorage.links.initialize(to: SyntaxTree.NodeLink(first: 0, end: 0, up: -1, sibling: -1))
        nodeCount = 1
        top = 0
        topKind = .stream
        openCount = 1
        nextTokenStart = 0
    }

    /// Makes room for one more node (moves the nodes to larger buffers).
    @usableFromInline mutating func growNodes() {
        nodeStorage = nodeStorage.grown(keeping: nodeCount, minimum: nodeCount + 1)
    }

    /// Kind of the innermost open node.
    @inlinable public var currentNodeKind: NodeKind { topKind }
    /// Number of open nodes (1 when only the root is open).
    @inlinable public var depth: Int { openCount }

    /// Appends a token covering `position ..< end`. Precondition: `end >= position`; an empty token is
    /// ignored.
    @inlinable @inline(__always)
    public mutating func token(_ kind: TokenKind, end: Int) {
        precondition(end >= nextTokenStart && end <= bytes.count, "token \(kind) ends at \(end), position \(nextTokenStart)")
        if end == nextTokenStart { return }
        if keepsAll || SparseSyntax.keeps(kind, quotedScalars: keepsQuotedScalars) {
            tokens.append(Token(kind: kind, start: nextTokenStart, end: end))
        }
        nextTokenStart = end
    }

    /// Opens a node of `kind` as the last child of the innermost open node; it starts at the next token.
    @inlinable @inline(__always)
    public mutating func startNode(_ kind: NodeKind) {
        guard keepsAll else { return startSparseNode(kind) }
        let parent = Int(top)
        if nodeCount == nodeStorage.capacity { growNodes() }
        let idx = Int32(truncatingIfNeeded: nodeCount)
        let first = Int32(truncatingIfNeeded: tokens.count)
        let n = nodeStorage.links
        let prev = Int(n[parent].sibling)
        if prev >= 0 { n[prev].sibling = idx }
        n[parent].sibling = idx
        (n + nodeCount).initialize(to: SyntaxTree.NodeLink(first: first, end: first, up: top, sibling: -1))
        (nodeStorage.kinds + nodeCount).initialize(to: kind)
        nodeCount += 1
        top = idx
        topKind = kind
        openCount += 1
    }

    /// Closes the innermost open node; it ends after the last token appended. The root cannot be closed.
    @inlinable @inline(__always)
    public mutating func finishNode() {
        precondition(openCount > 1, "finishNode without an open node")
        guard keepsAll else { return finishSparseNode() }
        let end = Int32(truncatingIfNeeded: tokens.count)
        let closed = Int(top)
        let n = nodeStorage.links
        n[closed].end = end
        n[closed].sibling = -1
        let parent = n[closed].up
        topKind = nodeStorage.kinds[Int(parent)]
        top = parent
        openCount -= 1
    }

    /// ``startNode(_:)`` in a sparse builder: the open nodes' kinds are a stack in `nodeStorage.kinds`
    /// (a measured hot path: one store and no call per node).
    @inlinable @inline(__always)
    mutating func startSparseNode(_ kind: NodeKind) {
        if kind == .document && openCount == 1 { documentStarts.append(nextTokenStart) }
        if openCount == nodeStorage.capacity { growSparseKinds() }
        (nodeStorage.kinds + openCount).initialize(to: kind)
        topKind = kind
        openCount += 1
    }

    /// ``finishNode()`` in a sparse builder.
    @inlinable @inline(__always)
    mutating func finishSparseNode() {
        openCount -= 1
        topKind = nodeStorage.kinds[openCount - 1]
    }

    /// Doubles a sparse builder's stack of open kinds (its node links are not used).
    @usableFromInline mutating func growSparseKinds() {
        let bigger = NodeStorage(capacity: nodeStorage.capacity * 2)
        bigger.kinds.moveInitialize(from: nodeStorage.kinds, count: openCount)
        nodeStorage = bigger
    }

    /// In a sparse builder, moves the position to `end` without a token: for trivia (whitespace, line breaks,
    /// comments, junk) that holds no byte order mark, the only trivia a sparse builder keeps. Precondition:
    /// `end >= position`.
    @inlinable @inline(__always)
    public mutating func skipTrivia(to end: Int) {
        precondition(!keepsAll && end >= nextTokenStart && end <= bytes.count, "trivia skipped to \(end), position \(nextTokenStart)")
        nextTokenStart = end
    }

    /// The end of a sparse builder's work (``init(sparseOver:keepingQuotedScalars:)``): what it kept. The
    /// builder starts over afterwards.
    public mutating func finishSparse() -> SparseSyntax {
        if nextTokenStart < bytes.count { token(.error, end: bytes.count) }
        let kept = SparseSyntax(tokens: tokens, documentStarts: documentStarts)
        tokens = []
        documentStarts = []
        openRoot()
        return kept
    }

    /// Closes every open node, covers leftover bytes with an `error` token, and returns the tree. The
    /// builder starts over afterwards (nothing open, no tokens), so the tree never changes.
    public mutating func finish() -> SyntaxTree {
        if nextTokenStart < bytes.count { token(.error, end: bytes.count) }
        while openCount > 1 { finishNode() }
        nodeStorage.links[0].end = Int32(truncatingIfNeeded: tokens.count)
        nodeStorage.links[0].sibling = -1
        nodeStorage.tokens = tokens
        let tree = SyntaxTree(bytes: bytes, tokens: tokens, nodes: SyntaxTree.Nodes(storage: nodeStorage, count: nodeCount))
        // The tree owns the nodes now; start over, so using the builder again cannot change them.
        tokens = []
        nodeStorage = NodeStorage(capacity: 1)
        openRoot()
        return tree
    }
}
