import YAMLParser
import YAMLSyntax

/// Derives PyYAML's token stream (what yamllint's token rules consume) from an existing parse: the
/// lossless tree gives the real tokens, the events give scalar values, and the virtual tokens PyYAML's
/// scanner inserts are placed where it would place them:
/// - `BLOCK-MAPPING-START` / `BLOCK-SEQUENCE-START` (empty) at a block collection's first entry when its
///   column is deeper than the enclosing block indentation (an "indentless" sequence, `key:` followed by
///   `- item` at the key's column, gets neither a start nor an end, as in PyYAML);
/// - `BLOCK-END` (empty) where the next real token starts, or at the end of the text;
/// - `KEY` (empty) at the first token of an implicit key, `KEY` covering `?` for an explicit one.
///
/// Nothing is re-parsed: the walk is linear in the number of tree tokens, with an explicit stack (no
/// recursion, so deep nesting cannot overflow the call stack).
public enum LintTokenizer {
    private struct Frame {
        var node: Int
        var pos: Int
        var child: Int
        var pushedIndent = false
        var collectionStartPending = false
    }

    /// The token stream for `parse`, starting with `STREAM-START` and ending with `STREAM-END`, with
    /// line/column marks filled in from `text` (which must hold the same bytes as `parse.tree`) and each
    /// scalar's event index (``LintToken/event``) looked up.
    public static func tokens(_ parse: ParseResult, text: LintText) -> [LintToken] {
        var out = unresolvedTokens(parse, text: text)
        var resolver = EventResolver()
        for i in out.indices where out[i].kind == .scalar {
            out[i].event = resolver.event(of: out[i], in: parse.events)
        }
        return out
    }

    /// The token stream with every scalar's ``LintToken/event`` unresolved (see ``EventResolver``): no
    /// event is read while tokenizing.
    static func unresolvedTokens(_ parse: ParseResult, text: LintText) -> [LintToken] {
        let tree = parse.tree
        let bytes = tree.bytes
        let n = bytes.count
        var out: [LintToken] = [LintToken(.streamStart, start: 0, end: 0)]
        // At most one token per tree token plus a start, an end and a key per node (no regrowing copies).
        out.reserveCapacity(tree.tokens.count + 2 * tree.nodes.count + 2)
        var indents: [Int] = []
        var columns = PositionCursor(text: text)
        var stack: [Frame] = []
        if !tree.nodes.isEmpty {
            stack.append(Frame(node: 0, pos: tree.nodes[0].firstToken, child: tree.nodes[0].firstChild))
        }

        func nextSignificantStart(from tokenIndex: Int) -> Int {
            var i = tokenIndex
            while i < tree.tokens.count {
                if !tree.tokens[i].kind.isTrivia && tree.tokens[i].kind != .error { return tree.tokens[i].range.start }
                i += 1
            }
            return n
        }
        func firstSignificant(ofNode index: Int) -> Int? {
            let d = tree.nodes[index]
            var i = d.firstToken
            while i < d.endToken {
                let k = tree.tokens[i].kind
                if !k.isTrivia && k != .error { return i }
                i += 1
            }
            return nil
        }

        func enter(_ index: Int, parentFrame: inout Frame) -> Frame {
            let d = tree.nodes[index]
            var frame = Frame(node: index, pos: d.firstToken, child: d.firstChild)
            switch d.kind {
            case .blockMapping, .blockSequence:
                frame.collectionStartPending = true
            case .mappingEntry, .sequenceItem:
                if parentFrame.collectionStartPending {
                    parentFrame.collectionStartPending = false
                    if let t = firstSignificant(ofNode: index) {
                        let start = tree.tokens[t].range.start
                        let column = columns.position(of: start).column
                        if (indents.last ?? -1) < column {
                            let isMapping = tree.nodes[parentFrame.node].kind == .blockMapping
                            out.append(LintToken(isMapping ? .blockMappingStart : .blockSequenceStart,
                                                 start: start, end: start))
                            indents.append(column)
                            parentFrame.pushedIndent = true
                        }
                    }
                }
                if d.kind == .mappingEntry { implicitKey(entry: index) }
            default:
                break
            }
            return frame
        }

        func implicitKey(entry index: Int) {
            // The entry's own tokens (`?`, `:`) lie outside its children (`key`, `value`).
            let d = tree.nodes[index]
            var hasQuestion = false, hasColon = false
            var keyChild = -1
            var child = d.firstChild
            var i = d.firstToken
            while i < d.endToken {
                if child >= 0 && tree.nodes[child].firstToken <= i {
                    if tree.nodes[child].kind == .key && keyChild < 0 { keyChild = child }
                    i = max(i, tree.nodes[child].endToken)
                    child = tree.nodes[child].nextSibling
                    continue
                }
                let k = tree.tokens[i].kind
                if k == .mappingKey { hasQuestion = true } else if k == .mappingValue { hasColon = true }
                i += 1
            }
            while child >= 0 {
                if tree.nodes[child].kind == .key && keyChild < 0 { keyChild = child }
                child = tree.nodes[child].nextSibling
            }
            guard !hasQuestion, hasColon, keyChild >= 0, let t = firstSignificant(ofNode: keyChild) else { return }
            let start = tree.tokens[t].range.start
            out.append(LintToken(.key, start: start, end: start))
        }

        func token(_ i: Int, in nodeIndex: Int) {
            let t = tree.tokens[i]
            let r = t.range
            switch t.kind {
            case .whitespace, .newline, .comment, .byteOrderMark, .error, .blockScalarContent:
                return
            case .directive:
                out.append(LintToken(.directive, start: r.start, end: r.end))
            case .directivesEnd: out.append(LintToken(.documentStart, start: r.start, end: r.end))
            case .documentEnd: out.append(LintToken(.documentEnd, start: r.start, end: r.end))
            case .sequenceEntry: out.append(LintToken(.blockEntry, start: r.start, end: r.end))
            case .mappingKey: out.append(LintToken(.key, start: r.start, end: r.end))
            case .mappingValue: out.append(LintToken(.value, start: r.start, end: r.end))
            case .flowSequenceStart: out.append(LintToken(.flowSequenceStart, start: r.start, end: r.end))
            case .flowSequenceEnd: out.append(LintToken(.flowSequenceEnd, start: r.start, end: r.end))
            case .flowMappingStart: out.append(LintToken(.flowMappingStart, start: r.start, end: r.end))
            case .flowMappingEnd: out.append(LintToken(.flowMappingEnd, start: r.start, end: r.end))
            case .flowEntry: out.append(LintToken(.flowEntry, start: r.start, end: r.end))
            case .anchor, .alias:
                out.append(LintToken(t.kind == .anchor ? .anchor : .alias, start: r.start, end: r.end))
            case .tag:
                out.append(LintToken(.tag, start: r.start, end: r.end))
            case .plainScalar, .singleQuotedScalar, .doubleQuotedScalar:
                var tok = LintToken(.scalar, start: r.start, end: r.end)
                tok.style = t.kind == .plainScalar ? .plain : t.kind == .singleQuotedScalar ? .singleQuoted : .doubleQuoted
                tok.$event = EventResolver.unresolved(matchingEnd: r.end)
                out.append(tok)
            case .blockScalarHeader:
                // PyYAML's block scalar token runs from the header over the header's comment and line
                // break and every content line (with trailing blank lines).
                let last = tree.nodes[nodeIndex].endToken
                var contentEnd: Int? = nil
                var j = i + 1
                while j < last {
                    if tree.tokens[j].kind == .blockScalarContent { contentEnd = tree.tokens[j].range.end }
                    j += 1
                }
                var lineEnd = r.end
                while lineEnd < n && bytes[lineEnd] != 0x0A && bytes[lineEnd] != 0x0D { lineEnd += 1 }
                if lineEnd < n {
                    lineEnd += (bytes[lineEnd] == 0x0D && lineEnd + 1 < n && bytes[lineEnd + 1] == 0x0A) ? 2 : 1
                }
                let end = max(contentEnd ?? 0, lineEnd)
                var tok = LintToken(.scalar, start: r.start, end: end)
                tok.style = bytes[r.start] == UInt8(ascii: "|") ? .literal : .folded
                tok.$event = EventResolver.unresolved(matchingEnd: contentEnd ?? r.end)
                out.append(tok)
            }
        }

        // Each outer step enters a node or leaves one; in between, the tokens a node holds directly
        // (outside its children) are read in a tight loop with the frame kept in a local.
        var steps = 0
        let limit = 4 * (tree.tokens.count + tree.nodes.count) + 16
        let nodes = tree.nodes
        let treeTokens = tree.tokens
        outer: while !stack.isEmpty && steps < limit {
            steps += 1
            var frame = stack[stack.count - 1]
            let end = nodes[frame.node].endToken
            while frame.pos < end {
                while frame.child >= 0 && nodes[frame.child].endToken <= frame.pos {
                    frame.child = nodes[frame.child].nextSibling
                }
                let next = frame.child >= 0 ? nodes[frame.child].firstToken : end
                if next == frame.pos {
                    let c = frame.child
                    frame.pos = nodes[c].endToken
                    frame.child = nodes[c].nextSibling
                    let childFrame = enter(c, parentFrame: &frame)
                    stack[stack.count - 1] = frame
                    stack.append(childFrame)
                    continue outer
                }
                let stop = next > frame.pos ? Swift.min(next, end) : frame.pos + 1
                while frame.pos < stop {
                    switch treeTokens[frame.pos].kind {
                    case .whitespace, .newline, .comment, .byteOrderMark, .error, .blockScalarContent: break
                    default: token(frame.pos, in: frame.node)
                    }
                    frame.pos += 1
                }
            }
            if frame.pushedIndent {
                let p = nextSignificantStart(from: end)
                out.append(LintToken(.blockEnd, start: p, end: p))
                indents.removeLast()
            }
            stack.removeLast()
        }
        out.append(LintToken(.streamEnd, start: n, end: n))
        // Tokens come (almost) in text order: find lines with a forward-moving cursor.
        var cursor = PositionCursor(text: text)
        for i in out.indices {
            let s = cursor.position(of: out[i].start)
            out[i].startLine = s.line
            out[i].startColumn = s.column
            if out[i].end == out[i].start {
                out[i].endLine = s.line
                out[i].endColumn = s.column
            } else {
                let e = cursor.position(of: out[i].end)
                out[i].endLine = e.line
                out[i].endColumn = e.column
            }
        }
        return out
    }

    /// A token's value as PyYAML's token holds it: a scalar's value (after escapes and folding; its text
    /// when no event matched, empty for a block scalar without content); an anchor's or alias's name; a
    /// tag's handle (`!!`, `!`, `!e!`, or empty for a verbatim tag); a directive's name (`YAML`, `TAG`, ...).
    public static func value(of t: LintToken, in parse: ParseResult) -> String {
        let tree = parse.tree
        let r = TextRange(start: t.start, end: t.end)
        switch t.kind {
        case .scalar:
            var event = t.event
            if event < -1 { var resolver = EventResolver(); event = resolver.event(of: t, in: parse.events) }
            if event >= 0, event < parse.events.count, case .scalar(let value, _, _, _) = parse.events[event].kind {
                return value
            }
            return t.style == .literal || t.style == .folded ? "" : tree.text(r)
        case .anchor, .alias: return String(tree.text(r).dropFirst())
        case .tag: return tagHandle(tree.text(r))
        case .directive: return directiveWords(tree.text(r)).first ?? ""
        default: return ""
        }
    }

    /// A directive's first parameter (the version of `%YAML`), empty when none.
    public static func directiveParameter(of t: LintToken, in parse: ParseResult) -> String {
        let words = directiveWords(parse.tree.text(TextRange(start: t.start, end: t.end)))
        return words.count > 1 ? words[1] : ""
    }

    private static func directiveWords(_ text: String) -> [String] {
        text.dropFirst().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    }

    /// Line lookup that moves forward from the last answer (binary search when asked to go back).
    private struct PositionCursor {
        let starts: [Int]
        let bytes: [UInt8]
        let isASCII: Bool
        var line = 0

        init(text: LintText) {
            starts = text.index.lineStarts
            bytes = text.bytes
            isASCII = text.isASCII
        }

        mutating func position(of offset: Int) -> (line: Int, column: Int) {
            if offset < starts[line] {
                var lo = 0, hi = line
                while lo < hi {
                    let mid = (lo + hi + 1) / 2
                    if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
                }
                line = lo
            } else {
                while line + 1 < starts.count && starts[line + 1] <= offset { line += 1 }
            }
            let from = starts[line]
            if isASCII || offset <= from { return (line, Swift.max(0, offset - from)) }
            var count = 0
            var i = from
            while i < offset && i < bytes.count {
                if bytes[i] & 0xC0 != 0x80 { count += 1 }
                i += 1
            }
            return (line, count)
        }
    }

    /// The handle of a tag property as PyYAML splits it: `!!` for `!!str`, `!e!` for `!e!x`, `!` for
    /// `!local`, empty for a verbatim `!<...>` tag or the non-specific `!`.
    static func tagHandle(_ text: String) -> String {
        let b = Array(text.utf8)
        guard b.count > 1, b[0] == UInt8(ascii: "!"), b[1] != UInt8(ascii: "<") else { return "" }
        if let second = b.dropFirst().firstIndex(of: UInt8(ascii: "!")) {
            return String(decoding: b[0...second], as: UTF8.self)
        }
        return "!"
    }

    /// Finds scalar tokens' events. Scalar events come in the same order as scalar tokens, so a cursor
    /// moving forward finds each (it starts over when asked about an earlier token). Until looked up, a
    /// scalar token's ``LintToken/event`` holds `-2 - end`, `end` being the byte at which its event's
    /// range must end (the token's end; for a block scalar, the end of its content, or of its header
    /// when it has none).
    struct EventResolver {
        private var cursor = 0
        private var lastEnd = -1

        /// The unresolved event field of a scalar whose event range must end at `end`.
        static func unresolved(matchingEnd end: Int) -> Int32 { Int32(truncatingIfNeeded: -2 - end) }

        /// The index of `t`'s scalar event, -1 when there is none; `t.event` when already resolved.
        mutating func event(of t: LintToken, in events: ParseEvents) -> Int {
            if t.$event >= -1 { return t.event }
            let end = -2 - Int(t.$event)
            if end < lastEnd { cursor = 0 }
            lastEnd = end
            while cursor < events.count {
                let range = events.range(at: cursor)
                if range.end >= end, !range.isEmpty, case .scalar = events[cursor].kind {
                    if range.end == end { cursor += 1; return cursor - 1 }
                    return -1
                }
                cursor += 1
            }
            return -1
        }
    }
}
