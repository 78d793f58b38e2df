/// `textDocument/completion` (LSP 3.17): completion candidates at a position, or `null`.
public enum CompletionRequest: LSPRequest {
    /// The params: ``CompletionParams``.
    public typealias Params = CompletionParams
    /// The result: `CompletionList?`.
    public typealias Response = CompletionList?
    /// The method name.
    public static let method = LSPMethod.textDocumentCompletion
}

/// The params of `textDocument/completion`.
public struct CompletionParams: Codable, Sendable, Hashable {
    /// The document.
    public var textDocument: TextDocumentIdentifier
    /// The cursor, in ``Position`` units.
    public var position: Position
    /// How completion was triggered.
    public var context: CompletionContext?

    /// Creates params.
    public init(textDocument: TextDocumentIdentifier, position: Position, context: CompletionContext? = nil) {
        self.textDocument = textDocument
        self.position = position
        self.context = context
    }
}

/// How completion was triggered (LSP 3.17 "CompletionContext").
public struct CompletionContext: Codable, Sendable, Hashable {
    /// 1 invoked, 2 trigger character, 3 re-trigger for an incomplete list.
    public var triggerKind: Int
    /// The character typed, when `triggerKind` is 2.
    public var triggerCharacter: String?

    /// Creates a context.
    public init(triggerKind: Int, triggerCharacter: String? = nil) {
        self.triggerKind = triggerKind
        self.triggerCharacter = triggerCharacter
    }
}
