/// key-duplicates' memory: the set of (mapping number, key value) pairs seen so far, as an
/// open-addressing hash table. A key's value is its source bytes when they are its value (a plain or
/// escape-free quoted key on one line: no `String` is made; the table keeps their offset and length),
/// else its value's UTF-8 bytes, kept in the table; equal hashes are confirmed by comparing the values'
/// bytes, so two keys are duplicates exactly when their values are the same Unicode scalars (as Python
/// compares them).
///
/// Mappings nest, so their keys come and go last-in first-out: ``removeKeys(after:)`` takes back the
/// keys of a closed mapping in the reverse order of their insertion, which restores the table exactly as
/// it was (linear probing), and the table holds only the keys of the open mappings.
///
/// A mapping's first ``smallMapping`` keys are not put in the table: the keys of the innermost open
/// mapping are the last ones held (the keys of the mappings inside it were taken back when they
/// closed), so a small mapping's keys are compared one by one, without hashing. Its next key moves them
/// into the table first (in insertion order, so taking them back still restores the table).
struct KeyTable {
    /// One key held (16 bytes, kept in insertion order): its mapping number, where its value bytes
    /// are (`bytes[start ..< start + length]` of the text, or of ``decoded`` when `isDecoded`) and the
    /// table slot that holds it (-1 while its mapping is small and it is not in the table).
    private struct Key: BitwiseCopyable {
        var start: Int32
        /// The length, bit-inverted (negative) when the bytes are in ``decoded``.
        var storedLength: Int32
        var mapping: Int32
        var slot: Int32

        init(start: Int32, length: Int32, mapping: Int32, isDecoded: Bool) {
            self.start = start
            storedLength = isDecoded ? ~length : length
            self.mapping = mapping
            slot = -1
        }

        var isDecoded: Bool { storedLength < 0 }
        var length: Int32 { storedLength < 0 ? ~storedLength : storedLength }
    }
    /// One table slot (8 bytes, so a big mapping's table stays small: eight slots to a cache line):
    /// its key's hash folded to 32 bits (which also picks the slot) and the key's index in ``keys``
    /// (-1 for an empty slot). A key's data is read only when the hashes are equal.
    private struct Slot: BitwiseCopyable {
        var hash32: UInt32
        var key: Int32
    }
    /// The table: a power of two slots, more than twice the keys held (none before the first key).
    private var slots = PlainStack<Slot>()
    /// The keys held, in insertion order.
    private var keys = PlainStack<Key>()
    /// The values of the keys held whose values are not their source bytes, one after the other (taken
    /// back with their keys, newest first).
    private var decoded: [UInt8] = []

    /// The number of keys held (a mark for ``removeKeys(after:)``).
    var count: Int { keys.count }

    private static let empty = Slot(hash32: 0, key: -1)
    /// How many keys a mapping has before they go into the table (compared one by one until then).
    private static let smallMapping = 8

    /// Adds the key scalar `t` of mapping `mapping` (0 or more); false when that mapping already has a
    /// key with the same value (nothing is added then).
    mutating func insert(mapping: Int32, key t: LintToken, _ s: LintStream) -> Bool {
        let bytes = s.bytes
        var entry: Key
        if let source = s.sourceValue(t) {
            entry = Key(start: Int32(truncatingIfNeeded: source.lowerBound),
                        length: Int32(truncatingIfNeeded: source.count), mapping: mapping, isDecoded: false)
        } else {
            let start = decoded.count
            decoded.append(contentsOf: s.value(t).utf8)
            entry = Key(start: Int32(truncatingIfNeeded: start),
                        length: Int32(truncatingIfNeeded: decoded.count - start), mapping: mapping, isDecoded: true)
        }
        // The mapping's keys held are the last ones (at most `smallMapping` of them are looked at).
        var first = keys.count
        while first > 0 && keys.count - first < KeyTable.smallMapping && keys[first - 1].mapping == mapping {
            first -= 1
        }
        if keys.count - first < KeyTable.smallMapping {
            for k in first..<keys.count {
                let other = keys[k]
                if other.length == entry.length && sameBytes(other, entry, bytes) {
                    if entry.isDecoded { decoded.removeLast(decoded.count - Int(entry.start)) }
                    return false
                }
            }
            keys.append(entry)
            return true
        }
        if (keys.count + 1) * 2 > slots.count { grow() }
        if keys.top.slot < 0 {
            // The mapping's key number `smallMapping + 1`: its first keys go into the table now.
            for k in first..<keys.count { place(k, hash32: foldedHash(keys[k], bytes)) }
        }
        let hash32 = foldedHash(entry, bytes)
        let mask = slots.count - 1
        var slot = Int(hash32) & mask
        while slots[slot].key >= 0 {
            let held = slots[slot]
            if held.hash32 == hash32 {
                let other = keys[Int(held.key)]
                if other.mapping == mapping && other.length == entry.length && sameBytes(other, entry, bytes) {
                    if entry.isDecoded { decoded.removeLast(decoded.count - Int(entry.start)) }
                    return false
                }
            }
            slot = (slot + 1) & mask
        }
        entry.slot = Int32(truncatingIfNeeded: slot)
        slots[slot] = Slot(hash32: hash32, key: Int32(truncatingIfNeeded: keys.count))
        keys.append(entry)
        return true
    }

    /// Removes the keys added after the table held `mark` keys (newest first). A table left mostly
    /// empty is made smaller (at most an eighth full), so the open mappings' keys stay close together in
    /// memory once a big mapping has closed.
    mutating func removeKeys(after mark: Int) {
        guard keys.count > mark else { return }
        while keys.count > mark {
            let key = keys.top
            keys.removeLast()
            if key.isDecoded { decoded.removeLast(decoded.count - Int(key.start)) }
            if key.slot >= 0 { slots[Int(key.slot)] = KeyTable.empty }
        }
        if slots.count > 256 && keys.count * 8 < slots.count { rebuild(capacity: slots.count / 4) }
    }

    private mutating func grow() { rebuild(capacity: Swift.max(64, slots.count * 2)) }

    /// Moves the keys into a table of `capacity` slots (a power of two, more than twice the keys).
    private mutating func rebuild(capacity: Int) {
        let old = slots
        slots = PlainStack(repeating: KeyTable.empty, count: capacity)
        let mask = capacity - 1
        // Re-inserted in insertion order, so removing the newest first restores the table exactly.
        for k in 0..<keys.count where keys[k].slot >= 0 {
            let held = old[Int(keys[k].slot)]
            var slot = Int(held.hash32) & mask
            while slots[slot].key >= 0 { slot = (slot + 1) & mask }
            slots[slot] = held
            keys[k].slot = Int32(truncatingIfNeeded: slot)
        }
    }

    /// Puts key `index` (not in the table yet) into the table, with its hash folded to 32 bits.
    private mutating func place(_ index: Int, hash32: UInt32) {
        let mask = slots.count - 1
        var slot = Int(hash32) & mask
        while slots[slot].key >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Slot(hash32: hash32, key: Int32(truncatingIfNeeded: index))
        keys[index].slot = Int32(truncatingIfNeeded: slot)
    }

    /// `key`'s hash (of its value's bytes and its mapping number) folded to 32 bits.
    private func foldedHash(_ key: Key, _ text: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let start = Int(key.start), range = start..<(start + Int(key.length))
        let hash = key.isDecoded
            ? decoded.withUnsafeBufferPointer { KeyTable.hash($0, range, mapping: key.mapping) }
            : KeyTable.hash(text, range, mapping: key.mapping)
        return UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
    }

    /// True when the two keys' values (of the same length) have the same bytes.
    private func sameBytes(_ a: Key, _ b: Key, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        decoded.withUnsafeBufferPointer { decoded in
            let x = a.isDecoded ? decoded : text, y = b.isDecoded ? decoded : text
            var i = Int(a.start), j = Int(b.start)
            let end = i + Int(a.length)
            while i < end {
                if x[i] != y[j] { return false }
                i += 1; j += 1
            }
            return true
        }
    }

    /// A hash of `bytes[range]` seeded with the mapping number: eight bytes at a time (one multiply
    /// per word, so a key's hash is not a chain of one multiply per byte), then the tail and the
    /// length, then mixed (splitmix64's finalizer) so the low bits used as the slot are well spread.
    /// Equal hashes are always confirmed by comparing the bytes.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, mapping: Int32) -> UInt64 {
        let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(UInt32(bitPattern: mapping))
        var k = range.lowerBound
        let end = range.upperBound
        if let base = bytes.baseAddress {
            while k + 8 <= end {
                let word = UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self)
                h = ((h ^ word) &* prime).rotatedLeft(by: 29)
                k += 8
            }
        }
        var tail = UInt64(truncatingIfNeeded: range.count) << 56
        if k < end, k + 8 <= bytes.count, let base = bytes.baseAddress {
            // The last 1...7 bytes in one load (the text goes on past them), the bytes after them
            // masked off: the same value as the loop below gives (little-endian).
            let word = UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self).littleEndian
            tail ^= word & ((1 << UInt64(8 * (end - k))) &- 1)
        } else {
            var shift: UInt64 = 0
            while k < end {
                tail ^= UInt64(bytes[k]) << shift
                shift += 8
                k += 1
            }
        }
        h = (h ^ tail) &* prime
        h ^= h >> 30
        h = h &* 0xbf58_476d_1ce4_e5b9
        h ^= h >> 27
        h = h &* 0x94d0_49bb_1331_11eb
        h ^= h >> 31
        return h
    }
}

private extension UInt64 {
    /// The bits rotated left by `n` (0 < n < 64).
    func rotatedLeft(by n: UInt64) -> UInt64 { (self << n) | (self >> (64 - n)) }
}
