import YAMLParser
import YAMLSyntax

/// The line-by-line layout engine behind ``Formatter``.
struct LineLayout {
    let tree: SyntaxTree
    let options: FormatOptions
    let bytes: [UInt8]
    let tokens: [Token]
    let nodes: SyntaxTree.Nodes

    /// Per token: the innermost enclosing block collection node (-1 when none).
    var owner: [Int32]
    /// Per token: the block collection whose entry this token starts (-1 when none).
    var entryStart: [Int32]
    /// Per token: true when its innermost enclosing collection is a flow collection (whose layout is
    /// kept as written). Computed once, so each lookup is O(1) (a tree search per block indicator made
    /// formatting quadratic in the number of entries of a wide mapping).
    var inFlow: [Bool]
    /// Per block collection node: the column of its first entry in the input (-1 until known).
    var oldColumn: [Int]
    /// Per block collection node: the column of its entries in the output (-1 until known).
    var newColumn: [Int]
    /// `sequenceIndent: preserve`, decided once per file from its first block sequence nested in a block
    /// mapping: true when that sequence's `-` stands at its parent key's column (compact style).
    var fileUsesCompactSequences = false
    /// Per block collection node: true when one of its entries starts on a line inside a
    /// `# pureyaml-format: off` region; such a collection keeps its input column everywhere.
    var frozen: [Bool]
    /// For the line being laid out: output offset of each flow collection start token (by token index).
    var flowStarts: [Int: Int] = [:]
    /// The line break for lines the layout adds (printWidth wrapping): the file's first, else `\n`.
    var addedBreak: [UInt8] = [0x0A]
    /// `proseWrap: never`: input lines starting before this byte offset were joined into an earlier
    /// line and are dropped (-1: none).
    var joinedUntil = -1

    init(tree: SyntaxTree, options: FormatOptions) {
        self.tree = tree
        self.options = options
        self.bytes = tree.bytes
        self.tokens = tree.tokens
        self.nodes = tree.nodes
        owner = Array(repeating: -1, count: tree.tokens.count)
        entryStart = Array(repeating: -1, count: tree.tokens.count)
        inFlow = Array(repeating: false, count: tree.tokens.count)
        oldColumn = Array(repeating: -1, count: tree.nodes.count)
        newColumn = Array(repeating: -1, count: tree.nodes.count)
        frozen = Array(repeating: false, count: tree.nodes.count)
        indexTokens()
        fileUsesCompactSequences = firstNestedSequenceIsCompact()
    }

    /// The column of `offset` on its line (bytes since the previous line break).
    func columnOf(_ offset: Int) -> Int {
        var i = offset
        while i > 0 && bytes[i - 1] != 0x0A && bytes[i - 1] != 0x0D { i -= 1 }
        return offset - i
    }

    /// The column of the first significant token of node `n` (nil when it has none).
    func firstColumn(ofNode n: Int) -> Int? {
        var t = nodes[n].firstToken
        while t < nodes[n].endToken && tokens[t].kind.isTrivia { t += 1 }
        return t < nodes[n].endToken ? columnOf(tokens[t].range.start) : nil
    }

    /// True when the file's first block sequence that is a value in a block mapping has its `-` at the
    /// mapping's column (`key:\n- a`); false when it is indented or when there is none.
    func firstNestedSequenceIsCompact() -> Bool {
        for (i, n) in nodes.enumerated() where n.kind == .blockSequence {
            var p = n.parent
            while p >= 0, !Self.isBlockCollection(nodes[p].kind), nodes[p].kind != .document,
                  nodes[p].kind != .flowMapping, nodes[p].kind != .flowSequence { p = nodes[p].parent }
            guard p >= 0, nodes[p].kind == .blockMapping else { continue }
            // Columns of the first entries (a collection's own first token may be a property on an earlier line).
            guard nodes[i].firstChild >= 0, nodes[p].firstChild >= 0,
                  let seq = firstColumn(ofNode: nodes[i].firstChild),
                  let map = firstColumn(ofNode: nodes[p].firstChild) else { continue }
            return seq == map
        }
        return false
    }

    static func isBlockCollection(_ k: NodeKind) -> Bool { k == .blockMapping || k == .blockSequence }

    /// Fills `owner` and `entryStart` in one pass over tokens, keeping a stack of open nodes (nodes are
    /// stored in pre-order, so their first tokens never decrease).
    mutating func indexTokens() {
        var stack: [Int] = []          // open node indices
        var blockStack: [Int] = []     // open block collections
        var collectionStack: [Int] = [] // open collections, block or flow
        var p = 0
        for i in 0..<tokens.count {
            while let top = stack.last, nodes[top].endToken <= i {
                stack.removeLast()
                if blockStack.last == top { blockStack.removeLast() }
                if collectionStack.last == top { collectionStack.removeLast() }
            }
            while p < nodes.count && nodes[p].firstToken <= i {
                let n = nodes[p]
                if n.endToken > i {
                    stack.append(p)
                    if Self.isBlockCollection(n.kind) { blockStack.append(p) }
                    if Self.isBlockCollection(n.kind) || n.kind == .flowMapping || n.kind == .flowSequence {
                        collectionStack.append(p)
                    }
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
            if let c = collectionStack.last { inFlow[i] = !Self.isBlockCollection(nodes[c].kind) }
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
        /// Nothing: the line was joined into an earlier one (`proseWrap: never`).
        case dropped
    }

    // MARK: The pass

    mutating func run() -> [UInt8] {
        let lines = Self.lines(of: bytes)
        addedBreak = options.lineBreak.map { Array($0.utf8) }
            ?? lines.first(where: { $0.end > $0.contentEnd }).map { Array(bytes[$0.contentEnd..<$0.end]) } ?? [0x0A]
        var emitted: [Emitted] = []
        emitted.reserveCapacity(lines.count)
        // For comment placement: per line, (old indent, new indent) of content lines.
        var indents: [(old: Int, new: Int)?] = []
        indents.reserveCapacity(lines.count)
        let ignored = ignoredLines(lines)
        if ignored.contains(true) { freezeCollections(lines: lines, ignored: ignored) }
        var cursor = 0 // token index of the first token that ends after the current line start
        for (n, line) in lines.enumerated() {
            while cursor < tokens.count && tokens[cursor].range.end <= line.start { cursor += 1 }
            let (e, ind) = line.start < joinedUntil && !ignored[n] ? (.dropped, nil) : layOut(line, firstToken: cursor)
            if ignored[n] {
                // Inside a `# pureyaml-format: off` region: the line stays byte for byte.
                emitted.append(.text(Array(bytes[line.start..<line.contentEnd])))
                indents.append(ind.map { _ in (old: leadingSpaces(line), new: leadingSpaces(line)) })
            } else {
                emitted.append(e)
                indents.append(ind)
            }
        }
        return assemble(lines: lines, emitted: emitted, indents: indents)
    }

    // MARK: Ignore markers

    /// A formatting marker comment (`# pureyaml-format: off`, `on`, `ignore-file`), or nil.
    static func marker(_ comment: ArraySlice<UInt8>) -> FormatMarker? {
        var text = comment.dropFirst()   // the `#`
        while let f = text.first, f == 0x20 || f == 0x09 { text = text.dropFirst() }
        while let l = text.last, l == 0x20 || l == 0x09 { text = text.dropLast() }
        return FormatMarker(rawValue: String(decoding: text, as: UTF8.self))
    }

    /// Per line: true when it lies in a `# pureyaml-format: off` ... `# pureyaml-format: on` region
    /// (the marker lines included; an `off` without an `on` runs to the end of the text).
    func ignoredLines(_ lines: [Line]) -> [Bool] {
        var ignored = Array(repeating: false, count: lines.count)
        var lineIndex = 0
        var offSince: Int? = nil
        for tok in tokens where tok.kind == .comment {
            guard let m = Self.marker(bytes[tok.range.start..<tok.range.end]), m != .ignoreFile else { continue }
            while lineIndex + 1 < lines.count && lines[lineIndex].end <= tok.range.start { lineIndex += 1 }
            switch m {
            case .off: if offSince == nil { offSince = lineIndex }
            case .on:
                if let from = offSince { for k in from...lineIndex { ignored[k] = true } }
                offSince = nil
            case .ignoreFile: break
            }
        }
        if let from = offSince, from < lines.count { for k in from..<lines.count { ignored[k] = true } }
        return ignored
    }

    /// Marks the block collections with an entry starting on an ignored line: they keep their input
    /// column everywhere, so the untouched lines still line up with their siblings.
    mutating func freezeCollections(lines: [Line], ignored: [Bool]) {
        var lineIndex = 0
        for (t, tok) in tokens.enumerated() where entryStart[t] >= 0 {
            while lineIndex + 1 < lines.count && lines[lineIndex].end <= tok.range.start { lineIndex += 1 }
            if ignored[lineIndex] { frozen[Int(entryStart[t])] = true }
        }
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
        if text.prefix(while: { $0 == 0x20 || $0 == 0x09 }).contains(0x09) {
            // Tabs in the leading white space. Inside a flow collection that white space only separates
            // (YAML 1.2.2 §7.4), but the line must stay more indented than the enclosing block
            // collection, which may have moved: shift the spaces before the first tab and keep the rest.
            // In block context, keep the line as written.
            if insideFlow(t) {
                return (.text(trimmed(shiftingSpaces(text, by: delta(owner[t])), line: line)), nil)
            }
            return (.text(trimmed(Array(text), line: line)), nil)
        }
        if tokens[t].kind == .byteOrderMark, tokens[t].range.start == line.start {
            // A byte order mark is neither content nor indentation (YAML 1.2.2 §5.2): lay out the rest of
            // the line like any other and put the mark back in front of it.
            let mark = Array(bytes[tokens[t].range.start..<tokens[t].range.end])
            var rest = line
            rest.start = tokens[t].range.end
            let (emitted, indentation) = layOut(rest, firstToken: t + 1)
            switch emitted {
            case .text(let out): return (.text(mark + out), indentation)
            case .blank, .dropped: return (.text(mark), nil)
            case .comment: return (.text(trimmed(Array(text), line: line)), nil)
            }
        }
        if tokens[t].kind == .byteOrderMark || tokens[t].kind == .error {
            // A BOM after other text, or unparsed bytes: keep the line as written.
            return (.text(trimmed(Array(text), line: line)), nil)
        }
        // A content line: its indentation comes from the entry it starts, or moves with its collection.
        let firstSignificant = t
        var indent: Int
        let started = entryStart[firstSignificant]
        if started >= 0 {
            let c = Int(started)
            if oldColumn[c] < 0 { oldColumn[c] = old }
            if newColumn[c] < 0 { newColumn[c] = frozen[c] ? oldColumn[c] : column(forCollection: c, fallback: old) }
            indent = newColumn[c]
        } else {
            indent = max(0, old + delta(owner[firstSignificant]))
        }
        var out = [UInt8](repeating: 0x20, count: indent)
        flowStarts.removeAll(keepingCapacity: true)
        appendTokens(from: firstSignificant, line: line, into: &out)
        out = trimmed(out, line: line)
        if options.printWidth > 0, displayWidth(out) > options.printWidth,
           let wrapped = wrappingFlowCollection(out, from: firstSignificant, line: line) {
            out = wrapped
        } else if options.proseWrap == .always, options.printWidth > 0, displayWidth(out) > options.printWidth,
                  let wrapped = wrappingPlainScalar(out, from: firstSignificant, line: line) {
            out = wrapped
        } else if options.proseWrap == .never, let joined = joiningPlainScalar(out, from: firstSignificant, line: line) {
            out = joined.text
            joinedUntil = joined.until
        }
        return (.text(out), (old, indent))
    }

    /// The output column of a block collection whose first entry starts a line.
    func column(forCollection c: Int, fallback: Int) -> Int {
        let w = options.indentWidth
        var p = nodes[c].parent
        // Skip the key/value wrapper and the entry to reach the enclosing collection or document.
        while p >= 0 {
            let k = nodes[p].kind
            if k == .document || k == .stream { return 0 }
            if options.fault == .flattenNestedCollections { return 0 }
            if Self.isBlockCollection(k) {
                let parentNew = newColumn[p] >= 0 ? newColumn[p] : (oldColumn[p] >= 0 ? oldColumn[p] : 0)
                if nodes[c].kind == .blockSequence && nodes[p].kind == .blockMapping {
                    switch options.sequenceIndent {
                    case .compact: return parentNew
                    case .indented: return parentNew + w
                    case .preserve: return fileUsesCompactSequences ? parentNew : parentNew + w
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
                if newColumn[c] < 0 { newColumn[c] = frozen[c] ? oldColumn[c] : out.count }
            }
            let end = min(tok.range.end, line.contentEnd)
            if tok.kind == .flowSequenceStart || tok.kind == .flowMappingStart { flowStarts[i] = out.count }
            let nextOnLine = i + 1 < tokens.count && tokens[i + 1].range.start < line.contentEnd
                && !tokens[i + 1].kind.isTrivia
            if tok.kind == .whitespace, i > start, nextOnLine, isBlockIndicator(i - 1) {
                out.append(0x20)   // exactly one space between a block indicator and what follows
            } else if tok.kind == .whitespace, i > start, nextOnLine, let spaces = flowSpacing(between: i - 1, and: i + 1) {
                out.append(contentsOf: [UInt8](repeating: 0x20, count: spaces))
            } else if tok.kind == .singleQuotedScalar || tok.kind == .doubleQuotedScalar, tok.range.end <= line.contentEnd {
                out.append(contentsOf: requoted(tok))
            } else {
                out.append(contentsOf: bytes[tok.range.start..<end])
            }
            // Two significant tokens side by side in a flow collection that want a space between them.
            if !tok.kind.isTrivia, tok.range.end <= line.contentEnd, nextOnLine,
               flowSpacing(between: i, and: i + 1) == 1 {
                out.append(0x20)
            }
            i += 1
        }
    }

    /// The number of spaces wanted between significant tokens `a` and `b` of one line inside a flow
    /// collection (YAML 1.2.2 §7.4), or nil to keep the white space as written: one after `,` and after
    /// a flow mapping's `:`, none before `,`, none inside `[` `]`, and inside `{` `}` one or none as
    /// `bracketSpacing` asks. Separation white space inside flow collections carries no content, so
    /// this never changes meaning; a `:` is only spaced when the parser already took it for an indicator.
    func flowSpacing(between a: Int, and b: Int) -> Int? {
        let ka = tokens[a].kind, kb = tokens[b].kind
        guard inFlow[a] || ka == .flowSequenceStart || ka == .flowMappingStart else { return nil }
        if ka == .flowSequenceStart || kb == .flowSequenceEnd { return 0 }
        if ka == .flowMappingStart || kb == .flowMappingEnd {
            if ka == .flowMappingStart, kb == .flowMappingEnd { return 0 }
            guard let spaced = options.bracketSpacing else { return nil }
            return spaced ? 1 : 0
        }
        if kb == .flowEntry { return 0 }
        if ka == .flowEntry { return 1 }
        if ka == .mappingValue, inFlow[a] { return 1 }
        return nil
    }

    /// A one-line quoted scalar in the quote style `singleQuote` asks for, when its content reads the
    /// same in both styles (no `\`, `'` or `"` in it, so no escape changes meaning, YAML 1.2.2 §7.3.1-2);
    /// otherwise its bytes as written.
    func requoted(_ tok: Token) -> ArraySlice<UInt8> {
        let text = bytes[tok.range.start..<tok.range.end]
        guard let single = options.singleQuote, text.count >= 2 else { return text }
        let wanted: UInt8 = single ? 0x27 : 0x22
        guard text.first != wanted, text.last == text.first else { return text }
        let inner = text.dropFirst().dropLast()
        if inner.contains(where: { $0 == 0x5C || $0 == 0x27 || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return text
        }
        return [wanted] + inner + [wanted]
    }

    // MARK: printWidth

    /// Columns taken by `text` (UTF-8 continuation bytes not counted).
    func displayWidth(_ text: [UInt8]) -> Int { text.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } }

    /// `out` (one laid-out line) with its flow collection broken onto several lines, one entry per line,
    /// or nil when the line has no collection to break. Only a one-line flow collection that is the
    /// whole value after a block `key:` or `- `, with nothing after it (no comment), is broken; nested
    /// collections stay on their entry's line. The layout keeps every line more indented than the
    /// enclosing block collection, as flow content requires (YAML 1.2.2 §7.4, §8.2.3):
    ///
    ///     key:               - [
    ///       [                    a,
    ///         a,                 b
    ///         b                ]
    ///       ]
    func wrappingFlowCollection(_ out: [UInt8], from first: Int, line: Line) -> [UInt8]? {
        // The first flow collection start on the line, right after a block indicator.
        var open = first
        while open < tokens.count && tokens[open].range.start < line.contentEnd
                && tokens[open].kind != .flowSequenceStart && tokens[open].kind != .flowMappingStart { open += 1 }
        guard open < tokens.count, tokens[open].range.start < line.contentEnd, let at = flowStarts[open] else { return nil }
        var before = open - 1
        while before >= first && tokens[before].kind == .whitespace { before -= 1 }
        guard before >= first, isBlockIndicator(before),
              tokens[before].kind == .mappingValue || tokens[before].kind == .sequenceEntry else { return nil }
        // Its end on the same line, then only white space.
        var depth = 0, close = open, commas: [Int] = []
        while close < tokens.count && tokens[close].range.start < line.contentEnd {
            switch tokens[close].kind {
            case .flowSequenceStart, .flowMappingStart: depth += 1
            case .flowSequenceEnd, .flowMappingEnd: depth -= 1
            case .flowEntry: if depth == 1 { commas.append(close) }
            case .comment, .error: return nil
            default: break
            }
            if depth == 0 { break }
            close += 1
        }
        guard depth == 0, close < tokens.count, tokens[close].range.end <= line.contentEnd else { return nil }
        var after = close + 1
        while after < tokens.count && tokens[after].range.start < line.contentEnd {
            if tokens[after].kind != .whitespace { return nil }
            after += 1
        }
        var entries: [[UInt8]] = []
        var from = open + 1
        for end in commas + [close] {
            let text = renderFlow(from, end)
            if !text.isEmpty { entries.append(text) }
            from = end + 1
        }
        guard !entries.isEmpty else { return nil }
        let w = options.indentWidth
        var prefix = Array(out[..<at])
        let openColumn: Int
        if tokens[before].kind == .mappingValue {
            // `key:` stays, the collection starts the next line one level deeper than the key.
            while prefix.last == 0x20 { prefix.removeLast() }
            let keyColumn = newColumn[Int(owner[before])] >= 0 ? newColumn[Int(owner[before])] : 0
            openColumn = keyColumn + w
            prefix += addedBreak + [UInt8](repeating: 0x20, count: openColumn)
        } else {
            openColumn = displayWidth(prefix)
        }
        var result = prefix + [bytes[tokens[open].range.start]] + addedBreak
        for (k, e) in entries.enumerated() {
            result += [UInt8](repeating: 0x20, count: openColumn + w) + e
            if k + 1 < entries.count { result.append(UInt8(ascii: ",")) }
            result += addedBreak
        }
        result += [UInt8](repeating: 0x20, count: openColumn) + [bytes[tokens[close].range.start]]
        return result
    }

    /// Tokens `a ..< b` (one line, inside a flow collection) with the flow spacing rules applied and
    /// without white space at either end.
    func renderFlow(_ a: Int, _ b: Int) -> [UInt8] {
        var out: [UInt8] = []
        for t in a..<b {
            let tok = tokens[t]
            if tok.kind == .whitespace {
                if t == a || t + 1 >= b { continue }
                if let n = flowSpacing(between: t - 1, and: t + 1) { out += [UInt8](repeating: 0x20, count: n) }
                else { out += bytes[tok.range.start..<tok.range.end] }
                continue
            }
            if tok.kind == .singleQuotedScalar || tok.kind == .doubleQuotedScalar { out += requoted(tok) }
            else { out += bytes[tok.range.start..<tok.range.end] }
            if t + 1 < b, !tokens[t + 1].kind.isTrivia, flowSpacing(between: t, and: t + 1) == 1 { out.append(0x20) }
        }
        while out.last == 0x20 || out.last == 0x09 { out.removeLast() }
        return out
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

    /// True when token `t` lies inside a flow collection (whose layout is kept as written).
    func insideFlow(_ t: Int) -> Bool { inFlow[t] }

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
        // Flow scalar continuation: leading white space is folded away, so it may move. With a tab in
        // it, only the spaces before the first tab move (the line must stay more indented than its
        // collection, YAML 1.2.2 §7.3.3 / §6.1).
        if tok.kind == .error { return .text(text) }
        if text.prefix(while: { $0 == 0x20 || $0 == 0x09 }).contains(0x09) {
            if tok.range.end >= line.contentEnd { return .text(trimmed(shiftingSpaces(text[...], by: shift), line: line)) }
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

    /// `text` with its leading spaces (those before any other byte) changed by `shift`, never below zero.
    func shiftingSpaces(_ text: ArraySlice<UInt8>, by shift: Int) -> [UInt8] {
        let spaces = text.prefix(while: { $0 == 0x20 }).count
        return [UInt8](repeating: 0x20, count: max(0, spaces + shift)) + text.dropFirst(spaces)
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
        let forcedBreak: [UInt8]? = options.lineBreak.map { Array($0.utf8) }
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
            // Each line keeps its own break unless one is asked for (line breaks are normalised to
            // `\n` inside scalars anyway, YAML 1.2.2 §5.4, so changing them keeps the meaning).
            let lineBreak = line.end > line.contentEnd ? (forcedBreak ?? Array(bytes[line.contentEnd..<line.end])) : []
            switch emitted[i] {
            case .dropped:
                continue
            case .blank:
                blankRun += 1
                if blankRun <= maxBlank { pendingBlanks.append(lineBreak.isEmpty ? fileBreak : lineBreak) }
                continue
            case .text(let t):
                flush(&pendingBlanks, into: &out)
                out.append(contentsOf: t)
            case .comment(let column, let text):
                if options.fault == .dropCommentLines { continue }
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
