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
///
/// A stream whose documents are read from their chunks (``DocumentSnapshot/buildsSurfacesFromChunks``) is
/// folded chunk by chunk: each document's chunk parsed alone (YAML 1.2.2 §9.2), its regions found and its
/// tree freed before the next, so that the whole text's tree is never made. A chunk starts at a line
/// start and ends with a line break (or the text), so its regions lie on its own lines: the regions of the
/// chunks one after another are the whole text's, in order.
enum Folding {
    static func regions(_ snapshot: DocumentSnapshot, limit: Int) -> FoldingSurface {
        var regions: [FoldingRegion] = []
        if snapshot.buildsSurfacesFromChunks, let chunks = snapshot.chunks {
            for (i, start) in chunks.starts.enumerated() {
                let end = chunks.end(of: i, textCount: snapshot.bytes.count)
                let bytes = Array(snapshot.bytes[start..<end])
                let line = snapshot.lineIndex.line(containing: start)
                let found = Self.found(Parser.parse(bytes).tree, LineIndex(bytes), documents: true).map {
                    FoldingRegion(startLine: $0.startLine + line, endLine: $0.endLine + line, range: $0.range.shifted(by: start), kind: $0.kind)
                }
                if !keep(found, in: &regions, limit: limit) { return FoldingSurface(regions: regions, truncated: true) }
            }
            return FoldingSurface(regions: regions, truncated: false)
        }
        let tree = snapshot.tree
        let truncated = !keep(found(tree, snapshot.lineIndex, documents: tree.root.children.filter { $0.kind == .document }.count > 1),
                              in: &regions, limit: limit)
        return FoldingSurface(regions: regions, truncated: truncated)
    }

    /// Appends to `regions` the outermost of `found`'s regions on each start line, sorted by start line, while
    /// `regions` holds fewer than `limit`; false when the limit left one out. `found`'s regions start after
    /// `regions`'s lines.
    private static func keep(_ found: [FoldingRegion], in regions: inout [FoldingRegion], limit: Int) -> Bool {
        var found = found
        found.sort { $0.startLine != $1.startLine ? $0.startLine < $1.startLine : $0.endLine > $1.endLine }
        for r in found where regions.last?.startLine != r.startLine {
            if regions.count >= limit { return false }
            regions.append(r)
        }
        return true
    }

    /// Every region of `tree` (indexed by `lines`), unsorted, several per start line; with `documents`, each
    /// document's too (a stream of several).
    private static func found(_ tree: SyntaxTree, _ lines: LineIndex, documents: Bool) -> [FoldingRegion] {
        var found: [FoldingRegion] = []

        func add(_ start: Int, _ end: Int, _ kind: FoldingRegion.Kind) {
            guard end > start else { return }
            let first = lines.line(containing: start)
            let last = lines.line(containing: end - 1)
            guard last > first else { return }
            let from = Swift.min(lines.lineContentEnd(first), end)
            found.append(FoldingRegion(startLine: first, endLine: last, range: TextRange(start: from, end: end), kind: kind))
        }

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
            case .document where documents:
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
        return found
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
