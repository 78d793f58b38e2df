import YAMLComposer
import YAMLParser
import YAMLSyntax

/// The block mapping entries of a syntactically valid text whose key opens its line (after indentation and
/// any `- ` block sequence indicators), so that an edit
/// inside one entry's value re-parses and re-composes that entry only (incremental reparse of one block).
///
/// YAML 1.2.2 §8.2.2: an entry of a block mapping at indentation n whose key starts its line ends before
/// the next line that is neither empty nor a comment and is indented by at most n spaces. When an edit
/// lies after the entry's first line and before that line, and neither the old nor the new text has such
/// a line in between, the entry's extent is decided by indentation alone; its lines, parsed as a text of
/// their own (a block mapping at indentation n with that one entry), give the same tokens, events and
/// findings as in context, moved by the offset of the entry's first line. Everything outside the entry
/// is unchanged, but for offsets moved by the edit's length.
///
/// Kept only for texts where that holds without doubt: no syntax error, no directive (`%TAG` handles
/// would cross the boundary). A text with anchors or aliases qualifies, but an entry is re-checked alone
/// only when neither its old nor its new lines hold an anchor or an alias and no anchored node overlaps it
/// (§3.2.2.2: an alias in the entry may name an anchor outside it, an anchor in it be used outside, and an
/// alias elsewhere repeat a node holding the edit; see ``AnchorSpans``). Offsets are UTF-8 bytes.
struct BlockEntries: Sendable {
    /// Offsets of the keys, sorted (each the first byte of its line after spaces and `- ` indicators).
    private(set) var offsets: [Int32]
    /// Each key's indentation in spaces (= its column), parallel to ``offsets``.
    private(set) var indents: [Int32]
    /// True for the keys of a mapping that is its document's root node, parallel to ``offsets``.
    private(set) var rootKeys: [Bool]
    /// The text's anchors, aliases and anchored nodes; nil when it has none.
    private(set) var anchors: AnchorSpans?

    /// The entries of a full parse, or nil when the text does not qualify (see the type's description)
    /// or is too long for 32-bit offsets. With `start`, `parse` is that of one chunk of a stream
    /// (``DocumentChunks``) starting at that offset of the whole text: the entries are that chunk's, at
    /// their offsets in the whole text (YAML 1.2.2 §9.2: the documents of a stream without directives
    /// share nothing; anchors and aliases are per document, §3.2.2.2). A chunk with an anchor or an alias
    /// does not qualify: the re-check of an entry near anchors (``AnchorSpans``) is made for a whole text.
    init?(parse: ParseResult, at start: Int? = nil) {
        guard parse.isValid, (start ?? 0) + parse.tree.bytes.count < Int(Int32.max) else { return nil }
        for token in parse.tree.tokens {
            switch token.kind {
            case .directive: return nil
            case .anchor where start != nil, .alias where start != nil: return nil
            default: continue
            }
        }
        (offsets, indents, rootKeys) = Self.keys(parse.events, parse.tree.bytes)
        anchors = start == nil ? AnchorSpans(parse) : nil
        if let start, start != 0 { offsets = offsets.map { $0 + Int32(start) } }
    }

    private init(offsets: [Int32], indents: [Int32], rootKeys: [Bool], anchors: AnchorSpans?) {
        self.offsets = offsets
        self.indents = indents
        self.rootKeys = rootKeys
        self.anchors = anchors
    }

    /// The keys of block mappings in `events` that open their line after spaces and `- ` indicators (an
    /// explicit `? ` key is not: its node starts after the indicator), with their indentation and whether
    /// their mapping is the document's root node.
    ///
    /// The events' structure is read from their records (``ParseEvents/nesting(at:)``): reading them as
    /// ``Event`` values built every scalar's value as a `String`, at every open of a large document.
    static func keys(_ events: ParseEvents, _ bytes: [UInt8]) -> ([Int32], [Int32], [Bool]) {
        var offsets: [Int32] = [], indents: [Int32] = [], rootKeys: [Bool] = []
        // Per open collection: is it a block mapping, and how many child nodes it has started.
        var stack: [(blockMapping: Bool, children: Int)] = []
        for index in events.indices {
            let opens: Bool?
            switch events.nesting(at: index) {
            case .opensBlockMapping: opens = true
            case .opensCollection: opens = false
            case .node: opens = nil
            case .closes:
                stack.removeLast()
                continue
            case .none: continue
            }
            if let top = stack.last {
                let start = events.range(at: index).start
                if top.blockMapping && top.children % 2 == 0, let indent = lineIndent(bytes, start) {
                    offsets.append(Int32(start))
                    indents.append(Int32(indent))
                    rootKeys.append(stack.count == 1)
                }
                stack[stack.count - 1].children += 1
            }
            if let blockMapping = opens { stack.append((blockMapping, 0)) }
        }
        return (offsets, indents, rootKeys)
    }

    /// The column of `offset` when only spaces, and block sequence indicators each followed by a space,
    /// precede it on its line (`- key:` starts the block mapping that is the sequence entry's node: YAML
    /// 1.2.2 §8.2.1, "compact" nested collections), else nil.
    private static func lineIndent(_ bytes: [UInt8], _ offset: Int) -> Int? {
        var i = offset
        while true {
            while i > 0 && bytes[i - 1] == 0x20 { i -= 1 }
            guard i > 0, i < offset, bytes[i - 1] == 0x2D, bytes[i] == 0x20 else { break }
            i -= 1
        }
        return i == 0 || bytes[i - 1] == 0x0A || bytes[i - 1] == 0x0D ? offset - i : nil
    }

    /// What re-checking one entry gave.
    struct Recheck: Sendable {
        /// The whole new text's diagnostics, sorted by position.
        let diagnostics: [YAMLDiagnostic]
        /// The entries of the new text.
        let entries: BlockEntries
        /// The re-parsed entry's lines in the new text (from its first line's start).
        let slice: TextRange
        /// True when the edit cannot change the scalar values of the document root's `kind` and
        /// `apiVersion` keys (what Kubernetes resources and CustomResourceDefinitions are recognised by)
        /// nor whether its `metadata` is a mapping: the entry's mapping is not the root, or its key is none
        /// of `kind`, `apiVersion`, `metadata` and `<<`.
        let keepsResourceType: Bool
        /// True when the edit cannot change what schema association reads of the document's root node
        /// (``DocumentRootSummary``: the scalar values of its `kind` and `apiVersion` keys, and whether its
        /// `metadata` is a mapping; also all that makes it a CustomResourceDefinition): the entry's mapping
        /// is not the root, or its key is none of `kind`, `apiVersion`, `metadata` and `<<`.
        var keepsRootSummary: Bool = false
        /// New length minus old length.
        let delta: Int
        /// The re-parsed entry composed on its own: a block mapping with that one entry, its ranges
        /// relative to ``slice``'s start; nil when the text did not change, or when the edit lies inside an
        /// anchored node (its aliases repeat it elsewhere: ``AnchorSpans``).
        var entry: YAMLNode? = nil
        /// Where the document of the re-parsed lines ends (an implicit end: after its last node, before
        /// trailing comments and blank lines), relative to ``slice``'s start.
        var documentEnd: Int = 0
        /// The re-parsed entry's lines parsed alone (the `- ` indicators before its key made spaces), from
        /// which the whole text's tree is made without a parse (``SnapshotAnalysis``); nil when the text did not change.
        var tree: SyntaxTree? = nil
    }

    /// Re-checks `new`, an edited version of `old` (whose entries are `self`, and whose diagnostics are
    /// `oldDiagnostics`), by parsing and composing only the smallest entry that encloses the edit and
    /// whose extent the edit cannot change; nil when there is none or in any doubt, and the whole text
    /// must be analysed. `lineIndex` and `newLineIndex` index `old` and `new`; `prefix` and `suffix` are
    /// their common prefix and suffix lengths in bytes (``DocumentChunks/commonPrefixAndSuffix(_:_:)``).
    ///
    /// The entry's lines must parse without a syntax error into one document holding a block mapping at
    /// the key's indentation with that one entry, and hold no document marker, directive, alias or byte
    /// order mark, and no anchor but those of the old lines, unedited, where ``AnchorSpans`` allows them; its lines and the line after them must have no tab in their indentation and no
    /// carriage return; no old diagnostic may sit on the entry's first line or straddle its boundaries;
    /// character problems must stay under the parser's cap; and when the edit changed the number of
    /// lines, no diagnostic after the entry may cite a line number in its message.
    func recheck(old: [UInt8], diagnostics oldDiagnostics: [YAMLDiagnostic], lineIndex: LineIndex, new: [UInt8],
                 newLineIndex: LineIndex, prefix: Int, suffix: Int) -> Recheck? {
        // The same text (a burst of keystrokes that undid itself, coalesced into one change): the same findings.
        guard prefix < old.count || prefix < new.count else {
            return Recheck(diagnostics: oldDiagnostics, entries: self, slice: TextRange(empty: 0), keepsResourceType: true, delta: 0)
        }
        let oldEditEnd = old.count - suffix, newEditEnd = new.count - suffix
        let editLine = lineIndex.line(containing: prefix)
        let editLineStart = lineIndex.lineStart(editLine), nextLineStart = lineIndex.lineStart(editLine + 1)
        // The key on the edit's line (when the edit is in its value), then the last key on a line before
        // it and its enclosing keys (less indented), innermost first.
        var lo = 0, hi = offsets.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(offsets[mid]) < editLineStart { lo = mid + 1 } else { hi = mid }
        }
        var i = lo < offsets.count && Int(offsets[lo]) < min(nextLineStart, prefix) ? lo : lo - 1
        var below = Int32.max, tried = 0
        while i >= 0 && tried < 64 {
            defer { i -= 1 }
            guard indents[i] < below else { continue }
            below = indents[i]
            tried += 1
            let key = Int(offsets[i]), n = Int(indents[i])
            // The edit starts after the key's line, or on it after the key's `:` (checked once parsed).
            let ownLine = key >= editLineStart
            guard let headEnd = Self.lineEnd(old, from: key), ownLine || headEnd < prefix,
                  let newHeadEnd = ownLine ? Self.lineEnd(new, from: key) : headEnd else { return nil }
            guard let oldNext = Self.entryEnd(old, after: headEnd + 1, indent: n),
                  let newNext = Self.entryEnd(new, after: newHeadEnd + 1, indent: n) else { return nil }
            // An edit reaching the next line at indentation <= n (or making one) ends this entry elsewhere:
            // try the enclosing one.
            guard oldEditEnd <= oldNext, newEditEnd <= newNext, newNext == oldNext + (new.count - old.count) else { continue }
            if let recheck = recheck(old: old, diagnostics: oldDiagnostics, lineIndex: lineIndex, new: new,
                                     newLineIndex: newLineIndex, start: key - n, head: headEnd, oldNext: oldNext,
                                     newNext: newNext, indent: n, rootKey: rootKeys[i], editStart: ownLine ? prefix : nil,
                                     edit: (prefix, oldEditEnd)) {
                return recheck
            }
            // An edit of the key itself is the enclosing entry's.
            if !ownLine { return nil }
        }
        return nil
    }

    /// The re-check of the entry whose lines are `start..<oldNext` in `old` and `start..<newNext` in
    /// `new`, its first line's break at `head` (in `old`). With `editStart` (an edit on the entry's first
    /// line), the key must be a scalar whose `:` precedes `editStart`: the key is unchanged.
    private func recheck(old: [UInt8], diagnostics oldDiagnostics: [YAMLDiagnostic], lineIndex: LineIndex, new: [UInt8],
                         newLineIndex: LineIndex, start: Int, head: Int, oldNext: Int, newNext: Int, indent n: Int,
                         rootKey: Bool, editStart: Int?, edit: (start: Int, oldEnd: Int)) -> Recheck? {
        let delta = new.count - old.count
        let linesMoved = newLineIndex.lineCount != lineIndex.lineCount
        var characterProblems = 0
        for d in oldDiagnostics {
            if d.range.start < start {
                guard d.range.end <= start else { return nil }
            } else if d.range.start < oldNext {
                // An unused anchor on the first line stays unused, and stays where it is (``AnchorSpans``).
                guard d.range.start > head || (anchors != nil && d.code == UnusedAnchors.code), d.range.end <= oldNext else { return nil }
            } else if d.range.start == oldNext && d.range.end == oldNext {
                return nil
            }
            if DiagnosticsCollector.characterCodes.contains(d.code) { characterProblems += 1 }
            if linesMoved && d.range.start >= oldNext && DocumentChunks.citesLine(d.message) { return nil }
        }

        // A key after `- ` indicators: spaces in their place, so that the lines parse as a block mapping at
        // the key's column (the sequences around the entry are outside it, and the indicators hold no token
        // the entry's diagnostics could be about).
        var lines = Array(new[start..<newNext])
        for j in 0..<min(n, lines.count) where lines[j] != 0x20 { lines[j] = 0x20 }
        let parse = Parser.parse(lines)
        guard parse.isValid else { return nil }
        for token in parse.tree.tokens {
            switch token.kind {
            case .directive, .directivesEnd, .documentEnd, .alias, .byteOrderMark: return nil
            case .anchor where anchors == nil: return nil
            default: continue
            }
        }
        // In a text with anchors or aliases: what the edit changes of what they mean (``AnchorSpans``).
        let anchorOutcome = anchors?.recheck(old: old, new: new, start: start, oldEnd: oldNext, edit: edit, delta: delta, entry: parse)
        if anchors != nil && anchorOutcome == nil { return nil }
        // One document whose root is a block mapping at the key's indentation with one entry.
        var documents = 0, depth = 0, rootChildren = 0, rootIsMapping = false, firstKey: String?
        for event in parse.events {
            switch event.kind {
            case .scalar(let value, _, _, _) where depth == 1:
                if rootChildren == 0 { firstKey = value }
                rootChildren += 1
            case .documentStart: documents += 1
            case .mappingStart(_, _, let style):
                if depth == 0 { rootIsMapping = style == .block && event.range.start == n } else if depth == 1 { rootChildren += 1 }
                depth += 1
            case .sequenceStart:
                if depth == 1 { rootChildren += 1 }
                depth += 1
            case .mappingEnd, .sequenceEnd: depth -= 1
            case .scalar, .alias: if depth == 1 { rootChildren += 1 }
            default: break
            }
        }
        // A merge key's value changes the keys of its mapping (the `<<` merge key of the YAML 1.1 type
        // repository, which the composer resolves).
        guard documents == 1, rootIsMapping, rootChildren == 2, firstKey != "<<" else { return nil }
        if let editStart {
            guard firstKey != nil, let colon = parse.tree.tokens.first(where: { $0.kind == .mappingValue }),
                  start + colon.range.start < editStart else { return nil }
        }
        let composition = Composer.compose(parse, lineOffset: newLineIndex.line(containing: start))
        guard composition.documents.count == 1 else { return nil }

        var entryDiagnostics = DiagnosticsCollector.collect(parse: parse, composition: composition)
        if anchorOutcome != nil {
            // The entry's anchors are bound as before (``AnchorSpans``): its `unused-anchor` findings are the old ones.
            entryDiagnostics.removeAll { $0.code == UnusedAnchors.code }
            for var d in oldDiagnostics where d.code == UnusedAnchors.code && d.range.start >= start && d.range.start < oldNext {
                let moved = d.range.start >= edit.oldEnd ? delta : 0
                d.range = TextRange(start: d.range.start + moved - start, end: d.range.end + moved - start)
                entryDiagnostics.append(d)
            }
        }
        for d in entryDiagnostics where DiagnosticsCollector.characterCodes.contains(d.code) { characterProblems += 1 }
        guard characterProblems < CharacterCheck.maximumErrors else { return nil }
        let diagnostics = DiagnosticsCollector.splice(oldDiagnostics, start: start, oldEnd: oldNext, fresh: entryDiagnostics, delta: delta)

        // The keys: those before the entry, the entry's own, and those after it, moved.
        let (keys, keyIndents, keyRoots) = Self.keys(parse.events, parse.tree.bytes)
        var lo = 0, hi = offsets.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(offsets[mid]) < start { lo = mid + 1 } else { hi = mid }
        }
        var after = lo
        while after < offsets.count && Int(offsets[after]) < oldNext { after += 1 }
        var newOffsets = Array(offsets[..<lo]), newIndents = Array(indents[..<lo]), newRoots = Array(rootKeys[..<lo])
        newOffsets.reserveCapacity(lo + keys.count + offsets.count - after)
        newOffsets += keys.lazy.map { $0 + Int32(start) }
        newIndents += keyIndents
        // The entry's own key belongs to the mapping it belonged to; those under it do not belong to a root.
        newRoots += keyRoots.indices.map { $0 == 0 ? rootKey : false }
        newOffsets += offsets[after...].lazy.map { $0 + Int32(delta) }
        newIndents += indents[after...]
        newRoots += rootKeys[after...]
        let entries = BlockEntries(offsets: newOffsets, indents: newIndents, rootKeys: newRoots,
                                   anchors: anchorOutcome?.spans)
        return Recheck(diagnostics: diagnostics, entries: entries,
                       slice: TextRange(start: start, end: newNext),
                       // The root's `metadata` counts: a mapping there makes a custom resource one for the CRD catalog
                       // (``SchemaAssociator/crdCatalogSchema(_:type:)``).
                       keepsResourceType: !rootKey || !DocumentRootSummary.readsRootEntry(keyed: firstKey ?? ""),
                       keepsRootSummary: !rootKey || firstKey.map { !DocumentRootSummary.readsRootEntry(keyed: $0) } ?? false,
                       delta: delta,
                       // An anchored node holding the edit is repeated by its aliases: no check may follow the entry alone.
                       entry: anchorOutcome?.changesAnchoredNodes == true ? nil : composition.documents[0].root,
                       documentEnd: composition.documents[0].range.end, tree: parse.tree)
    }

    /// The offset of the line break ending the line that holds `offset`; nil at a carriage return or
    /// when the text ends first.
    private static func lineEnd(_ bytes: [UInt8], from offset: Int) -> Int? {
        var i = offset
        while i < bytes.count {
            switch bytes[i] {
            case 0x0A: return i
            case 0x0D: return nil
            default: i += 1
            }
        }
        return nil
    }

    /// The start of the first line from `offset` (a line start) that is neither empty nor a comment and
    /// is indented by at most `n` spaces (the text's length when there is none); nil at a tab in the
    /// indentation or a carriage return before it, or at its end.
    private static func entryEnd(_ bytes: [UInt8], after offset: Int, indent n: Int) -> Int? {
        var lineStart = offset
        while lineStart < bytes.count {
            var i = lineStart
            while i < bytes.count && bytes[i] == 0x20 { i += 1 }
            if i < bytes.count {
                switch bytes[i] {
                case 0x09, 0x0D: return nil
                case 0x0A, 0x23: break
                default: if i - lineStart <= n { return lineStart }
                }
            }
            guard let end = lineEnd(bytes, from: i) else {
                // The last line: the text ends inside the entry, unless a carriage return is in it.
                return bytes[i...].contains(0x0D) ? nil : bytes.count
            }
            lineStart = end + 1
        }
        return bytes.count
    }
}

extension BlockEntries {
    /// The entries after an edit that holds no key and ends at `offset` of the old text (inside one flow
    /// collection entry: ``FlowEntries``): those from `offset` on moved by `delta` (new length minus old).
    func moved(from offset: Int, by delta: Int) -> BlockEntries {
        var moved = self
        var i = offsets.count
        while i > 0 && Int(offsets[i - 1]) >= offset { i -= 1 }
        for j in i..<offsets.count { moved.offsets[j] += Int32(delta) }
        return moved
    }
}
