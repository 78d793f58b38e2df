/// `textDocument/selectionRange` (LSP 3.17): nested ranges to expand the selection through, one chain per
/// requested position.
public enum SelectionRangeRequest: LSPRequest {
    /// The params: ``SelectionRangeParams``.
    public typealias Params = SelectionRangeParams
    /// The result: `SelectionRange[] | null`, one per position, in order.
    public typealias Response = [SelectionRange]?
    /// The method name.
    public static let method = LSPMethod.textDocumentSelectionRange
}

/// The params of `textDocument/selectionRange`.
public struct SelectionRangeParams: Codable, Sendable, Hashable {
    /// The document.
    public var textDocument: TextDocumentIdentifier
    /// The positions, in ``Position`` units.
    public var positions: [Position]

    /// Creates params.
    public init(textDocument: TextDocumentIdentifier, positions: [Position]) {
        self.textDocument = textDocument
        self.positions = positions
    }
}
