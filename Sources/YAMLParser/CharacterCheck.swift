import YAMLSyntax

/// Finds bytes a YAML stream may not contain: sequences that are not UTF-8 (YAML 1.2.2 §5.2, "Character
/// Encodings") and characters outside the printable set (§5.1, "Character Set": TAB, LF, CR, x20–x7E, x85,
/// xA0–xD7FF, xE000–xFFFD except a BOM that does not begin a document prefix, see ``DocumentPrefixCheck``,
/// x10000–x10FFFF). Other control characters and NUL are
/// reported even inside quoted scalars, where only their escaped forms (`\0`, `\x01`, ...) are allowed.
///
/// This is the only place these rules live: the scanner runs it once over the whole text, and everyone
/// above (the document model, the CLI, the language server) shows its findings as they are.
///
/// Consecutive offending bytes of one kind give one error whose range covers them (UTF-8 byte offsets), so
/// editors underline exactly the bad bytes, and two findings never share a start column (a run ends at a
/// character that is fine, see ``UTF8Sequence``). At most ``maximumErrors`` are reported (a binary file
/// would otherwise give one per byte run).
package enum CharacterCheck {
    /// The most errors one text gets from this check.
    package static let maximumErrors = 100
    /// The message of a byte order mark found past the start of the text where no document prefix may
    /// begin. The parser drops such an error when the mark lies inside a quoted scalar, where §5.2 allows
    /// it for JSON compatibility (this check runs before scanning and does not know the scalars).
    package static let byteOrderMarkMessage = "A byte order mark (U+FEFF) inside a document; it may only start a document prefix (a line at the start of the stream or after a '...' line, or before a '---' line, with only comment lines between), or stand inside a quoted scalar (§5.2, [202], [211])."
    /// The codes of the errors this check reports.
    package static let codes: Set<String> = ["invalid-utf8", "non-printable-character"]

    /// The errors for `bytes`, in text order. O(n) with a fast path for ASCII text, which reads eight
    /// bytes at a time unless `wordwise` is false (the same result; tests compare the two).
    package static func errors(_ bytes: UnsafeBufferPointer<UInt8>, wordwise: Bool = true) -> [SyntaxError] {
        check(bytes, wordwise: wordwise).errors
    }

    /// ``errors(_:wordwise:)``, and whether `bytes` may hold a byte order mark (U+FEFF) anywhere: false
    /// only when the whole text was read and none was found (a parse without its tree then has no trivia
    /// to keep, see ``SparseSyntax``).
    package static func check(_ bytes: UnsafeBufferPointer<UInt8>,
                              wordwise: Bool = true) -> (errors: [SyntaxError], mayHoldByteOrderMark: Bool) {
        var out: [SyntaxError] = []
        var sawByteOrderMark = false
        var run: (start: Int, end: Int, invalidUTF8: Bool)?
        func flush() {
            guard let r = run else { return }
            run = nil
            guard out.count < maximumErrors else { return }
            let range = TextRange(start: r.start, end: r.end)
            if r.invalidUTF8 {
                out.append(SyntaxError(range: range, code: "invalid-utf8",
                                       message: "These bytes are not valid UTF-8; YAML text must be UTF-8, UTF-16 or UTF-32 (§5.2)."))
            } else {
                out.append(SyntaxError(range: range, code: "non-printable-character",
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
        var prefixCheck = DocumentPrefixCheck()
        var i = 0
        let n = bytes.count
        let raw = UnsafeRawBufferPointer(bytes)
        while i < n && out.count < maximumErrors {
            // Eight bytes at a time while each is printable ASCII (0x20-0x7E), TAB, LF or CR. Once no byte
            // has its high bit set these per-byte tests are exact (no carry crosses a byte): b < 0x20 iff
            // b + 0x60 < 0x80; b == 0x7F iff b + 1 >= 0x80; b == c iff (b ^ c) + 0x7F < 0x80. So a line
            // break does not send its word to the byte-wise path below.
            if wordwise && i + 8 <= n {
                let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
                if w & highs == 0 {
                    let control = ~(w &+ ones &* 0x60) & highs
                    let is7F = (w &+ ones) & highs
                    var fine = is7F == 0
                    if fine && control != 0 {
                        func equal(_ c: UInt64) -> UInt64 { ~((w ^ (ones &* c)) &+ ones &* 0x7F) & highs }
                        fine = control & ~(equal(0x09) | equal(0x0A) | equal(0x0D)) == 0
                    }
                    if fine {
                        i += 8
                        continue
                    }
                }
            }
            let b = bytes[i]
            if b < 0x80 {
                if b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D || b == 0x7F { note(i, i + 1, invalidUTF8: false) }
                i += 1
                continue
            }
            let (length, isWellFormed) = UTF8Sequence.length(in: bytes, at: i)
            if !isWellFormed {
                note(i, i + length, invalidUTF8: true)
            } else {
                let scalar = UTF8Sequence.scalar(in: bytes, at: i, length: length)
                let printable = scalar == 0x85 || (0xA0...0xD7FF).contains(scalar) || (0xE000...0xFFFD).contains(scalar)
                    || scalar >= 0x10000
                if scalar == 0xFEFF { sawByteOrderMark = true }
                if scalar == 0xFEFF && i != 0 && !prefixCheck.allows(bytes, at: i) {
                    flush()
                    if out.count < maximumErrors {
                        out.append(SyntaxError(range: TextRange(start: i, end: i + length), code: "non-printable-character",
                                               message: byteOrderMarkMessage))
                    }
                } else if !printable { note(i, i + length, invalidUTF8: false) }
            }
            i += length
        }
        flush()
        return (out, sawByteOrderMark || i < n)
    }
}
