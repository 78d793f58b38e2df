/// A reference implementation, for tests, of how an LSP client applies a text edit: positions are 0-based
/// lines and UTF-16 columns (LSP 3.17 §"Position"), lines end at `\n`, `\r\n` or `\r`, a column past the end
/// of a line means the end of that line (before its break), a line past the last means the end of the text,
/// and a column between the two halves of a surrogate pair means the start of that character. Written
/// independently of the server's `LineIndex` so that tests compare two implementations.
public enum UTF16TextEdits {
    /// The UTF-16 offset of (`line`, `column`) in `units`.
    public static func offset(line: Int, column: Int, in units: [UInt16]) -> Int {
        var lineStart = 0, current = 0, i = 0
        while current < line {
            guard i < units.count else { return units.count }
            if units[i] == 0x0A {
                current += 1; lineStart = i + 1
            } else if units[i] == 0x0D {
                if i + 1 < units.count && units[i + 1] == 0x0A { i += 1 }
                current += 1; lineStart = i + 1
            }
            i += 1
        }
        var end = lineStart
        while end < units.count && units[end] != 0x0A && units[end] != 0x0D { end += 1 }
        var o = min(lineStart + max(0, column), end)
        if o > lineStart && o < units.count && (0xDC00...0xDFFF).contains(units[o]) && (0xD800...0xDBFF).contains(units[o - 1]) {
            o -= 1
        }
        return o
    }

    /// `text` with the range (start, end) replaced by `newText`; an end before the start means an empty
    /// range at the start.
    public static func apply(_ text: String, start: (line: Int, column: Int), end: (line: Int, column: Int),
                             newText: String) -> String {
        var units = Array(text.utf16)
        let s = offset(line: start.line, column: start.column, in: units)
        let e = max(s, offset(line: end.line, column: end.column, in: units))
        units.replaceSubrange(s..<e, with: Array(newText.utf16))
        return String(decoding: units, as: UTF16.self)
    }

    /// Applies LSP `TextEdit`s given as JSON objects (`range.start/end.line/character`, `newText`), all
    /// relative to the original text and non-overlapping, as a client applies a `TextEdit[]` answer.
    public static func apply(_ text: String, edits: [[String: Any]]) -> String? {
        var parsed: [(s: Int, e: Int, text: String)] = []
        let units = Array(text.utf16)
        for edit in edits {
            guard let range = edit["range"] as? [String: Any], let newText = edit["newText"] as? String,
                  let start = range["start"] as? [String: Any], let end = range["end"] as? [String: Any],
                  let sl = start["line"] as? Int, let sc = start["character"] as? Int,
                  let el = end["line"] as? Int, let ec = end["character"] as? Int else { return nil }
            parsed.append((offset(line: sl, column: sc, in: units), offset(line: el, column: ec, in: units), newText))
        }
        var out = units
        for edit in parsed.sorted(by: { $0.s > $1.s }) {
            out.replaceSubrange(edit.s..<max(edit.s, edit.e), with: Array(edit.text.utf16))
        }
        return String(decoding: out, as: UTF16.self)
    }
}
