import YAMLSyntax

/// Finds bytes a YAML stream may not contain: sequences that are not UTF-8 (YAML 1.2.2 §5.2, "Character
/// Encodings") and characters outside the printable set (§5.1, "Character Set": TAB, LF, CR, x20–x7E, x85,
/// xA0–xD7FF, xE000–xFFFD except a BOM past the start, x10000–x10FFFF). Other control characters and NUL are
/// reported even inside quoted scalars, where only their escaped forms (`\0`, `\x01`, ...) are allowed.
///
/// Consecutive offending bytes of one kind give one diagnostic whose range covers them (UTF-8 byte offsets),
/// so editors underline exactly the bad bytes and positions of the text around them stay as they are.
/// At most ``maximumDiagnostics`` are reported (a binary file would otherwise give one per byte run).
enum CharacterCheck {
    /// The most diagnostics one document gets from this check.
    static let maximumDiagnostics = 100

    /// The diagnostics for `bytes`, in text order. O(n) with a fast path for ASCII text, which reads eight
    /// bytes at a time unless `wordwise` is false (the same result; tests compare the two).
    static func diagnostics(_ bytes: [UInt8], wordwise: Bool = true) -> [YAMLDiagnostic] {
        var out: [YAMLDiagnostic] = []
        var run: (start: Int, end: Int, invalidUTF8: Bool)?
        func flush() {
            guard let r = run else { return }
            run = nil
            guard out.count < maximumDiagnostics else { return }
            let range = TextRange(start: r.start, end: r.end)
            if r.invalidUTF8 {
                out.append(YAMLDiagnostic(range: range, severity: .error, code: "invalid-utf8",
                                          message: "These bytes are not valid UTF-8; YAML text must be UTF-8, UTF-16 or UTF-32 (§5.2)."))
            } else {
                out.append(YAMLDiagnostic(range: range, severity: .error, code: "non-printable-character",
                                          message: "A control character or NUL that YAML does not allow in its text; write it as an escape such as \\0 or \\x01 inside double quotes (§5.1)."))
            }
        }
        func note(_ start: Int, _ end: Int, invalidUTF8: Bool) {
            if let r = run, r.end == start, r.invalidUTF8 == invalidUTF8 {
                run = (r.start, end, invalidUTF8)
            } else {
                flush()
                run = (start, end, invalidUTF8)
            }
        }
        bytes.withUnsafeBufferPointer { buf in
            var i = 0
            let n = buf.count
            let raw = UnsafeRawBufferPointer(buf)
            while i < n && out.count < maximumDiagnostics {
                // Eight printable ASCII bytes (0x20-0x7E) at a time: no byte at or above 0x80, none below
                // 0x20 (TAB, LF and CR included: such words take the byte-wise path), none equal to 0x7F.
                if wordwise && i + 8 <= n {
                    let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
                    let below20 = (w &- ones &* 0x20) & ~w & highs
                    let del = w ^ (ones &* 0x7F)
                    let is7F = (del &- ones) & ~del & highs
                    if (w & highs) | below20 | is7F == 0 {
                        i += 8
                        continue
                    }
                }
                let b = buf[i]
                if b < 0x80 {
                    if b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D || b == 0x7F { note(i, i + 1, invalidUTF8: false) }
                    i += 1
                    continue
                }
                let length = sequenceLength(buf, at: i)
                guard length > 0 else {
                    note(i, i + 1, invalidUTF8: true)
                    i += 1
                    continue
                }
                let scalar = decode(buf, at: i, length: length)
                let printable = scalar == 0x85 || (0xA0...0xD7FF).contains(scalar) || (0xE000...0xFFFD).contains(scalar)
                    || scalar >= 0x10000
                if !printable || (scalar == 0xFEFF && i != 0) { note(i, i + length, invalidUTF8: false) }
                i += length
            }
        }
        flush()
        return out
    }

    /// The length of the well-formed UTF-8 sequence at `i` (RFC 3629: no overlong forms, no surrogates,
    /// nothing above U+10FFFF), or 0 when the bytes there are not one.
    private static func sequenceLength(_ buf: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let b = buf[i]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch b {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return 0
        }
        guard i + length <= buf.count else { return 0 }
        guard (low...high).contains(buf[i + 1]) else { return 0 }
        for k in 2..<max(2, length) where !(0x80...0xBF).contains(buf[i + k]) { return 0 }
        return length
    }

    /// The scalar value of a well-formed sequence.
    private static func decode(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, length: Int) -> UInt32 {
        var value = UInt32(buf[i]) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length { value = value << 6 | UInt32(buf[i + k] & 0x3F) }
        return value
    }
}
