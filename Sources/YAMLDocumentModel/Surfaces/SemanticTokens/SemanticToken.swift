import YAMLSyntax

/// One classified stretch of text (LSP semantic token) in UTF-8 byte offsets.
public struct SemanticToken: Hashable, Sendable {
    /// The bytes covered; on one line unless multi-line tokens were asked for.
    public var range: TextRange
    /// The token type (its raw value is its legend index).
    public var type: SemanticTokenType
    /// Modifier bits: bit `1 << i` is ``SemanticTokenType/modifierNames``[i].
    public var modifiers: UInt32

    /// Bit of the `declaration` modifier (set on anchors).
    public static let declaration: UInt32 = 1

    /// Creates a token; `range` in UTF-8 byte offsets.
    public init(range: TextRange, type: SemanticTokenType, modifiers: UInt32 = 0) {
        self.range = range
        self.type = type
        self.modifiers = modifiers
    }
}

/// The semantic tokens of a document or of a range of it.
public struct SemanticTokensSurface: Hashable, Sendable {
    /// Tokens in text order, never overlapping.
    public var tokens: [SemanticToken]
    /// True when `pureyaml.maxItemsComputed` cut the list: only the first tokens in text order are kept.
    public var truncated: Bool

    /// Creates a surface.
    public init(tokens: [SemanticToken], truncated: Bool) {
        self.tokens = tokens
        self.truncated = truncated
    }
}
