import YAMLSyntax

/// The indentation of a line just opened with Enter (LSP `textDocument/onTypeFormatting` with
/// `firstTriggerCharacter: "\n"`). Conservative: only a new line holding nothing but white space is
/// touched, and only its leading white space changes.
///
/// - after `key:` (or a block scalar header `key: |`, `- key:`): one level deeper than the key;
/// - after `- item` where the item is a plain one-line scalar: a new `- ` at the same column (after an
///   empty `- ` no new `- ` is added, so Enter twice leaves the list);
/// - after `- key: value`: the column of `key` (the next key of that mapping);
/// - otherwise (and on lines inside block scalars or multi-line scalars): the previous line's indentation.
enum OnTypeIndentation {
    static func edits(_ s: DocumentSnapshot, at offset: Int, indentWidth: Int) -> [TextReplacement] {
        let b = s.bytes
        guard offset >= 0, offset <= b.count else { return [] }
        var lineStart = offset
        while lineStart > 0 && b[lineStart - 1] != 0x0A && b[lineStart - 1] != 0x0D { lineStart -= 1 }
        guard lineStart > 0 else { return [] }
        var wsEnd = lineStart
        while wsEnd < b.count && (b[wsEnd] == 0x20 || b[wsEnd] == 0x09) { wsEnd += 1 }
        guard wsEnd == b.count || b[wsEnd] == 0x0A || b[wsEnd] == 0x0D else { return [] } // the line has text
        // The previous line (skip its `\r\n` or `\n`).
        var prevEnd = lineStart - 1
        if prevEnd > 0, b[prevEnd] == 0x0A, b[prevEnd - 1] == 0x0D { prevEnd -= 1 }
        var prevStart = prevEnd
        while prevStart > 0 && b[prevStart - 1] != 0x0A && b[prevStart - 1] != 0x0D { prevStart -= 1 }
        var indentEnd = prevStart
        while indentEnd < prevEnd && b[indentEnd] == 0x20 { indentEnd += 1 }
        guard indentEnd < prevEnd, b[indentEnd] != 0x09 else { return [] }   // blank previous line, or tabs
        let prevIndent = indentEnd - prevStart
        var wanted = [UInt8](repeating: 0x20, count: prevIndent)
        if !insideMultiLineScalar(s.tree.tokens, at: indentEnd) {
            let content = withoutComment(b[indentEnd..<prevEnd])
            wanted = indentation(after: content, column: prevIndent, width: indentWidth)
        }
        if Array(b[lineStart..<wsEnd]) == wanted { return [] }
        return [TextReplacement(range: TextRange(start: lineStart, end: wsEnd), newText: String(decoding: wanted, as: UTF8.self))]
    }

    /// What a new line after `content` (a line's text after its indentation, at `column`) starts with.
    static func indentation(after content: ArraySlice<UInt8>, column: Int, width: Int) -> [UInt8] {
        func spaces(_ n: Int) -> [UInt8] { [UInt8](repeating: 0x20, count: n) }
        if content.first == UInt8(ascii: "-"), content.count == 1 || content.dropFirst().first == 0x20 {
            var item = content.dropFirst()
            while item.first == 0x20 { item = item.dropFirst() }
            let itemColumn = column + (content.count - item.count)
            if item.isEmpty { return spaces(column) }   // `- ` alone: no new `- ` (Enter twice ends a list)
            if opensBlock(item) { return spaces(itemColumn + width) }
            if isKeyValue(item) { return spaces(itemColumn) }
            if let f = item.first, !Array("[]{}#&*!|>'\"%@`,?-:".utf8).contains(f) { return spaces(column) + Array("- ".utf8) }
            return spaces(column)
        }
        if opensBlock(content) { return spaces(column + width) }
        return spaces(column)
    }

    /// True for `key:` and `key: |` / `key: >-` (a block scalar header): the next line is nested.
    static func opensBlock(_ c: ArraySlice<UInt8>) -> Bool {
        if c.last == UInt8(ascii: ":") { return true }
        guard let colon = lastIndex(of: Array(": ".utf8), in: c) else { return false }
        var header = c[(colon + 2)...]
        while header.first == 0x20 { header = header.dropFirst() }
        guard let h = header.first, h == UInt8(ascii: "|") || h == UInt8(ascii: ">") else { return false }
        return header.dropFirst().allSatisfy { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") || (0x31...0x39).contains($0) }
    }

    /// True when `c` reads as `key: value` (a `: ` outside quotes).
    static func isKeyValue(_ c: ArraySlice<UInt8>) -> Bool { lastIndex(of: Array(": ".utf8), in: c) != nil }

    static func lastIndex(of pattern: [UInt8], in c: ArraySlice<UInt8>) -> Int? {
        var quote: UInt8? = nil
        var found: Int? = nil
        var i = c.startIndex
        while i < c.endIndex {
            let ch = c[i]
            if let q = quote { if ch == q { quote = nil } }
            else if ch == 0x22 || ch == 0x27 { quote = ch }
            else if i + pattern.count <= c.endIndex, Array(c[i..<(i + pattern.count)]) == pattern { found = i }
            i += 1
        }
        return found
    }

    /// `c` without a trailing ` # comment` (outside quotes) and trailing white space.
    static func withoutComment(_ c: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var quote: UInt8? = nil
        var end = c.endIndex
        var i = c.startIndex
        while i < c.endIndex {
            let ch = c[i]
            if let q = quote { if ch == q { quote = nil } }
            else if ch == 0x22 || ch == 0x27 { quote = ch }
            else if ch == UInt8(ascii: "#"), i == c.startIndex || c[i - 1] == 0x20 || c[i - 1] == 0x09 { end = i; break }
            i += 1
        }
        var out = c[c.startIndex..<end]
        while let l = out.last, l == 0x20 || l == 0x09 { out = out.dropLast() }
        return out
    }

    /// True when `offset` lies in block scalar content or inside a scalar token spanning lines.
    static func insideMultiLineScalar(_ tokens: [Token], at offset: Int) -> Bool {
        var lo = 0, hi = tokens.count
        while lo < hi {   // the first token ending after `offset`
            let mid = (lo + hi) / 2
            if tokens[mid].range.end <= offset { lo = mid + 1 } else { hi = mid }
        }
        guard lo < tokens.count, tokens[lo].range.start <= offset else { return false }
        let k = tokens[lo].kind
        return k == .blockScalarContent || (tokens[lo].range.start < offset
            && (k == .plainScalar || k == .singleQuotedScalar || k == .doubleQuotedScalar))
    }
}
