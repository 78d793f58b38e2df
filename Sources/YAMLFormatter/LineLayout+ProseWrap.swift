import YAMLSyntax

/// `proseWrap: always` / `never`: re-folding plain scalars in block context (YAML 1.2.2 §7.3.3, §6.5).
/// A single line break between two non-space characters of a plain scalar folds into one space, so
/// replacing a single space by a line break plus indentation (or the reverse) keeps the value.
extension LineLayout {
    /// The plain scalar token that is the value of a block `key:` or `- ` on this line, with nothing
    /// significant after it on the line where it ends (no comment), or nil.
    func blockPlainValue(from first: Int, line: Line) -> Int? {
        // The line's last significant token (a multi-line one ends on a later line).
        var t = first
        var scalar: Int? = nil
        while t < tokens.count && tokens[t].range.start < line.contentEnd {
            if !tokens[t].kind.isTrivia { scalar = tokens[t].kind == .plainScalar ? t : nil }
            t += 1
        }
        guard let s = scalar, !inFlow[s] else { return nil }
        var before = s - 1
        while before >= first && tokens[before].kind == .whitespace { before -= 1 }
        guard before >= first, isBlockIndicator(before),
              tokens[before].kind == .mappingValue || tokens[before].kind == .sequenceEntry else { return nil }
        var after = s + 1
        while after < tokens.count && tokens[after].kind == .whitespace
                && bytes[tokens[after].range.start..<tokens[after].range.end].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
            after += 1
        }
        if after < tokens.count, tokens[after].kind != .newline,
           !(tokens[after].kind == .whitespace) { return nil }
        return s
    }

    /// `proseWrap: always`: `out` (one laid-out line ending in a one-line plain scalar value) with the
    /// scalar broken at single spaces so each line fits in `printWidth` where it can, continuation lines
    /// one level deeper than the entry's key or `-`. Nil when the line has no such scalar or no place
    /// to break; a scalar with a tab or two spaces in a row stays as written. Words starting with an indicator character are never moved to a line start.
    func wrappingPlainScalar(_ out: [UInt8], from first: Int, line: Line) -> [UInt8]? {
        guard let s = blockPlainValue(from: first, line: line), tokens[s].range.end <= line.contentEnd else { return nil }
        let text = Array(bytes[tokens[s].range.start..<tokens[s].range.end])
        guard out.count >= text.count, Array(out[(out.count - text.count)...]) == text else { return nil }
        if text.contains(0x09) || containsPair(text, 0x20, 0x20) || containsPair(text, 0x3A, 0x20) || containsPair(text, 0x20, 0x23) { return nil }
        // Break points: a single space between two non-space bytes, before a word that may start a line.
        let starters: Set<UInt8> = Set("-?:#,[]{}&*!|>'\"%@`".utf8)
        var words: [ArraySlice<UInt8>] = []
        var from = 0
        for i in 1..<max(1, text.count - 1) where text[i] == 0x20 && text[i - 1] != 0x20 && text[i + 1] != 0x20
            && !starters.contains(text[i + 1]) {
            words.append(text[from..<i])
            from = i + 1
        }
        words.append(text[from...])
        guard words.count > 1 else { return nil }
        let c = newColumn[Int(owner[s])]
        let indent = [UInt8](repeating: 0x20, count: (c >= 0 ? c : 0) + options.indentWidth)
        var result = Array(out[..<(out.count - text.count)]) + words[0]
        var lineWidth = displayWidth(result)
        for word in words.dropFirst() {
            let w = displayWidth(Array(word))
            if lineWidth + 1 + w > options.printWidth {
                result += addedBreak + indent + word
                lineWidth = indent.count + w
            } else {
                result.append(0x20)
                result += word
                lineWidth += 1 + w
            }
        }
        return result
    }

    /// True when byte `a` is directly followed by byte `b` somewhere in `text`.
    func containsPair(_ text: [UInt8], _ a: UInt8, _ b: UInt8) -> Bool {
        text.indices.dropLast().contains { text[$0] == a && text[$0 + 1] == b }
    }

    /// `proseWrap: never`: the multi-line plain scalar value that starts on this line joined into `out`
    /// with single spaces, and the byte offset where its last line ends (its continuation lines are
    /// dropped). Nil when there is none, or when it holds an empty line (a kept line break, §6.5).
    func joiningPlainScalar(_ out: [UInt8], from first: Int, line: Line) -> (text: [UInt8], until: Int)? {
        guard let s = blockPlainValue(from: first, line: line), tokens[s].range.end > line.contentEnd else { return nil }
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        let pieces = bytes[tokens[s].range.start..<tokens[s].range.end].split(separator: 0x0A, omittingEmptySubsequences: false)
        var joined: [UInt8] = []
        for piece in pieces {
            var p = piece
            while let f = p.first, isSpace(f) { p = p.dropFirst() }
            while let l = p.last, isSpace(l) { p = p.dropLast() }
            if p.isEmpty { return nil }
            if !joined.isEmpty { joined.append(0x20) }
            joined += p
        }
        // The scalar's first line ends `out`, with or without its trailing white space.
        let piece = bytes[tokens[s].range.start..<line.contentEnd]
        var stripped = piece
        while let l = stripped.last, l == 0x20 || l == 0x09 { stripped = stripped.dropLast() }
        let cut: Int
        if out.count >= piece.count, out[(out.count - piece.count)...].elementsEqual(piece) { cut = piece.count }
        else if out.count >= stripped.count, out[(out.count - stripped.count)...].elementsEqual(stripped) { cut = stripped.count }
        else { return nil }
        var head = Array(out[..<(out.count - cut)])
        while head.last == 0x20 { head.removeLast() }
        if head.last != 0x20 { head.append(0x20) }
        // The rest of the scalar's last line must be white space only (checked by blockPlainValue).
        var end = tokens[s].range.end
        while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
        return (head + joined, end)
    }
}
