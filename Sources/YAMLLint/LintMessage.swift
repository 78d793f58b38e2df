/// Builds the messages of findings that hold numbers (`line too long (93 > 80 characters)`, `wrong
/// indentation: expected 4 but found 2`) by writing their bytes straight into the new `String`'s storage:
/// one allocation per message and no `String` interpolation, which costs several thousand instructions
/// per message (a stream with 20,000 over-long lines spent a sixth of its lint on them). The result is
/// the same text interpolation gives (decimal integers, `-` before a negative one).
enum LintMessage {
    /// `a` + `x` + `b` + `y` + `c`, the integers in decimal.
    static func make(_ a: StaticString, _ x: Int, _ b: StaticString, _ y: Int, _ c: StaticString) -> String {
        let capacity = length(a) + length(b) + length(c) + 2 * maxDigits
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            guard let out = buffer.baseAddress else { return 0 }
            return put(c, out, put(y, out, put(b, out, put(x, out, put(a, out, 0)))))
        }
    }

    /// `a` + `x` + `b`, the integer in decimal.
    static func make(_ a: StaticString, _ x: Int, _ b: StaticString = "") -> String {
        let capacity = length(a) + length(b) + maxDigits
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            guard let out = buffer.baseAddress else { return 0 }
            return put(b, out, put(x, out, put(a, out, 0)))
        }
    }

    /// The most bytes an `Int` takes in decimal: 19 digits and a sign.
    private static let maxDigits = 20

    /// The number of UTF-8 bytes of `s` (`utf8CodeUnitCount` traps on a one-character literal).
    @inline(__always) private static func length(_ s: StaticString) -> Int { s.withUTF8Buffer { $0.count } }

    /// Copies `s` to `out + at` (which has room for it); the offset past it.
    @inline(__always) private static func put(_ s: StaticString, _ out: UnsafeMutablePointer<UInt8>, _ at: Int) -> Int {
        // (A one-character literal is stored as a scalar, not a pointer: `withUTF8Buffer` reads both.)
        s.withUTF8Buffer { bytes in
            if let base = bytes.baseAddress { (out + at).update(from: base, count: bytes.count) }
            return at + bytes.count
        }
    }

    /// Writes `value` in decimal at `out + at` (which has room for ``maxDigits`` bytes); the offset past it.
    @inline(__always) private static func put(_ value: Int, _ out: UnsafeMutablePointer<UInt8>, _ at: Int) -> Int {
        var n = at
        if value < 0 {
            out[n] = UInt8(ascii: "-")
            n += 1
        }
        var magnitude = value.magnitude
        var digits = 1
        var rest = magnitude
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        var k = n + digits
        repeat {
            k -= 1
            out[k] = UInt8(truncatingIfNeeded: 0x30 + magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        return n + digits
    }
}
