import YAMLParser
import YAMLSyntax

/// Completion from the document itself (no schema): alias names after `*`, keys that sibling items of the
/// same sequence use but the item at the cursor lacks, and the schema modeline at the top of a file.
///
/// Works on any text, half-typed included: the context comes from the cursor's line and the indentation
/// structure of the lines around it (``BlockStructure``), the tree only tells which lines are inside
/// multi-line scalars and flow collections. Never fails for an offset inside the text.
enum Completion {
    /// The modeline text offered at the top of a file.
    static let modeline = "# yaml-language-server: $schema="
    /// Largest number of candidates returned.
    static let maxCandidates = 500

    /// Bytes that end a word (YAML indicators, quotes, white space).
    static func isWordByte(_ b: UInt8) -> Bool {
        switch b {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"),
             UInt8(ascii: "}"), UInt8(ascii: "*"), UInt8(ascii: "&"), UInt8(ascii: "!"), UInt8(ascii: ":"),
             UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "#"):
            return false
        default:
            return true
        }
    }

    static func complete(_ snapshot: DocumentSnapshot, at offset: Int) -> CompletionSurface {
        let (ctx, siblings) = analyze(snapshot, at: offset)
        return CompletionSurface(context: ctx, candidates: candidates(snapshot, ctx, siblingKeys: siblings))
    }

    // MARK: Context

    /// The completion context at `offset`.
    static func context(_ snapshot: DocumentSnapshot, at offset: Int) -> CompletionContext { analyze(snapshot, at: offset).0 }

    /// The context at `offset` and, for a key, the keys sibling items use (most used first).
    static func analyze(_ snapshot: DocumentSnapshot, at offset: Int) -> (CompletionContext, [String]) {
        let bytes = snapshot.bytes
        let lines = snapshot.lineIndex
        let tree = snapshot.tree
        let line = lines.line(containing: Swift.max(0, Swift.min(offset, bytes.count)))
        let lineStart = lines.lineStart(line)
        let lineEnd = lines.lineContentEnd(line)
        let o = Swift.max(lineStart, Swift.min(offset, lineEnd))
        var ws = o
        while ws > lineStart && isWordByte(bytes[ws - 1]) { ws -= 1 }
        var we = o
        while we < lineEnd && isWordByte(bytes[we]) { we += 1 }
        let word = String(decoding: bytes[ws..<o], as: UTF8.self)
        let replace = TextRange(start: ws, end: we)
        var after = we
        while after < lineEnd, bytes[after] == 0x20 { after += 1 }
        let colonAfter = after < lineEnd && bytes[after] == UInt8(ascii: ":")
        let documents = tree.root.children.filter { $0.kind == .document }.map(\.range)
        // Outside every document node (after the last one's final line break, or between documents): from the
        // start of the last document before the cursor to the start of the next one, so that only that
        // document's keys count, as inside it (the stream's `---` starts each next document's node).
        let documentRange = documents.first { $0.touches(o) } ?? TextRange(
            start: documents.last { $0.start <= o }?.start ?? 0, end: documents.first { $0.start > o }?.start ?? bytes.count)
        func make(_ e: CompletionContext.Expectation, _ path: [KeyPathComponent] = [], word: String = word,
                  replace: TextRange = replace, present: [String] = [], inFlow: Bool = false) -> (CompletionContext, [String]) {
            (CompletionContext(expectation: e, keyPath: path, partialWord: word, replaceRange: replace, presentKeys: present,
                              hasColonAfter: colonAfter, inFlow: inFlow, documentRange: documentRange), [])
        }

        // The modeline: a comment being typed among the leading comment and blank lines of the file.
        var indentEnd = lineStart
        while indentEnd < o, bytes[indentEnd] == 0x20 || bytes[indentEnd] == 0x09 { indentEnd += 1 }
        let typed = String(decoding: bytes[indentEnd..<o], as: UTF8.self)
        if typed.hasPrefix("#") {
            if modeline.hasPrefix(typed) && onlyCommentsBefore(lineStart, bytes) {
                return make(.modeline, word: typed, replace: TextRange(start: indentEnd, end: o))
            }
            return make(.none)
        }
        let state = lineState(bytes, from: lineStart, to: o)
        if state.inComment || state.inQuotes { return make(.none) }

        // Flow collections: the nearest indicator before the word decides.
        let deepest = tree.deepestNode(at: o)
        var flow: SyntaxNode? = deepest
        while let f = flow, f.kind != .flowMapping && f.kind != .flowSequence { flow = f.parent }
        let inFlow = flow.map { f in
            f.range.start < o && (o < f.range.end || !f.tokens.contains { $0.kind == .flowMappingEnd || $0.kind == .flowSequenceEnd })
        } ?? false
        if ws > lineStart && bytes[ws - 1] == UInt8(ascii: "*") { return make(.aliasName, treePath(tree, at: o), inFlow: inFlow) }
        if inFlow, let f = flow {
            var p = ws
            while p > f.range.start, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[p - 1]) { p -= 1 }
            let before = p > 0 ? bytes[p - 1] : 0
            let isKey = f.kind == .flowMapping && (before == UInt8(ascii: "{") || before == UInt8(ascii: ","))
            return make(isKey ? .key : .value, treePath(tree, at: o), inFlow: true)
        }

        // Block context: scan the document's structure up to the cursor's line.
        let docStartLine = lines.line(containing: documentRange.start)
        let docEndLine = lines.line(containing: documentRange.end)
        let skip = BlockStructure.skippedLines(tree, lines, within: documentRange)
        if skip.contains(line) { return make(.none) }
        var structure = BlockStructure(bytes: bytes, lines: lines)
        if docStartLine < line {
            for l in docStartLine..<line where !skip.contains(l) {
                for opener in structure.openers(line: l) { structure.apply(opener, line: l) }
            }
        }
        let cursorOpeners = structure.openers(line: line, limit: ws)
        for opener in cursorOpeners where opener.isDash { structure.apply(opener, line: line) }
        if let key = cursorOpeners.last(where: { !$0.isDash }) {
            // `key: <word>`: a value.
            structure.apply(key, line: line)
            return make(.value, structure.path)
        }
        if word.allSatisfy({ $0 == "-" }) && !word.isEmpty { return make(.none, structure.path) }
        structure.close(before: ws - lineStart, dash: false)
        let parent = structure.open.last?.id ?? -1
        let path = structure.path
        // Finish the scan so that keys after the cursor count too.
        if line < docEndLine {
            for l in (line + 1)...docEndLine where !skip.contains(l) {
                for opener in structure.openers(line: l) { structure.apply(opener, line: l) }
            }
        }
        let present = structure.keys(under: parent, excluding: line)
        return (make(.key, path, present: present).0, siblingKeys(structure, parent: parent, cursorLine: line))
    }

    /// Keys used by the sibling items of the sequence item the cursor's mapping belongs to (or, for a
    /// mapping under a key of such an item, by the same key's mappings in the other items), most used first.
    static func siblingKeys(_ s: BlockStructure, parent: Int, cursorLine: Int) -> [String] {
        guard parent >= 0 else { return [] }
        let entries = s.entries
        let p = entries[parent]
        var counts: [String: Int] = [:]
        var order: [String] = []
        func count(_ name: String) {
            if counts[name] == nil { order.append(name) }
            counts[name, default: 0] += 1
        }
        if p.isDash {
            // Other items of the same sequence: their keys.
            for item in entries where item.isDash && item.parent == p.parent && item.id != p.id {
                for k in s.keys(under: item.id, excluding: cursorLine) { count(k) }
            }
        } else if p.parent >= 0, entries[p.parent].isDash {
            // The same key in other items of the enclosing sequence: its keys.
            let item = entries[p.parent]
            for other in entries where other.isDash && other.parent == item.parent && other.id != item.id {
                for cousin in entries where !cousin.isDash && cousin.parent == other.id && cousin.name == p.name {
                    for k in s.keys(under: cousin.id, excluding: cursorLine) { count(k) }
                }
            }
        }
        return order.enumerated().sorted { a, b in
            let ca = counts[a.element] ?? 0, cb = counts[b.element] ?? 0
            return ca != cb ? ca > cb : a.offset < b.offset
        }.map(\.element)
    }

    /// The key path at `offset` from the lossless tree (exact item indexes).
    static func treePath(_ tree: SyntaxTree, at offset: Int) -> [KeyPathComponent] {
        var out: [KeyPathComponent] = []
        var node: SyntaxNode? = tree.deepestNode(at: offset)
        var child: SyntaxNode?
        while let n = node {
            switch n.kind {
            case .mappingEntry:
                if child?.kind != .key, let key = n.child(.key) { out.append(.key(keyText(key))) }
            case .blockSequence, .flowSequence:
                if let c = child, let i = n.children.firstIndex(where: { $0.index == c.index }) { out.append(.item(i)) }
            default:
                break
            }
            child = n
            node = n.parent
        }
        return out.reversed()
    }

    /// The text of a key node: its scalar without quotes, or its significant text.
    static func keyText(_ key: SyntaxNode) -> String {
        if let token = key.tokens.first(where: { DocumentLinks.isScalar($0.kind) }),
           let (_, text) = DocumentLinks.scalarText(token, in: key.tree) { return text }
        return key.tree.text(key.significantRange)
    }

    static func onlyCommentsBefore(_ offset: Int, _ bytes: [UInt8]) -> Bool {
        var atLineStart = true
        var inComment = false
        for b in bytes[..<offset] {
            if b == 0x0A || b == 0x0D { atLineStart = true; inComment = false; continue }
            if inComment || b == 0x20 || b == 0x09 { continue }
            if atLineStart && b == UInt8(ascii: "#") { inComment = true; continue }
            if b == 0xEF || b == 0xBB || b == 0xBF { continue }   // a byte order mark
            return false
        }
        return true
    }

    /// Reads `from..<to` of one line: whether a comment starts in it, and whether `to` lies inside a quoted
    /// scalar that starts on the line (a quote opens a scalar at the line start or after a blank or a
    /// flow indicator; a backslash escapes the next character in double quotes, YAML 1.2.2 §7.3.1).
    static func lineState(_ bytes: [UInt8], from: Int, to: Int) -> (inComment: Bool, inQuotes: Bool) {
        var quote: UInt8 = 0
        var p = from
        while p < to {
            let b = bytes[p]
            if quote != 0 {
                if quote == UInt8(ascii: "\"") && b == UInt8(ascii: "\\") { p += 2; continue }
                if b == quote { quote = 0 }
            } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                if p == from || [0x20, 0x09, UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ":")].contains(bytes[p - 1]) {
                    quote = b
                }
            } else if b == UInt8(ascii: "#") && (p == from || bytes[p - 1] == 0x20 || bytes[p - 1] == 0x09) {
                return (true, false)
            }
            p += 1
        }
        return (false, quote != 0)
    }
}

extension Completion {
    // MARK: Candidates

    static func candidates(_ snapshot: DocumentSnapshot, _ ctx: CompletionContext, siblingKeys: [String]) -> [CompletionCandidate] {
        switch ctx.expectation {
        case .none, .value:
            return []
        case .modeline:
            return [CompletionCandidate(label: modeline, kind: .modeline, insertText: modeline, replaceRange: ctx.replaceRange,
                                        detail: "JSON Schema for this file",
                                        // No markup: the text reads the same in Markdown and plain-text clients.
                                        documentation: "Associates a JSON Schema with this file: write its URL or a path relative to this file after $schema=.")]
        case .aliasName:
            let index = AnchorIndex(tree: snapshot.tree)
            let anchors = index.anchorsVisible(at: ctx.replaceRange.start - 1, documentRange: ctx.documentRange)
            return anchors.reversed().prefix(maxCandidates).enumerated().map { i, a in
                let line = snapshot.displayLine(containing: a.range.start)
                return CompletionCandidate(label: a.name, kind: .alias, insertText: a.name, replaceRange: ctx.replaceRange,
                                           detail: "&\(a.name) on line \(line)", sortText: String(format4: i))
            }
        case .key:
            let present = Set(ctx.presentKeys)
            return siblingKeys.filter { !present.contains($0) }.prefix(maxCandidates).enumerated().map { i, key in
                let insert = ctx.hasColonAfter ? key : key + ": "
                return CompletionCandidate(label: key, kind: .key, insertText: insert, replaceRange: ctx.replaceRange,
                                           detail: "used by sibling items", sortText: String(format4: i))
            }
        }
    }
}

extension String {
    /// `i` as four decimal digits with leading zeros (sort keys).
    init(format4 i: Int) {
        let s = String(i)
        self = String(repeating: "0", count: Swift.max(0, 4 - s.count)) + s
    }
}
