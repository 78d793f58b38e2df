/// key-duplicates' memory: the set of (mapping number, key value) pairs seen so far, as an
/// open-addressing hash table. A key's value is its source bytes when they are its value (a plain or
/// escape-free quoted key on one line: no `String` is made; the slot keeps their offset and length),
/// else its value's UTF-8 bytes, kept in the table; equal hashes are confirmed by comparing the values'
/// bytes, so two keys are duplicates exactly when their values are the same Unicode scalars (as Python
/// compares them).
///
/// Mappings nest, so their keys come and go last-in first-out: ``removeKeys(after:)`` takes back the
/// keys of a closed mapping in the reverse order of their insertion, which restores the table exactly as
/// it was (linear probing), and the table holds only the keys of the open mappings.
struct KeyTable {
    /// One slot (16 bytes, so a big mapping's table stays small): its key's hash folded to 32 bits
    /// (which also picks the slot), its mapping number (-1 for an empty slot), and where the key's value bytes are:
    /// `bytes[start ..< start + length]` of the text, or of ``decoded`` when `isDecoded`.
    private struct Slot: BitwiseCopyable {
        var hash32: UInt32
        var start: Int32
        /// The length, bit-inverted (negative) when the bytes are in ``decoded``.
        var storedLength: Int32
        var mapping: Int32

        init(hash: UInt64, start: Int32, length: Int32, mapping: Int32, isDecoded: Bool) {
            hash32 = UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
            self.start = start
            storedLength = isDecoded ? ~length : length
            self.mapping = mapping
        }

        var isDecoded: Bool { storedLength < 0 }
        var length: Int32 { storedLength < 0 ? ~storedLength : storedLength }
    }
    /// The table: a power of two slots, more than twice the keys held (none before the first key).
    private var slots = PlainStack<Slot>()
    /// The slots filled, in insertion order.
    private var log = PlainStack<Int32>()
    /// The values of the keys held whose values are not their source bytes, one after the other (taken
    /// back with their keys, newest first).
    private var decoded: [UInt8] = []

    /// The number of keys held (a mark for ``removeKeys(after:)``).
    var count: Int { log.count }

    private static let empty = Slot(hash: 0, start: 0, length: 0, mapping: -1, isDecoded: false)

    /// Adds the key scalar `t` of mapping `mapping` (0 or more); false when that mapping already has a
    /// key with the same value (nothing is added then).
    mutating func insert(mapping: Int32, key t: LintToken, _ s: LintStream) -> Bool {
        if (log.count + 1) * 2 > slots.count { grow() }
        let bytes = s.bytes
        var entry: Slot
        if let source = s.sourceValue(t) {
            entry = Slot(hash: KeyTable.hash(bytes, source, mapping: mapping),
                         start: Int32(truncatingIfNeeded: source.lowerBound),
                         length: Int32(truncatingIfNeeded: source.count), mapping: mapping, isDecoded: false)
        } else {
            let start = decoded.count
            decoded.append(contentsOf: s.value(t).utf8)
            let hash = decoded.withUnsafeBufferPointer { KeyTable.hash($0, start..<$0.count, mapping: mapping) }
            entry = Slot(hash: hash, start: Int32(truncatingIfNeeded: start),
                         length: Int32(truncatingIfNeeded: decoded.count - start), mapping: mapping, isDecoded: true)
        }
        let mask = slots.count - 1
        var slot = Int(entry.hash32) & mask
        while slots[slot].mapping >= 0 {
            let other = slots[slot]
            if other.hash32 == entry.hash32 && other.mapping == mapping && other.length == entry.length
                && sameBytes(other, entry, bytes) {
                if entry.isDecoded { decoded.removeLast(decoded.count - Int(entry.start)) }
                return false
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = entry
        log.append(Int32(truncatingIfNeeded: slot))
        return true
    }

    /// Removes the keys added after the table held `mark` keys (newest first). A table left mostly
    /// empty is made smaller (at most an eighth full), so the open mappings' keys stay close together in
    /// memory once a big mapping has closed.
    mutating func removeKeys(after mark: Int) {
        guard log.count > mark else { return }
        while log.count > mark {
            let slot = Int(log.top)
            log.removeLast()
            if slots[slot].isDecoded { decoded.removeLast(decoded.count - Int(slots[slot].start)) }
            slots[slot] = KeyTable.empty
        }
        if slots.count > 256 && log.count * 8 < slots.count { rebuild(capacity: slots.count / 4) }
    }

    private mutating func grow() { rebuild(capacity: Swift.max(64, slots.count * 2)) }

    /// Moves the keys into a table of `capacity` slots (a power of two, more than twice the keys).
    private mutating func rebuild(capacity: Int) {
        let old = slots
        slots = PlainStack(repeating: KeyTable.empty, count: capacity)
        let mask = capacity - 1
        // Re-inserted in insertion order, so the log stays last-in first-out.
        for k in 0..<log.count {
            let entry = old[Int(log[k])]
            var slot = Int(entry.hash32) & mask
            while slots[slot].mapping >= 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
            log[k] = Int32(truncatingIfNeeded: slot)
        }
    }

    /// True when the two slots' values (of the same length) have the same bytes.
    private func sameBytes(_ a: Slot, _ b: Slot, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
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
