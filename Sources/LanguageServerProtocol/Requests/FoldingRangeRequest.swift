/// `textDocument/foldingRange` (LSP 3.17): foldable regions, or `null`.
public enum FoldingRangeRequest: LSPRequest {
    /// The params: ``FoldingRangeParams``.
    public typealias Params = FoldingRangeParams
    /// The result: `[FoldingRange]?`.
    public typealias Response = [FoldingRange]?
    /// The method name.
    public static let method = LSPMethod.textDocumentFoldingRange
}

/// The params of `textDocument/foldingRange`.
public struct FoldingRangeParams: Codable, Sendable, Hashable {
    /// The document.
    public var textDocument: TextDocumentIdentifier

    /// Creates params.
    public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}
