/// `textDocument/onTypeFormatting` (LSP 3.17): edits after the user typed a trigger character, or `null`.
public enum DocumentOnTypeFormattingRequest: LSPRequest {
    /// The params: ``DocumentOnTypeFormattingParams``.
    public typealias Params = DocumentOnTypeFormattingParams
    /// The result: `[TextEdit]?`.
    public typealias Response = [TextEdit]?
    /// The method name.
    public static let method = LSPMethod.textDocumentOnTypeFormatting
}

/// The params of `textDocument/onTypeFormatting`.
public struct DocumentOnTypeFormattingParams: Codable, Sendable, Hashable {
    /// The document.
    public var textDocument: TextDocumentIdentifier
    /// Where the character was typed (LSP 3.17: the position after it; need not be exact), in
    /// ``Position`` units.
    public var position: Position
    /// The character typed (one of the trigger characters the server registered).
    public var ch: String
    /// The editor's formatting options.
    public var options: FormattingOptions

    /// Creates params.
    public init(textDocument: TextDocumentIdentifier, position: Position, ch: String, options: FormattingOptions) {
        self.textDocument = textDocument
        self.position = position
        self.ch = ch
        self.options = options
    }
}

/// The server's `documentOnTypeFormattingProvider` (LSP 3.17 "DocumentOnTypeFormattingOptions").
public struct DocumentOnTypeFormattingOptions: Codable, Sendable, Hashable {
    /// The character that triggers formatting (e.g. `"\n"`).
    public var firstTriggerCharacter: String
    /// More trigger characters, if any.
    public var moreTriggerCharacter: [String]?

    /// Creates options.
    public init(firstTriggerCharacter: String, moreTriggerCharacter: [String]? = nil) {
        self.firstTriggerCharacter = firstTriggerCharacter
        self.moreTriggerCharacter = moreTriggerCharacter
    }
}
