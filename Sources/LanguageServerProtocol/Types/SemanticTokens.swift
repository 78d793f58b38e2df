/// Semantic tokens in the relative encoding of LSP 3.17 §"Semantic Tokens": five integers per token —
/// line delta, start character delta (relative to the previous token when on the same line), length,
/// token type index and modifier bit set, all in ``Position`` units.
public struct SemanticTokens: Codable, Sendable, Hashable {
    /// An identifier for delta requests (not used: deltas are not served).
    public var resultId: String?
    /// The encoded tokens.
    public var data: [UInt32]

    /// Creates tokens.
    public init(resultId: String? = nil, data: [UInt32]) {
        self.resultId = resultId
        self.data = data
    }
}
