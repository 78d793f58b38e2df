import YAMLParser
import YAMLSyntax

/// Computes the folding regions of a snapshot from its lossless tree.
///
/// Folded: mapping entries and sequence items whose content spans lines, flow collections spanning
/// lines, multi-line scalars (block scalars included), runs of two or more comment-only lines, and each
/// document of a stream with several. A region ends at its last significant byte, or, for a block
/// entry, at the end of the comment lines indented under it (commented-out settings inside a block
/// fold with it; ``OutlineText/end(after:column:)``), and for a document at its last comment line;
/// trailing blank lines and comments at the next entry's indentation stay visible; a block scalar's
/// trailing blank lines are not part of it either. When several regions start on one line only the
/// outermost is kept.
/// At most `limit` regions are returned (the first by start line).
enum Folding {
    static func regions(_ snapshot: DocumentSnapshot, limit: Int) -> FoldingSurface {
        let tree = snapshot.tree
        let lines = snapshot.lineIndex
        var found: [FoldingRegion] = []

        func add(_ start: Int, _ end: Int, _ kind: FoldingRegion.Kind) {
            guard end > start else { return }
            let first = lines.line(containing: start)
            let last = lines.line(containing: end - 1)
            guard last > first else { return }
            let from = Swift.min(lines.lineContentEnd(first), end)
            found.append(FoldingRegion(startLine: first, endLine: last, range: TextRange(start: from, end: end), kind: kind))
        }

        let documentCount = tree.root.children.filter { $0.kind == .document }.count
        let text = OutlineText(tree: tree, lines: lines)
        for i in tree.nodes.indices {
            let node = SyntaxNode(tree: tree, index: i)
            switch node.kind {
            case .mappingEntry, .sequenceItem:
                guard let r = significantRange(of: node) else { break }
                let parent = node.parent?.kind
                let block = parent == .blockMapping || parent == .blockSequence
                let column = r.start - lines.lineStart(lines.line(containing: r.start))
                add(r.start, block ? text.end(after: r.end, column: column) : r.end, .content)
            case .flowMapping, .flowSequence:
                if let r = significantRange(of: node) { add(r.start, r.end, .content) }
            case .document where documentCount > 1:
                if let r = significantRange(of: node) { add(r.start, text.end(after: r.end, column: -1), .document) }
            default:
                break
            }
        }
        for (t, token) in tree.tokens.enumerated() {
            switch token.kind {
            case .plainScalar, .singleQuotedScalar, .doubleQuotedScalar:
                add(token.range.start, token.range.end, .content)
            case .blockScalarContent:
                // From the header's line to the last non-blank content line.
                let header = t > 0 ? (tree.tokens[..<t].last { $0.kind == .blockScalarHeader }?.range.start ?? token.range.start)
                    : token.range.start
                add(header, trimmedEnd(token, in: tree.bytes), .content)
            default:
                break
            }
        }
        found += commentRuns(tree, lines)

        found.sort { $0.startLine != $1.startLine ? $0.startLine < $1.startLine : $0.endLine > $1.endLine }
        var regions: [FoldingRegion] = []
        var truncated = false
        for r in found where regions.last?.startLine != r.startLine {
            if regions.count >= limit { truncated = true; break }
            regions.append(r)
        }
        return FoldingSurface(regions: regions, truncated: truncated)
    }

    /// From the node's first to its last significant byte (a block scalar's trailing blank lines
    /// excluded); nil when the node has no significant token.
    static func significantRange(of node: SyntaxNode) -> TextRange? {
        let tokens = node.tokens
        guard let first = tokens.first(where: { !$0.kind.isTrivia }),
              let last = tokens.last(where: { !$0.kind.isTrivia }) else { return nil }
        let end = trimmedEnd(last, in: node.tree.bytes)
        return TextRange(start: first.range.start, end: Swift.max(first.range.start, end))
    }

    /// The token's end without trailing spaces, tabs and line breaks.
    static func trimmedEnd(_ token: Token, in bytes: [UInt8]) -> Int {
        var end = token.range.end
        while end > token.range.start, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
        return end
    }

    /// Runs of at least two consecutive lines that hold only a comment.
    static func commentRuns(_ tree: SyntaxTree, _ lines: LineIndex) -> [FoldingRegion] {
        var out: [FoldingRegion] = []
        var runStart: (line: Int, offset: Int)?
        var runEnd: (line: Int, offset: Int)?
        func flush() {
            if let s = runStart, let e = runEnd, e.line > s.line {
                out.append(FoldingRegion(startLine: s.line, endLine: e.line,
                                         range: TextRange(start: lines.lineContentEnd(s.line), end: e.offset), kind: .comment))
            }
            runStart = nil
            runEnd = nil
        }
        for token in tree.tokens where token.kind == .comment {
            let line = lines.line(containing: token.range.start)
            var p = lines.lineStart(line)
            while p < token.range.start, tree.bytes[p] == 0x20 || tree.bytes[p] == 0x09 { p += 1 }
            guard p == token.range.start else { flush(); continue }   // a comment after content
            if let e = runEnd, e.line + 1 == line {
                runEnd = (line, token.range.end)
            } else {
                flush()
                runStart = (line, token.range.start)
                runEnd = (line, token.range.end)
            }
        }
        flush()
        return out
    }
}
