/// `textDocument/definition` (LSP 3.17): where the symbol at a position is defined, or `null`.
public enum DefinitionRequest: LSPRequest {
    /// The params: ``TextDocumentPositionParams``.
    public typealias Params = TextDocumentPositionParams
    /// The result: `Location[] | null`.
    public typealias Response = [Location]?
    /// The method name.
    public static let method = LSPMethod.textDocumentDefinition
}
