import YAMLSyntax

/// Reads what a reader sees around outline entries and folds: the comments that belong to a block
/// entry, and a node's source text on one line. Offsets are UTF-8 bytes; columns are bytes from the
/// start of their line.
struct OutlineText {
    let tree: SyntaxTree
    let lines: LineIndex

    var bytes: [UInt8] { tree.bytes }

    /// The end of an entry whose content ends at `end` and whose indicator (`- `, `? ` or its key)
    /// stands at `column`, extended over the comments that belong to it: a comment after `end` on its
    /// last line, then every comment-only line after it whose `#` is indented more than `column`, or
    /// stands at `column` before commented-out content nested under the entry (`#   key: v` with its
    /// text indented more than `# ` would leave it, or `# - item`), blank lines and empty `#` lines in
    /// between allowed; up to the first line with content or another comment at or left of `column`.
    /// `column` -1 takes every following comment line (a document's). LSP 3.17 `DocumentSymbol.range`
    /// covers "everything else like comments"; a comment indented under a block is read as part of it.
    func end(after end: Int, column: Int) -> Int {
        guard end > 0, end <= bytes.count else { return end }
        // A block scalar's range may run over its trailing line breaks: look from its last content byte.
        var last = end
        while last > 1, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[last - 1]) { last -= 1 }
        var result = end
        var p = last
        while p < bytes.count, bytes[p] == 0x20 || bytes[p] == 0x09 { p += 1 }
        if let e = commentEnd(at: p) { result = Swift.max(end, e) }
        var line = lines.line(containing: last - 1) + 1
        while line < lines.lineCount {
            let start = lines.lineStart(line)
            var q = start
            while q < bytes.count, bytes[q] == 0x20 || bytes[q] == 0x09 { q += 1 }
            if q >= bytes.count { break }
            if bytes[q] == 0x0A || bytes[q] == 0x0D { line += 1; continue }
            guard let e = commentEnd(at: q) else { break }
            let hash = q - start
            if hash > column {
                result = Swift.max(result, e)
            } else if hash == column {
                // At the entry's own column: commented-out content nested under it (`#   key: v`, or
                // `# - item` for a sequence written at the key's indentation) still belongs to it; an
                // empty `#` line is passed over; other comments speak of what follows.
                var t = q + 1
                while t < e, bytes[t] == 0x20 { t += 1 }
                if t == e { line += 1; continue }
                let text = t - start
                let item = bytes[t] == UInt8(ascii: "-") && t + 1 < e && bytes[t + 1] == 0x20
                guard text > column + 2 || (text == column + 2 && item) else { break }
                result = Swift.max(result, e)
            } else {
                break
            }
            line += 1
        }
        return result
    }

    /// The end (trailing blanks excluded) of the comment token starting at `p`; nil when none starts there.
    func commentEnd(at p: Int) -> Int? {
        guard p < bytes.count, bytes[p] == UInt8(ascii: "#"), let t = tree.tokenIndex(at: p) else { return nil }
        let token = tree.tokens[t]
        guard token.kind == .comment, token.range.start == p else { return nil }
        return Folding.trimmedEnd(token, in: bytes)
    }

    /// The column (bytes from its line's start) of the indicator in front of `offset` on its line: the
    /// `?` of an explicit key or the `-` of a sequence item (`indicator`), else of `offset` itself.
    /// For an item, line breaks between the `-` and its content are skipped too (`-` alone on a line).
    func column(of offset: Int, indicator: UInt8) -> Int {
        let o = Swift.min(Swift.max(offset, 0), bytes.count)
        var p = o
        let crossLines = indicator == UInt8(ascii: "-")
        while p > 0, bytes[p - 1] == 0x20 || bytes[p - 1] == 0x09
                || (crossLines && (bytes[p - 1] == 0x0A || bytes[p - 1] == 0x0D)) { p -= 1 }
        let at = p > 0 && bytes[p - 1] == indicator ? p - 1 : o
        return at - lines.lineStart(lines.line(containing: at))
    }

    /// The source text of `range` on one line: comments left out, each line break with the indentation
    /// around it read as one space (a complex key such as `? [x, y]` is named `[x, y]`).
    func oneLine(_ range: TextRange) -> String {
        guard range.start < range.end, range.end <= bytes.count, var t = tree.tokenIndex(at: range.start) else { return "" }
        var out: [UInt8] = []
        out.reserveCapacity(range.length)
        while t < tree.tokens.count, tree.tokens[t].range.start < range.end {
            let token = tree.tokens[t]
            t += 1
            if token.kind == .comment { continue }
            let from = Swift.max(token.range.start, range.start), to = Swift.min(token.range.end, range.end)
            out += bytes[from..<to]
        }
        return Self.collapsed(String(decoding: out, as: UTF8.self))
    }

    /// `text` on one line: each line break, with the blanks around it, becomes one space; leading and
    /// trailing blanks and line breaks are dropped. Nothing else is cut.
    static func collapsed(_ text: String) -> String {
        // The characters `\n`, `\r` and `\r\n` are the only ones holding the bytes LF and CR (UAX #29 GB3–GB5).
        if !text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) { return text }
        var parts: [Substring] = []
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            var end = trimmed.endIndex
            while end > trimmed.startIndex, trimmed[trimmed.index(before: end)] == " " || trimmed[trimmed.index(before: end)] == "\t" {
                end = trimmed.index(before: end)
            }
            if end > trimmed.startIndex { parts.append(trimmed[trimmed.startIndex..<end]) }
        }
        return parts.joined(separator: " ")
    }
}
