/// `textDocument/linkedEditingRange` (LSP 3.17): ranges edited together with the one at a position, or `null`.
public enum LinkedEditingRangeRequest: LSPRequest {
    /// The params: ``TextDocumentPositionParams``.
    public typealias Params = TextDocumentPositionParams
    /// The result: `LinkedEditingRanges | null`.
    public typealias Response = LinkedEditingRanges?
    /// The method name.
    public static let method = LSPMethod.textDocumentLinkedEditingRange
}

/// The result of `textDocument/linkedEditingRange`.
public struct LinkedEditingRanges: Codable, Sendable, Hashable {
    /// Ranges of equal length and text, in ``Position`` units.
    public var ranges: [LSPRange]
    /// An ECMAScript regular expression a valid edit must match.
    public var wordPattern: String?

    /// Creates ranges.
    public init(ranges: [LSPRange], wordPattern: String? = nil) {
        self.ranges = ranges
        self.wordPattern = wordPattern
    }
}
