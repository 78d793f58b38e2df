/// The rules that look at one line at a time: `empty-lines`, `line-length`, `new-line-at-end-of-file`,
/// `new-lines`, `trailing-spaces`.
struct LineRule {
    let id: LintRuleID
    /// The options, read once: empty-lines' `max`/`max-start`/`max-end` (line-length's `max` is `max`),
    /// line-length's two `allow-non-breakable-*` flags, new-lines' `type` being `dos`.
    private let max, maxStart, maxEnd: Int
    private let allowNonBreakableWords, allowNonBreakableInlineMappings, dos: Bool

    init(id: LintRuleID, options: [String: LintOption]) {
        self.id = id
        func int(_ k: String) -> Int { options[k]?.int ?? id.defaultOptions[k]?.int ?? -1 }
        func flag(_ k: String) -> Bool { options[k]?.bool ?? id.defaultOptions[k]?.bool ?? false }
        max = int("max")
        maxStart = int("max-start")
        maxEnd = int("max-end")
        allowNonBreakableWords = flag("allow-non-breakable-words")
        allowNonBreakableInlineMappings = flag("allow-non-breakable-inline-mappings")
        dos = (options["type"]?.string ?? "unix") == "dos"
    }

    /// Checks `line`.
    func check(_ s: LintStream, _ line: LintLine, _ out: inout [LintStream.Problem]) {
        let b = s.bytes
        let n = b.count
        func at(_ i: Int) -> UInt8 { i >= 0 && i < n ? b[i] : 0 }
        switch id {
        case .emptyLines:
            guard line.start == line.end && line.end < n else { return }
            if at(line.end) == 0x0A && at(line.end + 1) == 0x0A { return }
            if line.end + 4 <= n && at(line.end) == 0x0D && at(line.end + 1) == 0x0A && at(line.end + 2) == 0x0D
                && at(line.end + 3) == 0x0A { return }
            var blank = 0
            var start = line.start
            while start >= 2 && at(start - 2) == 0x0D && at(start - 1) == 0x0A { blank += 1; start -= 2 }
            while start >= 1 && at(start - 1) == 0x0A { blank += 1; start -= 1 }
            var maximum = max
            if start == 0 { blank += 1; maximum = maxStart }
            if (line.end == n - 1 && at(line.end) == 0x0A) || (line.end == n - 2 && at(line.end) == 0x0D && at(line.end + 1) == 0x0A) {
                if line.end == 0 { return }
                maximum = maxEnd
            }
            if blank > maximum {
                out.append(.init(line: line.number, column: 1, message: "too many blank lines (\(blank) > \(maximum))"))
            }
        case .lineLength:
            let maximum = max
            // A line holds at most as many characters as bytes: a short line needs no counting.
            if line.end - line.start <= maximum { return }
            let length = s.scalarCount(from: line.start, to: line.end)
            guard length > maximum else { return }
            let inline = allowNonBreakableInlineMappings
            if allowNonBreakableWords || inline {
                var start = line.start
                while start < line.end && at(start) == 0x20 { start += 1 }
                if start != line.end {
                    if at(start) == UInt8(ascii: "#") {
                        while at(start) == UInt8(ascii: "#") { start += 1 }
                        start += 1
                    } else if at(start) == UInt8(ascii: "-") {
                        start += 2
                    }
                    if start >= line.end || !b[start..<line.end].contains(0x20) { return }
                    if inline && Linter.isInlineMappingWithUnbreakableValue(s.text, line) { return }
                }
            }
            out.append(.init(line: line.number, column: maximum + 1,
                             message: "line too long (\(length) > \(maximum) characters)"))
        case .newLineAtEndOfFile:
            if line.end == n && line.end > line.start {
                out.append(.init(line: line.number, column: s.scalarCount(from: line.start, to: line.end) + 1,
                                 message: "no new line character at the end of file"))
            }
        case .newLines:
            guard line.start == 0 && n > line.end else { return }
            let ok = dos ? (at(line.end) == 0x0D && at(line.end + 1) == 0x0A) : at(line.end) == 0x0A
            if !ok {
                out.append(.init(line: 1, column: s.scalarCount(from: line.start, to: line.end) + 1,
                                 message: "wrong new line character: expected " + (dos ? "\\r\\n" : "\\n")))
            }
        case .trailingSpaces:
            if line.end == 0 { return }
            var pos = line.end
            while pos > line.start && s.isPythonWhitespace(at(pos - 1)) { pos -= 1 }
            if pos != line.end && (at(pos) == 0x20 || at(pos) == 0x09) {
                out.append(.init(line: line.number, column: s.scalarCount(from: line.start, to: pos) + 1,
                                 message: "trailing spaces"))
            }
        default:
            return
        }
    }
}
