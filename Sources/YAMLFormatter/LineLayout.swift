import YAMLParser
import YAMLSyntax

/// The line-by-line layout engine behind ``Formatter``.
struct LineLayout {
    let tree: SyntaxTree
    let options: FormatOptions
    let bytes: [UInt8]
    let tokens: [Token]
    let nodes: [SyntaxTree.NodeData]

    /// Per token: the innermost enclosing block collection node (-1 when none).
    var owner: [Int32]
    /// Per token: the block collection whose entry this token starts (-1 when none).
    var entryStart: [Int32]
    /// Per block collection node: the column of its first entry in the input (-1 until known).
    var oldColumn: [Int]
    /// Per block collection node: the column of its entries in the output (-1 until known).
    var newColumn: [Int]
    /// Per node: its children's indices in order (for ``insideFlow(_:)``'s descent by binary search).
    let children: [[Int]]

    init(tree: SyntaxTree, options: FormatOptions) {
        self.tree = tree
        self.options = options
        self.bytes = tree.bytes
        self.tokens = tree.tokens
        self.nodes = tree.nodes
        owner = Array(repeating: -1, count: tree.tokens.count)
        entryStart = Array(repeating: -1, count: tree.tokens.count)
        oldColumn = Array(repeating: -1, count: tree.nodes.count)
        newColumn = Array(repeating: -1, count: tree.nodes.count)
        var children = Array(repeating: [Int](), count: tree.nodes.count)
        for (i, n) in tree.nodes.enumerated() where n.parent >= 0 { children[n.parent].append(i) }
        self.children = children
        indexTokens()
    }

    static func isBlockCollection(_ k: NodeKind) -> Bool { k == .blockMapping || k == .blockSequence }

    /// Fills `owner` and `entryStart` in one pass over tokens, keeping a stack of open nodes (nodes are
    /// stored in pre-order, so their first tokens never decrease).
    mutating func indexTokens() {
        var stack: [Int] = []          // open node indices
        var blockStack: [Int] = []     // open block collections
        var p = 0
        for i in 0..<tokens.count {
            while let top = stack.last, nodes[top].endToken <= i {
                stack.removeLast()
                if blockStack.last == top { blockStack.removeLast() }
            }
            while p < nodes.count && nodes[p].firstToken <= i {
                let n = nodes[p]
                if n.endToken > i {
                    stack.append(p)
                    if Self.isBlockCollection(n.kind) { blockStack.append(p) }
                    if (n.kind == .mappingEntry || n.kind == .sequenceItem), n.parent >= 0,
                       Self.isBlockCollection(nodes[n.parent].kind) {
                        // The entry starts at its first significant token.
                        var t = i
                        while t < n.endToken && tokens[t].kind.isTrivia { t += 1 }
                        if t < n.endToken && entryStart[t] < 0 { entryStart[t] = Int32(n.parent) }
                    }
                }
                p += 1
            }
            owner[i] = Int32(blockStack.last ?? -1)
        }
    }

    // MARK: Lines

    /// One input line: `start ..< contentEnd` is its text, `contentEnd ..< end` its line break.
    struct Line {
        var start: Int
        var contentEnd: Int
        var end: Int
    }

    static func lines(of bytes: [UInt8]) -> [Line] {
        var out: [Line] = []
        var start = 0
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == 0x0A || b == 0x0D {
                let contentEnd = i
                if b == 0x0D, i + 1 < n, bytes[i + 1] == 0x0A { i += 1 }
                out.append(Line(start: start, contentEnd: contentEnd, end: i + 1))
                start = i + 1
            }
            i += 1
        }
        if start < n { out.append(Line(start: start, contentEnd: n, end: n)) }
        return out
    }

    /// What an output line is, for the second pass.
    enum Emitted {
        /// Final text (without line break).
        case text([UInt8])
        /// A blank line (outside any scalar).
        case blank
        /// A comment-only line: its input column and the text from `#` on.
        case comment(column: Int, text: ArraySlice<UInt8>)
    }

    // MARK: The pass

    mutating func run() -> [UInt8] {
        let lines = Self.lines(of: bytes)
        var emitted: [Emitted] = []
        emitted.reserveCapacity(lines.count)
        // For comment placement: per line, (old indent, new indent) of content lines.
        var indents: [(old: Int, new: Int)?] = []
        indents.reserveCapacity(lines.count)
        var cursor = 0 // token index of the first token that ends after the current line start
        for line in lines {
            while cursor < tokens.count && tokens[cursor].range.end <= line.start { cursor += 1 }
            let (e, ind) = layOut(line, firstToken: cursor)
            emitted.append(e)
            indents.append(ind)
        }
        return assemble(lines: lines, emitted: emitted, indents: indents)
    }

    func leadingSpaces(_ line: Line) -> Int {
        var i = line.start
        while i < line.contentEnd && bytes[i] == 0x20 { i += 1 }
        return i - line.start
    }

    func delta(_ collection: Int32) -> Int {
        guard collection >= 0 else { return 0 }
        let c = Int(collection)
        guard newColumn[c] >= 0, oldColumn[c] >= 0 else { return 0 }
        return newColumn[c] - oldColumn[c]
    }

    /// Lays out one line; returns what to emit and, for content lines, the old and new indentation.
    mutating func layOut(_ line: Line, firstToken: Int) -> (Emitted, (old: Int, new: Int)?) {
        let text = bytes[line.start..<line.contentEnd]
        guard firstToken < tokens.count else { return (.blank, nil) }
        let first = tokens[firstToken]
        // A line that starts inside a token that began on an earlier line (or a block scalar's content).
        if first.range.start < line.start || first.kind == .blockScalarContent {
            return (continuation(line, token: firstToken), nil)
        }
        // Blank or comment-only line.
        var t = firstToken
        while t < tokens.count && tokens[t].range.start < line.contentEnd && tokens[t].kind == .whitespace { t += 1 }
        if t >= tokens.count || tokens[t].range.start >= line.contentEnd {
            return (.blank, nil)
        }
        let old = leadingSpaces(line)
        if tokens[t].kind == .comment && tokens[t].range.end >= line.contentEnd {
            let col = tokens[t].range.start - line.start
            // A tab in the indentation of a comment line: keep the line as written.
            if text.prefix(col).contains(0x09) { return (.text(Array(text)), nil) }
            return (.comment(column: col, text: bytes[tokens[t].range.start..<line.contentEnd]), nil)
        }
        if text.prefix(while: { $0 == 0x20 || $0 == 0x09 }).contains(0x09)
            || tokens[t].kind == .byteOrderMark || tokens[t].kind == .error {
            // Tabs in the leading white space, a BOM or unparsed bytes: keep the line as written.
            return (.text(trimmed(Array(text), line: line)), nil)
        }
        // A content line: its indentation comes from the entry it starts, or moves with its collection.
        let firstSignificant = t
        var indent: Int
        let started = entryStart[firstSignificant]
        if started >= 0 {
            let c = Int(started)
            if oldColumn[c] < 0 { oldColumn[c] = old }
            if newColumn[c] < 0 { newColumn[c] = column(forCollection: c, fallback: old) }
            indent = newColumn[c]
        } else {
            indent = max(0, old + delta(owner[firstSignificant]))
        }
        var out = [UInt8](repeating: 0x20, count: indent)
        appendTokens(from: firstSignificant, line: line, into: &out)
        return (.text(trimmed(out, line: line)), (old, indent))
    }

    /// The output column of a block collection whose first entry starts a line.
    func column(forCollection c: Int, fallback: Int) -> Int {
        let w = options.indentWidth
        var p = nodes[c].parent
        // Skip the key/value wrapper and the entry to reach the enclosing collection or document.
        while p >= 0 {
            let k = nodes[p].kind
            if k == .document || k == .stream { return 0 }
            if Self.isBlockCollection(k) {
                let parentNew = newColumn[p] >= 0 ? newColumn[p] : (oldColumn[p] >= 0 ? oldColumn[p] : 0)
                if nodes[c].kind == .blockSequence && nodes[p].kind == .blockMapping {
                    switch options.sequenceIndent {
                    case .compact: return parentNew
                    case .indented: return parentNew + w
                    case .preserve: return oldColumn[c] == oldColumn[p] ? parentNew : parentNew + w
                    }
                }
                return parentNew + w
            }
            if k == .flowMapping || k == .flowSequence || k == .flowPair { return fallback }
            p = nodes[p].parent
        }
        return fallback
    }

    /// Appends the tokens of a content line from `start`, normalising the white space after block
    /// indicators and recording the output column of block collections that start mid-line.
    mutating func appendTokens(from start: Int, line: Line, into out: inout [UInt8]) {
        var i = start
        while i < tokens.count && tokens[i].range.start < line.contentEnd {
            let tok = tokens[i]
            if i != start, entryStart[i] >= 0 {
                let c = Int(entryStart[i])
                if oldColumn[c] < 0 { oldColumn[c] = tok.range.start - line.start }
                if newColumn[c] < 0 { newColumn[c] = out.count }
            }
            let end = min(tok.range.end, line.contentEnd)
            if tok.kind == .whitespace, i > start, i + 1 < tokens.count,
               isBlockIndicator(i - 1), tokens[i + 1].range.start < line.contentEnd,
               !tokens[i + 1].kind.isTrivia {
                out.append(0x20)   // exactly one space between a block indicator and what follows
            } else {
                out.append(contentsOf: bytes[tok.range.start..<end])
            }
            i += 1
        }
    }

    /// True for `-`, `?` and `:` indicators of block collections.
    func isBlockIndicator(_ t: Int) -> Bool {
        switch tokens[t].kind {
        case .sequenceEntry, .mappingKey, .mappingValue:
            return owner[t] >= 0 && !insideFlow(t)
        default:
            return false
        }
    }

    /// True when token `t` lies inside a flow collection (whose layout is kept as written): the innermost
    /// collection around the deepest node at the token's start (the node `SyntaxTree.deepestNode(at:)`
    /// finds: at each level the first child whose range touches the offset, ends included) is a flow one.
    /// Each level is a binary search, so a mapping with many entries costs O(log n) per token, not O(n).
    func insideFlow(_ t: Int) -> Bool {
        let offset = tokens[t].range.start
        var n = 0
        descent: while true {
            let list = children[n]
            // The first child whose range ends at or after `offset`; children are in text order and do
            // not overlap, so their ends never decrease.
            var lo = 0, hi = list.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if tree.range(ofNode: list[mid]).end < offset { lo = mid + 1 } else { hi = mid }
            }
            guard lo < list.count, tree.range(ofNode: list[lo]).start <= offset else { break descent }
            n = list[lo]
        }
        while n >= 0 {
            let k = nodes[n].kind
            if k == .flowMapping || k == .flowSequence { return true }
            if Self.isBlockCollection(k) { return false }
            n = nodes[n].parent
        }
        return false
    }

    /// A line that starts inside a multi-line token: block scalar content or a flow scalar's
    /// continuation. It moves with the block collection that owns the token.
    mutating func continuation(_ line: Line, token: Int) -> Emitted {
        let text = Array(bytes[line.start..<line.contentEnd])
        let tok = tokens[token]
        let shift = delta(owner[token])
        let old = leadingSpaces(line)
        if tok.kind == .blockScalarContent {
            // Content bytes are kept exactly; only the indentation moves (empty lines stay empty).
            if text.isEmpty || shift == 0 { return .text(text) }
            let newIndent = max(0, old + shift)
            return .text([UInt8](repeating: 0x20, count: newIndent) + text[old...])
        }
        // Flow scalar continuation: leading white space is folded away, so it may move.
        if text.prefix(while: { $0 == 0x20 || $0 == 0x09 }).contains(0x09) || tok.kind == .error {
            return .text(text)
        }
        let newIndent = max(0, old + shift)
        var out = [UInt8](repeating: 0x20, count: newIndent)
        if tok.range.end >= line.contentEnd {
            out.append(contentsOf: text[old...])
            return .text(trimmed(out, line: line))
        }
        // The token ends on this line; lay out what follows it.
        out.append(contentsOf: bytes[(line.start + old)..<tok.range.end])
        var rest = [UInt8]()
        appendTokens(from: token + 1, line: line, into: &rest)
        out.append(contentsOf: rest)
        return .text(trimmed(out, line: line))
    }

    /// `out` without trailing spaces and tabs, unless trimming is off or the line ends inside a
    /// double-quoted scalar right after a backslash (where the space is an escape, §5.7).
    func trimmed(_ out: [UInt8], line: Line) -> [UInt8] {
        guard options.trimTrailingWhitespace else { return out }
        var end = out.count
        while end > 0 && (out[end - 1] == 0x20 || out[end - 1] == 0x09) { end -= 1 }
        if end == out.count { return out }
        if end > 0 && out[end - 1] == UInt8(ascii: "\\") { return out }
        return Array(out[..<end])
    }

    // MARK: Assembly

    func assemble(lines: [Line], emitted: [Emitted], indents: [(old: Int, new: Int)?]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        let fileBreak: [UInt8] = options.lineBreak.map { Array($0.utf8) } ?? lines.first(where: { $0.end > $0.contentEnd })
            .map { Array(bytes[$0.contentEnd..<$0.end]) } ?? [0x0A]
        // Next content line's indentation, for comment placement (looking forward).
        var nextIndent: [(old: Int, new: Int)?] = Array(repeating: nil, count: lines.count)
        var next: (old: Int, new: Int)? = nil
        for i in stride(from: lines.count - 1, through: 0, by: -1) {
            nextIndent[i] = next
            if let ind = indents[i] { next = ind }
        }
        var previous: (old: Int, new: Int)? = nil
        var blankRun = 0
        let maxBlank = max(1, options.maxBlankLines)
        var pendingBlanks: [[UInt8]] = []
        for (i, line) in lines.enumerated() {
            let lineBreak = Array(bytes[line.contentEnd..<line.end])
            switch emitted[i] {
            case .blank:
                blankRun += 1
                if blankRun <= maxBlank { pendingBlanks.append(lineBreak.isEmpty ? fileBreak : lineBreak) }
                continue
            case .text(let t):
                flush(&pendingBlanks, into: &out)
                out.append(contentsOf: t)
            case .comment(let column, let text):
                flush(&pendingBlanks, into: &out)
                var indent = column
                // A comment at the left margin stays there (commented-out lines, section headers).
                if column == 0 { indent = 0 }
                else if let n = nextIndent[i], column == n.old { indent = n.new }
                else if let p = previous, column == p.old { indent = p.new }
                else if let n = nextIndent[i] { indent = max(0, column + n.new - n.old) }
                else if let p = previous { indent = max(0, column + p.new - p.old) }
                out.append(contentsOf: [UInt8](repeating: 0x20, count: indent))
                out.append(contentsOf: trimmed(Array(text), line: line))
            }
            blankRun = 0
            if let ind = indents[i] { previous = ind }
            out.append(contentsOf: lineBreak)
        }
        // Blank lines at the end are dropped when asked, else kept (capped).
        if !options.trimFinalNewlines { flush(&pendingBlanks, into: &out) }
        if options.insertFinalNewline, !out.isEmpty, !endsWithLineBreak(out), !endsInsideBlockScalar() {
            out.append(contentsOf: fileBreak)
        }
        return out
    }

    func flush(_ blanks: inout [[UInt8]], into out: inout [UInt8]) {
        if !blanks.isEmpty, !out.isEmpty, !endsWithLineBreak(out) {
            // A blank line after a last line without a break cannot happen; keep the structure safe.
            out.append(contentsOf: blanks[0])
        }
        for b in blanks { out.append(contentsOf: b) }
        blanks.removeAll()
    }

    func endsWithLineBreak(_ out: [UInt8]) -> Bool { out.last == 0x0A || out.last == 0x0D }

    /// True when the text ends inside block scalar content, whose final line break is content.
    func endsInsideBlockScalar() -> Bool {
        guard let last = tokens.last(where: { $0.kind != .whitespace }) else { return false }
        return last.kind == .blockScalarContent
    }
}
