/// The unit in which a column (character offset within a line) is counted.
///
/// LSP 3.17 §"Position": columns are UTF-16 code units unless client and server negotiated
/// `positionEncoding` `utf-8` (or `utf-32`).
public enum ColumnEncoding: String, Sendable, Hashable, CaseIterable {
    /// Columns count UTF-8 bytes.
    case utf8 = "utf-8"
    /// Columns count UTF-16 code units (an astral character such as 😀 counts 2).
    case utf16 = "utf-16"
    /// Columns count Unicode scalars.
    case utf32 = "utf-32"
}

/// A line/column position. `line` is 0-based; `column` is 0-based, in the units of a ``ColumnEncoding``.
public struct LineColumn: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// 0-based line number.
    public var line: Int
    /// 0-based column in the encoding it was computed for.
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    public static func < (a: LineColumn, b: LineColumn) -> Bool { a.line != b.line ? a.line < b.line : a.column < b.column }
    public var description: String { "\(line):\(column)" }
}

/// Maps UTF-8 byte offsets to line/column positions and back, for one immutable text.
///
/// Line breaks are `\n`, `\r\n` and a lone `\r` (YAML 1.2.2 §5.4, "b-break"). A position past the end of
/// a line clamps to the line's end (before its break), as LSP 3.17 §"Position" asks; a line past the
/// last clamps to the end of the text. A BOM is an ordinary character here (3 bytes, 1 UTF-16 unit):
/// callers that hide it from the user must do so themselves.
public struct LineIndex: Sendable {
    /// The text's bytes (UTF-8). Bytes that are not UTF-8 count as one character per maximal subpart
    /// (``UTF8Sequence``), as editors and Swift's `String` decode them into U+FFFD.
    public let bytes: [UInt8]
    /// Byte offset at which each line starts; `lineStarts[0] == 0`.
    public let lineStarts: [Int]
    /// True when every byte is ASCII, which makes all encodings agree.
    public let isASCII: Bool

    /// Indexes `bytes`. O(n).
    ///
    /// Reads eight bytes at a time: a word without `\r` only adds its high bits to the non-ASCII test and
    /// the line starts after its `\n` bytes (found from a mask of them, without reading byte by byte:
    /// lines of a few dozen bytes put a break in about every other word); a word with a `\r` is read byte by
    /// byte.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var ascii = true
        var highBits: UInt64 = 0
        var i = 0
        let n = bytes.count
        bytes.withUnsafeBytes { raw in
            let buf = raw.bindMemory(to: UInt8.self)
            while i < n {
                if i + 8 <= n {
                    let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                    if !Self.hasByte(0x0D, in: word) {
                        highBits |= word
                        // Byte k of the word is `\n` exactly when bit 8k + 7 of the mask is set.
                        var breaks = Self.bytesEqual(0x0A, in: word)
                        while breaks != 0 {
                            starts.append(i + breaks.trailingZeroBitCount / 8 + 1)
                            breaks &= breaks &- 1
                        }
                        i += 8
                        continue
                    }
                }
                // Byte by byte up to the end of this word (a CR LF pair may end one byte past it).
                let stop = Swift.min(i + 8, n)
                while i < stop {
                    let b = buf[i]
                    if b == 0x0A {
                        starts.append(i + 1)
                    } else if b == 0x0D {
                        if i + 1 < n && buf[i + 1] == 0x0A { i += 1 }
                        starts.append(i + 1)
                    } else if b >= 0x80 {
                        ascii = false
                    }
                    i += 1
                }
            }
        }
        self.lineStarts = starts
        self.isASCII = ascii && highBits & 0x8080_8080_8080_8080 == 0
    }

    /// Indexes `bytes`, an edited version of the text `old` indexes: the same bytes before `prefix` and
    /// from `suffixStart` on, where the old text's `old.bytes.count - (bytes.count - suffixStart)` on
    /// begins (a common prefix and a common suffix that do not overlap). Reads only the edited bytes (and
    /// looks for a non-ASCII byte outside them when the old text had one); the same index as
    /// ``init(_:)-(_:)`` gives. O(lines) for moving the later line starts.
    public init(_ bytes: [UInt8], editing old: LineIndex, prefix: Int, suffixStart: Int) {
        let delta = bytes.count - old.bytes.count
        let oldSuffixStart = suffixStart - delta
        precondition(prefix <= suffixStart && prefix <= oldSuffixStart && suffixStart <= bytes.count, "not an edit of the old text")
        self.bytes = bytes
        // Starts before `prefix` have their break and the byte after it in the prefix. Starts whose break is
        // in the suffix are the old ones moved. Between them, the edited bytes (and the one before) are read.
        var lo = 0, hi = old.lineStarts.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if old.lineStarts[mid] < prefix { lo = mid + 1 } else { hi = mid }
        }
        var starts = lo == 0 ? [0] : Array(old.lineStarts[..<lo])
        var ascii = old.isASCII
        for i in Swift.max(0, prefix - 1)..<suffixStart {
            let b = bytes[i]
            if b == 0x0A || (b == 0x0D && (i + 1 >= bytes.count || bytes[i + 1] != 0x0A)) {
                if i + 1 >= prefix { starts.append(i + 1) }
            } else if b >= 0x80 && i >= prefix {
                ascii = false
            }
        }
        var after = lo
        while after < old.lineStarts.count && old.lineStarts[after] < oldSuffixStart + 1 { after += 1 }
        starts.reserveCapacity(starts.count + old.lineStarts.count - after)
        for k in after..<old.lineStarts.count { starts.append(old.lineStarts[k] + delta) }
        self.lineStarts = starts
        // The old text's non-ASCII bytes may all have been in the part the edit removed.
        if !old.isASCII { ascii = Self.isASCII(bytes) }
        self.isASCII = ascii
    }

    /// True when every byte of `bytes` is ASCII; eight bytes at a time, stopping at the first that is not.
    private static func isASCII(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var i = 0
            while i + 8 <= raw.count {
                if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
                i += 8
            }
            while i < raw.count { if raw[i] >= 0x80 { return false }; i += 1 }
            return true
        }
    }

    /// True when some byte of `word` equals `byte` (exact: the borrow of the subtraction can only
    /// mark bytes above a byte that is really zero).
    @inline(__always)
    private static func hasByte(_ byte: UInt8, in word: UInt64) -> Bool {
        let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0
    }

    /// The high bit of each byte of `word` that equals `byte`, the other bits clear (exact for every byte: the
    /// sums stay inside their bytes, no borrow or carry crosses to the next).
    @inline(__always)
    private static func bytesEqual(_ byte: UInt8, in word: UInt64) -> UInt64 {
        let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        let low = 0x7F7F_7F7F_7F7F_7F7F as UInt64
        // A byte's high bit in `(x & low) + low | x` is set exactly when the byte is not zero.
        return ~(((x & low) &+ low) | x | low)
    }

    /// Indexes the UTF-8 bytes of `text`.
    public init(_ text: String) { self.init(Array(text.utf8)) }

    /// Number of lines (a text ending in a line break has an empty last line).
    public var lineCount: Int { lineStarts.count }

    /// Byte offset where `line` starts (clamped to the text).
    public func lineStart(_ line: Int) -> Int {
        if line < 0 { return 0 }
        if line >= lineStarts.count { return bytes.count }
        return lineStarts[line]
    }

    /// Byte offset of the end of `line`'s content, before its line break.
    public func lineContentEnd(_ line: Int) -> Int {
        if line < 0 { return 0 }
        if line >= lineStarts.count { return bytes.count }
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        if end > lineStarts[line] && bytes[end - 1] == 0x0A { end -= 1 }
        if end > lineStarts[line] && bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// 0-based line containing byte `offset` (clamped to the text).
    public func line(containing offset: Int) -> Int {
        let o = Swift.max(0, Swift.min(offset, bytes.count))
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= o { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// 0-based line containing byte `offset` (clamped to the text), searched from line `hint` onwards when
    /// the offset lies at or after that line's start (else from the first line): the cost grows with the
    /// log of the distance from `hint`, so offsets visited in text order (the starts of an outline's
    /// symbols, a range's end after its start) cost a few comparisons each instead of a whole binary
    /// search. The same answer as ``line(containing:)`` for every `hint`.
    public func line(containing offset: Int, from hint: Int) -> Int {
        let o = Swift.max(0, Swift.min(offset, bytes.count))
        let last = lineStarts.count - 1
        guard hint > 0, hint <= last, lineStarts[hint] <= o else { return line(containing: o) }
        // Gallop: widen [lo, hi] until line hi starts after o (or the last line is reached), then bisect.
        var lo = hint, step = 1, hi = hint
        while true {
            hi = Swift.min(lo + step, last)
            if lineStarts[hi] > o { break }
            lo = hi
            if hi == last { return last }
            step &*= 2
        }
        // lineStarts[lo] <= o < lineStarts[hi]
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if lineStarts[mid] <= o { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// The line/column of byte `offset`, with the column counted in `encoding`.
    /// An offset inside a multi-byte character counts the characters that start before it.
    public func position(of offset: Int, encoding: ColumnEncoding) -> LineColumn {
        position(of: offset, encoding: encoding, lineHint: 0)
    }

    /// ``position(of:encoding:)``, with the line searched from `lineHint` onwards
    /// (``line(containing:from:)``); the same answer for every hint.
    public func position(of offset: Int, encoding: ColumnEncoding, lineHint: Int) -> LineColumn {
        let o = Swift.max(0, Swift.min(offset, bytes.count))
        let line = line(containing: o, from: lineHint)
        let start = lineStarts[line]
        if isASCII || encoding == .utf8 { return LineColumn(line: line, column: o - start) }
        var col = 0
        bytes.withUnsafeBufferPointer { buf in
            var i = start
            while i < o {
                let len = UTF8Sequence.length(in: buf, at: i).length
                if i + len > o { break }
                col += (encoding == .utf16 && len == 4) ? 2 : 1
                i += len
            }
        }
        return LineColumn(line: line, column: col)
    }

    /// The byte offset of `position` (columns in `encoding`). Columns past the line's content clamp to
    /// its end; a UTF-16 column that falls between the two halves of a surrogate pair resolves to the
    /// start of that character; lines past the last clamp to the end of the text.
    public func offset(of position: LineColumn, encoding: ColumnEncoding) -> Int {
        if position.line < 0 { return 0 }
        if position.line >= lineStarts.count { return bytes.count }
        let start = lineStarts[position.line]
        let end = lineContentEnd(position.line)
        let target = Swift.max(0, position.column)
        if isASCII || encoding == .utf8 { return Swift.min(start + target, end) }
        var col = 0
        var i = start
        bytes.withUnsafeBufferPointer { buf in
            while i < end {
                if col >= target { break }
                let len = UTF8Sequence.length(in: buf, at: i).length
                let units = (encoding == .utf16 && len == 4) ? 2 : 1
                if col + units > target { break }
                col += units
                i = Swift.min(i + len, end)
            }
        }
        return i
    }
}
