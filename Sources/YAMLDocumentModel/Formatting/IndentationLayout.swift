import YAMLSyntax

/// A text next to the formatter's layout of it with the same lines (what the `indentation` lint fix
/// takes its lines from): per-line edits can be taken for any lines without formatting again.
struct IndentationLayout {
    /// The text (UTF-8).
    let bytes: [UInt8]
    /// The line index of `bytes`.
    let old: LineIndex
    /// The formatted text: as many lines as `bytes`.
    let formatted: [UInt8]
    /// The line index of `formatted`.
    let new: LineIndex

    /// One edit per line of `lineRange` (0-based lines; all lines when nil) that the formatter changes in
    /// spaces only, replacing the line's content (UTF-8 byte range, line break excluded) by the formatted
    /// line; nil when the range holds no line.
    func edits(_ lineRange: ClosedRange<Int>?) -> [TextReplacement]? {
        let first = lineRange?.lowerBound ?? 0
        let last = min(lineRange?.upperBound ?? old.lineCount - 1, old.lineCount - 1)
        guard first <= last else { return nil }
        var edits: [TextReplacement] = []
        for line in first...last {
            let a = bytes[old.lineStart(line)..<old.lineContentEnd(line)]
            let b = formatted[new.lineStart(line)..<new.lineContentEnd(line)]
            guard a != b, a.filter({ $0 != 0x20 }) == b.filter({ $0 != 0x20 }) else { continue }
            edits.append(TextReplacement(range: TextRange(start: old.lineStart(line), end: old.lineContentEnd(line)),
                                         newText: String(decoding: b, as: UTF8.self)))
        }
        return edits
    }

    /// The number of leading spaces of 0-based `line` in the text and in the layout.
    func indentation(ofLine line: Int) -> (old: Int, new: Int) {
        func count(_ b: [UInt8], _ index: LineIndex) -> Int {
            var k = index.lineStart(line)
            let end = index.lineContentEnd(line)
            while k < end, b[k] == 0x20 { k += 1 }
            return k - index.lineStart(line)
        }
        return (count(bytes, old), count(formatted, new))
    }
}
