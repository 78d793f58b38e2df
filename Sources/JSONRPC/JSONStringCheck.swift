import Foundation

/// The checks on JSON strings that `JSONDecoder` makes only when it builds a string, run over a whole
/// message whose structure it has already accepted: every string is well-formed UTF-8 (RFC 8259 §8.1:
/// no stray continuation bytes, overlong forms, encoded surrogates or scalars above U+10FFFF), holds
/// no unescaped control character (U+0000–U+001F, §7). ``Message/decode(_:)-(Data)`` refuses a message
/// that fails them as not JSON (-32700) even when its params are decoded later, or never.
///
/// A `\u` escape of a UTF-16 surrogate that is not one half of a high–low pair (a *lone surrogate*,
/// such as `\ud83d` alone) is syntactically valid JSON (RFC 8259 §8.2 leaves its meaning to the
/// receiver), and editors send them: a client that splits an emoji across two `didChange` events sends
/// each half alone. It is not refused: the check reports where each one is, and
/// ``replacingLoneSurrogates(_:at:)`` turns it into `\ufffd` (U+FFFD REPLACEMENT CHARACTER), which,
/// like the surrogate, is one UTF-16 code unit, so every later UTF-16 position still lines up.
enum JSONStringCheck {
    /// The outcome of checking the strings of one message.
    enum Outcome: Equatable {
        /// A string is malformed: the message is not JSON.
        case invalid
        /// Every string passes; `loneSurrogates` holds the byte offset of the backslash of each lone
        /// surrogate escape, in order.
        case valid(loneSurrogates: [Int])
    }

    /// Checks the strings of `data`; `data` must be JSON text whose structure is valid (the check only
    /// tracks where strings begin and end; on other input its outcome means nothing).
    static func check(_ data: Data) -> Outcome {
        data.withUnsafeBytes { raw in check(raw.bindMemory(to: UInt8.self)) }
    }

    /// Whether the strings of `data` pass (lone surrogates allowed, see the type's documentation).
    static func isValid(_ data: Data) -> Bool { check(data) != .invalid }

    /// `data` with the lone surrogate escapes at `offsets` (from ``check(_:)``) replaced by `\ufffd`,
    /// byte for byte (6 bytes each), so the length and every other byte stay the same.
    static func replacingLoneSurrogates(_ data: Data, at offsets: [Int]) -> Data {
        guard !offsets.isEmpty else { return data }
        var bytes = [UInt8](data)
        let replacement = Array("\\ufffd".utf8)
        for offset in offsets where offset + replacement.count <= bytes.count {
            bytes.replaceSubrange(offset..<offset + replacement.count, with: replacement)
        }
        return Data(bytes)
    }

    private static func check(_ bytes: UnsafeBufferPointer<UInt8>) -> Outcome {
        let count = bytes.count
        var index = 0
        var inString = false
        var loneSurrogates: [Int] = []
        while index < count {
            // Eight plain ASCII bytes at a time (no quote, backslash, control character or non-ASCII byte).
            if inString, index + 8 <= count {
                let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
                if !needsAttention(word) {
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            if byte < 0x80 {
                if byte == UInt8(ascii: "\"") {
                    inString.toggle()
                    index += 1
                } else if inString && byte < 0x20 {
                    return .invalid
                } else if inString && byte == UInt8(ascii: "\\") {
                    guard let (next, lone) = escapeEnd(bytes, at: index) else { return .invalid }
                    if lone { loneSurrogates.append(index) }
                    index = next
                } else {
                    index += 1
                }
            } else {
                guard let next = scalarEnd(bytes, at: index) else { return .invalid }
                index = next
            }
        }
        return .valid(loneSurrogates: loneSurrogates)
    }

    /// Whether any byte of `word` is non-ASCII, a control character, `"` or `\`.
    private static func needsAttention(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
        let belowSpace = (word &- ones &* 0x20) & ~word & highs != 0
        return word & highs != 0 || belowSpace || hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte(word ^ (ones &* 0x5C))
    }

    /// The index after the escape starting with the backslash at `start` and whether it is a lone
    /// surrogate (a `\u` escape of a surrogate not paired high-then-low), or nil when it is malformed.
    private static func escapeEnd(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (Int, lone: Bool)? {
        guard start + 1 < bytes.count else { return nil }
        guard bytes[start + 1] == UInt8(ascii: "u") else { return (start + 2, false) }
        guard let unit = hexUnit(bytes, at: start + 2) else { return nil }
        switch unit {
        case 0xD800...0xDBFF:
            if start + 12 <= bytes.count, bytes[start + 6] == UInt8(ascii: "\\"), bytes[start + 7] == UInt8(ascii: "u"),
               let low = hexUnit(bytes, at: start + 8), (0xDC00...0xDFFF).contains(low) {
                return (start + 12, false)
            }
            return (start + 6, true)
        case 0xDC00...0xDFFF:
            return (start + 6, true)
        default:
            return (start + 6, false)
        }
    }

    /// The four hex digits at `start` as a UTF-16 code unit.
    private static func hexUnit(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt32? {
        guard start + 4 <= bytes.count else { return nil }
        var unit: UInt32 = 0
        for byte in bytes[start..<start + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            unit = unit << 4 | UInt32(digit)
        }
        return unit
    }

    /// The index after the multi-byte UTF-8 sequence starting at `start`, or nil when it is malformed.
    private static func scalarEnd(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        let lead = bytes[start]
        let length: Int
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; scalar = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; scalar = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; scalar = UInt32(lead & 0x07)
        default: return nil
        }
        guard start + length <= bytes.count else { return nil }
        for byte in bytes[(start + 1)..<(start + length)] {
            guard byte & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        switch length {
        case 3 where scalar < 0x800 || (0xD800...0xDFFF).contains(scalar): return nil
        case 4 where scalar < 0x10000 || scalar > 0x10FFFF: return nil
        default: return start + length
        }
    }
}
