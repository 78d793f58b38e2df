import YAMLComposer
import YAMLParser
import YAMLSyntax

/// The flow collections of a syntactically valid text, by their indicators, so that an edit inside one
/// entry of a flow collection re-parses and re-composes that entry only (incremental reparse of one flow
/// entry: the flow analogue of ``BlockEntries``).
///
/// YAML 1.2.2 §7.4: the entries of a flow sequence (`[a, b]`) and of a flow mapping (`{k: v, ...}`) are
/// separated by `,` and enclosed by the brackets; an entry is a flow node or a flow pair (§7.4.1
/// ns-flow-pair), or a key with its value (§7.4.2). The bytes between two consecutive indicators of the
/// same collection (its opening bracket or a `,`, then a `,` or its closing bracket) are one entry, in
/// flow-in context (§7.1, `in-flow(c)`) when the collection is not inside a key. Written as a collection of
/// its own, at the same columns (`[` or `{` where the indicator before it was, the closing bracket where
/// the indicator after it was), those bytes give the same tokens, events and findings as in context, moved
/// by the offset of the entry's first line, when:
/// - the collection lies in no key (in a key, its entries are in flow-key context, and an edit changes the
///   key, so duplicates among the key's siblings);
/// - in a flow mapping, the edit leaves the entry's key and `:` alone (a new key may repeat a sibling's);
/// - the collection is a document's root node, or the edit adds and removes no line break and no
///   indentation and leaves every other line of the entry a comment line or a content line as it was (in
///   block context, a flow node's continuation lines must be indented more than the block around it:
///   §7.3, s-flow-line-prefix(n), which the collection written alone at the root does not check).
/// Everything outside the entry is unchanged, but for offsets moved by the edit's length.
///
/// Kept only for texts where that holds without doubt: no syntax error, no directive, no anchor or alias
/// (§3.2.2.2: an alias in the entry may name an anchor outside it). Offsets are UTF-8 bytes.
struct FlowEntries: Sendable {
    /// Offsets of the flow indicators `[`, `]`, `{`, `}` and `,` of the text's flow collections, sorted, but
    /// for those from index ``movedFrom`` on, which are to be moved by ``moved`` (see ``offset(_:)``).
    private var stored: [Int32]
    /// A move not yet applied to ``stored``: typing at one place leaves the arrays shared with the previous
    /// snapshot's, as they are (about 800,000 indicators in 10 MB of JSON), and moves only this.
    private var movedFrom: Int
    private var moved: Int32
    /// Parallel to ``offsets``: for an opening bracket, the index of its closing one; for a closing bracket,
    /// the index of its opening one; for a `,`, the index of its collection's opening bracket.
    private(set) var links: [Int32]
    /// Offsets of the opening brackets of the collections inside a key (of a flow or block mapping), sorted.
    private(set) var keyed: [Int32]
    /// The offsets of the opening and closing brackets of the collections that are a document's root node.
    private(set) var roots: [(open: Int32, close: Int32)]

    /// The flow collections of a full parse, or nil when the text does not qualify (see the type's
    /// description) or is too long for 32-bit offsets.
    init?(parse: ParseResult) {
        guard parse.isValid, parse.tree.bytes.count < Int(Int32.max) else { return nil }
        for token in parse.tree.tokens {
            switch token.kind {
            case .directive, .anchor, .alias: return nil
            default: continue
            }
        }
        guard let found = Self.indicators(parse.tree, shift: 0, base: 0) else { return nil }
        (stored, links, keyed) = found
        (movedFrom, moved) = (stored.count, 0)
        let offsets = stored
        roots = []
        let tree = parse.tree
        var document = tree.nodes[0].firstChild
        while document >= 0 {
            var content = tree.nodes[document].firstChild
            while content >= 0 {
                let kind = tree.nodes[content].kind
                if kind == .flowMapping || kind == .flowSequence, let open = Self.openingBracket(tree, content) {
                    let index = Self.index(of: Int32(open), in: offsets)
                    roots.append((offsets[index], offsets[Int(links[index])]))
                }
                content = tree.nodes[content].nextSibling
            }
            document = tree.nodes[document].nextSibling
        }
    }

    private init(offsets: [Int32], links: [Int32], keyed: [Int32], roots: [(open: Int32, close: Int32)],
                 movedFrom: Int? = nil, moved: Int32 = 0) {
        stored = offsets
        self.movedFrom = movedFrom ?? offsets.count
        self.moved = moved
        self.links = links
        self.keyed = keyed
        self.roots = roots
    }

    /// The flow indicators of `tree` (offsets moved by `shift`, link indices by `base`) and the opening
    /// brackets of its collections inside keys; nil when its brackets do not balance.
    private static func indicators(_ tree: SyntaxTree, shift: Int32, base: Int32) -> ([Int32], [Int32], [Int32])? {
        var offsets: [Int32] = [], links: [Int32] = [], open: [Int32] = []
        for token in tree.tokens {
            let index = Int32(offsets.count)
            switch token.kind {
            case .flowSequenceStart, .flowMappingStart:
                open.append(index)
                links.append(-1)
            case .flowSequenceEnd, .flowMappingEnd:
                guard let o = open.popLast() else { return nil }
                links[Int(o)] = index + base
                links.append(o + base)
            case .flowEntry:
                guard let o = open.last else { return nil }
                links.append(o + base)
            default: continue
            }
            offsets.append(Int32(token.range.start) + shift)
        }
        guard open.isEmpty else { return nil }
        // Collections inside a key: a node whose parent is a `key`, or inside one (pre-order: parents first).
        var keyed: [Int32] = []
        if !offsets.isEmpty {
            var underKey = [Bool](repeating: false, count: tree.nodes.count)
            for i in 1..<tree.nodes.count {
                let node = tree.nodes[i], parent = node.parent
                underKey[i] = tree.nodes[parent].kind == .key || underKey[parent]
                if underKey[i], node.kind == .flowMapping || node.kind == .flowSequence, let o = openingBracket(tree, i) {
                    keyed.append(Int32(o) + shift)
                }
            }
        }
        return (offsets, links, keyed)
    }

    /// The offset of the opening bracket of the flow collection node `node` (after its properties).
    private static func openingBracket(_ tree: SyntaxTree, _ node: Int) -> Int? {
        let n = tree.nodes[node]
        for t in n.firstToken..<n.endToken where tree.tokens[t].kind == .flowSequenceStart || tree.tokens[t].kind == .flowMappingStart {
            return tree.tokens[t].range.start
        }
        return nil
    }

    /// The offsets of the flow indicators (``stored`` with the pending move applied).
    var offsets: [Int32] { stored.indices.map(offset) }

    /// The offset of indicator `i`.
    @inline(__always) private func offset(_ i: Int) -> Int32 { i < movedFrom ? stored[i] : stored[i] + moved }

    /// The index of the first indicator whose offset is not less than `offset`.
    private func index(of offset: Int32) -> Int {
        var lo = 0, hi = stored.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if self.offset(mid) < offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The index of the first of `offsets` not less than `offset`.
    private static func index(of offset: Int32, in offsets: [Int32]) -> Int {
        var lo = 0, hi = offsets.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if offsets[mid] < offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    private func isOpening(_ i: Int, _ bytes: [UInt8]) -> Bool {
        let b = bytes[Int(offset(i))]
        return b == 0x5B || b == 0x7B
    }

    private func isComma(_ i: Int, _ bytes: [UInt8]) -> Bool { bytes[Int(offset(i))] == 0x2C }

    /// The indicator that starts the entry holding the bytes after indicator `i` (its collection's opening
    /// bracket or a `,`), skipping the collections that close before; -1 when those bytes are in no flow
    /// collection (block context).
    private func entryStart(from i: Int, _ bytes: [UInt8]) -> Int {
        var j = i
        while j >= 0 {
            if isOpening(j, bytes) || isComma(j, bytes) { return j }
            j = Int(links[j]) - 1
        }
        return -1
    }

    /// The indicator that ends the entry started by indicator `s`: the next `,` or closing bracket of the
    /// same collection.
    private func entryEnd(after s: Int, _ bytes: [UInt8]) -> Int {
        var j = s + 1
        while isOpening(j, bytes) { j = Int(links[j]) + 1 }
        return j
    }

    /// What re-checking one entry gave.
    struct Recheck: Sendable {
        /// The whole new text's diagnostics, sorted by position.
        let diagnostics: [YAMLDiagnostic]
        /// The flow collections of the new text.
        let entries: FlowEntries
        /// The re-parsed entry in the new text (from the byte after the indicator before it to the
        /// indicator after it).
        let slice: TextRange
        /// True when the edit cannot change the scalar values of the root's `kind`, `apiVersion` (and
        /// whether `metadata` is a mapping): the entry is not one of an outermost flow mapping whose key is
        /// `kind`, `apiVersion`, `metadata` or `<<`.
        let keepsResourceType: Bool
        /// New length minus old length.
        let delta: Int
    }

    /// Re-checks `new`, an edited version of `old` (whose flow collections are `self`, and whose
    /// diagnostics are `oldDiagnostics`), by parsing and composing only the smallest flow collection entry
    /// that holds the edit and whose extent the edit cannot change (see the type's description); nil when
    /// there is none or in any doubt, and the whole text must be analysed. `lineIndex` and `newLineIndex`
    /// index `old` and `new`; `prefix` and `suffix` are their common prefix and suffix lengths in bytes
    /// (``DocumentChunks/commonPrefixAndSuffix(_:_:)``).
    ///
    /// The entry, written alone, must parse without a syntax error into one document holding one
    /// collection of its collection's kind with one entry, and hold no document marker, directive, anchor,
    /// alias, tag or byte order mark, nor a carriage return; the old entry written alone must give the
    /// findings the whole old text gave inside it (none came from its siblings, as a repeated key does); no
    /// old diagnostic may straddle its boundaries; character problems must stay under the parser's cap;
    /// and when the edit changed the number of lines, no diagnostic after the entry may cite a line number.
    func recheck(old: [UInt8], diagnostics oldDiagnostics: [YAMLDiagnostic], lineIndex: LineIndex, new: [UInt8],
                 newLineIndex: LineIndex, prefix: Int, suffix: Int) -> Recheck? {
        guard prefix < old.count || prefix < new.count else {
            return Recheck(diagnostics: oldDiagnostics, entries: self, slice: TextRange(empty: 0), keepsResourceType: true, delta: 0)
        }
        let oldEditEnd = old.count - suffix
        let last = index(of: Int32(prefix)) - 1
        guard last >= 0 else { return nil }
        var s = entryStart(from: last, old)
        var tried = 0
        while s >= 0 && tried < 8 {
            tried += 1
            let open = isOpening(s, old) ? s : Int(links[s])
            let e = entryEnd(after: s, old)
            // Entries larger than a quarter of the text gain nothing over a full analysis.
            guard Int(offset(e) - offset(s)) <= max(4096, old.count / 4) else { return nil }
            let inKey = !keyed.isEmpty && keyed[min(keyed.count - 1, Self.index(of: offset(open), in: keyed))] == offset(open)
            if Int(offset(e)) >= oldEditEnd, !inKey {
                switch recheck(old: old, diagnostics: oldDiagnostics, lineIndex: lineIndex, new: new, newLineIndex: newLineIndex,
                               prefix: prefix, oldEditEnd: oldEditEnd, start: s, end: e, open: open) {
                case .done(let recheck): return recheck
                case .wholeText: return nil
                case .enclosing: break
                }
            }
            // The edit reaches past this entry, or changes its key, or this collection is in a key: the
            // entry of this collection in the one around it.
            guard open > 0 else { return nil }
            s = entryStart(from: open - 1, old)
        }
        return nil
    }

    /// The outcome of re-checking one entry.
    private enum Outcome {
        case done(Recheck)
        /// The enclosing entry may do.
        case enclosing
        /// Only the whole text will do.
        case wholeText
    }

    /// The re-check of the entry between indicators `s` and `e` of the collection opened by indicator `open`.
    private func recheck(old: [UInt8], diagnostics oldDiagnostics: [YAMLDiagnostic], lineIndex: LineIndex, new: [UInt8],
                         newLineIndex: LineIndex, prefix: Int, oldEditEnd: Int, start s: Int, end e: Int, open: Int) -> Outcome {
        let delta = new.count - old.count
        let sliceStart = Int(offset(s)) + 1, oldEnd = Int(offset(e)), newEnd = oldEnd + delta
        let line = lineIndex.line(containing: sliceStart - 1)
        let lineStart = lineIndex.lineStart(line)
        let isRoot = roots.contains { Int($0.open) < sliceStart && Int($0.close) >= oldEnd }
        let opening = old[Int(offset(open))], closing: UInt8 = opening == 0x5B ? 0x5D : 0x7D
        // A carriage return would need the line index's care; outside a root collection, a line break or
        // indentation edited changes which lines must be indented.
        guard !old[sliceStart..<oldEnd].contains(0x0D), !new[sliceStart..<newEnd].contains(0x0D) else { return .wholeText }
        if !isRoot {
            let newEditEnd = oldEditEnd + delta
            guard !old[prefix..<oldEditEnd].contains(0x0A), !new[prefix..<newEditEnd].contains(0x0A),
                  old[lineIndex.lineStart(lineIndex.line(containing: prefix))..<prefix].contains(where: { $0 != 0x20 && $0 != 0x09 })
            else { return .wholeText }
        }

        let linesMoved = newLineIndex.lineCount != lineIndex.lineCount
        var characterProblems = 0
        var inside: [YAMLDiagnostic] = []
        for d in oldDiagnostics {
            if d.range.start < sliceStart {
                guard d.range.end <= sliceStart else { return .enclosing }
            } else if d.range.start < oldEnd {
                guard d.range.end <= oldEnd else { return .enclosing }
                inside.append(d)
            } else if d.range.start == oldEnd && d.range.end == oldEnd {
                return .enclosing
            }
            if DiagnosticsCollector.characterCodes.contains(d.code) { characterProblems += 1 }
            if linesMoved && d.range.start >= oldEnd && DocumentChunks.citesLine(d.message) { return .wholeText }
        }

        // The entry written alone, before and after the edit, at the same columns and lines.
        let column = sliceStart - 1 - lineStart
        func alone(_ bytes: [UInt8], _ end: Int) -> [UInt8] {
            var text = [UInt8](repeating: 0x20, count: column)
            text.reserveCapacity(column + end - sliceStart + 2)
            text.append(opening)
            text += bytes[sliceStart..<end]
            text.append(closing)
            return text
        }
        let editStart = prefix - lineStart
        guard let before = Entry(alone(old, oldEnd), column: column, line: line, opening: opening) else { return .enclosing }
        guard let after = Entry(alone(new, newEnd), column: column, line: line, opening: opening) else { return .enclosing }
        // In a mapping, the key and `:` before the edit in both texts: the same key.
        if opening == 0x7B {
            guard before.keyEnd <= editStart, after.keyEnd <= editStart, before.key != "<<", after.key != "<<" else { return .enclosing }
        }
        if !isRoot, before.contentLines != after.contentLines { return .wholeText }
        // The old entry alone gives what the whole text gave inside it: nothing came from its siblings.
        guard before.diagnostics.count == inside.count,
              zip(before.diagnostics, inside).allSatisfy({ $0.range.shifted(by: lineStart) == $1.range && $0.code == $1.code && $0.message == $1.message })
        else { return .enclosing }
        guard after.diagnostics.allSatisfy({ $0.range.start >= column + 1 && $0.range.end <= newEnd - lineStart }) else { return .wholeText }
        for d in after.diagnostics where DiagnosticsCollector.characterCodes.contains(d.code) { characterProblems += 1 }
        for d in inside where DiagnosticsCollector.characterCodes.contains(d.code) { characterProblems -= 1 }
        guard characterProblems < CharacterCheck.maximumErrors else { return .wholeText }
        let fresh = after.diagnostics.map { d -> YAMLDiagnostic in
            var d = d
            d.range = d.range.shifted(by: -(column + 1))
            return d
        }
        let diagnostics = DiagnosticsCollector.splice(oldDiagnostics, start: sliceStart, oldEnd: oldEnd, fresh: fresh, delta: delta)

        // The indicators: those up to the entry's first, the entry's own inside it, and those after, moved.
        let inner = after.indicators
        let entries = splicing(s + 1, e, offsets: inner.offsets[1..<(inner.offsets.count - 1)].map { $0 + Int32(lineStart) },
                               links: inner.links[1..<(inner.links.count - 1)].map { $0 - 1 },
                               keyed: inner.keyed.map { $0 + Int32(lineStart) }, start: sliceStart, oldEnd: oldEnd, delta: delta)
        let outermost = entryStart(from: open - 1, old) < 0
        return .done(Recheck(diagnostics: diagnostics,
                             entries: entries,
                             slice: TextRange(start: sliceStart, end: newEnd),
                             keepsResourceType: !(outermost && opening == 0x7B && DocumentRootSummary.readsRootEntry(keyed: after.key ?? "")),
                             delta: delta))
    }

    /// One entry written as a flow collection of its own (see ``recheck(old:diagnostics:lineIndex:new:newLineIndex:prefix:suffix:)``),
    /// parsed and composed; nil when that does not give one valid collection with one entry.
    private struct Entry {
        /// Its findings, sorted, ranges in the text written alone.
        let diagnostics: [YAMLDiagnostic]
        /// In a mapping: where the entry's key and `:` end (the end of the entry when it has no `:`).
        let keyEnd: Int
        /// In a mapping: the key's scalar value, if a scalar.
        let key: String?
        /// For each line after the first: true when it holds content, not only spaces or a comment.
        let contentLines: [Bool]
        /// The flow indicators of the text written alone (``FlowEntries/indicators(_:shift:base:)``).
        let indicators: (offsets: [Int32], links: [Int32], keyed: [Int32])

        init?(_ text: [UInt8], column: Int, line: Int, opening: UInt8) {
            let parse = Parser.parse(text)
            guard parse.isValid else { return nil }
            let tree = parse.tree
            for token in tree.tokens {
                switch token.kind {
                case .directive, .directivesEnd, .documentEnd, .anchor, .alias, .tag, .byteOrderMark: return nil
                default: continue
                }
            }
            // One document whose content is one collection of the kind, from the opening bracket to the end.
            let documents = tree.root.children
            guard documents.count == 1, let collection = documents[0].children.first(where: { $0.kind.isContent }),
                  collection.kind == (opening == 0x5B ? .flowSequence : .flowMapping),
                  collection.significantRange == TextRange(start: column, end: text.count) else { return nil }
            let entries = collection.children
            guard entries.count == 1, !collection.directTokens.contains(where: { $0.kind == .flowEntry }) else { return nil }
            if opening == 0x7B {
                let entry = entries[0]
                guard entry.kind == .mappingEntry else { return nil }
                keyEnd = entry.directTokens.first(where: { $0.kind == .mappingValue })?.range.end ?? entry.significantRange.end
            } else {
                keyEnd = 0
            }
            guard let found = FlowEntries.indicators(tree, shift: 0, base: 0) else { return nil }
            indicators = found
            let composition = Composer.compose(parse, lineOffset: line)
            guard composition.documents.count == 1 else { return nil }
            if opening == 0x7B, case .mapping(let pairs) = composition.documents[0].root.content, pairs.count == 1,
               case .scalar(let value, _) = pairs[0].key.content {
                key = value
            } else {
                key = nil
            }
            diagnostics = DiagnosticsCollector.collect(parse: parse, composition: composition)
            // Lines after the first: content or not (the token at the first byte that is no space or tab).
            var lines: [Bool] = []
            var i = 0, t = 0
            while let nl = text[i...].firstIndex(of: 0x0A) {
                i = nl + 1
                var j = i
                while j < text.count && (text[j] == 0x20 || text[j] == 0x09) { j += 1 }
                guard j < text.count, text[j] != 0x0A else { lines.append(false); continue }
                while t + 1 < tree.tokens.count && tree.tokens[t].range.end <= j { t += 1 }
                lines.append(tree.tokens[t].kind != .comment)
            }
            contentLines = lines
        }
    }

    /// The flow collections after an edit that replaced the bytes `start..<oldEnd` holding indicators `a..<b`
    /// (whole collections, or the inside of one entry) with bytes holding the indicators `offsets` (already
    /// positioned in the new text), `links` (indices among `offsets`) and `keyed`; the indicators after
    /// `oldEnd` are moved by `delta` (new length minus old length).
    private func splicing(_ a: Int, _ b: Int, offsets inner: [Int32], links innerLinks: [Int32], keyed innerKeyed: [Int32],
                          start: Int, oldEnd: Int, delta: Int) -> FlowEntries {
        let countDelta = Int32(inner.count - (b - a)), end = Int32(b), shift = Int32(delta)
        var newKeyed = keyed.filter { Int($0) < start }
        newKeyed += innerKeyed
        newKeyed += keyed.lazy.filter { Int($0) >= oldEnd }.map { $0 + shift }
        let newRoots = roots.map { root in
            (Int(root.open) >= oldEnd ? root.open + shift : root.open, Int(root.close) >= oldEnd ? root.close + shift : root.close)
        }
        // Nothing inside the entry before or after (typing in a scalar): the arrays are kept, the move
        // pending from `b` on grows (when it is pending from `b`, or none is pending).
        if inner.isEmpty && a == b && (movedFrom == b || moved == 0) {
            return FlowEntries(offsets: stored, links: links, keyed: newKeyed, roots: newRoots, movedFrom: b, moved: moved + shift)
        }
        var newOffsets = (0..<a).map(offset), newLinks = Array(links[..<a])
        newOffsets.reserveCapacity(stored.count + Int(countDelta))
        newLinks.reserveCapacity(stored.count + Int(countDelta))
        if countDelta != 0 {
            for i in newLinks.indices where newLinks[i] >= end { newLinks[i] += countDelta }
        }
        newOffsets += inner
        newLinks += innerLinks.lazy.map { $0 + Int32(a) }
        newOffsets += (b..<stored.count).lazy.map { self.offset($0) + shift }
        if countDelta == 0 {
            newLinks += links[b...]
        } else {
            newLinks += links[b...].lazy.map { $0 >= end ? $0 + countDelta : $0 }
        }
        return FlowEntries(offsets: newOffsets, links: newLinks, keyed: newKeyed, roots: newRoots)
    }

    /// After an edit that re-checked one block mapping entry (``BlockEntries``), whose lines were
    /// `start..<oldEnd` in the old text and are `start..<newEnd` in `new`: the flow collections of the new
    /// text, the entry's own found by parsing its new lines alone; nil when those hold a flow indicator
    /// byte and do not parse without an error (the next full analysis makes the flow entries again).
    func replacingBlockEntry(start: Int, oldEnd: Int, newEnd: Int, new: [UInt8]) -> FlowEntries? {
        let a = index(of: Int32(start)), b = index(of: Int32(oldEnd))
        let lines = new[start..<newEnd]
        if !lines.contains(where: { $0 == 0x5B || $0 == 0x5D || $0 == 0x7B || $0 == 0x7D || $0 == 0x2C }) {
            return splicing(a, b, offsets: [], links: [], keyed: [], start: start, oldEnd: oldEnd, delta: newEnd - oldEnd)
        }
        let parse = Parser.parse(Array(lines))
        guard parse.isValid, let inner = Self.indicators(parse.tree, shift: Int32(start), base: 0) else { return nil }
        return splicing(a, b, offsets: inner.0, links: inner.1, keyed: inner.2, start: start, oldEnd: oldEnd, delta: newEnd - oldEnd)
    }
}
