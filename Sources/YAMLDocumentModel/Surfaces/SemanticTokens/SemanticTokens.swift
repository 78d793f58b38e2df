import YAMLComposer
import YAMLParser
import YAMLSyntax

/// Classifies the tokens of a snapshot's lossless tree for semantic highlighting.
///
/// Keys are `property`; other scalars take the type of their core-schema resolution (YAML 1.2.2 §10.3.2:
/// int/float `number`, bool/null `keyword`, anything else `string`), or of their explicit core tag; quoted
/// and block scalars are `string`. Anchors are `variable` + `declaration`, aliases `variable`, tags `type`,
/// comments `comment`, directives `macro`, document markers and block scalar headers `operator`.
/// Multi-line tokens are split into one token per line (leading indentation of continuation lines
/// excluded) unless `multiline` is true. At most `limit` tokens are returned.
///
/// The whole document's tokens of a stream whose documents are read from their chunks
/// (``DocumentSnapshot/buildsSurfacesFromChunks``) are classified chunk by chunk, each chunk parsed alone
/// (YAML 1.2.2 §9.2) and freed before the next, so that the whole text's tree is never made; a range's
/// tokens are read from the whole tree.
enum SemanticTokens {
    static func tokens(_ snapshot: DocumentSnapshot, in range: TextRange?, multiline: Bool, limit: Int) -> SemanticTokensSurface {
        var out: [SemanticToken] = []
        if range == nil, snapshot.buildsSurfacesFromChunks, let chunks = snapshot.chunks {
            for (i, start) in chunks.starts.enumerated() {
                let end = chunks.end(of: i, textCount: snapshot.bytes.count)
                let bytes = Array(snapshot.bytes[start..<end])
                let before = out.count
                // A chunk starts at a line start: its tokens' pieces are the whole text's, moved by `start`.
                let complete = append(Parser.parse(bytes).tree, lines: LineIndex(bytes), in: nil, multiline: multiline,
                                      limit: limit, to: &out)
                for k in before..<out.count { out[k].range = out[k].range.shifted(by: start) }
                if !complete { return SemanticTokensSurface(tokens: out, truncated: true) }
            }
            return SemanticTokensSurface(tokens: out, truncated: false)
        }
        let complete = append(snapshot.tree, lines: snapshot.lineIndex, in: range, multiline: multiline, limit: limit, to: &out)
        return SemanticTokensSurface(tokens: out, truncated: !complete)
    }

    /// Appends the tokens of `tree` (indexed by `lines`) in `range` (all when nil) to `out` while it holds
    /// fewer than `limit`; false when the limit left one out.
    private static func append(_ tree: SyntaxTree, lines: LineIndex, in range: TextRange?, multiline: Bool, limit: Int,
                               to out: inout [SemanticToken]) -> Bool {
        let scalarTypes = classifyScalars(tree)
        let first = range.flatMap { tree.tokenIndex(at: $0.start) } ?? 0
        for t in first..<tree.tokens.count {
            let token = tree.tokens[t]
            if let range {
                if token.range.start >= range.end && !(range.isEmpty && token.range.start == range.start) { break }
                if !token.range.overlaps(range) { continue }
            }
            var modifiers: UInt32 = 0
            let type: SemanticTokenType
            switch token.kind {
            case .comment: type = .comment
            case .directive: type = .macro
            case .directivesEnd, .documentEnd, .blockScalarHeader: type = .operator
            case .anchor: type = .variable; modifiers = SemanticToken.declaration
            case .alias: type = .variable
            case .tag: type = .type
            case .plainScalar, .singleQuotedScalar, .doubleQuotedScalar, .blockScalarContent:
                type = SemanticTokenType(rawValue: Int(scalarTypes[t])) ?? .string
            default: continue
            }
            for piece in pieces(token, multiline: multiline, bytes: tree.bytes, lines: lines) {
                if out.count >= limit { return false }
                out.append(SemanticToken(range: piece, type: type, modifiers: modifiers))
            }
        }
        return true
    }

    /// The legend index of each scalar token's type, by token index (other tokens: `string`).
    private static func classifyScalars(_ tree: SyntaxTree) -> [UInt8] {
        var types = [UInt8](repeating: UInt8(SemanticTokenType.string.rawValue), count: tree.tokens.count)
        for i in tree.nodes.indices where tree.nodes[i].kind == .scalar {
            let node = SyntaxNode(tree: tree, index: i)
            let isKey = node.parent?.kind == .key
            var tag: String?
            for t in tree.nodes[i].firstToken..<tree.nodes[i].endToken {
                let token = tree.tokens[t]
                if token.kind == .tag { tag = tree.text(token.range) }
                guard token.kind == .plainScalar else { continue }
                let type: SemanticTokenType
                if isKey {
                    type = .property
                } else {
                    let resolved: String
                    switch tag {
                    case nil: resolved = CoreSchema.resolvePlainScalarTag(tree.text(token.range))
                    case "!!int"?: resolved = CoreSchema.intTag
                    case "!!float"?: resolved = CoreSchema.floatTag
                    case "!!bool"?: resolved = CoreSchema.boolTag
                    case "!!null"?: resolved = CoreSchema.nullTag
                    default: resolved = CoreSchema.strTag
                    }
                    switch resolved {
                    case CoreSchema.intTag, CoreSchema.floatTag: type = .number
                    case CoreSchema.boolTag, CoreSchema.nullTag: type = .keyword
                    default: type = .string
                    }
                }
                types[t] = UInt8(type.rawValue)
            }
            if isKey {
                for t in tree.nodes[i].firstToken..<tree.nodes[i].endToken
                where [.singleQuotedScalar, .doubleQuotedScalar].contains(tree.tokens[t].kind) {
                    types[t] = UInt8(SemanticTokenType.property.rawValue)
                }
            }
        }
        return types
    }

    /// The token's range without trailing line breaks, split per line (continuation lines without their
    /// indentation, empty lines skipped) unless `multiline`.
    private static func pieces(_ token: Token, multiline: Bool, bytes: [UInt8], lines: LineIndex) -> [TextRange] {
        let end = Folding.trimmedEnd(token, in: bytes)
        guard end > token.range.start else { return [] }
        let firstLine = lines.line(containing: token.range.start)
        let lastLine = lines.line(containing: end - 1)
        if multiline || firstLine == lastLine { return [TextRange(start: token.range.start, end: end)] }
        var out: [TextRange] = []
        for line in firstLine...lastLine {
            var s = line == firstLine ? token.range.start : lines.lineStart(line)
            let e = line == lastLine ? end : lines.lineContentEnd(line)
            while s < e, bytes[s] == 0x20 || bytes[s] == 0x09 { s += 1 }
            if e > s { out.append(TextRange(start: s, end: e)) }
        }
        return out
    }
}
