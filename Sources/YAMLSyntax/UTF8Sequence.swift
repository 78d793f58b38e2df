/// How UTF-8 bytes group into characters, for the two places that must agree on it: the check that
/// reports bytes that are not UTF-8 (YAML 1.2.2 §5.2) and ``LineIndex``, which counts columns.
///
/// A well-formed sequence (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF) is one
/// Unicode scalar. Bytes that are not well-formed are grouped into *maximal subparts* (the longest
/// prefix of a well-formed sequence, or a single byte that starts none), each read as one U+FFFD
/// REPLACEMENT CHARACTER: the Unicode Standard's recommended practice (§3.9, "U+FFFD Substitution of
/// Maximal Subparts"), which Swift's `String(decoding:as:)` and the WHATWG decoder editors use follow.
package enum UTF8Sequence {
    /// The sequence that starts at byte `i` of `bytes` (which must be in bounds): its length in bytes
    /// (1...4) and whether it is well-formed. A malformed one is a maximal subpart (see above).
    @inline(__always)
    package static func length(in bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (length: Int, isWellFormed: Bool) {
        let b = bytes[i]
        if b < 0x80 { return (1, true) }
        let length: Int
        // The range the second byte must lie in; later bytes are any continuation byte (0x80...0xBF).
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch b {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return (1, false)
        }
        let n = bytes.count
        guard i + 1 < n, bytes[i + 1] >= low, bytes[i + 1] <= high else { return (1, false) }
        var k = 2
        while k < length {
            guard i + k < n, bytes[i + k] & 0xC0 == 0x80 else { return (k, false) }
            k += 1
        }
        return (length, true)
    }

    /// The scalar value of the well-formed sequence of `length` bytes at `i`.
    @inline(__always)
    package static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at i: Int, length: Int) -> UInt32 {
        if length == 1 { return UInt32(bytes[i]) }
        var value = UInt32(bytes[i]) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
        return value
    }
}
