/// The rules that look at one line at a time: `empty-lines`, `line-length`, `new-line-at-end-of-file`,
/// `new-lines`, `trailing-spaces`.
/// Each rule has its own check, which the run calls directly for every line.
struct LineRule {
    let id: LintRuleID
    /// The options, read once: empty-lines' `max`/`max-start`/`max-end` (line-length's `max` is `max`),
    /// line-length's two `allow-non-breakable-*` flags, new-lines' `type` being `dos`.
    let max: Int
    private let maxStart, maxEnd: Int
    private let allowNonBreakableWords, allowNonBreakableInlineMappings, dos: Bool
    /// line-length: the messages made so far in this run, by how many characters a line has over
    /// `max` (a long text has many over-long lines of few lengths, and each finding needs its message
    /// as a `String`: one is made per length, and the findings share it). Empty in a configuration's
    /// rules; each run's copy fills its own.
    private var lengthMessages: [String?] = []

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

    /// The byte at `i`, 0 outside the text.
    @inline(__always) private func at(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt8 { i >= 0 && i < b.count ? b[i] : 0 }

    /// `empty-lines`: too many blank lines at the start, inside or at the end (reported on the last
    /// blank line of a run). Runs of `\n` or `\r\n` are counted as yamllint counts them; runs of lone
    /// `\r` too (a line break here, see ``LintText/lines``; none for yamllint).
    func checkEmptyLines(_ s: LintStream, _ line: LintLine, _ out: inout [LintStream.Problem]) {
        let b = s.bytes
        let n = b.count
        guard line.start == line.end && line.end < n else { return }
        if at(b, line.end) == 0x0A && at(b, line.end + 1) == 0x0A { return }
        if line.end + 4 <= n && at(b, line.end) == 0x0D && at(b, line.end + 1) == 0x0A && at(b, line.end + 2) == 0x0D
            && at(b, line.end + 3) == 0x0A { return }
        if at(b, line.end) == 0x0D && at(b, line.end + 1) == 0x0D { return }
        var blank = 0
        var start = line.start
        while start >= 2 && at(b, start - 2) == 0x0D && at(b, start - 1) == 0x0A { blank += 1; start -= 2 }
        while start >= 1 && at(b, start - 1) == 0x0A { blank += 1; start -= 1 }
        // A line start is never between the `\r` and `\n` of a pair: a `\r` just before it is lone.
        while start >= 1 && at(b, start - 1) == 0x0D { blank += 1; start -= 1 }
        var maximum = max
        if start == 0 { blank += 1; maximum = maxStart }
        if (line.end == n - 1 && (at(b, line.end) == 0x0A || at(b, line.end) == 0x0D))
            || (line.end == n - 2 && at(b, line.end) == 0x0D && at(b, line.end + 1) == 0x0A) {
            if line.end == 0 { return }
            maximum = maxEnd
        }
        if blank > maximum {
            out.append(.init(line: line.number, column: 1, message: LintMessage.make("too many blank lines (", blank, " > ", maximum, ")")))
        }
    }

    /// `line-length`: a line longer than `max` characters (unless a non-breakable word or inline
    /// mapping is allowed).
    mutating func checkLineLength(_ s: LintStream, _ line: LintLine, _ out: inout [LintStream.Problem]) {
        let maximum = max
        // A line holds at most as many characters as bytes: a short line needs no counting.
        if line.end - line.start <= maximum { return }
        let b = s.bytes
        let length = s.scalarCount(from: line.start, to: line.end)
        guard length > maximum else { return }
        let inline = allowNonBreakableInlineMappings
        if allowNonBreakableWords || inline {
            var start = line.start
            // The indentation eight bytes at a time (long lines are often deeply indented).
            if let base = b.baseAddress {
                while start + 8 <= line.end && line.end <= b.count {
                    let spaces = UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self) ^ 0x2020_2020_2020_2020
                    if spaces != 0 {
                        start += UInt64(littleEndian: spaces).trailingZeroBitCount / 8
                        break
                    }
                    start += 8
                }
            }
            while start < line.end && at(b, start) == 0x20 { start += 1 }
            if start != line.end {
                if at(b, start) == UInt8(ascii: "#") {
                    while at(b, start) == UInt8(ascii: "#") { start += 1 }
                    start += 1
                } else if at(b, start) == UInt8(ascii: "-") {
                    start += 2
                }
                if start >= line.end || !b[start..<line.end].contains(0x20) { return }
                if inline && Linter.isInlineMappingWithUnbreakableValue(s.text, line) { return }
            }
        }
        out.append(.init(line: line.number, column: maximum + 1, message: lengthMessage(length)))
    }

    /// line-length's message for a line of `length` characters (more than `max`), made once per length
    /// up to 4,096 characters over.
    private mutating func lengthMessage(_ length: Int) -> String {
        let over = length - max
        if over >= 0 && over < lengthMessages.count, let message = lengthMessages[over] { return message }
        let message = LintMessage.make("line too long (", length, " > ", max, " characters)")
        if over >= 0 && over < 4096 {
            if over >= lengthMessages.count {
                lengthMessages.append(contentsOf: repeatElement(nil, count: over + 1 - lengthMessages.count))
            }
            lengthMessages[over] = message
        }
        return message
    }

    /// `new-line-at-end-of-file`: the last line has content but no line break.
    func checkNewLineAtEndOfFile(_ s: LintStream, _ line: LintLine, _ out: inout [LintStream.Problem]) {
        if line.end == s.bytes.count && line.end > line.start {
            out.append(.init(line: line.number, column: s.scalarCount(from: line.start, to: line.end) + 1,
                             message: "no new line character at the end of file"))
        }
    }

    /// `new-lines`: the first line break is not the expected kind.
    func checkNewLines(_ s: LintStream, _ line: LintLine, _ out: inout [LintStream.Problem]) {
        let b = s.bytes
        guard line.start == 0 && b.count > line.end else { return }
        let ok = dos ? (at(b, line.end) == 0x0D && at(b, line.end + 1) == 0x0A) : at(b, line.end) == 0x0A
        if !ok {
            out.append(.init(line: 1, column: s.scalarCount(from: line.start, to: line.end) + 1,
                             message: "wrong new line character: expected " + (dos ? "\\r\\n" : "\\n")))
        }
    }

    /// `trailing-spaces`: whitespace at the end of the line.
    func checkTrailingSpaces(_ s: LintStream, _ line: LintLine, _ out: inout [LintStream.Problem]) {
        if line.end == 0 { return }
        let b = s.bytes
        var pos = line.end
        while pos > line.start && s.isPythonWhitespace(at(b, pos - 1)) { pos -= 1 }
        if pos != line.end && (at(b, pos) == 0x20 || at(b, pos) == 0x09) {
            out.append(.init(line: line.number, column: s.scalarCount(from: line.start, to: pos) + 1,
                             message: "trailing spaces"))
        }
    }
}
