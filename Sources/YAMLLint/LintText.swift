import YAMLSyntax

/// The text being linted. PyYAML marks (token and comment positions) count `\n`, `\r\n` and a lone `\r`
/// as one line break, and so do the line rules' lines here (yamllint's line rules split at `\n` only).
///
/// Offsets are UTF-8 byte offsets; lines are 0-based; columns count Unicode scalars (as Python's `str`).
public struct LintText: Sendable {
    /// The UTF-8 bytes.
    public var bytes: [UInt8] { index.bytes }
    /// PyYAML-mark lines (`\n`, `\r\n`, lone `\r`), which are ``LineIndex``'s lines and ``lines``.
    let index: LineIndex
    var isASCII: Bool { index.isASCII }
    /// The line rules' lines: the index's lines without their line breaks; the last line runs to the end.
    public let lines: [LintLine]

    /// Prepares `bytes` for linting (O(n)).
    public init(_ bytes: [UInt8]) { self.init(LineIndex(bytes)) }

    /// Prepares the text of an existing line index (O(n), reusing its line starts).
    public init(_ index: LineIndex) {
        self.index = index
        lines = LintText.splitLines(index)
    }

    /// The 0-based mark line containing byte `offset`.
    public func line(of offset: Int) -> Int { index.line(containing: offset) }

    /// Number of Unicode scalars in `from..<to` (bytes).
    public func scalarCount(from: Int, to: Int) -> Int {
        if isASCII || to <= from { return max(0, to - from) }
        return bytes.withUnsafeBufferPointer { LintText.scalarCount($0, from: from, to: to, isASCII: false) }
    }

    /// Number of Unicode scalars in `bytes[from..<to]` (the byte count when `isASCII`).
    static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int, isASCII: Bool) -> Int {
        if isASCII || to <= from { return max(0, to - from) }
        let end = min(to, bytes.count)
        var count = 0
        var i = max(from, 0)
        // Eight bytes at a time: a scalar starts at every byte that is not a continuation byte
        // (`10xxxxxx`), and `x & ~(x << 1)` keeps bit 7 of a byte exactly when its bits 7-6 are `10`.
        // Those bits, moved to bit 0 of each byte, are summed by one multiply (the sum, at most 8,
        // lands in the top byte): the baseline x86-64 target has no population count instruction,
        // and `nonzeroBitCount` there compiles to fourteen instructions.
        if let base = bytes.baseAddress {
            while i + 8 <= end {
                let x = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                let continuations = (x & ~(x << 1) & 0x8080_8080_8080_8080) >> 7
                count += 8 - Int((continuations &* 0x0101_0101_0101_0101) >> 56)
                i += 8
            }
        }
        while i < end {
            if bytes[i] & 0xC0 != 0x80 { count += 1 }
            i += 1
        }
        return count
    }

    /// True when `bytes[from..<to]` are all ASCII (eight bytes at a time).
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Bool {
        var i = from
        if let base = bytes.baseAddress {
            while i + 8 <= to {
                if UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
                i += 8
            }
        }
        while i < to {
            if bytes[i] >= 0x80 { return false }
            i += 1
        }
        return true
    }

    /// The 0-based (line, column) of byte `offset`, column in Unicode scalars.
    public func position(of offset: Int) -> (line: Int, column: Int) {
        let l = line(of: offset)
        return (l, scalarCount(from: index.lineStart(l), to: offset))
    }

    /// The byte offset of 1-based `line` / 1-based `column` (Unicode scalars) in the line rules' lines (LintText/lines),
    /// clamped to the line's end (before its `\r\n`/`\n`).
    public func offset(line: Int, column: Int) -> Int {
        bytes.withUnsafeBufferPointer { b in
            lines.withUnsafeBufferPointer { l in
                LintText.offset(line: line, column: column, bytes: b, lines: l, isASCII: isASCII)
            }
        }
    }

    /// ``offset(line:column:)`` over borrowed buffers: `lines` are yamllint's lines of `bytes`.
    static func offset(line: Int, column: Int, bytes: UnsafeBufferPointer<UInt8>, lines: UnsafeBufferPointer<LintLine>,
                       isASCII: Bool) -> Int {
        guard !lines.isEmpty else { return 0 }
        let l = lines[min(max(line - 1, 0), lines.count - 1)]
        var remaining = max(column - 1, 0)
        // When the bytes before the column are ASCII (and the byte at it starts a character), the
        // column is a byte count.
        let guess = l.start + remaining
        if guess <= l.end && (guess == l.end || bytes[guess] & 0xC0 != 0x80)
            && (isASCII || LintText.isASCII(bytes, from: l.start, to: guess)) {
            return guess
        }
        var offset = l.start
        while remaining > 0 && offset < l.end {
            offset += 1
            while offset < l.end && bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            remaining -= 1
        }
        return offset
    }

    /// The line rules' lines: the index's lines, each without its line break (O(lines), not O(bytes)).
    /// A lone `\r` ends a line here as in the index (YAML 1.2.2 §5.4 [27]-[30]; LSP 3.17 counts it
    /// too), where yamllint's line rules split at `\n` only: see docs/lint.md, "Parity with yamllint".
    private static func splitLines(_ index: LineIndex) -> [LintLine] {
        let lineCount = index.lineCount
        return [LintLine](unsafeUninitializedCapacity: lineCount) { out, written in
            guard let out = out.baseAddress else { return }
            index.bytes.withUnsafeBufferPointer { bytes in
                index.lineStarts.withUnsafeBufferPointer { starts in
                    let n = bytes.count
                    for line in 0..<lineCount {
                        // The line's content end, before its line break (as `LineIndex.lineContentEnd`).
                        let first = starts[line]
                        var end = line + 1 < lineCount ? starts[line + 1] : n
                        if end > first && bytes[end - 1] == 0x0A { end -= 1 }
                        if end > first && bytes[end - 1] == 0x0D { end -= 1 }
                        (out + line).initialize(to: LintLine(number: line + 1, start: first, end: end))
                    }
                }
            }
            written = lineCount
        }
    }
}

/// One line as yamllint's line rules see it: `start..<end` in UTF-8 bytes, without its line break.
public struct LintLine: Sendable, Hashable {
    /// 1-based line number.
    public var number: Int
    /// First byte of the line.
    public var start: Int
    /// Byte past the line's content (at its `\r\n` or `\n`, or the end of the text).
    public var end: Int
}
