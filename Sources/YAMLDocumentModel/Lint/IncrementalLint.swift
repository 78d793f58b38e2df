import YAMLLint
import YAMLParser
import YAMLSyntax

/// Lint findings after a keystroke inside one plain or quoted scalar value, from the previous findings: the edited
/// line's findings of the rules that read that value or that line are made again, every other finding is
/// kept (moved by the edit). Nil whenever that cannot be shown to give what linting the whole text gives;
/// the whole text is linted then.
///
/// The case handled: the snapshot re-checked one block mapping entry or one document of its predecessor
/// (``BlockEntries``, ``DocumentChunks``: the text has no syntax error, and that part parsed alone gives its
/// tokens as in context), the edit lies within one line (not the first nor the last) inside a one-line
/// plain scalar that is not a key (in a flow collection: a mapping value after its `:`), and the scalar it
/// replaced was a one-line plain scalar too, with the same start and no character that could end it or
/// make it a key or an indicator (so the byte after it ends it as it ends the new one). The text around is
/// the same, so the token stream is the same but for that scalar's end and value, and the offsets after it. Rule by rule (yamllint 1.38's rules as `YAMLLint` implements them):
/// - `truthy`, `quoted-strings`, `octal-values`, `float-values` read a scalar's value and the kind of the
///   token before it: run again over the re-checked part (not `quoted-strings` with `quote-type:
///   consistent`, which remembers the first quote style of the whole file);
/// - `line-length`, `trailing-spaces` read the line alone: run again on the edited line;
/// - `empty-lines`, `new-lines`, `new-line-at-end-of-file` read empty lines, the first and the last line:
///   the edited line is none of them;
/// - `key-duplicates`, `key-ordering` read keys; `anchors` anchors and aliases; `document-start`,
///   `document-end` the markers; `empty-values` empty nodes: unchanged;
/// - `colons`, `commas`, `hyphens`, `braces`, `brackets`, `comments` measure spaces between tokens (the
///   scalar's start stays, its end and everything after it move together); `indentation` and
///   `comments-indentation` read the columns of the first token of each line and the lines tokens end
///   on: unchanged.
/// The edited line must have no finding of another rule, and the text no `yamllint` directive comment.
///
/// Also a quoted scalar (YAML 1.2.2 §7.3.1, §7.3.2) on one line, edited strictly between its quotes, whose
/// old and new content hold no quote of its kind, no `\` and no line break (so it ends at the same closing
/// quote, moved), with `quoted-strings` off (the only value rule that reads a quoted scalar, and it reads
/// the flow context around it). And when the edited line starts before the re-checked part (an entry of
/// a flow mapping written on one line with its siblings: the bench's `flow-json` inputs), a mapping value
/// (a `:` before it, so its neighbours in the token stream are the same as in the whole text): only the
/// value rules' findings of that scalar are made again, and the line's other token findings are kept
/// (moved by the edit when after it) provided the old and the new scalar have none, since yamllint orders a
/// line's findings by token.
enum IncrementalLint {
    /// The rules whose findings on the edited line are made again from the re-checked part.
    static let valueRules: Set<LintRuleID> = [.truthy, .quotedStrings, .octalValues, .floatValues]
    /// The rules whose findings on the edited line are made again from the line alone.
    static let lineRules: Set<LintRuleID> = [.lineLength, .trailingSpaces]

    /// The findings of `s` under `configuration` (with the document's `path` relative to it), given
    /// `findings`, those of `previous` under the same configuration; nil when in doubt.
    ///
    /// `previousMentionsYamllint` says whether the previous text holds `yamllint` (nil: not known yet; it is
    /// then looked for, last); the new text does not when the findings are returned.
    static func findings(_ s: DocumentSnapshot, previous: DocumentSnapshot, findings: [LintFinding],
                         configuration: LintConfiguration, path: String?, previousMentionsYamllint: Bool?) -> [LintFinding]? {
        if previousMentionsYamllint == true { return nil }
        let old = previous.bytes, new = s.bytes
        let (prefix, suffix) = DocumentChunks.commonPrefixAndSuffix(old, new)
        if prefix == old.count && prefix == new.count { return findings }
        let oldEnd = old.count - suffix, newEnd = new.count - suffix, delta = new.count - old.count
        func breaks(_ b: ArraySlice<UInt8>) -> Bool { b.contains(0x0A) || b.contains(0x0D) }
        guard !breaks(old[prefix..<oldEnd]), !breaks(new[prefix..<newEnd]) else { return nil }
        if let quotes = configuration.rules[.quotedStrings], quotes.options["quote-type"] == .string("consistent") { return nil }

        // The re-checked part, as it was parsed (an entry's `- ` indicators on its first line made spaces).
        let region: TextRange
        var blank = 0
        if let (recheck, id) = s.recheck, id == ObjectIdentifier(previous.analysis) {
            region = TextRange(start: recheck.start, end: recheck.end)
        } else if let edit = s.blockRecheck, edit.previous == ObjectIdentifier(previous.analysis) {
            region = edit.slice
            var i = region.start
            while i < region.end {
                if new[i] == 0x20 { i += 1 } else if new[i] == 0x2D, i + 1 < region.end, new[i + 1] == 0x20 { i += 2 } else { break }
            }
            blank = i - region.start
        } else {
            return nil
        }
        guard region.start <= prefix, newEnd <= region.end else { return nil }

        // The edited line: neither the first nor the last, ended by `\n`.
        let lines = s.lineIndex
        let line = lines.line(containing: prefix)
        let lineStart = lines.lineStart(line), lineEnd = lines.lineContentEnd(line)
        guard line > 0, lineEnd < new.count, new[lineEnd] == 0x0A else { return nil }
        // The whole line re-checked (its value rules run again over it), or only the edited scalar, a
        // mapping value (a flow mapping entry's line holds its siblings too).
        let wholeLine = lineStart >= region.start

        var bytes = Array(new[region.start..<region.end])
        for j in 0..<min(blank, bytes.count) where bytes[j] != 0x20 { bytes[j] = 0x20 }
        let parse = Parser.parse(bytes)
        guard parse.isValid else { return nil }
        // The scalar holding the edit, on its line alone, and not a key (`? ` before it, or a `:` after it on
        // its line).
        let local = prefix - region.start, localEnd = newEnd - region.start
        let tokens = parse.tree.tokens
        guard let k = tokens.firstIndex(where: { $0.range.end >= localEnd && $0.range.start <= local && isScalar($0.kind) })
        else { return nil }
        let scalar = TextRange(start: tokens[k].range.start + region.start, end: tokens[k].range.end + region.start)
        let oldScalarEnd = scalar.end - delta
        guard scalar.end <= lineEnd, scalar.start >= lineStart else { return nil }
        // Not a key: no `? ` before it, no `:` after it, and inside a flow collection (where a lone scalar
        // may be a key) a `:` before it; re-checked alone, a `:` before it (its neighbours in the lint token
        // stream are then those of the whole text: `:` before, and what follows unchanged).
        var before = k - 1, next = k + 1
        while before >= 0 && tokens[before].kind.isTrivia { before -= 1 }
        while next < tokens.count && tokens[next].kind.isTrivia { next += 1 }
        if before >= 0 && tokens[before].kind == .mappingKey { return nil }
        if next < tokens.count && tokens[next].kind == .mappingValue { return nil }
        let afterColon = before >= 0 && tokens[before].kind == .mappingValue
        var flow = 0
        for token in tokens[..<k] {
            switch token.kind {
            case .flowSequenceStart, .flowMappingStart: flow += 1
            case .flowSequenceEnd, .flowMappingEnd: flow -= 1
            default: break
            }
        }
        guard afterColon || (flow == 0 && wholeLine) else { return nil }
        switch tokens[k].kind {
        case .plainScalar:
            guard isSafePlain(new[scalar.start..<scalar.end]), isSafePlain(old[scalar.start..<oldScalarEnd]) else { return nil }
        case .singleQuotedScalar, .doubleQuotedScalar:
            // YAML 1.2.2 §7.3.1, §7.3.2: a quoted scalar ends at its closing quote. The edit strictly inside
            // the quotes, and neither content holding the quote, a `\` or a line break: the old scalar had
            // the same start and its closing quote where the new one's is, moved. `quoted-strings` reads
            // the flow context and the token before it: the whole text then.
            let quote = new[scalar.start]
            guard configuration.rules[.quotedStrings] == nil, prefix > scalar.start, newEnd < scalar.end,
                  isSafeQuoted(new[(scalar.start + 1)..<(scalar.end - 1)], quote: quote),
                  isSafeQuoted(old[(scalar.start + 1)..<(oldScalarEnd - 1)], quote: quote) else { return nil }
        default:
            return nil
        }

        // The edited line's findings (1-based line numbers in findings).
        let number = line + 1
        var lo = 0, hi = findings.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if findings[mid].line < number { lo = mid + 1 } else { hi = mid }
        }
        var after = lo
        while after < findings.count && findings[after].line == number { after += 1 }
        // The value rules' findings made again, over the re-checked part: on the whole line, or on the scalar.
        let firstLine = lines.line(containing: region.start)
        func scalars(_ b: ArraySlice<UInt8>) -> Int { b.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } }
        // Columns count Unicode scalars; on the re-checked part's first line, from where it starts.
        let columnShift = firstLine == line ? scalars(new[lineStart..<region.start]) : 0
        var fresh: [LintFinding] = []
        for var f in Linter.lint(parse, configuration: configuration.restricted(to: valueRules), path: path)
        where f.line + firstLine == number {
            f.line = number
            f.column += columnShift
            f.range = f.range.shifted(by: region.start)
            if wholeLine || (f.range.start >= scalar.start && f.range.start <= scalar.end) { fresh.append(f) }
        }
        // The token findings kept on the line: with the whole line re-checked, none (every one must be a value
        // rule's, made again); else the others', when neither the old nor the new scalar has one (yamllint's
        // order on a line follows the tokens: the others keep their places).
        var kept: [LintFinding] = []
        var own = false
        // The edit's change in columns.
        let columnDelta = scalars(new[prefix..<newEnd]) - scalars(old[prefix..<oldEnd])
        for f in findings[lo..<after] {
            guard let id = LintRuleID(rawValue: f.rule) else { return nil }
            if lineRules.contains(id) { continue }
            if wholeLine {
                guard valueRules.contains(id) else { return nil }
            } else if valueRules.contains(id) && f.range.start >= scalar.start && f.range.start <= oldScalarEnd {
                own = true
            } else {
                var f = f
                if f.range.start >= oldScalarEnd {
                    f.range = f.range.shifted(by: delta)
                    f.column += columnDelta
                }
                kept.append(f)
            }
        }
        if !kept.isEmpty && (own || !fresh.isEmpty) { return nil }

        // The edited line's findings again: the token rules' (kept or made again), then the line rules on the
        // line (yamllint's order on a line: token problems, then line problems).
        var out = Array(findings[..<lo])
        out += kept
        out += fresh
        let lineText = Array(new[lineStart...lineEnd])
        // A `yamllint` directive comment may be in the making.
        if mentionsYamllint(lineText[...]) { return nil }
        for var f in Linter.lint(Parser.parse(lineText), configuration: configuration.restricted(to: lineRules), path: path) where f.line == 1 {
            f.line = number
            f.range = f.range.shifted(by: lineStart)
            out.append(f)
        }
        for var f in findings[after...] {
            f.range = f.range.shifted(by: delta)
            out.append(f)
        }
        // Last, being the slowest test: no `yamllint` directive comment anywhere.
        if previousMentionsYamllint == nil && mentionsYamllint(old[...]) { return nil }
        return out
    }

    /// True for a scalar token's kind: plain, single- or double-quoted (block scalars are more than one line).
    static func isScalar(_ kind: TokenKind) -> Bool {
        kind == .plainScalar || kind == .singleQuotedScalar || kind == .doubleQuotedScalar
    }

    /// True for the content of a one-line quoted scalar (between its quotes) that holds no quote of its kind
    /// `quote`, no `\` and no line break: it ends at the same closing quote in any context.
    static func isSafeQuoted(_ b: ArraySlice<UInt8>, quote: UInt8) -> Bool {
        !b.contains { $0 == quote || $0 == 0x5C || $0 == 0x0A || $0 == 0x0D }
    }

    /// True when `bytes` hold `yamllint` (which every directive comment does: `# yamllint disable ...`).
    static func mentionsYamllint(_ bytes: ArraySlice<UInt8>) -> Bool {
        let word = Array("yamllint".utf8)
        guard bytes.count >= word.count else { return false }
        var i = bytes.startIndex
        while i <= bytes.endIndex - word.count {
            if bytes[i] == 0x79, bytes[i..<(i + word.count)].elementsEqual(word) { return true }
            i += 1
        }
        return false
    }

    /// True for the text of a one-line plain scalar that ends where it ends in any context and starts
    /// nothing else: non-empty, starting with a letter, a digit or a non-ASCII character, without spaces
    /// around it, and holding no `: `, ` #`, tab, flow indicator or final `:` (YAML 1.2.2 §7.3.3).
    static func isSafePlain(_ b: ArraySlice<UInt8>) -> Bool {
        guard let first = b.first, let last = b.last else { return false }
        func isAlnum(_ c: UInt8) -> Bool { (0x30...0x39).contains(c) || (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) }
        guard isAlnum(first) || first >= 0x80, last != 0x20, last != 0x3A else { return false }
        var previous: UInt8 = 0
        for c in b {
            switch c {
            case 0x09, 0x0A, 0x0D, 0x2C, 0x5B, 0x5D, 0x7B, 0x7D: return false
            case 0x23 where previous == 0x20: return false
            case 0x20 where previous == 0x3A: return false
            default: break
            }
            previous = c
        }
        return true
    }
}
