/// A document and a position in it (LSP 3.17 "TextDocumentPositionParams"), the params of several requests.
public struct TextDocumentPositionParams: Codable, Sendable, Hashable {
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
