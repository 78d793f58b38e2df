/// The scalar keys seen so far in each open mapping of ``EventCheck``, for the duplicate-key check (YAML
/// 1.2.2 §3.2.1.1: scalars equal by tag and canonical value), kept as bytes.
///
/// Measured hot path: `pureyaml check` on a 10 MB stream of Kubernetes manifests spent about 12 % of its CPU
/// in ``KeySetStack`` of ``KeyIdentity`` values, whose `String`s compare and hash by Unicode canonical
/// equivalence (docs/notes/checkcpu.md).
///
/// A key is its resolved tag (interned: two tags get one number exactly when they are equal as Swift
/// strings) and the UTF-8 bytes of its canonical text, compared by a 64-bit hash, then byte for byte. While
/// every key of a mapping is ASCII, that is the composer's `String` equality: an ASCII string is in NFC and
/// canonically equivalent to no other ASCII string. A key with any other byte (non-ASCII text, or invalid
/// UTF-8, which a `String` repairs to U+FFFD) may equal a different byte sequence (`é` and `e` + U+0301; the
/// ASCII `K` and the Kelvin sign U+212A): the first such key of a mapping turns that mapping's set into
/// ``KeyIdentity`` values, compared as the composer compares them. The findings are the same either way.
///
/// One stack for all open mappings (the innermost last): the keys of a mapping are searched linearly up to
/// ``hashThreshold`` keys, through an open-addressing table beyond; a mapping allocates nothing of its own
/// below that.
struct ScalarKeySetStack {
    /// One distinct key of an open mapping.
    private struct Entry {
        var hash: UInt64
        /// Its canonical text: `count` bytes of ``ScalarKeySetStack/arena`` from `start`.
        var start: Int32
        var count: Int32
        /// Its tag's number (``ScalarKeySetStack/tagID(_:)``).
        var tag: Int32
        /// What the caller keeps of the first key with this identity (its start offset).
        var first: Int
    }

    /// One open mapping.
    private struct Mapping {
        /// Where its keys start in ``ScalarKeySetStack/entries`` and their bytes in ``ScalarKeySetStack/arena``.
        var entries: Int
        var arena: Int
        /// Beyond ``ScalarKeySetStack/hashThreshold`` keys: slots (a power of two, at most half full) holding
        /// an index into ``ScalarKeySetStack/entries`` plus one, 0 for an empty slot.
        var table: [Int32]?
        /// Once a key was not ASCII: every key of the mapping as the composer compares them (first offsets),
        /// in place of its entries.
        var identities: [KeyIdentity: Int]?
    }

    private var arena: [UInt8] = []
    private var entries: [Entry] = []
    private var mappings: [Mapping] = []
    /// Tag → number, but for the core schema's str tag, 0 (an empty stack allocates nothing).
    private var tagIDs: [String: Int32] = [:]
    /// The tags numbered 1, 2, … in order.
    private var tagNames: [String] = []
    private static var hashThreshold: Int { 8 }

    /// The number of the str tag (``tagID(_:)``).
    static var strTagID: Int32 { 0 }

    /// The number of `tag`: equal numbers for tags equal as Swift strings.
    mutating func tagID(_ tag: String) -> Int32 {
        if tag == CoreSchema.strTag { return Self.strTagID }
        if let id = tagIDs[tag] { return id }
        tagNames.append(tag)
        let id = Int32(tagNames.count)
        tagIDs[tag] = id
        return id
    }

    /// The tag numbered `id` (``tagID(_:)``).
    private func tagName(_ id: Int32) -> String { id == Self.strTagID ? CoreSchema.strTag : tagNames[Int(id) - 1] }

    /// Opens the key set of a new innermost mapping.
    mutating func push() {
        mappings.append(Mapping(entries: entries.count, arena: arena.count, table: nil, identities: nil))
    }

    /// Closes the innermost mapping's key set.
    mutating func pop() {
        guard let m = mappings.popLast() else { return }
        entries.removeSubrange(m.entries...)
        arena.removeSubrange(m.arena...)
    }

    /// Forgets every mapping (a new document; the tags' numbers stay).
    mutating func removeAll() {
        mappings.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
        arena.removeAll(keepingCapacity: true)
    }

    /// Adds to the innermost mapping's set the key with tag number `tag` whose canonical text is `key`
    /// (UTF-8 bytes), keeping `first` for it; returns what was kept of the earlier key with the same identity,
    /// if any (the set keeps the first).
    mutating func insert(tag: Int32, _ key: UnsafeBufferPointer<UInt8>, first: Int) -> Int? {
        guard !mappings.isEmpty else { return nil }
        let top = mappings.count - 1
        let (hash, isASCII) = Self.hash(key)
        if mappings[top].identities == nil && !isASCII { useIdentities(top) }
        if mappings[top].identities != nil {
            let id = KeyIdentity.scalar(tag: tagName(tag), canonical: String(decoding: key, as: UTF8.self))
            if let earlier = mappings[top].identities?[id] { return earlier }
            mappings[top].identities?[id] = first
            return nil
        }
        let start = mappings[top].entries
        if let table = mappings[top].table {
            let mask = table.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while table[slot] != 0 {
                let e = Int(table[slot]) - 1
                if matches(entries[e], hash: hash, tag: tag, key) { return entries[e].first }
                slot = (slot + 1) & mask
            }
        } else {
            var i = start
            while i < entries.count {
                if matches(entries[i], hash: hash, tag: tag, key) { return entries[i].first }
                i += 1
            }
        }
        entries.append(Entry(hash: hash, start: Int32(truncatingIfNeeded: arena.count), count: Int32(truncatingIfNeeded: key.count),
                             tag: tag, first: first))
        arena.append(contentsOf: key)
        let count = entries.count - start
        if mappings[top].table != nil {
            if count * 2 > mappings[top].table!.count { rebuildTable(top, capacity: mappings[top].table!.count * 2) }
            else { place(entries.count - 1, in: &mappings[top].table!) }
        } else if count > Self.hashThreshold {
            rebuildTable(top, capacity: 32)
        }
        return nil
    }

    /// True when `e` is the key with hash `hash`, tag number `tag` and bytes `key`.
    @inline(__always)
    private func matches(_ e: Entry, hash: UInt64, tag: Int32, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard e.hash == hash, e.tag == tag, Int(e.count) == key.count else { return false }
        return arena.withUnsafeBufferPointer { a in
            var i = 0
            let s = Int(e.start)
            while i < key.count {
                if a[s + i] != key[i] { return false }
                i += 1
            }
            return true
        }
    }

    /// Puts entry `index` in a free slot of `table`.
    private func place(_ index: Int, in table: inout [Int32]) {
        let mask = table.count - 1
        var slot = Int(truncatingIfNeeded: entries[index].hash) & mask
        while table[slot] != 0 { slot = (slot + 1) & mask }
        table[slot] = Int32(truncatingIfNeeded: index + 1)
    }

    /// Gives mapping `m` a table of `capacity` slots (a power of two) holding all its entries.
    private mutating func rebuildTable(_ m: Int, capacity: Int) {
        var table = [Int32](repeating: 0, count: capacity)
        for index in mappings[m].entries..<entries.count { place(index, in: &table) }
        mappings[m].table = table
    }

    /// Moves mapping `m`'s keys to ``KeyIdentity`` values (all ASCII so far: distinct as strings too).
    private mutating func useIdentities(_ m: Int) {
        var identities: [KeyIdentity: Int] = [:]
        for e in entries[mappings[m].entries...] {
            let text = String(decoding: arena[Int(e.start)..<Int(e.start + e.count)], as: UTF8.self)
            identities[KeyIdentity.scalar(tag: tagName(e.tag), canonical: text)] = e.first
        }
        mappings[m].identities = identities
        mappings[m].table = nil
    }

    /// A 64-bit hash of `key` (its length included), eight bytes at a time, and whether every byte is ASCII.
    @inline(__always)
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> (UInt64, Bool) {
        let n = key.count
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: n)
        guard let base = key.baseAddress else { return (h, true) }
        let raw = UnsafeRawPointer(base)
        var high: UInt64 = 0
        var i = 0
        while i + 8 <= n {
            let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            high |= w
            h = (h ^ w) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 29
            i += 8
        }
        if i < n {
            var w: UInt64 = 0
            var shift: UInt64 = 0
            while i < n {
                w |= UInt64(base[i]) << shift
                shift += 8
                i += 1
            }
            high |= w
            h = (h ^ w) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 29
        }
        return (h, high & 0x8080_8080_8080_8080 == 0)
    }
}
