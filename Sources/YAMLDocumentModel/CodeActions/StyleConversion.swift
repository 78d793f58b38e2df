import YAMLParser
import YAMLSyntax

/// Rewrites a collection between flow style (`{a: 1}`, `[x, y]`, YAML 1.2.2 §7.4) and block style
/// (§8.2), reusing the source text of every scalar, alias and property so quoting, tags and anchors
/// survive. Collections holding comments, multi-line scalars, block scalars or explicit `?` keys are left
/// alone (nil). The caller verifies the result composes to the same data.
enum StyleConversion {
    // MARK: Flow to block

    /// The edit turning flow collection `node` (not nested in another flow collection) into block style.
    static func toBlock(_ s: DocumentSnapshot, _ node: SyntaxNode, indentWidth: Int) -> TextReplacement? {
        let tree = s.tree
        guard let open = node.tokens.first(where: { $0.kind == .flowMappingStart || $0.kind == .flowSequenceStart }),
              let close = node.tokens.last(where: { $0.kind == .flowMappingEnd || $0.kind == .flowSequenceEnd }),
              isSimple(node) else { return nil }
        if node.parent?.kind == .key { return nil }
        let prevIndex = (tree.tokenIndex(at: open.range.start) ?? 0) - 1
        var previous: Token?
        var p = prevIndex
        while p >= 0 { if !tree.tokens[p].kind.isTrivia { previous = tree.tokens[p]; break }; p -= 1 }
        let openLine = s.lineIndex.line(containing: open.range.start)
        let lineStart = s.lineIndex.lineStart(openLine)
        let width = Swift.max(1, indentWidth)
        // Inline after `-` or at the start of a line; on a new line after `key:`, properties or `---`.
        let inline = previous == nil || previous?.kind == .sequenceEntry
            || (previous.map { s.lineIndex.line(containing: $0.range.start) != openLine } ?? true)
        guard let body = blockLines(node, tree: tree), !body.isEmpty else { return nil }
        let lineBreak = s.lineBreak(at: open.range.start)   // a CRLF file stays CRLF
        if inline {
            let column = open.range.start - lineStart
            let pad = String(repeating: " ", count: column)
            return TextReplacement(range: TextRange(start: open.range.start, end: close.range.end),
                                   newText: body.enumerated().map { $0.offset == 0 ? $0.element : pad + $0.element }.joined(separator: lineBreak))
        }
        // Past the line's spaces and block sequence indicators: in `- b: {a: 1}` the entries go under `b`
        // (column 2), not under the `-`, where they would be siblings of `b`.
        let pad = String(repeating: " ", count: (previous?.kind == .directivesEnd ? 0 : entryIndentation(s.bytes, from: lineStart) + width))
        guard let prev = previous else { return nil }
        return TextReplacement(range: TextRange(start: prev.range.end, end: close.range.end),
                               newText: lineBreak + body.map { pad + $0 }.joined(separator: lineBreak))
    }

    /// The block lines of a flow collection, relative to its own column; nil when it cannot be converted.
    private static func blockLines(_ node: SyntaxNode, tree: SyntaxTree) -> [String]? {
        var lines: [String] = []
        func nested(_ prefix: String, _ child: SyntaxNode, inlineAllowed: Bool) -> Bool {
            // `prefix` is `- ` or `key:`.
            if isNonEmptyFlow(child) {
                guard !hasProperties(child), let inner = blockLines(child, tree: tree) else { return false }
                if inlineAllowed {
                    lines.append(prefix + inner[0])
                    for l in inner.dropFirst() { lines.append("  " + l) }
                } else {
                    lines.append(prefix)
                    for l in inner { lines.append("  " + l) }
                }
                return true
            }
            let text = tree.text(child.significantRange)
            lines.append(text.isEmpty ? prefix.trimmingTrailingSpace() : prefix + (prefix.hasSuffix(" ") ? "" : " ") + text)
            return true
        }
        if node.kind == .flowSequence {
            for child in node.children {
                if child.kind == .flowPair {
                    guard let entry = child.child(.mappingEntry), let line = pairLine(entry, tree: tree) else { return nil }
                    lines.append("- " + line)
                    continue
                }
                guard nested("- ", child, inlineAllowed: true) else { return nil }
            }
        } else {
            for entry in node.children where entry.kind == .mappingEntry {
                guard let key = entry.child(.key), !tree.text(key.significantRange).isEmpty else { return nil }
                let keyText = tree.text(key.significantRange)
                guard let value = entry.child(.value), let content = value.children.first(where: { $0.kind.isContent }) else {
                    lines.append(keyText + ":")
                    continue
                }
                if isNonEmptyFlow(content) && content.kind == .flowSequence && !hasProperties(content) {
                    guard let inner = blockLines(content, tree: tree) else { return nil }
                    lines.append(keyText + ":")
                    for l in inner { lines.append("  " + l) }
                    continue
                }
                guard nested(keyText + ":", content, inlineAllowed: false) else { return nil }
            }
        }
        return lines
    }

    /// `key: value` of a single-pair entry with scalar or alias sides.
    private static func pairLine(_ entry: SyntaxNode, tree: SyntaxTree) -> String? {
        guard let key = entry.child(.key) else { return nil }
        let k = tree.text(key.significantRange)
        let v = entry.child(.value).map { tree.text($0.significantRange) } ?? ""
        if k.isEmpty || v.hasPrefix("[") || v.hasPrefix("{") { return nil }
        return v.isEmpty ? k + ":" : k + ": " + v
    }

    // MARK: Block to flow

    /// The edit turning block collection `node` into a one-line flow collection of at most `maxLength` bytes.
    static func toFlow(_ s: DocumentSnapshot, _ node: SyntaxNode, maxLength: Int) -> TextReplacement? {
        let tree = s.tree
        guard isSimple(node), let text = flowText(node, tree: tree), text.utf8.count <= maxLength else { return nil }
        let r = node.significantRange
        let firstToken = (tree.tokenIndex(at: r.start) ?? 0)
        var p = firstToken - 1
        while p >= 0 && tree.tokens[p].kind.isTrivia { p -= 1 }
        if p >= 0, s.lineIndex.line(containing: tree.tokens[p].range.end) != s.lineIndex.line(containing: r.start),
           tree.tokens[p].kind != .directivesEnd {
            return TextReplacement(range: TextRange(start: tree.tokens[p].range.end, end: r.end), newText: " " + text)
        }
        return TextReplacement(range: r, newText: text)
    }

    /// One-line flow text of a content node (properties kept), nil when it cannot be written so.
    private static func flowText(_ node: SyntaxNode, tree: SyntaxTree) -> String? {
        let properties = node.directTokens.filter { $0.kind == .anchor || $0.kind == .tag }.map { tree.text($0.range) }
        let prefix = properties.isEmpty ? "" : properties.joined(separator: " ") + " "
        switch node.kind {
        case .blockMapping:
            var parts: [String] = []
            for entry in node.children where entry.kind == .mappingEntry {
                guard let key = entry.child(.key) else { return nil }
                let k = tree.text(key.significantRange)
                guard !k.isEmpty, key.children.allSatisfy({ $0.kind == .scalar || $0.kind == .alias }) else { return nil }
                guard let value = entry.child(.value), let content = value.children.first(where: { $0.kind.isContent }) else {
                    parts.append(k)
                    continue
                }
                guard let v = flowText(content, tree: tree) else { return nil }
                parts.append(k + ": " + v)
            }
            return prefix + "{" + parts.joined(separator: ", ") + "}"
        case .blockSequence:
            var parts: [String] = []
            for item in node.children where item.kind == .sequenceItem {
                guard let content = item.children.first(where: { $0.kind.isContent }) else { parts.append("null"); continue }
                guard let v = flowText(content, tree: tree) else { return nil }
                parts.append(v)
            }
            return prefix + "[" + parts.joined(separator: ", ") + "]"
        case .flowMapping, .flowSequence, .scalar, .alias:
            let text = tree.text(node.significantRange)
            return text.isEmpty ? nil : text
        default:
            return nil
        }
    }

    // MARK: Shared checks

    /// No comments, block scalars, multi-line tokens or explicit keys inside.
    private static func isSimple(_ node: SyntaxNode) -> Bool {
        let bytes = node.tree.bytes
        let r = node.significantRange
        for token in node.tokens where token.range.start >= r.start && token.range.end <= r.end {
            switch token.kind {
            case .comment, .blockScalarHeader, .blockScalarContent, .mappingKey, .directive, .error: return false
            case .plainScalar, .singleQuotedScalar, .doubleQuotedScalar:
                if bytes[token.range.start..<token.range.end].contains(where: { $0 == 0x0A || $0 == 0x0D }) { return false }
            default: continue
            }
        }
        return true
    }

    private static func isNonEmptyFlow(_ node: SyntaxNode) -> Bool {
        (node.kind == .flowMapping || node.kind == .flowSequence) && !node.children.isEmpty
    }

    private static func hasProperties(_ node: SyntaxNode) -> Bool {
        node.directTokens.contains { $0.kind == .anchor || $0.kind == .tag }
    }

    /// The column (in bytes from `start`) after the leading spaces and `- ` block sequence indicators of the
    /// line at `start` (YAML 1.2.2 §8.2.1: a compact nested node's indentation counts the `-` and the spaces).
    private static func entryIndentation(_ bytes: [UInt8], from start: Int) -> Int {
        var p = start
        while p < bytes.count {
            if bytes[p] == 0x20 {
                p += 1
            } else if bytes[p] == UInt8(ascii: "-"), p + 1 < bytes.count, bytes[p + 1] == 0x20 {
                p += 2
            } else {
                break
            }
        }
        return p - start
    }
}

extension String {
    /// The string without trailing spaces.
    fileprivate func trimmingTrailingSpace() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
