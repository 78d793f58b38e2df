import YAMLFormatter
import YAMLLint
import YAMLParser
import YAMLSyntax

/// The lint fixes that rewrite more than a run of blanks: `quoted-strings` (add, change or remove a
/// scalar's quotes), `key-ordering` (sort the entries of a block mapping) and `indentation` (re-indent
/// lines as the formatter lays them out with the rule's `spaces` and `indent-sequences`). Each returns
/// edits only; ``LintFixes`` verifies them (same data, same comments, one finding fewer) before they are
/// offered. Offsets are UTF-8 byte offsets.
enum LintRewriteFixes {
    // MARK: quoted-strings

    /// The quotes of the scalar the finding points at, changed as the message asks: removed ("redundantly
    /// quoted"), added or changed to the configured `quote-type` ("not quoted ..."). Nil when the value
    /// cannot be written in that style on one line (a single-quoted scalar has no escapes) or, for
    /// removal, when it would not read back as the same plain scalar.
    static func quotedStrings(_ s: DocumentSnapshot, _ d: YAMLDiagnostic, _ c: LintConfiguration,
                              tokens: [LintToken]) -> (String, [TextReplacement])? {
        guard let i = tokenIndex(tokens, startingAt: d.range.start), tokens[i].kind == .scalar else { return nil }
        let t = tokens[i]
        guard t.style != .literal, t.style != .folded else { return nil }
        let value = LintTokenizer.value(of: t, in: s.parse)
        let range = TextRange(start: t.start, end: t.end)
        if d.message.contains("redundantly quoted") {
            guard t.style != .plain, PlainScalarCheck.scansAsSamePlainScalar(value),
                  !(isInFlow(s, t.start) && value.contains(where: { ",[]{}".contains($0) })) else { return nil }
            return ("Remove the quotes", [TextReplacement(range: range, newText: value)])
        }
        let options = c.rules[.quotedStrings]?.options ?? [:]
        let allowQuotedQuotes = options["allow-quoted-quotes"]?.bool ?? false
        var wanted: ScalarStyle
        switch options["quote-type"]?.string ?? "any" {
        case "double": wanted = .doubleQuoted
        case "single": wanted = .singleQuoted
        case "consistent":
            wanted = tokens.first { $0.kind == .scalar && ($0.style == .singleQuoted || $0.style == .doubleQuoted) }?.style
                ?? .singleQuoted
        default: wanted = t.style == .doubleQuoted ? .doubleQuoted : .singleQuoted
        }
        // A quote character inside may be kept in the other style when the rule allows it.
        if allowQuotedQuotes && wanted == .singleQuoted && value.contains("'") && !value.contains("\"") { wanted = .doubleQuoted }
        if allowQuotedQuotes && wanted == .doubleQuoted && value.contains("\"") && !value.contains("'") { wanted = .singleQuoted }
        if wanted == .singleQuoted && !LintFixSupport.fitsOneLineSingleQuoted(value) {
            guard (options["quote-type"]?.string ?? "any") == "any" else { return nil }
            wanted = .doubleQuoted
        }
        guard wanted != t.style else { return nil }
        let text = wanted == .singleQuoted ? singleQuoted(value) : doubleQuoted(value)
        return (wanted == .singleQuoted ? "Use single quotes" : "Use double quotes", [TextReplacement(range: range, newText: text)])
    }

    /// `value` as a one-line single-quoted scalar (YAML 1.2.2 §7.3.2: `'` doubled, nothing escaped).
    static func singleQuoted(_ value: String) -> String {
        "'" + value.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
    }

    /// `value` as a one-line double-quoted scalar (YAML 1.2.2 §7.3.1, escapes from §5.7).
    static func doubleQuoted(_ value: String) -> String {
        var out = "\""
        for c in value.unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\0": out += "\\0"
            default:
                if LintFixSupport.fitsOneLineSingleQuoted(String(c)) {
                    out.unicodeScalars.append(c)
                } else if c.value <= 0xFF {
                    out += "\\x" + hex(c.value, width: 2)
                } else if c.value <= 0xFFFF {
                    out += "\\u" + hex(c.value, width: 4)
                } else {
                    out += "\\U" + hex(c.value, width: 8)
                }
            }
        }
        return out + "\""
    }

    private static func hex(_ v: UInt32, width: Int) -> String {
        let digits = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// True when `offset` lies inside a flow collection.
    private static func isInFlow(_ s: DocumentSnapshot, _ offset: Int) -> Bool {
        var node: SyntaxNode? = s.tree.deepestNode(at: offset)
        while let n = node {
            if n.kind == .flowMapping || n.kind == .flowSequence { return true }
            node = n.parent
        }
        return false
    }

    /// The index of the token starting at `offset` (binary search; the stream is ordered by start).
    static func tokenIndex(_ tokens: [LintToken], startingAt offset: Int) -> Int? {
        var lo = 0, hi = tokens.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if tokens[mid].start < offset { lo = mid + 1 } else { hi = mid }
        }
        var i = lo
        while i < tokens.count && tokens[i].start == offset {
            if tokens[i].kind == .scalar { return i }
            i += 1
        }
        return nil
    }

    // MARK: key-ordering

    /// The entries of the block mapping holding the finding's key, in the order `key-ordering` wants
    /// (each entry moves with its nested content, its inline comment, the comment lines directly above
    /// it at its column, and comment lines after it). One edit over the mapping; nil when a key is not a
    /// scalar or is explicit (`?`), when the entries are not separated by blank space only, or when the
    /// order is already right.
    static func keyOrdering(_ s: DocumentSnapshot, _ d: YAMLDiagnostic, _ c: LintConfiguration,
                            tokens: [LintToken]) -> (String, [TextReplacement])? {
        let tree = s.tree
        let b = s.bytes
        let lines = s.lineIndex
        var node: SyntaxNode? = tree.deepestNode(at: d.range.start)
        while let n = node, n.kind != .mappingEntry { node = n.parent }
        guard let mapping = node?.parent, mapping.kind == .blockMapping || mapping.kind == .flowMapping else { return nil }
        let entries = mapping.children.filter { $0.kind == .mappingEntry }
        guard entries.count > 1 else { return nil }
        if mapping.kind == .flowMapping {
            // A flow mapping is sorted only when it lies on one line without comments: entries swap
            // places, the `, ` between them stay.
            guard let r = Folding.significantRange(of: mapping),
                  lines.line(containing: r.start) == lines.line(containing: max(r.start, r.end - 1)),
                  !mapping.tokens.contains(where: { $0.kind == .comment }) else { return nil }
        }
        var keys: [String] = []
        var starts: [Int] = []
        var ends: [Int] = []
        for e in entries {
            guard let r = Folding.significantRange(of: e), b[r.start] != UInt8(ascii: "?"),
                  let k = tokenIndex(tokens, startingAt: r.start), k > 0, tokens[k - 1].kind == .key,
                  tokens[k - 1].start == tokens[k - 1].end else { return nil }
            keys.append(LintTokenizer.value(of: tokens[k], in: s.parse))
            starts.append(r.start)
            ends.append(mapping.kind == .flowMapping ? r.end : lines.lineContentEnd(lines.line(containing: max(r.start, r.end - 1))))
        }
        let order = LintFixSupport.keyOrder(keys, configuration: c)
        guard order != Array(keys.indices) else { return nil }
        // A last entry ending in a block scalar whose last line ends the text gets a line break when it
        // moves up, a changed value for PyYAML and libyaml (see `LintFixes.endsInBlockScalarContent`).
        if order.last != entries.count - 1, (ends.last ?? 0) >= b.count, LintFixes.endsInBlockScalarContent(s) { return nil }
        func isBlank(_ x: UInt8) -> Bool { x == 0x20 || x == 0x09 }
        if mapping.kind == .flowMapping {
            return reordered(b, starts: starts, ends: ends, order: order)
        }
        // Comment lines directly above an entry (not the first), at its column, go with it.
        let column = starts[0] - lines.lineStart(lines.line(containing: starts[0]))
        for k in 1..<entries.count {
            var line = lines.line(containing: starts[k])
            while line > 0 {
                let start = lines.lineStart(line - 1), end = lines.lineContentEnd(line - 1)
                let hash = start + column
                guard hash < end, b[hash] == UInt8(ascii: "#"), b[start..<hash].allSatisfy({ $0 == 0x20 }),
                      hash > ends[k - 1] else { break }
                starts[k] = hash
                line -= 1
            }
        }
        // A chunk ends at the last non-blank byte before the next chunk (trailing comment lines included).
        for k in 0..<(entries.count - 1) {
            var end = starts[k + 1]
            while end > ends[k] && (isBlank(b[end - 1]) || b[end - 1] == 0x0A || b[end - 1] == 0x0D) { end -= 1 }
            guard end >= ends[k] else { return nil }
            ends[k] = end
        }
        return reordered(b, starts: starts, ends: ends, order: order)
    }

    /// One edit over `starts[0]..<ends.last` putting chunk `order[slot]` (`starts[k]..<ends[k]`) in each
    /// slot, the text between chunks kept in place.
    private static func reordered(_ b: [UInt8], starts: [Int], ends: [Int], order: [Int]) -> (String, [TextReplacement]) {
        var text: [UInt8] = []
        for slot in starts.indices {
            text += b[starts[order[slot]]..<ends[order[slot]]]
            if slot + 1 < starts.count { text += b[ends[slot]..<starts[slot + 1]] }
        }
        let range = TextRange(start: starts[0], end: ends[starts.count - 1])
        return ("Sort the keys of this mapping", [TextReplacement(range: range, newText: String(decoding: text, as: UTF8.self))])
    }

    // MARK: indentation

    /// The lines whose indentation the formatter changes when it lays the text out with the rule's
    /// `spaces` (or the width yamllint learns for `consistent`) and `indent-sequences`, limited to the
    /// lines of `lineRange` (all lines when nil): one edit per line, each replacing the line by the
    /// formatter's line when the two differ in spaces only. Nil when the formatter refuses the text.
    static func indentation(_ s: DocumentSnapshot, _ c: LintConfiguration, lineRange: ClosedRange<Int>?) -> [TextReplacement]? {
        indentationLayout(s, c)?.edits(lineRange)
    }

    /// The formatter's layout of `s` under the indentation rule of `c` (see
    /// ``indentation(_:_:lineRange:)``); nil when the rule is off or the formatter refuses the text.
    static func indentationLayout(_ s: DocumentSnapshot, _ c: LintConfiguration) -> IndentationLayout? {
        guard let options = c.rules[.indentation]?.options else { return nil }
        var format = FormatOptions()
        format.indentWidth = LintFixSupport.indentationWidth(s.parse, configuration: c, lineIndex: s.lineIndex) ?? 2
        guard format.indentWidth > 0 else { return nil }
        switch options["indent-sequences"] ?? .bool(true) {
        case .bool(true): format.sequenceIndent = .indented
        case .bool(false): format.sequenceIndent = .compact
        default: format.sequenceIndent = .preserve
        }
        format.trimTrailingWhitespace = false
        format.insertFinalNewline = false
        format.trimFinalNewlines = false
        format.maxBlankLines = Int.max
        guard let formatted = Formatter.format(s.parse, options: format) else { return nil }
        let layout = IndentationLayout(bytes: s.bytes, old: s.lineIndex, formatted: formatted, new: LineIndex(formatted))
        return layout.old.lineCount == layout.new.lineCount ? layout : nil
    }

    /// An indentation finding on a line inside a flow collection (the formatter copies flow content as
    /// written): the line's leading spaces set to the column the message expects ("expected N but found
    /// M"). Between flow tokens white space is only separation (YAML 1.2.2 §7.4), so the data stays.
    static func flowLine(_ s: DocumentSnapshot, _ d: YAMLDiagnostic) -> TextReplacement? {
        let words = d.message.split(separator: " ")
        guard d.message.hasPrefix("wrong indentation: expected "), words.count >= 7, let expected = Int(words[3]),
              let found = Int(words[6]), expected >= 0 else { return nil }
        let line = s.lineIndex.line(containing: d.range.start)
        let start = s.lineIndex.lineStart(line)
        guard d.range.start == start + found, s.bytes[start..<d.range.start].allSatisfy({ $0 == 0x20 }),
              let t = s.tree.tokenIndex(at: d.range.start), s.tree.tokens[t].range.start == d.range.start
        else { return nil }
        var node: SyntaxNode? = s.tree.deepestNode(at: d.range.start)
        var inFlow = false
        while let n = node, !inFlow {
            inFlow = n.kind == .flowMapping || n.kind == .flowSequence
            node = n.parent
        }
        guard inFlow else { return nil }
        // Flow content inside a block collection must be indented more than that collection (YAML 1.2.2
        // §7.1 / §8.2.1, `s-l+block-node(n,c)` puts a flow node at n+1): yamllint asks for a closing bracket
        // at the column of its opening line, which for `- {` is the sequence's own column; strict parsers
        // reject that, so the line is left as it is.
        while let n = node, n.kind != .blockMapping && n.kind != .blockSequence { node = n.parent }
        if let block = node, let r = Folding.significantRange(of: block) {
            let column = r.start - s.lineIndex.lineStart(s.lineIndex.line(containing: r.start))
            guard expected > column else { return nil }
        }
        return TextReplacement(range: TextRange(start: start, end: d.range.start), newText: String(repeating: " ", count: expected))
    }

    /// The block collection an indentation finding is about and its lines: the innermost block mapping or
    /// sequence holding the finding's line, from its first line to its last.
    static func block(_ s: DocumentSnapshot, _ d: YAMLDiagnostic) -> (node: SyntaxNode, lines: ClosedRange<Int>)? {
        // A line indented wrongly often belongs, by the parse, to the collection around the one it was
        // meant for: take the innermost block collection's parent collection when there is one.
        var collections: [SyntaxNode] = []
        var node: SyntaxNode? = s.tree.deepestNode(at: d.range.start)
        while let n = node, collections.count < 2 {
            if n.kind == .blockMapping || n.kind == .blockSequence { collections.append(n) }
            node = n.parent
        }
        guard let block = collections.last, let r = Folding.significantRange(of: block) else { return nil }
        let first = s.lineIndex.line(containing: r.start)
        let last = s.lineIndex.line(containing: max(r.start, r.end - 1))
        return (block, first...last)
    }

    /// Why re-indenting `lines` (the lines of `block`) with the formatter's `layout` would obviously be
    /// refused on verification, nil when it may pass. Cheap: no parse, a walk up from `block` and over the
    /// edited lines (over the corpus these two cases were four in five of the refusals; see docs/lint.md).
    /// - The first line's indentation belongs to an outer node (`- name: x` where `block` starts at
    ///   `name`) whose block collection has entries outside `lines`: moving that line moves one entry
    ///   away from its siblings, a syntax error or other data.
    /// - Every edited line moves by the amount the line of `block`'s parent entry would move in the
    ///   layout: the block is only carried by its ancestors' re-indentation, and moving it alone changes
    ///   its indentation relative to that parent, which is what the finding was about.
    static func blockReindentRefusal(_ s: DocumentSnapshot, block: SyntaxNode, lines: ClosedRange<Int>,
                                     layout: IndentationLayout, edits: [TextReplacement]) -> String? {
        let index = s.lineIndex
        func firstLine(_ n: SyntaxNode) -> Int? { Folding.significantRange(of: n).map { index.line(containing: $0.start) } }
        func lastLine(_ n: SyntaxNode) -> Int? { Folding.significantRange(of: n).map { index.line(containing: max($0.start, $0.end - 1)) } }
        guard let blockStart = Folding.significantRange(of: block)?.start else { return nil }
        let lineStart = index.lineStart(lines.lowerBound)
        var content = lineStart
        while content < blockStart, s.bytes[content] == 0x20 { content += 1 }
        if content != blockStart, let first = edits.first, index.line(containing: first.range.start) == lines.lowerBound {
            var owner: SyntaxNode? = block
            while let n = owner, Folding.significantRange(of: n)?.start != content { owner = n.parent }
            while let n = owner, n.kind != .blockMapping && n.kind != .blockSequence { owner = n.parent }
            if let c = owner, let a = firstLine(c), let b = lastLine(c), a < lines.lowerBound || b > lines.upperBound {
                return "it moves one entry of a collection away from the others"
            }
        }
        var parent = block.parent
        while let n = parent, let line = firstLine(n), line >= lines.lowerBound { parent = n.parent }
        guard let p = parent, let parentLine = firstLine(p) else { return nil }
        let moved = layout.indentation(ofLine: parentLine)
        let shift = moved.new - moved.old
        guard shift != 0 else { return nil }
        let carried = edits.allSatisfy { e in
            let k = layout.indentation(ofLine: index.line(containing: e.range.start))
            return k.new - k.old == shift
        }
        return carried ? "it only moves the block with its parent's re-indentation" : nil
    }

}
