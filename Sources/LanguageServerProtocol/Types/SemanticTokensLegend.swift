/// The names of token types and modifiers, indexed by the numbers in ``SemanticTokens/data``
/// (LSP 3.17 "SemanticTokensLegend").
public struct SemanticTokensLegend: Codable, Sendable, Hashable {
    /// Token type names; a token's type is an index into this list.
    public var tokenTypes: [String]
    /// Modifier names; bit `i` of a token's modifiers is `tokenModifiers[i]`.
    public var tokenModifiers: [String]

    /// Creates a legend.
    public init(tokenTypes: [String], tokenModifiers: [String]) {
        self.tokenTypes = tokenTypes
        self.tokenModifiers = tokenModifiers
    }
}
