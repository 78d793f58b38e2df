/// The anchors of the current document: each anchor's name by its index (its binding, in text order), and
/// an open-addressing hash table from names to the index of their current binding (YAML 1.2.2 §7.1: the
/// most recent anchor of that name). Names are hashed with FNV-1a over their UTF-8 bytes and compared
/// byte for byte.
///
/// A table slot is 8 bytes (hash and binding), the names are kept apart in binding order: aliases name
/// anchors in no particular order, so in a large document every lookup lands on a cold cache line, and
/// a table of 8-byte slots is a third of one whose entries hold the names (with 20,000 anchors, 512 KiB
/// instead of 1.5 MiB, next to the 320 KiB of names), so more of it stays in the cache.
struct AnchorTable {
    private struct Slot {
        var hash: UInt32 = 0
        /// Index of the binding; -1 for an empty slot.
        var binding: Int32 = -1
    }

    private static let initialCapacity = 16
    private var slots: [Slot] = []
    /// Slots in use.
    private var used = 0
    /// The name of each binding, in binding order.
    private var names: [String] = []

    /// Forgets every name (a new document starts: YAML 1.2.2 §7.1, aliases are per document).
    mutating func removeAll() {
        guard used > 0 || !names.isEmpty else { return }
        if slots.count <= 1024 {
            for i in slots.indices { slots[i] = Slot() }
        } else {
            slots = Array(repeating: Slot(), count: Self.initialCapacity)
        }
        used = 0
        names.removeAll(keepingCapacity: names.count <= 1024)
    }

    /// FNV-1a over the name's UTF-8 bytes, read from the string's contiguous storage (a small string's
    /// bytes are copied to the stack once; walking its `utf8` view byte by byte costs ~25 instructions a byte).
    private static func hash(_ name: String) -> UInt32 {
        if let h = name.utf8.withContiguousStorageIfAvailable({ hash($0) }) { return h }
        var h: UInt32 = 2_166_136_261
        for b in name.utf8 { h = (h ^ UInt32(b)) &* 16_777_619 }
        return h
    }

    /// FNV-1a over `bytes` (the same value as the byte-by-byte loop above).
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var h: UInt32 = 2_166_136_261
        for b in bytes { h = (h ^ UInt32(b)) &* 16_777_619 }
        return h
    }

    /// True when `a` and `b` have the same UTF-8 bytes. Names are compared as written (`==` would also
    /// take canonically equivalent spellings as equal), so that an alias's name is its anchor's name.
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        // Two strings whose representations are bit for bit the same have the same bytes: the common case,
        // two equal names of up to 15 bytes (stored inline), answered without reading the bytes one by one.
        let x = unsafeBitCast(a, to: (UInt64, UInt64).self), y = unsafeBitCast(b, to: (UInt64, UInt64).self)
        if x == y { return true }
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                guard x.count == y.count else { return false }
                for i in 0..<x.count where x[i] != y[i] { return false }
                return true
            }
        }
    }

    /// The index of the slot holding `name`, or of the empty slot where it belongs (slots not empty).
    private func find(_ name: String, hash: UInt32) -> Int {
        let mask = slots.count - 1
        var i = Int(hash) & mask
        while slots[i].binding >= 0 {
            if slots[i].hash == hash && Self.sameBytes(names[Int(slots[i].binding)], name) { return i }
            i = (i + 1) & mask
        }
        return i
    }

    /// The binding index `name` currently refers to, if any.
    func binding(of name: String) -> Int? {
        guard used > 0 else { return nil }
        let i = find(name, hash: Self.hash(name))
        return slots[i].binding >= 0 ? Int(slots[i].binding) : nil
    }

    /// Adds a binding of `name` (the next index: bindings are numbered from 0 in the order they are
    /// added) and makes `name` refer to it, replacing what it referred to. Returns its index.
    mutating func add(_ name: String) -> Int {
        if slots.isEmpty { slots = Array(repeating: Slot(), count: Self.initialCapacity) }
        let index = names.count
        let hash = Self.hash(name)
        var i = find(name, hash: hash)
        names.append(name)
        if slots[i].binding < 0 {
            if (used + 1) * 2 > slots.count {
                grow()
                i = find(name, hash: hash)
            }
            used += 1
            slots[i].hash = hash
        }
        slots[i].binding = Int32(truncatingIfNeeded: index)
        return index
    }

    /// Doubles the table.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        let mask = slots.count - 1
        for s in old where s.binding >= 0 {
            var i = Int(s.hash) & mask
            while slots[i].binding >= 0 { i = (i + 1) & mask }
            slots[i] = s
        }
    }
}
