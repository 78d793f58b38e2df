/// Percent-decoding (RFC 3986 §2.1) shared by the parser (tag suffixes, YAML 1.2.2 §6.9.1 "URI
/// characters"), the schema loader (URI fragments) and the document model (`file:` URIs and tags).
package enum PercentDecoding {
    /// `bytes` with every `%XX` escape (two hexadecimal digits, either case) replaced by the byte it
    /// stands for. An escape that is cut off or not hexadecimal is kept as written; nothing throws.
    /// The result is decoded as UTF-8, invalid sequences repaired with U+FFFD.
    package static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        let input = Array(bytes)
        var out: [UInt8] = []
        out.reserveCapacity(input.count)
        var i = 0
        while i < input.count {
            if input[i] == UInt8(ascii: "%"), i + 2 < input.count,
               let high = hexValue(input[i + 1]), let low = hexValue(input[i + 2]) {
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(input[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` with its `%XX` escapes decoded (see ``decode(_:)-(Bytes)``); `text` itself when it has no `%`.
    package static func decode(_ text: String) -> String {
        text.utf8.contains(UInt8(ascii: "%")) ? decode(text.utf8) : text
    }

    /// The value of one ASCII hexadecimal digit (`0-9`, `a-f`, `A-F`), nil for any other byte.
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
