import YAMLParser
import YAMLSyntax

/// Derives PyYAML's token stream (what yamllint's token rules consume) from an existing parse: the
/// lossless tree gives the real tokens, the events give scalar values, and the virtual tokens PyYAML's
/// scanner inserts are placed where it would place them:
/// - `BLOCK-MAPPING-START` / `BLOCK-SEQUENCE-START` (empty) at a block collection's first entry when its
///   column is deeper than the enclosing block indentation (an "indentless" sequence, `key:` followed by
///   `- item` at the key's column, gets neither a start nor an end, as in PyYAML);
/// - `BLOCK-END` (empty) where the next real token starts, or at the end of the text;
/// - `KEY` (empty) at the first token of an implicit key, `KEY` covering `?` for an explicit one.
///
/// Nothing is re-parsed: the walk is flat and linear in the number of tree tokens and nodes (no
/// recursion, so deep nesting cannot overflow the call stack).
public enum LintTokenizer {
    /// The token stream for `parse`, starting with `STREAM-START` and ending with `STREAM-END`, with
    /// line/column marks filled in from `text` (which must hold the same bytes as `parse.tree`) and each
    /// scalar's event index (``LintToken/event``) looked up.
    public static func tokens(_ parse: ParseResult, text: LintText) -> [LintToken] {
        var out = unresolvedTokens(parse, text: text)
        var resolver = EventResolver()
        for i in out.indices where out[i].kind == .scalar {
            out[i].event = resolver.event(of: out[i], in: parse.events)
        }
        return out
    }

    /// The token stream with every scalar's ``LintToken/event`` unresolved (see ``EventResolver``): no
    /// event is read while tokenizing.
    static func unresolvedTokens(_ parse: ParseResult, text: LintText) -> [LintToken] {
        let tree = parse.tree
        let nodes = tree.nodes
        return tree.tokens.withUnsafeBufferPointer { treeTokens in
            let capacity = tokenCapacity(nodes: nodes, treeTokens: treeTokens)
            return text.bytes.withUnsafeBufferPointer { bytes in
                text.index.lineStarts.withUnsafeBufferPointer { starts in
                    [LintToken](unsafeUninitializedCapacity: capacity) { buffer, count in
                        guard let base = buffer.baseAddress else { return }
                        var walk = TokenWalk(nodes: nodes, treeTokens: treeTokens, bytes: bytes,
                                             cursor: PositionCursor(starts: starts, bytes: bytes, isASCII: text.isASCII),
                                             out: base, mask: -1)
                        walk.fill(pauseAt: Int.max, hardLimit: capacity)
                        count = walk.count
                    }
                }
            }
        }
    }

    /// Memory above this many bytes is mapped fresh by glibc's `malloc` on every allocation (its largest
    /// dynamic `mmap` threshold, 32 MiB on 64-bit systems), so every page the walk writes is faulted in
    /// again on every run; below it, freed memory is reused.
    private static let freshlyMappedBytes = 32 << 20

    /// Room for every token the walk writes: at most one per tree token plus a start, an end and a key
    /// per node, and the stream's start and end. When that loose bound's memory would be mapped fresh
    /// (see ``freshlyMappedBytes``), the tight bound (``tightTokenCapacity(nodes:treeTokens:)``) is
    /// counted instead. The walk never writes past either.
    private static func tokenCapacity(nodes: SyntaxTree.Nodes, treeTokens: UnsafeBufferPointer<Token>) -> Int {
        let loose = treeTokens.count + 2 * nodes.count + 2
        guard loose * MemoryLayout<LintToken>.stride > freshlyMappedBytes else { return loose }
        return Swift.min(tightTokenCapacity(nodes: nodes, treeTokens: treeTokens), loose)
    }

    /// The most tokens the walk writes, counted in one pass over the token kinds and one over the node
    /// kinds: one per significant tree token (not trivia, an error or block scalar content), a start and
    /// an end per block collection, an implicit key per mapping entry, and the stream's start and end.
    static func tightTokenCapacity(nodes: SyntaxTree.Nodes, treeTokens: UnsafeBufferPointer<Token>) -> Int {
        var tight = 2
        for t in treeTokens {
            switch t.kind {
            case .whitespace, .newline, .comment, .byteOrderMark, .error, .blockScalarContent: break
            default: tight += 1
            }
        }
        for i in nodes.indices {
            switch nodes[i].kind {
            case .blockMapping, .blockSequence: tight += 2
            case .mappingEntry: tight += 1
            default: break
            }
        }
        return tight
    }

    /// The walk behind ``unresolvedTokens(_:text:)`` and the linter's token window (``LintStream``):
    /// one flat pass over the tree (no recursion, so deep nesting cannot overflow the call stack),
    /// linear in the number of tree tokens, writing each token with its line and column straight into
    /// memory: token number `n` goes to `out[n & mask]` (`mask` -1 for a whole array, or a ring's size
    /// minus one). ``fill(pauseAt:hardLimit:)`` can stop early and go on later, so a lint
    /// run reads the tokens through a small ring while they are written.
    struct TokenWalk {
        /// A block collection entered and not left yet.
        private struct OpenCollection {
            var node: Int
            var end: Int
            var isMapping: Bool
            /// True until its first entry or item is entered (which may write the collection's start).
            var startPending = true
            /// True when it wrote its start (and pushed its entries' column): it writes an end too.
            var pushedIndent = false
        }

        let nodes: SyntaxTree.Nodes
        let treeTokens: UnsafeBufferPointer<Token>
        let bytes: UnsafeBufferPointer<UInt8>
        /// Lines and columns of the tokens, which come (almost) in text order; a block collection's
        /// start column is looked up with it too (at the first token of its first entry, which is
        /// written next, so the cursor stays on the line it moves to).
        var cursor: PositionCursor
        let out: UnsafeMutablePointer<LintToken>
        let mask: Int
        /// The number of tokens written so far.
        private(set) var count = 0
        /// True once `STREAM-END` is written.
        private(set) var isFinished = false
        private var started = false
        /// Tokens are never written at or past this number (see ``fill(pauseAt:hardLimit:)``).
        private var hardLimit = 0
        private var indents: [Int] = []
        private var open: [OpenCollection] = []
        /// `open.last?.end`, or `Int.max` when no block collection is open (tested at every tree token).
        private var openEnd = Int.max
        /// The next tree token to read, the end of the root node's tokens, and the next node (in
        /// pre-order) to enter.
        private var position = 0
        private var rootEnd = 0
        private var nextNode = 1
        /// The first tree token of node `nextNode` (`Int.max` past the last node): the walk tests only
        /// this at each tree token.
        private var nextNodeFirst = Int.max

        init(nodes: SyntaxTree.Nodes, treeTokens: UnsafeBufferPointer<Token>,
             bytes: UnsafeBufferPointer<UInt8>, cursor: PositionCursor, out: UnsafeMutablePointer<LintToken>,
             mask: Int) {
            self.nodes = nodes
            self.treeTokens = treeTokens
            self.bytes = bytes
            self.cursor = cursor
            self.out = out
            self.mask = mask
            // Room for 16 open collections at once: one allocation each, not a growth per doubling.
            indents.reserveCapacity(16)
            open.reserveCapacity(16)
        }

        /// Writes a token covering `start..<end` with its lines and columns (dropped at the hard limit,
        /// which the capacity and the pause margin rule out).
        private mutating func emit(_ kind: LintToken.Kind, start: Int, end: Int, style: ScalarStyle? = nil,
                                   event: Int32 = LintToken.unresolvedEvent) {
            guard count < hardLimit else { return }
            var t = LintToken(kind, start: start, end: end)
            t.style = style
            t.$event = event
            let s = cursor.position(of: start)
            t.startLine = s.line
            t.startColumn = s.column
            if end == start {
                t.endLine = s.line
                t.endColumn = s.column
            } else {
                let e = cursor.position(of: end)
                t.endLine = e.line
                t.endColumn = e.column
            }
            out[count & mask] = t   // plain data: assigning initializes
            count += 1
        }

        private func nextSignificantStart(from tokenIndex: Int) -> Int {
            var i = tokenIndex
            while i < treeTokens.count {
                if !treeTokens[i].kind.isTrivia && treeTokens[i].kind != .error { return treeTokens[i].range.start }
                i += 1
            }
            return bytes.count
        }

        private func firstSignificant(ofNode d: SyntaxTree.NodeData) -> Int? {
            var i = d.firstToken
            while i < d.endToken {
                let k = treeTokens[i].kind
                if !k.isTrivia && k != .error { return i }
                i += 1
            }
            return nil
        }

        /// True for the node kinds ``enter(_:_:)`` acts on.
        @inline(__always) private static func isEntered(_ kind: NodeKind) -> Bool {
            switch kind {
            case .blockMapping, .blockSequence, .mappingEntry, .sequenceItem: return true
            default: return false
            }
        }

        /// Enters node `index` (data `d`): a block collection is opened; its first entry or item writes
        /// the collection's start when deeper than the enclosing block indentation; a mapping entry
        /// with an implicit key writes `KEY`.
        private mutating func enter(_ index: Int, _ d: SyntaxTree.NodeData) {
            switch d.kind {
            case .blockMapping, .blockSequence:
                open.append(OpenCollection(node: index, end: d.endToken, isMapping: d.kind == .blockMapping))
                openEnd = d.endToken
            case .mappingEntry, .sequenceItem:
                let last = open.count - 1
                if last >= 0 && open[last].node == d.parent && open[last].startPending {
                    open[last].startPending = false
                    if let t = firstSignificant(ofNode: d) {
                        let start = treeTokens[t].range.start
                        let column = cursor.position(of: start).column
                        if (indents.last ?? -1) < column {
                            emit(open[last].isMapping ? .blockMappingStart : .blockSequenceStart, start: start, end: start)
                            indents.append(column)
                            open[last].pushedIndent = true
                        }
                    }
                }
                if d.kind == .mappingEntry { implicitKey(entry: d) }
            default:
                break
            }
        }

        private mutating func implicitKey(entry d: SyntaxTree.NodeData) {
            // Most entries are `key: value`: the key node opens the entry, its first token is
            // significant and the entry's next token is the `:` (no `?` can come before the key).
            // Then the key's first token gets the `KEY`, without walking the entry's tokens.
            let first = d.firstChild
            if first >= 0 {
                let key = nodes[first]
                if key.kind == .key && key.firstToken == d.firstToken && key.endToken > key.firstToken
                    && key.endToken < d.endToken && treeTokens[key.endToken].kind == .mappingValue {
                    let t = treeTokens[key.firstToken]
                    if !t.kind.isTrivia && t.kind != .error {
                        emit(.key, start: t.range.start, end: t.range.start)
                        return
                    }
                }
            }
            // The entry's own tokens (`?`, `:`) lie outside its children (`key`, `value`).
            var hasQuestion = false, hasColon = false
            var key: SyntaxTree.NodeData? = nil
            var child = d.firstChild
            var i = d.firstToken
            while i < d.endToken {
                if child >= 0 {
                    let c = nodes[child]
                    if c.firstToken <= i {
                        if c.kind == .key && key == nil { key = c }
                        i = max(i, c.endToken)
                        child = c.nextSibling
                        continue
                    }
                }
                let k = treeTokens[i].kind
                if k == .mappingKey { hasQuestion = true } else if k == .mappingValue { hasColon = true }
                i += 1
            }
            guard !hasQuestion, hasColon else { return }
            while key == nil && child >= 0 {
                let c = nodes[child]
                if c.kind == .key { key = c }
                child = c.nextSibling
            }
            guard let key, let t = firstSignificant(ofNode: key) else { return }
            let start = treeTokens[t].range.start
            emit(.key, start: start, end: start)
        }

        /// The end of the innermost entered node holding tree token `i` (from the last node entered up
        /// through its parents).
        private func innermostEnd(containing i: Int) -> Int {
            var n = nextNode - 1
            while n > 0 {
                let d = nodes[n]
                if d.firstToken <= i && d.endToken > i { return d.endToken }
                n = d.parent
            }
            return rootEnd
        }

        private mutating func token(_ i: Int) {
            let t = treeTokens[i]
            let r = t.range
            switch t.kind {
            case .whitespace, .newline, .comment, .byteOrderMark, .error, .blockScalarContent:
                return
            case .directive: emit(.directive, start: r.start, end: r.end)
            case .directivesEnd: emit(.documentStart, start: r.start, end: r.end)
            case .documentEnd: emit(.documentEnd, start: r.start, end: r.end)
            case .sequenceEntry: emit(.blockEntry, start: r.start, end: r.end)
            case .mappingKey: emit(.key, start: r.start, end: r.end)
            case .mappingValue: emit(.value, start: r.start, end: r.end)
            case .flowSequenceStart: emit(.flowSequenceStart, start: r.start, end: r.end)
            case .flowSequenceEnd: emit(.flowSequenceEnd, start: r.start, end: r.end)
            case .flowMappingStart: emit(.flowMappingStart, start: r.start, end: r.end)
            case .flowMappingEnd: emit(.flowMappingEnd, start: r.start, end: r.end)
            case .flowEntry: emit(.flowEntry, start: r.start, end: r.end)
            case .anchor: emit(.anchor, start: r.start, end: r.end)
            case .alias: emit(.alias, start: r.start, end: r.end)
            case .tag: emit(.tag, start: r.start, end: r.end)
            case .plainScalar, .singleQuotedScalar, .doubleQuotedScalar:
                let style: ScalarStyle = t.kind == .plainScalar ? .plain : t.kind == .singleQuotedScalar ? .singleQuoted : .doubleQuoted
                emit(.scalar, start: r.start, end: r.end, style: style, event: EventResolver.unresolved(matchingEnd: r.end))
            case .blockScalarHeader:
                // PyYAML's block scalar token runs from the header over the header's comment and line
                // break and every content line (with trailing blank lines).
                let n = bytes.count
                let last = innermostEnd(containing: i)
                var contentEnd: Int? = nil
                var j = i + 1
                while j < last {
                    if treeTokens[j].kind == .blockScalarContent { contentEnd = treeTokens[j].range.end }
                    j += 1
                }
                var lineEnd = r.end
                while lineEnd < n && bytes[lineEnd] != 0x0A && bytes[lineEnd] != 0x0D { lineEnd += 1 }
                if lineEnd < n {
                    lineEnd += (bytes[lineEnd] == 0x0D && lineEnd + 1 < n && bytes[lineEnd + 1] == 0x0A) ? 2 : 1
                }
                let end = max(contentEnd ?? 0, lineEnd)
                emit(.scalar, start: r.start, end: end, style: bytes[r.start] == UInt8(ascii: "|") ? .literal : .folded,
                     event: EventResolver.unresolved(matchingEnd: contentEnd ?? r.end))
            }
        }

        /// Walks the tree on from where the last call stopped, until the whole stream is written or
        /// `pauseAt` tokens are: a pause comes only between two steps, and a step (a tree token, entering
        /// a node, leaving a block collection) writes at most two tokens, so with `pauseAt` at least
        /// three below `hardLimit` no token is dropped.
        ///
        /// The walk is flat: the root's tokens are read in order, and at each one the block
        /// collections ending there are left (innermost first) and the nodes starting there are
        /// entered (in pre-order, which in a properly nested tree is the order of their first tokens;
        /// an empty node is never entered). Only block collections are remembered.
        mutating func fill(pauseAt: Int, hardLimit: Int) {
            self.hardLimit = hardLimit
            if !started {
                started = true
                emit(.streamStart, start: 0, end: 0)
                if !nodes.isEmpty {
                    let root = nodes[0]
                    position = root.firstToken
                    rootEnd = root.endToken
                    if nodes.count > 1 { nextNodeFirst = nodes[1].firstToken }
                }
            }
            if isFinished { return }
            while true {
                while openEnd <= position {
                    let last = open[open.count - 1]
                    if last.pushedIndent {
                        if count >= pauseAt { return }
                        let p = nextSignificantStart(from: last.end)
                        emit(.blockEnd, start: p, end: p)
                        indents.removeLast()
                    }
                    open.removeLast()
                    openEnd = open.last?.end ?? Int.max
                }
                if position >= rootEnd { break }
                while nextNodeFirst <= position {
                    let d = nodes[nextNode]
                    // Only block collections, entries and items do anything when entered.
                    if d.endToken > position, TokenWalk.isEntered(d.kind) {
                        if count >= pauseAt { return }
                        enter(nextNode, d)
                    }
                    nextNode += 1
                    nextNodeFirst = nextNode < nodes.count ? nodes[nextNode].firstToken : Int.max
                }
                switch treeTokens[position].kind {
                case .whitespace, .newline, .comment, .byteOrderMark, .error, .blockScalarContent: break
                default:
                    if count >= pauseAt { return }
                    token(position)
                }
                position += 1
            }
            emit(.streamEnd, start: bytes.count, end: bytes.count)
            isFinished = true
        }
    }

    /// A token's value as PyYAML's token holds it: a scalar's value (after escapes and folding; its text
    /// when no event matched, empty for a block scalar without content); an anchor's or alias's name; a
    /// tag's handle (`!!`, `!`, `!e!`, or empty for a verbatim tag); a directive's name (`YAML`, `TAG`, ...).
    public static func value(of t: LintToken, in parse: ParseResult) -> String {
        let tree = parse.tree
        let r = TextRange(start: t.start, end: t.end)
        switch t.kind {
        case .scalar:
            var event = t.event
            if event < -1 { var resolver = EventResolver(); event = resolver.event(of: t, in: parse.events) }
            if event >= 0, event < parse.events.count, case .scalar(let value, _, _, _) = parse.events[event].kind {
                return value
            }
            return t.style == .literal || t.style == .folded ? "" : tree.text(r)
        case .anchor, .alias: return String(tree.text(r).dropFirst())
        case .tag: return tagHandle(tree.text(r))
        case .directive: return directiveWords(tree.text(r)).first ?? ""
        default: return ""
        }
    }

    /// A directive's first parameter (the version of `%YAML`), empty when none.
    public static func directiveParameter(of t: LintToken, in parse: ParseResult) -> String {
        let words = directiveWords(parse.tree.text(TextRange(start: t.start, end: t.end)))
        return words.count > 1 ? words[1] : ""
    }

    private static func directiveWords(_ text: String) -> [String] {
        text.dropFirst().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    }

    /// Line lookup that moves forward from the last answer (binary search when asked to go back).
    struct PositionCursor {
        let starts: UnsafeBufferPointer<Int>
        let bytes: UnsafeBufferPointer<UInt8>
        let isASCII: Bool
        var line = 0
        /// The current line's first byte and the first byte past it (the next line's start, or
        /// `Int.max` on the last line).
        private var lineStart = 0
        private var lineEnd = Int.max
        /// True when the current line has no non-ASCII byte (then a column is a byte count): known
        /// once the line was checked (eight bytes at a time), which is done once per line.
        private var byteColumns = false
        /// The last non-ASCII answer (byte offset and column on `line`): counting goes on from there
        /// for a later offset on the same line, so a line of many tokens is counted once, not once per
        /// token.
        private var counted = (offset: -1, column: 0)

        /// Where the text's non-ASCII bytes are, when known (then a line is not read to tell whether
        /// it is ASCII).
        private var nonASCII: NonASCIIOffsets

        init(starts: UnsafeBufferPointer<Int>, bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool,
             nonASCII: NonASCIIOffsets = NonASCIIOffsets()) {
            self.starts = starts
            self.bytes = bytes
            self.isASCII = isASCII
            self.nonASCII = nonASCII
            // Line 0 is not set up yet: an empty span sends the first question to the slow path.
            lineEnd = 0
        }

        /// The 0-based line and column (in Unicode scalars) of byte `offset`.
        @inline(__always) mutating func position(of offset: Int) -> (line: Int, column: Int) {
            // Most often: an offset on the line of the last answer, whose columns are byte counts.
            if byteColumns && offset >= lineStart && offset < lineEnd { return (line, offset - lineStart) }
            return slowPosition(of: offset)
        }

        private mutating func slowPosition(of offset: Int) -> (line: Int, column: Int) {
            if offset < lineStart || offset >= lineEnd {
                if offset < starts[line] {
                    var lo = 0, hi = line
                    while lo < hi {
                        let mid = (lo + hi + 1) / 2
                        if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
                    }
                    line = lo
                } else {
                    while line + 1 < starts.count && starts[line + 1] <= offset { line += 1 }
                }
                lineStart = starts[line]
                lineEnd = line + 1 < starts.count ? starts[line + 1] : Int.max
                // Checked once per line, eight bytes at a time: on an ASCII line a column is a byte count.
                let to = Swift.min(lineEnd, bytes.count)
                byteColumns = isASCII || (nonASCII.isKnown ? nonASCII.isASCII(from: lineStart, to: to)
                                          : LintText.isASCII(bytes, from: lineStart, to: to))
                counted = (-1, 0)
            }
            let from = lineStart
            if byteColumns || offset <= from { return (line, Swift.max(0, Swift.min(offset, bytes.count) - from)) }
            var count = 0
            var i = from
            if counted.offset >= from && counted.offset <= offset && counted.offset <= bytes.count {
                (i, count) = counted
            }
            while i < offset && i < bytes.count {
                if bytes[i] & 0xC0 != 0x80 { count += 1 }
                i += 1
            }
            counted = (i, count)
            return (line, count)
        }
    }

    /// The handle of a tag property as PyYAML splits it: `!!` for `!!str`, `!e!` for `!e!x`, `!` for
    /// `!local`, empty for a verbatim `!<...>` tag or the non-specific `!`.
    static func tagHandle(_ text: String) -> String {
        let b = Array(text.utf8)
        guard b.count > 1, b[0] == UInt8(ascii: "!"), b[1] != UInt8(ascii: "<") else { return "" }
        if let second = b.dropFirst().firstIndex(of: UInt8(ascii: "!")) {
            return String(decoding: b[0...second], as: UTF8.self)
        }
        return "!"
    }

    /// Finds scalar tokens' events. Scalar events come in the same order as scalar tokens, so a cursor
    /// moving forward finds each (it starts over when asked about an earlier token). Until looked up, a
    /// scalar token's ``LintToken/event`` holds `-2 - end`, `end` being the byte at which its event's
    /// range must end (the token's end; for a block scalar, the end of its content, or of its header
    /// when it has none).
    struct EventResolver {
        private var cursor = 0
        private var lastEnd = -1

        /// The unresolved event field of a scalar whose event range must end at `end`.
        static func unresolved(matchingEnd end: Int) -> Int32 { Int32(truncatingIfNeeded: -2 - end) }

        /// The index of `t`'s scalar event, -1 when there is none; `t.event` when already resolved.
        mutating func event(of t: LintToken, in events: ParseEvents) -> Int {
            if t.$event >= -1 { return t.event }
            let end = -2 - Int(t.$event)
            if end < lastEnd { cursor = 0 }
            lastEnd = end
            let count = events.count
            while cursor < count {
                let range = events.range(at: cursor)
                if range.end >= end, !range.isEmpty, case .scalar = events[cursor].kind {
                    if range.end == end { cursor += 1; return cursor - 1 }
                    return -1
                }
                cursor += 1
            }
            return -1
        }
    }
}
