/// `textDocument/rename` (LSP 3.17): the edits renaming the symbol at a position, or `null`. A refused
/// rename is answered with an error whose message the client shows.
public enum RenameRequest: LSPRequest {
    /// The params: ``RenameParams``.
    public typealias Params = RenameParams
    /// The result: `WorkspaceEdit | null`.
    public typealias Response = WorkspaceEdit?
    /// The method name.
    public static let method = LSPMethod.textDocumentRename
}

/// The params of `textDocument/rename`.
public struct RenameParams: Codable, Sendable, Hashable {
    /// The document.
    public var textDocument: TextDocumentIdentifier
    /// The position, in ``Position`` units.
    public var position: Position
    /// The new name.
    public var newName: String

    /// Creates params.
    public init(textDocument: TextDocumentIdentifier, position: Position, newName: String) {
        self.textDocument = textDocument
        self.position = position
        self.newName = newName
    }
}
