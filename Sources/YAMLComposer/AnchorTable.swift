/// The anchors of the current document: each anchor's name by its index (its binding, in text order), and
/// an open-addressing hash table from names to the index of their current binding (YAML 1.2.2 §7.1: the
/// most recent anchor of that name). Names are hashed with FNV-1a over their UTF-8 bytes and compared
/// byte for byte.
///
/// Aliases name anchors in no particular order, so in a large document every lookup lands on a cold cache
/// line: a slot is 16 bytes and holds a name of up to 7 bytes itself (compared there, in one word), longer
/// names are kept apart in binding order; the table is filled to three quarters before it grows. With
/// 20,000 anchors it is 512 KiB, and finding a short name reads one slot (entries holding a `String` made
/// a 1.5 MiB table).
struct AnchorTable {
    private struct Slot {
        var hash: UInt32 = 0
        /// Index of the binding; -1 for an empty slot.
        var binding: Int32 = -1
        /// The name's ``ShortName``.
        var short: UInt64 = 0
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

    /// A name's FNV-1a hash over its UTF-8 bytes, and its short form: for a name of 1 to 7 bytes, the
    /// bytes (little-endian) with the length in the top byte, so that two short forms are equal exactly when
    /// the names' bytes are; 0 for other names. Read from the string's contiguous storage (a small string's
    /// bytes are copied to the stack once; walking its `utf8` view byte by byte costs ~25 instructions a byte).
    private static func key(_ name: String) -> (hash: UInt32, short: UInt64) {
        if let k = name.utf8.withContiguousStorageIfAvailable({ key($0) }) { return k }
        return key(Array(name.utf8))
    }

    /// ``key(_:)`` of the bytes `bytes`.
    private static func key<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> (hash: UInt32, short: UInt64) {
        var h: UInt32 = 2_166_136_261
        var short: UInt64 = 0
        var shift: UInt64 = 0
        for b in bytes {
            h = (h ^ UInt32(b)) &* 16_777_619
            if shift < 56 { short |= UInt64(b) << shift }
            shift &+= 8
        }
        let length = UInt64(bytes.count)
        return (h, length >= 1 && length <= 7 ? short | length << 56 : 0)
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

    /// The index of the slot holding `name` (whose ``key(_:)`` is `key`), or of the empty slot where it
    /// belongs (slots not empty).
    private func find(_ name: String, _ key: (hash: UInt32, short: UInt64)) -> Int {
        let mask = slots.count - 1
        var i = Int(key.hash) & mask
        while slots[i].binding >= 0 {
            if slots[i].hash == key.hash {
                if key.short != 0 {
                    if slots[i].short == key.short { return i }
                } else if slots[i].short == 0 && Self.sameBytes(names[Int(slots[i].binding)], name) {
                    return i
                }
            }
            i = (i + 1) & mask
        }
        return i
    }

    /// The binding index `name` currently refers to, if any.
    func binding(of name: String) -> Int? {
        guard used > 0 else { return nil }
        let i = find(name, Self.key(name))
        return slots[i].binding >= 0 ? Int(slots[i].binding) : nil
    }

    /// Adds a binding of `name` (the next index: bindings are numbered from 0 in the order they are
    /// added) and makes `name` refer to it, replacing what it referred to. Returns its index.
    mutating func add(_ name: String) -> Int {
        if slots.isEmpty { slots = Array(repeating: Slot(), count: Self.initialCapacity) }
        let index = names.count
        let key = Self.key(name)
        var i = find(name, key)
        names.append(name)
        if slots[i].binding < 0 {
            if (used + 1) * 4 > slots.count * 3 {
                grow()
                i = find(name, key)
            }
            used += 1
            slots[i].hash = key.hash
            slots[i].short = key.short
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
