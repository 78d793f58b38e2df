import YAMLParser
import YAMLSyntax

/// Where the anchors and aliases of a text are, for ``BlockEntries``: what an edit of one block mapping
/// entry may change of what the aliases mean, and so whether the entry can be re-checked alone.
///
/// YAML 1.2.2 §3.2.2.2 and §7.1: an alias denotes the node of the most recent preceding anchor of its name
/// in the same document. An edit of an entry whose old and new lines hold no alias, hold the same anchors
/// (names, in the same order, none of them edited), and lie in one document, leaves every binding as it was
/// (redefinitions included), so every `undefined-alias`, `recursive-alias` and `unused-anchor` finding too.
/// What it may change is the content of the anchored nodes that hold it (in the entry, or around it), and so
/// what the aliases bound to them repeat. The core checks read an alias's content only where it is a
/// mapping key or inside one (duplicate keys, §3.2.1.1); a `<<` merge (YAML 1.1) adds no finding. So the
/// entry is re-checked alone unless such an alias is a key or inside one, inside an anchored node (it may
/// be repeated as a key in turn), the document's root, or the value of the root's `kind`, `apiVersion` or
/// `<<` (what Kubernetes resources are recognised by). Offsets are UTF-8 bytes.
///
/// The recorded end of an anchored node that holds an edit may be past its true end (an edit at its end may
/// or may not extend it): a longer span only makes later edits analyse more.
struct AnchorSpans: Sendable, Equatable {
    /// Offsets of the anchor (`&`) and alias (`*`) tokens, sorted.
    private(set) var marks: [Int32]
    /// The ranges of the anchored nodes (from the node's first property to its end), sorted by start.
    private(set) var starts: [Int32]
    private(set) var ends: [Int32]
    /// Offsets of the aliases whose content a finding may read (see the type's description), sorted.
    private(set) var sensitive: [Int32]
    /// True when the text is one document (anchors are per document: only then is the binding read here).
    let singleDocument: Bool

    /// The spans of a parse (offsets moved by `offset`), nil when it has no anchor and no alias.
    init?(_ parse: ParseResult, offset: Int = 0) {
        var marks: [Int32] = []
        for token in parse.tree.tokens where token.kind == .anchor || token.kind == .alias {
            marks.append(Int32(token.range.start + offset))
        }
        guard !marks.isEmpty else { return nil }
        var spans: [(Int32, Int32)] = [], sensitive: [Int32] = []
        var documents = 0
        // The value of the root mapping's last key, when that key is one the resource type is read from.
        var rootKeyConcernsType = false
        // Per open collection: is it a mapping, how many children it has started, is it a key or inside one,
        // is it anchored or inside an anchored node.
        var stack: [(mapping: Bool, children: Int, inKey: Bool, anchored: Bool)] = []
        for event in parse.events {
            var anchor: String?, opens: Bool?
            switch event.kind {
            case .documentStart: documents += 1; continue
            case .mappingEnd, .sequenceEnd: stack.removeLast(); continue
            case .mappingStart(let a, _, _): anchor = a; opens = true
            case .sequenceStart(let a, _, _): anchor = a; opens = false
            case .scalar(_, _, let a, _): anchor = a
            case .alias: break
            default: continue
            }
            let parent = stack.last
            let isKey = parent.map { $0.mapping && $0.children % 2 == 0 } ?? false
            let inKey = isKey || (parent?.inKey ?? false)
            let anchored = anchor != nil || (parent?.anchored ?? false)
            if case .alias = event.kind, inKey || (parent?.anchored ?? false) || stack.isEmpty
                || (stack.count == 1 && !isKey && rootKeyConcernsType) {
                sensitive.append(Int32(event.range.start + offset))
            }
            if stack.count == 1 && isKey {
                if case .scalar(let value, _, _, _) = event.kind { rootKeyConcernsType = ["kind", "apiVersion", "<<"].contains(value) } else {
                    rootKeyConcernsType = true
                }
            }
            if anchor != nil { spans.append((Int32(event.range.start + offset), Int32(event.range.end + offset))) }
            if !stack.isEmpty { stack[stack.count - 1].children += 1 }
            if let mapping = opens { stack.append((mapping, 0, inKey, anchored)) }
        }
        spans.sort { $0.0 < $1.0 }
        self.marks = marks
        starts = spans.map(\.0)
        ends = spans.map(\.1)
        self.sensitive = sensitive
        singleDocument = documents <= 1
    }

    /// True when `self` (made incrementally) holds what `fresh` (a fresh analysis's) holds, with every span
    /// at least as long.
    func covers(_ fresh: AnchorSpans) -> Bool {
        marks == fresh.marks && starts == fresh.starts && sensitive == fresh.sensitive && singleDocument == fresh.singleDocument
            && ends.count == fresh.ends.count && zip(ends, fresh.ends).allSatisfy { $0 >= $1 }
    }

    private init(marks: [Int32], starts: [Int32], ends: [Int32], sensitive: [Int32], singleDocument: Bool) {
        self.marks = marks
        self.starts = starts
        self.ends = ends
        self.sensitive = sensitive
        self.singleDocument = singleDocument
    }

    /// What re-checking an entry alone gave for the anchors.
    struct Outcome {
        /// The spans of the new text.
        let spans: AnchorSpans?
        /// True when an anchored node holds the edit (what its aliases repeat changed; none reads it).
        let changesAnchoredNodes: Bool
    }

    /// Whether the entry `start..<oldEnd` of `old` (whose spans are `self`), which became `start..<newEnd`
    /// of `new` by an edit of `edit` (old offsets, the same in both texts up to `edit.start`; moved by
    /// `delta` from `edit.oldEnd` on) and which parses alone as `entry` (its offsets relative to `start`),
    /// can be re-checked alone (see the type's description); nil when it cannot.
    func recheck(old: [UInt8], new: [UInt8], start: Int, oldEnd: Int, edit: (start: Int, oldEnd: Int), delta: Int,
                 entry: ParseResult) -> Outcome? {
        // The anchors and aliases of the old lines, and of the new ones: the same anchors, none edited, no alias.
        let first = Self.firstIndex(marks, atLeast: start), last = Self.firstIndex(marks, atLeast: oldEnd)
        var newMarks: [Int] = []
        for token in entry.tree.tokens {
            if token.kind == .alias { return nil }
            if token.kind == .anchor { newMarks.append(token.range.start + start) }
        }
        guard newMarks.count == last - first else { return nil }
        for (k, newMark) in zip(first..<last, newMarks) {
            let mark = Int(marks[k])
            guard old[mark] == 0x26 else { return nil }
            let name = Self.name(old, at: mark)
            guard name.upperBound <= edit.start || mark >= edit.oldEnd, newMark == (mark < edit.start ? mark : mark + delta),
                  old[name].elementsEqual(new[Self.name(new, at: newMark)]) else { return nil }
        }
        // The anchored nodes that hold the edit: those of the entry's anchors, and those around the entry.
        var changed = Array(first..<last).map { Int(marks[$0]) }
        let limit = Self.firstIndex(starts, atLeast: oldEnd)
        for k in 0..<limit where Int(ends[k]) > start && Int(starts[k]) < start {
            // The node's anchor: the first anchor token from the node's start.
            let m = Self.firstIndex(marks, atLeast: Int(starts[k]))
            guard m < marks.count, old[Int(marks[m])] == 0x26, Int(marks[m]) < start else { return nil }
            changed.append(Int(marks[m]))
        }
        if !changed.isEmpty {
            guard singleDocument else { return nil }
            for anchor in changed where !bindsNoSensitiveAlias(old, anchor: anchor) { return nil }
        }
        // The spans of the new text: the entry's own, those before it, those around it (longer by `delta`),
        // and those after it (moved).
        let d = Int32(delta)
        let inner = AnchorSpans(entry, offset: start)
        let m = Self.firstIndex(marks, atLeast: oldEnd)
        var spans = AnchorSpans(marks: Array(marks[..<first]), starts: [], ends: [], sensitive: [], singleDocument: singleDocument)
        spans.marks += inner?.marks ?? []
        spans.marks += marks[m...].lazy.map { $0 + d }
        let s = Self.firstIndex(starts, atLeast: start), after = Self.firstIndex(starts, atLeast: oldEnd)
        spans.starts = Array(starts[..<s])
        // Around the entry: an end before the edit stays; one at or after it moves, and one inside it is
        // taken to the edit's new end (the node may or may not end there).
        let newEditEnd = Int32(edit.oldEnd + delta)
        spans.ends = ends[..<s].map { Int($0) > start && Int($0) >= edit.start ? Swift.max($0 + d, newEditEnd) : $0 }
        spans.starts += inner?.starts ?? []
        spans.ends += inner?.ends ?? []
        spans.starts += starts[after...].lazy.map { $0 + d }
        spans.ends += ends[after...].lazy.map { $0 + d }
        let q = Self.firstIndex(sensitive, atLeast: oldEnd)
        spans.sensitive = Array(sensitive[..<Self.firstIndex(sensitive, atLeast: start)]) + sensitive[q...].lazy.map { $0 + d }
        return Outcome(spans: spans.marks.isEmpty ? nil : spans, changesAnchoredNodes: !changed.isEmpty)
    }

    /// True when no alias bound to the anchor whose `&` is at `anchor` in `old` (the aliases of its name
    /// after it, up to the next anchor of that name) is one whose content a finding may read.
    private func bindsNoSensitiveAlias(_ old: [UInt8], anchor: Int) -> Bool {
        let name = old[Self.name(old, at: anchor)]
        var k = Self.firstIndex(marks, atLeast: anchor + 1)
        while k < marks.count {
            let mark = Int(marks[k])
            k += 1
            guard old[Self.name(old, at: mark)].elementsEqual(name) else { continue }
            if old[mark] == 0x26 { return true }
            let s = Self.firstIndex(sensitive, atLeast: mark)
            if s < sensitive.count && Int(sensitive[s]) == mark { return false }
        }
        return true
    }

    /// The name of the anchor or alias token at `offset` (after its `&` or `*`, up to a space, a line
    /// break or a flow indicator: YAML 1.2.2 §6.9.2, `ns-anchor-char`).
    private static func name(_ bytes: [UInt8], at offset: Int) -> Range<Int> {
        var i = offset + 1
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D, 0x2C, 0x5B, 0x5D, 0x7B, 0x7D: return (offset + 1)..<i
            default: i += 1
            }
        }
        return (offset + 1)..<i
    }

    /// The index of the first element of sorted `list` that is at least `value`.
    private static func firstIndex(_ list: [Int32], atLeast value: Int) -> Int {
        var lo = 0, hi = list.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(list[mid]) < value { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
