/// The anchors of one document by name, for binding aliases (YAML 1.2.2 §7.1): an open-addressing hash
/// table over the names' UTF-8 bytes in the text, so that binding builds no `String` and hashes a name
/// with a few instructions instead of a seeded `Hasher`.
///
/// Names are byte ranges of one text, passed to every call as `bytes`; two names are equal when their
/// bytes are. ``reset()`` empties the table in constant time (a new generation), so a stream of many
/// documents pays nothing per document for a large table.
struct AnchorNameTable {
    private struct Slot {
        /// The generation that wrote the slot; other generations' slots are empty.
        var generation: UInt32 = 0
        var hash: UInt32 = 0
        /// The name's range in the text (UTF-8 byte offsets).
        var start: Int32 = 0
        var end: Int32 = 0
        var value: Int32 = 0
    }

    private var slots: [Slot] = Array(repeating: Slot(), count: 16)
    private var generation: UInt32 = 1
    private var count = 0

    /// Forgets every name (the next document starts).
    mutating func reset() {
        guard count > 0 else { return }
        count = 0
        if generation == .max {
            slots = Array(repeating: Slot(), count: slots.count)
            generation = 1
        } else {
            generation += 1
        }
    }

    /// FNV-1a over the name's bytes.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt32 {
        var h: UInt32 = 2_166_136_261
        var i = start
        while i < end {
            h = (h ^ UInt32(bytes[i])) &* 16_777_619
            i += 1
        }
        return h
    }

    /// The slot holding the name `start ..< end`, or the empty slot where it belongs.
    private func find(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, hash: UInt32) -> Int {
        let mask = slots.count - 1
        var i = Int(hash) & mask
        let length = end - start
        while true {
            let s = slots[i]
            if s.generation != generation { return i }
            if s.hash == hash && Int(s.end - s.start) == length {
                var k = 0
                while k < length && bytes[Int(s.start) + k] == bytes[start + k] { k += 1 }
                if k == length { return i }
            }
            i = (i + 1) & mask
        }
    }

    /// The value stored for the name `start ..< end` of `bytes`, if any.
    func value(of start: Int, _ end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let i = find(bytes, start, end, hash: Self.hash(bytes, start, end))
        return slots[i].generation == generation ? Int(slots[i].value) : nil
    }

    /// Stores `value` for the name `start ..< end` of `bytes` (replacing an earlier value of that name).
    mutating func set(_ value: Int, for start: Int, _ end: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        let hash = Self.hash(bytes, start, end)
        var i = find(bytes, start, end, hash: hash)
        if slots[i].generation != generation {
            if (count + 1) * 2 > slots.count {
                grow()
                i = find(bytes, start, end, hash: hash)
            }
            count += 1
        }
        slots[i] = Slot(generation: generation, hash: hash, start: Int32(truncatingIfNeeded: start),
                        end: Int32(truncatingIfNeeded: end), value: Int32(truncatingIfNeeded: value))
    }

    /// Doubles the table, keeping the current generation's names.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        let mask = slots.count - 1
        for s in old where s.generation == generation {
            var i = Int(s.hash) & mask
            while slots[i].generation == generation { i = (i + 1) & mask }
            slots[i] = s
        }
    }
}
