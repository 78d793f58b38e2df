import YAMLLint
import YAMLParser
import YAMLSyntax

/// Lint findings after a keystroke inside one plain scalar value, from the previous findings: the edited
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
        guard line > 0, lineEnd < new.count, new[lineEnd] == 0x0A, lineStart >= region.start else { return nil }

        // Not worth parsing: the edit in a quoted string (what follows makes sure, this only saves the parse).
        var wordStart = prefix
        while wordStart > lineStart, !" ,[]{}\"'".utf8.contains(new[wordStart - 1]) { wordStart -= 1 }
        if wordStart > lineStart, new[wordStart - 1] == 0x22 || new[wordStart - 1] == 0x27 { return nil }

        var bytes = Array(new[region.start..<region.end])
        for j in 0..<min(blank, bytes.count) where bytes[j] != 0x20 { bytes[j] = 0x20 }
        let parse = Parser.parse(bytes)
        guard parse.isValid else { return nil }
        // The plain scalar holding the edit, the last token of its line, and not a key (`? ` before it, or a
        // `:` after it on its line).
        let local = prefix - region.start, localEnd = newEnd - region.start
        let tokens = parse.tree.tokens
        guard let k = tokens.firstIndex(where: { $0.range.end >= localEnd && $0.range.start <= local && $0.kind == .plainScalar })
        else { return nil }
        let scalar = TextRange(start: tokens[k].range.start + region.start, end: tokens[k].range.end + region.start)
        guard scalar.end <= lineEnd, scalar.start >= lineStart else { return nil }
        // Not a key: no `? ` before it, no `:` after it, and inside a flow collection (where a lone scalar
        // may be a key) a `:` before it.
        var before = k - 1, next = k + 1
        while before >= 0 && tokens[before].kind.isTrivia { before -= 1 }
        while next < tokens.count && tokens[next].kind.isTrivia { next += 1 }
        if before >= 0 && tokens[before].kind == .mappingKey { return nil }
        if next < tokens.count && tokens[next].kind == .mappingValue { return nil }
        var flow = 0
        for token in tokens[..<k] {
            switch token.kind {
            case .flowSequenceStart, .flowMappingStart: flow += 1
            case .flowSequenceEnd, .flowMappingEnd: flow -= 1
            default: break
            }
        }
        guard flow == 0 || (before >= 0 && tokens[before].kind == .mappingValue) else { return nil }
        guard isSafePlain(new[scalar.start..<scalar.end]), isSafePlain(old[scalar.start..<(scalar.end - delta)]) else { return nil }

        // No finding of another rule on the edited line (1-based in findings).
        let number = line + 1
        var lo = 0, hi = findings.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if findings[mid].line < number { lo = mid + 1 } else { hi = mid }
        }
        var after = lo
        while after < findings.count && findings[after].line == number {
            guard let id = LintRuleID(rawValue: findings[after].rule), valueRules.contains(id) || lineRules.contains(id) else { return nil }
            after += 1
        }

        // The edited line's findings again: the value rules over the re-checked part, then the line rules on
        // the line (yamllint's order on a line: token problems, then line problems).
        var out = Array(findings[..<lo])
        let firstLine = lines.line(containing: region.start)
        for var f in Linter.lint(parse, configuration: configuration.restricted(to: valueRules), path: path)
        where f.line + firstLine == number {
            f.line = number
            f.range = f.range.shifted(by: region.start)
            out.append(f)
        }
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
