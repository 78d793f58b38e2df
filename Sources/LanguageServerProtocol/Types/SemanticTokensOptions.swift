/// The server's semantic token options (LSP 3.17 "SemanticTokensOptions").
public struct SemanticTokensOptions: Codable, Sendable, Hashable {
    /// The legend.
    public var legend: SemanticTokensLegend
    /// Whether `textDocument/semanticTokens/range` is served.
    public var range: Bool?
    /// Whether `textDocument/semanticTokens/full` is served (deltas are not).
    public var full: Bool?

    /// Creates options.
    public init(legend: SemanticTokensLegend, range: Bool? = nil, full: Bool? = nil) {
        self.legend = legend
        self.range = range
        self.full = full
    }
}
