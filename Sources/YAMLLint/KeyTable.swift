/// key-duplicates' memory: the set of (mapping number, key value) pairs seen so far, as an
/// open-addressing hash table over the key tokens' indices. A key's value is hashed from its source
/// bytes when they are its value (a plain or escape-free quoted key on one line: no `String` is made),
/// else from its value's UTF-8 bytes; equal hashes are confirmed by comparing the values' bytes, so two
/// keys are duplicates exactly when their values are the same Unicode scalars (as Python compares them).
///
/// Mappings nest, so their keys come and go last-in first-out: ``removeKeys(after:)`` takes back the
/// keys of a closed mapping in the reverse order of their insertion, which restores the table exactly as
/// it was (linear probing), and the table holds only the keys of the open mappings.
struct KeyTable {
    /// One slot: the key's scalar token index (-1 for an empty slot), its mapping's number, its hash.
    private struct Slot {
        var hash: UInt64
        var token: Int32
        var mapping: Int32
    }
    private var slots: [Slot] = []
    /// The slots filled, in insertion order.
    private var log: [Int32] = []

    /// The number of keys held (a mark for ``removeKeys(after:)``).
    var count: Int { log.count }

    /// Adds the key scalar `s.tokens[key]` of mapping `mapping`; false when that mapping already has a
    /// key with the same value (nothing is added then).
    mutating func insert(mapping: Int32, key: Int, _ s: LintStream) -> Bool {
        if (log.count + 1) * 2 > slots.count { grow() }
        let t = s.tokens[key]
        let source = s.sourceValue(t)
        let decoded: [UInt8] = source == nil ? Array(s.value(t).utf8) : []
        let hash = source.map { KeyTable.hash(s.bytes, $0, mapping: mapping) }
            ?? decoded.withUnsafeBufferPointer { KeyTable.hash($0, $0.indices, mapping: mapping) }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot].token >= 0 {
            if slots[slot].hash == hash && slots[slot].mapping == mapping
                && KeyTable.sameValue(s, Int(slots[slot].token), source: source, decoded: decoded) {
                return false
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Slot(hash: hash, token: Int32(truncatingIfNeeded: key), mapping: mapping)
        log.append(Int32(truncatingIfNeeded: slot))
        return true
    }

    /// Removes the keys added after the table held `mark` keys (newest first). A table left mostly
    /// empty is made smaller (at most an eighth full), so the open mappings' keys stay close together in
    /// memory once a big mapping has closed.
    mutating func removeKeys(after mark: Int) {
        guard log.count > mark else { return }
        while log.count > mark {
            let slot = Int(log.removeLast())
            slots[slot].token = -1
        }
        if slots.count > 256 && log.count * 8 < slots.count { rebuild(capacity: slots.count / 4) }
    }

    private mutating func grow() { rebuild(capacity: Swift.max(64, slots.count * 2)) }

    /// Moves the keys into a table of `capacity` slots (a power of two, more than twice the keys).
    private mutating func rebuild(capacity: Int) {
        let old = slots
        slots = Array(repeating: Slot(hash: 0, token: -1, mapping: 0), count: capacity)
        let mask = capacity - 1
        // Re-inserted in insertion order, so the log stays last-in first-out.
        for k in log.indices {
            let entry = old[Int(log[k])]
            var slot = Int(truncatingIfNeeded: entry.hash) & mask
            while slots[slot].token >= 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
            log[k] = Int32(truncatingIfNeeded: slot)
        }
    }

    /// True when scalar token `index` has the value whose bytes are `s.bytes[source]` (when given) or
    /// `decoded`.
    private static func sameValue(_ s: LintStream, _ index: Int, source: Range<Int>?, decoded: [UInt8]) -> Bool {
        let t = s.tokens[index]
        let bytes = s.bytes
        if let r = s.sourceValue(t) {
            if let source {
                guard r.count == source.count else { return false }
                var a = r.lowerBound, b = source.lowerBound
                while a < r.upperBound {
                    if bytes[a] != bytes[b] { return false }
                    a += 1; b += 1
                }
                return true
            }
            return bytes[r].elementsEqual(decoded)
        }
        let value = Array(s.value(t).utf8)
        if let source { return bytes[source].elementsEqual(value) }
        return value == decoded
    }

    /// FNV-1a (64-bit) of `bytes[range]`, seeded with the mapping number, then mixed (splitmix64's
    /// finalizer) so the low bits used as the slot are well spread.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, mapping: Int32) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(UInt32(bitPattern: mapping))
        var k = range.lowerBound
        while k < range.upperBound {
            h = (h ^ UInt64(bytes[k])) &* 0x0000_0100_0000_01b3
            k += 1
        }
        h ^= h >> 30
        h = h &* 0xbf58_476d_1ce4_e5b9
        h ^= h >> 27
        h = h &* 0x94d0_49bb_1331_11eb
        h ^= h >> 31
        return h
    }
}
