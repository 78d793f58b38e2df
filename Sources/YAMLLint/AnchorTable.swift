/// `anchors`' memory for one document: the anchors declared so far, in order of first declaration (a
/// redeclared anchor keeps its place, as in the Python dict yamllint uses), found by name through an
/// open-addressing hash table. A name is its bytes in the text (after `&` or `*`): names are hashed and
/// compared as bytes, so two names are the same exactly when they are the same Unicode scalars, as
/// Python compares them, and no `String` is made unless a problem is reported.
struct AnchorTable {
    /// One declared anchor: where its name's bytes are, where it was (last) declared (0-based line and
    /// column), whether an alias used it since, and its name's hash.
    struct Anchor {
        var start: Int32
        var length: Int32
        var line: Int32
        var column: Int32
        var used: Bool
        var hash: UInt64
    }

    /// The anchors in order of first declaration.
    private(set) var anchors: [Anchor] = []
    /// Indices into ``anchors`` (-1: empty slot); a power of two, more than twice the anchors.
    private var slots: [Int32] = []

    /// The bytes of the name of anchor or alias token `t` (after its `&` or `*`).
    static func name(of t: LintToken, _ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let end = Swift.min(Swift.max(t.end, 0), bytes.count)
        return Swift.min(t.start + 1, end)..<end
    }

    /// The index in ``anchors`` of the anchor named `bytes[name]`, nil when none is declared.
    func find(_ name: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !slots.isEmpty else { return nil }
        let hash = KeyTable.hash(bytes, name, mapping: 0)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            let a = anchors[Int(slots[slot])]
            if a.hash == hash && Int(a.length) == name.count && AnchorTable.same(a, name, bytes) { return Int(slots[slot]) }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Declares a new anchor named `bytes[name]` (not declared yet) at `line` / `column` (0-based).
    mutating func insert(_ name: Range<Int>, line: Int, column: Int, _ bytes: UnsafeBufferPointer<UInt8>) {
        if (anchors.count + 1) * 2 > slots.count { rebuild(capacity: Swift.max(16, slots.count * 2)) }
        let a = Anchor(start: Int32(truncatingIfNeeded: name.lowerBound), length: Int32(truncatingIfNeeded: name.count),
                       line: Int32(truncatingIfNeeded: line), column: Int32(truncatingIfNeeded: column), used: false,
                       hash: KeyTable.hash(bytes, name, mapping: 0))
        anchors.append(a)
        place(anchors.count - 1)
    }

    /// Declares anchor `index` again at `line` / `column`: unused again, in its old place.
    mutating func redeclare(_ index: Int, line: Int, column: Int) {
        anchors[index].line = Int32(truncatingIfNeeded: line)
        anchors[index].column = Int32(truncatingIfNeeded: column)
        anchors[index].used = false
    }

    /// Marks anchor `index` as used by an alias.
    mutating func markUsed(_ index: Int) { anchors[index].used = true }

    /// Forgets every anchor (a new document starts). A table left much bigger than its last
    /// document needed is made small again.
    mutating func removeAll() {
        guard !anchors.isEmpty else { return }
        if slots.count > 64 && slots.count > 8 * anchors.count {
            slots = []
        } else {
            for k in slots.indices { slots[k] = -1 }
        }
        anchors.removeAll(keepingCapacity: true)
    }

    /// The name of `anchor` as a `String` (for a message).
    static func name(_ anchor: Anchor, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let start = Int(anchor.start)
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(start + Int(anchor.length))]), as: UTF8.self)
    }

    private mutating func place(_ index: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: anchors[index].hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(truncatingIfNeeded: index)
    }

    private mutating func rebuild(capacity: Int) {
        slots = Array(repeating: -1, count: capacity)
        for k in anchors.indices { place(k) }
    }

    /// True when `a`'s name has the bytes `bytes[name]` (of the same length).
    private static func same(_ a: Anchor, _ name: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = Int(a.start), j = name.lowerBound
        while j < name.upperBound {
            if bytes[i] != bytes[j] { return false }
            i += 1; j += 1
        }
        return true
    }
}
