/// A comment as yamllint's comment rules see it: found between two consecutive tokens that are on
/// different lines (the first `#` of each line in between), with its neighbours.
struct LintComment {
    /// 1-based line.
    var line: Int
    /// 1-based column (Unicode scalars).
    var column: Int
    /// Byte offset of the `#`.
    var pointer: Int
    /// Index of the token before / after it in the token stream.
    var tokenBefore: Int
    var tokenAfter: Int
    /// The previous comment between the same two tokens, if any (an index into the same list).
    var commentBefore: Int?

    /// yamllint `Comment.is_inline`: on the same line as the end of the token before it.
    func isInline(_ s: LintStream) -> Bool {
        let before = s.tokens[tokenBefore]
        return before.kind != .streamStart && line == before.endLine + 1 && before.end > 0
            && s.bytes[before.end - 1] != 0x0A
    }

    /// True when the comment starts with `# yamllint ` (as every `# yamllint ...` directive does).
    func startsWithDirectivePrefix(_ s: LintStream) -> Bool {
        let prefix: StaticString = "# yamllint "
        let n = prefix.utf8CodeUnitCount
        guard pointer >= 0, pointer + n <= s.bytes.count else { return false }
        let p = prefix.utf8Start
        for k in 0..<n where s.bytes[pointer + k] != p[k] { return false }
        return true
    }

    /// The comment's text from `#` to the end of its line (without the line break), as bytes.
    func text(_ s: LintStream) -> ArraySlice<UInt8> {
        var end = pointer
        while end < s.bytes.count && s.bytes[end] != 0x0A { end += 1 }
        return ArraySlice(s.bytes[pointer..<end])
    }

    /// True when comments may lie between token `t1` and the next token `t2` (yamllint looks only
    /// between two tokens on different lines, after the stream start and before the stream end; after
    /// the last token, always).
    @inline(__always) static func mayFollow(_ t1: LintToken, _ t2: LintToken) -> Bool {
        !(t1.endLine == t2.startLine && t1.kind != .streamStart && t2.kind != .streamEnd)
    }

    /// The first offset in `from..<to` holding `\n` or `#`, `to` when none: eight bytes at a time (the
    /// gap between two tokens on different lines is mostly the next line's indentation).
    static func firstLineFeedOrHash(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        var i = from
        if let base = bytes.baseAddress, to <= bytes.count {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            while i + 8 <= to {
                let w = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                // A byte of `x` is zero exactly where `w` holds the byte looked for; the lowest set high
                // bit of `(x - ones) & ~x & highs` marks the first such byte (bits above it may be wrong).
                let lf = w ^ (ones &* 0x0A), hash = w ^ (ones &* 0x23)
                let found = ((lf &- ones) & ~lf | (hash &- ones) & ~hash) & highs
                if found != 0 { return i + found.trailingZeroBitCount / 8 }
                i += 8
            }
        }
        while i < to {
            let b = bytes[i]
            if b == 0x0A || b == UInt8(ascii: "#") { return i }
            i += 1
        }
        return to
    }

    /// Appends the comments between token `i` and the next (or the end of the text) to `out`, in order;
    /// ``commentBefore`` indexes `out`.
    static func appendComments(after i: Int, _ s: LintStream, to out: inout [LintComment]) {
        let bytes = s.bytes
        let t1 = s.tokens[i]
        let t2 = s.token(i + 1)
        let endPointer = t2?.start ?? bytes.count
        var pointer = t1.end
        var lineNumber = t1.endLine + 1
        var column = t1.endColumn + 1
        var before: Int? = nil
        while pointer <= endPointer {
            // One pass to the line's end (or `endPointer`), stopping early at its first `#`.
            var lineEnd = firstLineFeedOrHash(bytes, from: pointer, to: endPointer)
            if lineEnd < endPointer && bytes[lineEnd] == UInt8(ascii: "#") {
                let hash = lineEnd
                let c = LintComment(line: lineNumber, column: column + s.scalarCount(from: pointer, to: hash),
                                    pointer: hash, tokenBefore: i, tokenAfter: t2 == nil ? i : i + 1,
                                    commentBefore: before)
                before = out.count
                out.append(c)
                while lineEnd < endPointer && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            }
            pointer = lineEnd + 1
            lineNumber += 1
            column = 1
        }
    }
}
