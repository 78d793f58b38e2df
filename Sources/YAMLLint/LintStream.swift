import YAMLParser

/// The text and token stream one lint run works on, with yamllint's shared position helpers
/// (`yamllint/rules/common.py`). Problems are collected as 1-based line / 1-based column (Unicode scalars).
/// A class: every rule gets it for every token, and passing a reference costs no reference counting.
///
/// The tokens are not kept as an array: the tokenizer's walk writes them into a small ring
/// (``LintTokenWindow``) while the rules read them. ``ensure(_:)`` makes token `i` readable together
/// with the one before it and the two after it (all a rule looks at), so the stream's tokens never
/// sit in memory all at once.
final class LintStream {
    let text: LintText
    /// The tokens around the one being checked, and the text's bytes, borrowed for the run (see
    /// ``run(text:parse:_:)``): reading them costs no reference counting.
    let tokens: LintTokenWindow
    let bytes: UnsafeBufferPointer<UInt8>
    /// yamllint's lines (``LintText/lines``), borrowed the same way.
    let lines: UnsafeBufferPointer<LintLine>
    /// The parse the tokens were derived from (for values, looked up only when a rule needs one).
    let parse: ParseResult
    /// True when every byte is ASCII (then columns are byte counts).
    let isASCII: Bool
    /// The walk writing the tokens.
    private var walk: LintTokenizer.TokenWalk
    /// Where a non-ASCII text's non-ASCII bytes are, when known (``scalarCount(from:to:)`` and
    /// ``offset(line:column:)`` then read no ASCII range). Only this stream uses it, one call at a time.
    @exclusivity(unchecked) private var nonASCII: NonASCIIOffsets

    private init(text: LintText, tokens: LintTokenWindow, bytes: UnsafeBufferPointer<UInt8>,
                 lines: UnsafeBufferPointer<LintLine>, parse: ParseResult, walk: LintTokenizer.TokenWalk,
                 nonASCII: NonASCIIOffsets) {
        self.nonASCII = nonASCII
        self.text = text
        self.tokens = tokens
        self.bytes = bytes
        self.lines = lines
        self.parse = parse
        self.walk = walk
        isASCII = text.isASCII
    }

    /// Calls `body` with a stream over `parse`'s tokens and `text` (which must hold the same bytes as
    /// `parse.tree`); the stream must not outlive the call.
    static func run<R>(text: LintText, parse: ParseResult, _ body: (LintStream) -> R) -> R {
        let tree = parse.tree
        let ring = UnsafeMutablePointer<LintToken>.allocate(capacity: LintTokenWindow.size)
        let written = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        written.initialize(to: 0)
        defer {
            ring.deallocate()
            written.deallocate()
        }
        return text.bytes.withUnsafeBufferPointer { bytes in
            tree.tokens.withUnsafeBufferPointer { treeTokens in
                text.index.lineStarts.withUnsafeBufferPointer { starts in
                    text.lines.withUnsafeBufferPointer { lines in
                        // Found once (one pass) for the walk's positions and the stream's counts.
                        let nonASCII = text.isASCII ? NonASCIIOffsets() : NonASCIIOffsets(bytes)
                        let walk = LintTokenizer.TokenWalk(
                            nodes: tree.nodes, treeTokens: treeTokens, bytes: bytes,
                            cursor: LintTokenizer.PositionCursor(starts: starts, bytes: bytes, isASCII: text.isASCII,
                                                                 nonASCII: nonASCII),
                            out: ring, mask: LintTokenWindow.size - 1)
                        let window = LintTokenWindow(ring: ring, written: written)
                        return body(LintStream(text: text, tokens: window, bytes: bytes, lines: lines, parse: parse,
                                               walk: walk, nonASCII: nonASCII))
                    }
                }
            }
        }
    }

    /// Makes token `i` readable, with token `i - 1` and the two after it when they exist (tokens are
    /// asked for in order: `i` is at most one more than the last `i` asked for); false when the
    /// stream has no token `i`.
    func ensure(_ i: Int) -> Bool {
        var written = tokens.count
        if i + 2 >= written {
            // Room up to the oldest token still read (`i - 1`) plus the ring, less the walk's margin.
            let limit = i - 1 + LintTokenWindow.size
            walk.fill(pauseAt: limit - 4, hardLimit: limit)
            written = walk.count
            tokens.written.pointee = written
        }
        return i < written
    }

    /// The byte offset of 1-based `line` / 1-based `column` (Unicode scalars) in the line rules' lines (LintText/lines),
    /// clamped to the line's end: ``LintText/offset(line:column:)`` over the borrowed buffers.
    func offset(line: Int, column: Int) -> Int {
        var ascii = isASCII
        if !ascii && nonASCII.isKnown && !lines.isEmpty {
            let l = lines[Swift.min(Swift.max(line - 1, 0), lines.count - 1)]
            ascii = nonASCII.isASCII(from: l.start, to: l.end)
        }
        return LintText.offset(line: line, column: column, bytes: bytes, lines: lines, isASCII: ascii)
    }

    /// Number of Unicode scalars in `from..<to` (bytes).
    func scalarCount(from: Int, to: Int) -> Int {
        if !isASCII && to <= bytes.count && nonASCII.isKnown && nonASCII.isASCII(from: from, to: to) {
            return Swift.max(0, to - from)
        }
        return LintText.scalarCount(bytes, from: from, to: to, isASCII: isASCII)
    }

    /// Finds scalar events on demand (most values are read from the bytes: see ``sourceValue(_:)``).
    private var resolver = LintTokenizer.EventResolver()
    /// The last event looked up (a value is often asked for twice: by the key rules and indentation).
    private var lastLookup: (start: Int32, event: Int) = (-1, -1)

    /// The value of `t` (see ``LintTokenizer/value(of:in:)``).
    func value(_ t: LintToken) -> String {
        if let r = sourceValue(t) { return String(decoding: UnsafeBufferPointer(rebasing: bytes[r]), as: UTF8.self) }
        guard t.kind == .scalar, t.$event < -1 else { return LintTokenizer.value(of: t, in: parse) }
        var resolved = t
        if lastLookup.start == t.$start {
            resolved.event = lastLookup.event
        } else {
            resolved.event = resolver.event(of: t, in: parse.events)
            lastLookup = (t.$start, resolved.event)
        }
        return LintTokenizer.value(of: resolved, in: parse)
    }

    /// True when scalar `t`'s value is empty (read from the bytes when they are the value, or when a
    /// block scalar's content lines or a quoted scalar's inside hold a character other than a blank or a
    /// line break: then its value holds that character).
    func hasEmptyValue(_ t: LintToken) -> Bool {
        if let r = sourceValue(t) { return r.isEmpty }
        if t.kind == .scalar, t.style == .literal || t.style == .folded {
            let end = Swift.min(t.end, bytes.count)
            var k = Swift.max(t.start, 0)
            while k < end && bytes[k] != 0x0A && bytes[k] != 0x0D { k += 1 }   // the header line
            while k < end {
                let b = bytes[k]
                if b != 0x20 && b != 0x09 && b != 0x0A && b != 0x0D { return false }
                k += 1
            }
        }
        if t.kind == .scalar, t.style == .singleQuoted || t.style == .doubleQuoted {
            // A character between the quotes other than a blank or a line break is in the value (in
            // double quotes, unless it is part of an escape: the character after a `\` is not looked
            // at), so most multi-line or escaped quoted scalars need no value.
            let end = Swift.min(t.end, bytes.count) - 1
            var k = Swift.max(t.start, 0) + 1
            let isDouble = t.style == .doubleQuoted
            while k < end {
                let b = bytes[k]
                if isDouble && b == UInt8(ascii: "\\") {
                    k += 2
                    continue
                }
                if b != 0x20 && b != 0x09 && b != 0x0A && b != 0x0D { return false }
                k += 1
            }
        }
        return value(t).isEmpty
    }

    /// The bytes of scalar `t`'s value when they are its source bytes, without looking at the events:
    /// a plain scalar on one line (its text) or a quoted scalar on one line without escapes (`''` in
    /// single quotes, `\` in double quotes) or lone `\r`; nil otherwise.
    func sourceValue(_ t: LintToken) -> Range<Int>? {
        guard t.kind == .scalar, t.$startLine == t.$endLine, let style = t.style else { return nil }
        let start = t.start, end = t.end
        guard start <= end, end <= bytes.count else { return nil }
        switch style {
        case .plain:
            return start..<end
        case .singleQuoted, .doubleQuoted:
            let quote: UInt8 = style == .singleQuoted ? UInt8(ascii: "'") : UInt8(ascii: "\"")
            guard end - start >= 2, bytes[start] == quote, bytes[end - 1] == quote else { return nil }
            let escape: UInt8 = style == .singleQuoted ? UInt8(ascii: "'") : UInt8(ascii: "\\")
            var k = start + 1
            while k < end - 1 {
                let b = bytes[k]
                if b == escape || b == 0x0D { return nil }
                k += 1
            }
            return (start + 1)..<(end - 1)
        default:
            return nil
        }
    }

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
                     minMessage: @autoclosure () -> String = "", maxMessage: @autoclosure () -> String = "") -> Problem? {
        guard let next, t.endLine == next.startLine else { return nil }
        let spaces = next.start - t.end
        if max != -1 && spaces > max { return Problem(line: t.startLine + 1, column: next.startColumn, message: maxMessage()) }
        if min != -1 && spaces < min { return Problem(line: t.startLine + 1, column: next.startColumn + 1, message: minMessage()) }
        return nil
    }

    /// yamllint `spaces_before`: a problem when the gap between `prev` and `token` on the same line is
    /// outside `min...max`.
    func spacesBefore(_ t: LintToken, prev: LintToken?, min: Int = -1, max: Int = -1,
                      minMessage: @autoclosure () -> String = "", maxMessage: @autoclosure () -> String = "") -> Problem? {
        guard let prev, prev.endLine == t.startLine,
              prev.end == 0 || bytes[prev.end - 1] != 0x0A else { return nil }
        let spaces = t.start - prev.end
        if max != -1 && spaces > max { return Problem(line: t.startLine + 1, column: t.startColumn, message: maxMessage()) }
        if min != -1 && spaces < min { return Problem(line: t.startLine + 1, column: t.startColumn + 1, message: minMessage()) }
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
    @inline(__always) func realEndLine(_ t: LintToken) -> Int {
        var endLine = t.endLine + 1
        guard t.kind == .scalar else { return endLine }
        // Most scalars end in a character that is not whitespace.
        if t.end > t.start, t.end <= bytes.count, !isPythonWhitespace(bytes[t.end - 1]) { return endLine }
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
