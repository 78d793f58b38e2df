/// `anchors`' memory for one document: the anchors declared so far, in order of first declaration (a
/// redeclared anchor keeps its place, as in the Python dict yamllint uses), found by name through an
/// open-addressing hash table. A name is its bytes in the text (after `&` or `*`): names are compared as
/// bytes, so two names are the same exactly when they are the same Unicode scalars, as Python compares
/// them, and no `String` is made unless a problem is reported.
///
/// Each table slot holds a name's ``key``: a name of at most seven bytes is the key itself (its bytes
/// and length packed into one integer), so finding it reads one slot and neither the anchor's record
/// nor the text it was declared in. With thousands of anchors used in no particular order those are
/// three cache misses per alias otherwise (`anchors-20k`: 45,000 aliases of 20,000 anchors).
struct AnchorTable {
    /// One declared anchor: where its name's bytes are, where it was (last) declared (0-based line and
    /// column), whether an alias used it since, and its name's key.
    struct Anchor {
        var start: Int32
        var length: Int32
        var line: Int32
        var column: Int32
        var used: Bool
        var key: UInt64
    }

    /// One table slot: a name's key and its anchor's index in ``anchors`` (-1: an empty slot).
    private struct Slot: BitwiseCopyable {
        var key: UInt64
        var index: Int32
    }

    /// The anchors in order of first declaration.
    private(set) var anchors: [Anchor] = []
    /// The table: a power of two slots, more than twice the anchors (none before the first anchor).
    private var slots: [Slot] = []
    /// `64 - log2(slots.count)`: a key's slot is the top bits of its product with an odd constant.
    private var shift: UInt64 = 64

    /// A name's key: for a name of at most seven bytes, its bytes (the first in the lowest byte) and
    /// its length in the top byte, so equal keys are equal names; for a longer one, its hash with the
    /// top bit set, so equal keys are confirmed by comparing the bytes.
    static func key(_ name: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = name.count
        guard count <= 7 else { return KeyTable.hash(bytes, name, mapping: 0) | (1 << 63) }
        var packed = UInt64(truncatingIfNeeded: count) << 56
        if count > 0, name.lowerBound + 8 <= bytes.count, let base = bytes.baseAddress {
            // One load (the text goes on past the name), the bytes after the name masked off.
            let word = UnsafeRawPointer(base + name.lowerBound).loadUnaligned(as: UInt64.self).littleEndian
            packed |= word & ((1 << UInt64(8 * count)) &- 1)
        } else {
            var shift: UInt64 = 0
            for k in name {
                packed |= UInt64(bytes[k]) << shift
                shift += 8
            }
        }
        return packed
    }

    /// True for the key of a name of more than seven bytes (a hash: the names must be compared).
    @inline(__always) private static func isHashed(_ key: UInt64) -> Bool { key >> 63 != 0 }

    /// The first slot to look at for `key`.
    @inline(__always) private func home(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The bytes of the name of anchor or alias token `t` (after its `&` or `*`).
    static func name(of t: LintToken, _ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let end = Swift.min(Swift.max(t.end, 0), bytes.count)
        return Swift.min(t.start + 1, end)..<end
    }

    /// The index in ``anchors`` of the anchor named `bytes[name]`, nil when none is declared.
    func find(_ name: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !slots.isEmpty else { return nil }
        let key = AnchorTable.key(name, bytes)
        let mask = slots.count - 1
        var slot = home(key)
        while slots[slot].index >= 0 {
            let held = slots[slot]
            if held.key == key
                && (!AnchorTable.isHashed(key) || AnchorTable.same(anchors[Int(held.index)], name, bytes)) {
                return Int(held.index)
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Declares a new anchor named `bytes[name]` (not declared yet) at `line` / `column` (0-based).
    mutating func insert(_ name: Range<Int>, line: Int, column: Int, _ bytes: UnsafeBufferPointer<UInt8>) {
        if (anchors.count + 1) * 2 > slots.count { rebuild(capacity: Swift.max(16, slots.count * 2)) }
        let a = Anchor(start: Int32(truncatingIfNeeded: name.lowerBound), length: Int32(truncatingIfNeeded: name.count),
                       line: Int32(truncatingIfNeeded: line), column: Int32(truncatingIfNeeded: column), used: false,
                       key: AnchorTable.key(name, bytes))
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
            shift = 64
        } else {
            for k in slots.indices { slots[k] = AnchorTable.empty }
        }
        anchors.removeAll(keepingCapacity: true)
    }

    /// The name of `anchor` as a `String` (for a message).
    static func name(_ anchor: Anchor, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let start = Int(anchor.start)
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(start + Int(anchor.length))]), as: UTF8.self)
    }

    private static let empty = Slot(key: 0, index: -1)

    private mutating func place(_ index: Int) {
        let mask = slots.count - 1
        let key = anchors[index].key
        var slot = home(key)
        while slots[slot].index >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Slot(key: key, index: Int32(truncatingIfNeeded: index))
    }

    /// Makes the table `capacity` slots (a power of two) and puts every anchor in it.
    private mutating func rebuild(capacity: Int) {
        slots = Array(repeating: AnchorTable.empty, count: capacity)
        shift = UInt64(64 - capacity.trailingZeroBitCount)
        for k in anchors.indices { place(k) }
    }

    /// True when `a`'s name has the bytes `bytes[name]`.
    private static func same(_ a: Anchor, _ name: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard Int(a.length) == name.count else { return false }
        var i = Int(a.start), j = name.lowerBound
        while j < name.upperBound {
            if bytes[i] != bytes[j] { return false }
            i += 1; j += 1
        }
        return true
    }
}
