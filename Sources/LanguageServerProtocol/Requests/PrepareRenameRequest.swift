/// `textDocument/prepareRename` (LSP 3.17): the range a rename at a position would change, or `null`
/// when nothing can be renamed there.
public enum PrepareRenameRequest: LSPRequest {
    /// The params: ``TextDocumentPositionParams``.
    public typealias Params = TextDocumentPositionParams
    /// The result: `{range, placeholder} | null`.
    public typealias Response = PrepareRenameResult?
    /// The method name.
    public static let method = LSPMethod.textDocumentPrepareRename
}

/// The result of `textDocument/prepareRename`: the range and the text to prefill.
public struct PrepareRenameResult: Codable, Sendable, Hashable {
    /// The range to rename, in ``Position`` units.
    public var range: LSPRange
    /// The current name.
    public var placeholder: String

    /// Creates a result.
    public init(range: LSPRange, placeholder: String) {
        self.range = range
        self.placeholder = placeholder
    }
}
