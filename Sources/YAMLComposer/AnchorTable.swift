/// Anchor names of the current document → index of their current binding in the composer: an
/// open-addressing hash table whose entries hold the name and the index side by side, so that resolving
/// an alias reads one entry (a `Dictionary` keeps keys and values in separate arrays, and hashes with a
/// seeded SipHash), and names are hashed with FNV-1a over their UTF-8 bytes.
///
/// Aliases name anchors in no particular order, so in a large document every lookup lands on a cold
/// cache line: fewer lines per lookup is what makes an alias cheap.
struct AnchorTable {
    private struct Entry {
        var hash: UInt32 = 0
        /// Index of the binding; -1 for an empty entry.
        var binding: Int32 = -1
        var name: String = ""
    }

    private static let initialCapacity = 16
    private var entries: [Entry] = []
    private var count = 0

    /// Forgets every name (a new document starts: YAML 1.2.2 §7.1, aliases are per document).
    mutating func removeAll() {
        guard count > 0 else { return }
        entries = Array(repeating: Entry(), count: entries.count <= 1024 ? entries.count : Self.initialCapacity)
        count = 0
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

    /// The index of the entry holding `name`, or of the empty entry where it belongs (entries not empty).
    private func find(_ name: String, hash: UInt32) -> Int {
        let mask = entries.count - 1
        var i = Int(hash) & mask
        while entries[i].binding >= 0 {
            if entries[i].hash == hash && Self.sameBytes(entries[i].name, name) { return i }
            i = (i + 1) & mask
        }
        return i
    }

    /// The binding index `name` currently refers to, if any.
    func binding(of name: String) -> Int? {
        guard count > 0 else { return nil }
        let i = find(name, hash: Self.hash(name))
        return entries[i].binding >= 0 ? Int(entries[i].binding) : nil
    }

    /// Makes `name` refer to binding `index` (replacing what it referred to).
    mutating func set(_ name: String, to index: Int) {
        if entries.isEmpty { entries = Array(repeating: Entry(), count: Self.initialCapacity) }
        let hash = Self.hash(name)
        var i = find(name, hash: hash)
        if entries[i].binding < 0 {
            if (count + 1) * 2 > entries.count {
                grow()
                i = find(name, hash: hash)
            }
            count += 1
            entries[i].hash = hash
            entries[i].name = name
        }
        entries[i].binding = Int32(truncatingIfNeeded: index)
    }

    /// Doubles the table.
    private mutating func grow() {
        let old = entries
        entries = Array(repeating: Entry(), count: old.count * 2)
        let mask = entries.count - 1
        for e in old where e.binding >= 0 {
            var i = Int(e.hash) & mask
            while entries[i].binding >= 0 { i = (i + 1) & mask }
            entries[i] = e
        }
    }
}
