/// The character encoding of a YAML stream as stored, detected as YAML 1.2.2 §5.2 "Character Encodings"
/// describes (byte order mark, else the pattern of null bytes in the first four bytes).
///
/// The core works on UTF-8; a UTF-16 or UTF-32 stream is transcoded to UTF-8 when it is loaded, keeping
/// its byte order mark as U+FEFF so positions still count it.
public enum SourceEncoding: String, Sendable, Hashable {
    case utf8 = "UTF-8"
    case utf16BigEndian = "UTF-16BE"
    case utf16LittleEndian = "UTF-16LE"
    case utf32BigEndian = "UTF-32BE"
    case utf32LittleEndian = "UTF-32LE"

    /// The encoding of `bytes` per the table of YAML 1.2.2 §5.2.
    public static func detect(_ b: [UInt8]) -> SourceEncoding {
        func at(_ i: Int) -> UInt8? { i < b.count ? b[i] : nil }
        switch (at(0), at(1), at(2), at(3)) {
        case (0x00, 0x00, 0xFE, 0xFF), (0x00, 0x00, 0x00, .some(_)): return .utf32BigEndian
        case (0xFF, 0xFE, 0x00, 0x00), (.some(_), 0x00, 0x00, 0x00): return .utf32LittleEndian
        case (0xEF, 0xBB, 0xBF, _): return .utf8
        case (0xFE, 0xFF, _, _), (0x00, .some(_), _, _): return .utf16BigEndian
        case (0xFF, 0xFE, _, _), (.some(_), 0x00, _, _): return .utf16LittleEndian
        default: return .utf8
        }
    }

    /// `bytes` in this encoding as UTF-8. Ill-formed sequences become U+FFFD; a trailing partial code
    /// unit is dropped. UTF-8 input is returned unchanged (its own problems are the parser's to report).
    public func utf8(_ bytes: [UInt8]) -> [UInt8] {
        switch self {
        case .utf8:
            return bytes
        case .utf16BigEndian, .utf16LittleEndian:
            let big = self == .utf16BigEndian
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var i = 0
            while i + 1 < bytes.count {
                let (hi, lo) = big ? (bytes[i], bytes[i + 1]) : (bytes[i + 1], bytes[i])
                units.append(UInt16(hi) << 8 | UInt16(lo))
                i += 2
            }
            return Array(String(decoding: units, as: UTF16.self).utf8)
        case .utf32BigEndian, .utf32LittleEndian:
            let big = self == .utf32BigEndian
            var scalars = String.UnicodeScalarView()
            var i = 0
            while i + 3 < bytes.count {
                let w = big ? [bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]
                            : [bytes[i + 3], bytes[i + 2], bytes[i + 1], bytes[i]]
                let value = w.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                i += 4
            }
            return Array(String(scalars).utf8)
        }
    }
}
