/// `textDocument/hover` (LSP 3.17): information at a position, or `null` when there is none.
public enum HoverRequest: LSPRequest {
    public typealias Params = HoverParams
    public typealias Response = Hover?
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
