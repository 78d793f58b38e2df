/// Where a mostly-ASCII text's non-ASCII bytes are (UTF-8 byte offsets, in order), found in one pass
/// (thirty-two bytes at a time where all are ASCII), so that a lint run tells an ASCII range (whose
/// columns are byte counts) without reading it: a text with a handful of non-ASCII characters otherwise
/// checked every line it positions a token on, and counted the characters of every over-long line.
///
/// Questions are answered from a position that moves forward with them (runs ask about ranges in text
/// order); an earlier range is found by bisection. When the text has more than ``limit`` non-ASCII
/// bytes the offsets are not kept (``isKnown`` is false) and callers read the bytes.
struct NonASCIIOffsets {
    /// The most non-ASCII bytes whose offsets are kept.
    static let limit = 4096

    /// The non-ASCII bytes' offsets, in order (empty when none, or when not ``isKnown``).
    private let offsets: [Int]
    /// False when the text has more than ``limit`` non-ASCII bytes (then nothing is known).
    let isKnown: Bool
    /// The first of ``offsets`` not below the last range asked about.
    private var next = 0

    /// Nothing known (for an ASCII text, whose callers never ask, or when not worth finding).
    init() {
        offsets = []
        isKnown = false
    }

    /// The non-ASCII bytes of `bytes`, if there are at most ``limit`` of them.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var found: [Int] = []
        var known = true
        var i = 0
        let n = bytes.count
        if let base = bytes.baseAddress {
            scan: while i + 8 <= n {
                // Thirty-two bytes at a time while they are all ASCII (most of such a text).
                while i + 32 <= n {
                    let p = UnsafeRawPointer(base + i)
                    let any = p.loadUnaligned(as: UInt64.self) | p.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                        | p.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
                        | p.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                    if any & 0x8080_8080_8080_8080 != 0 { break }
                    i += 32
                }
                guard i + 8 <= n else { break }
                var high = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self).littleEndian & 0x8080_8080_8080_8080
                while high != 0 {
                    if found.count == NonASCIIOffsets.limit {
                        known = false
                        break scan
                    }
                    found.append(i + high.trailingZeroBitCount / 8)
                    high &= high &- 1
                }
                i += 8
            }
        }
        while known && i < n {
            if bytes[i] >= 0x80 {
                if found.count == NonASCIIOffsets.limit {
                    known = false
                    break
                }
                found.append(i)
            }
            i += 1
        }
        offsets = known ? found : []
        isKnown = known
    }

    /// True when `from..<to` holds no non-ASCII byte (only meaningful when ``isKnown``).
    @inline(__always) mutating func isASCII(from: Int, to: Int) -> Bool {
        if next > 0 && offsets[next - 1] >= from {
            // An earlier range: the first offset not below `from`, by bisection.
            var lo = 0, hi = next - 1
            while lo < hi {
                let mid = (lo + hi) / 2
                if offsets[mid] < from { lo = mid + 1 } else { hi = mid }
            }
            next = lo
        }
        while next < offsets.count && offsets[next] < from { next += 1 }
        return next == offsets.count || offsets[next] >= to
    }
}
