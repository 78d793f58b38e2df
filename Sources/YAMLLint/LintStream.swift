import YAMLParser

/// The text and token stream one lint run works on, with yamllint's shared position helpers
/// (`yamllint/rules/common.py`). Problems are collected as 1-based line / 1-based column (Unicode scalars).
/// A class: every rule gets it for every token, and passing a reference costs no reference counting.
final class LintStream {
    let text: LintText
    let tokens: [LintToken]
    /// The parse the tokens were derived from (for values, looked up only when a rule needs one).
    let parse: ParseResult
    let bytes: [UInt8]

    init(text: LintText, tokens: [LintToken], parse: ParseResult) {
        self.text = text
        self.tokens = tokens
        self.parse = parse
        bytes = text.bytes
    }

    /// The value of `t` (see ``LintTokenizer/value(of:in:)``).
    func value(_ t: LintToken) -> String { LintTokenizer.value(of: t, in: parse) }

    /// A problem in yamllint's coordinates, before the rule id and level are attached.
    struct Problem {
        var line: Int
        var column: Int
        var message: String
    }

    func token(_ i: Int) -> LintToken? { i >= 0 && i < tokens.count ? tokens[i] : nil }

    /// yamllint `spaces_after`: a problem when the gap between `token` and `next` on the same line is
    /// outside `min...max` (-1 disables a bound).
    func spacesAfter(_ t: LintToken, next: LintToken?, min: Int = -1, max: Int = -1,
                     minMessage: String = "", maxMessage: String = "") -> Problem? {
        guard let next, t.endLine == next.startLine else { return nil }
        let spaces = next.start - t.end
        if max != -1 && spaces > max { return Problem(line: t.startLine + 1, column: next.startColumn, message: maxMessage) }
        if min != -1 && spaces < min { return Problem(line: t.startLine + 1, column: next.startColumn + 1, message: minMessage) }
        return nil
    }

    /// yamllint `spaces_before`: a problem when the gap between `prev` and `token` on the same line is
    /// outside `min...max`.
    func spacesBefore(_ t: LintToken, prev: LintToken?, min: Int = -1, max: Int = -1,
                      minMessage: String = "", maxMessage: String = "") -> Problem? {
        guard let prev, prev.endLine == t.startLine,
              prev.end == 0 || bytes[prev.end - 1] != 0x0A else { return nil }
        let spaces = t.start - prev.end
        if max != -1 && spaces > max { return Problem(line: t.startLine + 1, column: t.startColumn, message: maxMessage) }
        if min != -1 && spaces < min { return Problem(line: t.startLine + 1, column: t.startColumn + 1, message: minMessage) }
        return nil
    }

    /// yamllint `get_line_indent`: the number of spaces at the start of the line `t` starts on.
    func lineIndent(_ t: LintToken) -> Int {
        var start = min(t.start, bytes.count)
        while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
        var content = start
        while content < bytes.count && bytes[content] == 0x20 { content += 1 }
        return content - start
    }

    /// yamllint `get_real_end_line`: the 1-based line a token really ends on (a scalar's trailing
    /// whitespace and line breaks do not count).
    func realEndLine(_ t: LintToken) -> Int {
        var endLine = t.endLine + 1
        guard t.kind == .scalar else { return endLine }
        var pos = t.end - 1
        while pos >= t.start - 1 && pos >= 0 && pos < bytes.count && isPythonWhitespace(bytes[pos]) {
            if bytes[pos] == 0x0A { endLine -= 1 }
            pos -= 1
        }
        return endLine
    }

    /// yamllint `is_explicit_key`: a `?` key token.
    func isExplicitKey(_ t: LintToken) -> Bool {
        t.start < t.end && t.start < bytes.count && bytes[t.start] == UInt8(ascii: "?")
    }

    /// Python's `string.whitespace`.
    func isPythonWhitespace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
}
