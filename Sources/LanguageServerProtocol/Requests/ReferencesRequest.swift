/// `textDocument/references` (LSP 3.17): every reference to the symbol at a position, or `null`.
public enum ReferencesRequest: LSPRequest {
    /// The params: ``ReferenceParams``.
    public typealias Params = ReferenceParams
    /// The result: `Location[] | null`.
    public typealias Response = [Location]?
    /// The method name.
    public static let method = LSPMethod.textDocumentReferences
}

/// The params of `textDocument/references`.
public struct ReferenceParams: Codable, Sendable, Hashable {
    /// The document.
    public var textDocument: TextDocumentIdentifier
    /// The position, in ``Position`` units.
    public var position: Position
    /// Whether to include the declaration.
    public var context: ReferenceContext

    /// Creates params.
    public init(textDocument: TextDocumentIdentifier, position: Position, context: ReferenceContext) {
        self.textDocument = textDocument
        self.position = position
        self.context = context
    }
}

/// LSP 3.17 "ReferenceContext".
public struct ReferenceContext: Codable, Sendable, Hashable {
    /// Include the declaration of the symbol itself.
    public var includeDeclaration: Bool

    /// Creates a context.
    public init(includeDeclaration: Bool) { self.includeDeclaration = includeDeclaration }
}
