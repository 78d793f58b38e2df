/// `textDocument/hover` (LSP 3.17): information at a position, or `null` when there is none.
public enum HoverRequest: LSPRequest {
    /// The params: ``HoverParams``.
    public typealias Params = HoverParams
    /// The result: `Hover?`.
    public typealias Response = Hover?
    /// The method name.
    public static let method = LSPMethod.textDocumentHover
}

/// The params of `textDocument/hover` (a "TextDocumentPositionParams").
public struct HoverParams: Codable, Sendable, Hashable {
    /// The document.
    public var textDocument: TextDocumentIdentifier
    /// The position, in ``Position`` units.
    public var position: Position

    /// Creates params.
    public init(textDocument: TextDocumentIdentifier, position: Position) {
        self.textDocument = textDocument
        self.position = position
    }
}
