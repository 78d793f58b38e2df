/// Decides whether a byte order mark past the start of the text stands where YAML 1.2.2 lets a stream carry
/// one: at the start of a document prefix (§9.1.1 [202] `l-document-prefix ::= c-byte-order-mark? l-comment*`)
/// between documents (§9.2 [211] `l-yaml-stream ::= l-document-prefix* l-any-document? ( l-document-suffix+
/// l-document-prefix* l-any-document? | l-document-prefix* l-explicit-document? )*`).
///
/// Read from the productions:
/// - a prefix begins with its mark, and the text before it ends a line (a comment line, a document, a
///   suffix) or is another prefix: so a mark stands at the start of a line or right after another mark
///   (`BOM BOM` is two prefixes with no comment lines, which `l-document-prefix*` allows);
/// - the prefix lines (marks, blanks, comments) around the mark form one block. When the lines before the
///   block reach the start of the stream or a `...` line (`l-document-suffix`), any document may follow
///   it, bare or with directives ([211]'s first part and its `l-document-suffix+` branch);
/// - otherwise a document came just before it, and only `l-document-prefix* l-explicit-document?` may
///   follow: the block must end at a `---` line, at a `...` line (the next iteration's suffix) or at the
///   end of the text;
/// - directives (`%` lines) directly before the block are not followed by a prefix: `l-directive-document
///   ::= l-directive+ l-explicit-document` has no room for one.
///
/// As for the stream's first mark, a mark does not count as a column: the comment or marker after it is at
/// the start of its line (the scanner skips marks in column 0 and ends a plain or block scalar at one). The check is byte-wise and keeps the last block's verdict, so the marks
/// of one block are decided once and the whole text stays O(n).
struct DocumentPrefixCheck {
    /// The offset where the last classified block ends (its closing line, past that line's marks), and
    /// whether its marks are allowed.
    private var block: (end: Int, allowed: Bool)?
    /// Where the last mark that started its line (or continued such a run) ends.
    private var chainEnd = -1

    /// What a line is, read from its start (marks at its start skipped).
    private enum Line {
        /// Only blanks, or blanks and a comment: an `l-comment`.
        case comment
        /// `---` or `...` followed by a blank, a line break or the end.
        case directivesEnd, documentEnd
        /// A directive line (`%` first).
        case directive
        /// Anything else.
        case content
    }

    /// True when the mark at `i` (`0 < i`, `bytes[i..<i + 3]` is EF BB BF) begins a document prefix.
    mutating func allows(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        // A mark starts its line or follows a mark that did (then `chainEnd` is where that one ended; the
        // text's first mark, at 0, is not asked about). Only the first of a run walks back, so a long run of
        // marks stays linear.
        if i >= 3 && Self.isMark(bytes, at: i - 3) {
            guard i == chainEnd || i == 3 else { return false }
        } else if !Self.isBreak(bytes[i - 1]) {
            return false
        }
        chainEnd = i + 3
        // Marks are met in text order: one before `block.end` is in the block already classified.
        if let block, i < block.end { return block.allowed }
        var lineStart = i
        while lineStart >= 3 && Self.isMark(bytes, at: lineStart - 3) { lineStart -= 3 }
        // Forward over the prefix lines, the mark's own line first.
        var p = lineStart
        var closedByMarker = true
        var end = bytes.count
        while p < bytes.count {
            let (kind, contentStart, next) = Self.line(bytes, at: p)
            if kind == .comment {
                p = next
                continue
            }
            closedByMarker = kind == .directivesEnd || kind == .documentEnd
            end = contentStart
            break
        }
        let allowed: Bool
        switch Self.entrance(bytes, lineStart: lineStart) {
        case .streamStartOrSuffix: allowed = true
        case .document: allowed = closedByMarker
        case .directives: allowed = false
        }
        block = (end, allowed)
        return allowed
    }

    /// What comes before a block of prefix lines.
    private enum Entrance {
        /// The start of the text or a `...` line: [211] lets any document (bare, or with directives) follow.
        case streamStartOrSuffix
        /// A document's content or a `---` line: only `l-explicit-document?` may follow.
        case document
        /// Directives after the start of the text or a `...` line: they must be followed by their `---`.
        case directives
    }

    /// What comes before the prefix lines that end at the line starting at `lineStart` (only prefix lines
    /// are stepped over, so each text line is read by at most one block's look back and one look forward).
    private static func entrance(_ bytes: UnsafeBufferPointer<UInt8>, lineStart: Int) -> Entrance {
        var p = lineStart
        var sawDirective = false
        while p > 0 {
            // The previous line: back over its line break (CRLF, LF or CR) and to its start.
            var s = p - 1
            if bytes[s] == 0x0A && s > 0 && bytes[s - 1] == 0x0D { s -= 1 }
            while s > 0 && !isBreak(bytes[s - 1]) { s -= 1 }
            switch line(bytes, at: s).kind {
            case .comment: break
            // A `%` line counts as a directive only when the start or a `...` is reached before content.
            case .directive: sawDirective = true
            case .documentEnd: return sawDirective ? .directives : .streamStartOrSuffix
            case .directivesEnd, .content: return .document
            }
            p = s
        }
        return sawDirective ? .directives : .streamStartOrSuffix
    }

    /// The kind of the line starting at `s`, where its first character after the marks is, and where the
    /// next line starts (`bytes.count` at the end).
    private static func line(_ bytes: UnsafeBufferPointer<UInt8>, at s: Int) -> (kind: Line, contentStart: Int, next: Int) {
        let n = bytes.count
        var q = s
        while isMark(bytes, at: q) { q += 3 }
        let contentStart = q
        var kind = Line.content
        if Scanner.isDocumentIndicator(bytes, at: q) {
            kind = bytes[q] == UInt8(ascii: "-") ? .directivesEnd : .documentEnd
        } else if q < n && bytes[q] == UInt8(ascii: "%") {
            kind = .directive
        } else {
            while q < n && (bytes[q] == 0x20 || bytes[q] == 0x09) { q += 1 }
            if q == n || isBreak(bytes[q]) || bytes[q] == UInt8(ascii: "#") { kind = .comment }
        }
        while q < n && !isBreak(bytes[q]) { q += 1 }
        if q < n {
            q += bytes[q] == 0x0D && q + 1 < n && bytes[q + 1] == 0x0A ? 2 : 1
        }
        return (kind, contentStart, q)
    }

    /// True when the UTF-8 byte order mark (EF BB BF) starts at `p`.
    static func isMark(_ bytes: UnsafeBufferPointer<UInt8>, at p: Int) -> Bool {
        p + 2 < bytes.count && bytes[p] == 0xEF && bytes[p + 1] == 0xBB && bytes[p + 2] == 0xBF
    }

    private static func isBreak(_ c: UInt8) -> Bool { c == 0x0A || c == 0x0D }
}
