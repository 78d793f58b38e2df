/// `textDocument/codeAction` (LSP 3.17): fixes and refactorings for a range, or `null`.
public enum CodeActionRequest: LSPRequest {
    /// The params: ``CodeActionParams``.
    public typealias Params = CodeActionParams
    /// The result: `CodeAction[] | null`.
    public typealias Response = [CodeAction]?
    /// The method name.
    public static let method = LSPMethod.textDocumentCodeAction
}

/// The params of `textDocument/codeAction`.
public struct CodeActionParams: Codable, Sendable, Hashable {
    /// The document.
    public var textDocument: TextDocumentIdentifier
    /// The range, in ``Position`` units.
    public var range: LSPRange
    /// The diagnostics shown there and the kinds wanted.
    public var context: CodeActionContext

    /// Creates params.
    public init(textDocument: TextDocumentIdentifier, range: LSPRange, context: CodeActionContext) {
        self.textDocument = textDocument
        self.range = range
        self.context = context
    }
}

/// LSP 3.17 "CodeActionContext".
public struct CodeActionContext: Codable, Sendable, Hashable {
    /// The diagnostics the client shows in the range.
    public var diagnostics: [Diagnostic]
    /// Only actions of these kinds (or their sub-kinds) are wanted; all when absent.
    public var only: [String]?

    /// Creates a context.
    public init(diagnostics: [Diagnostic], only: [String]? = nil) {
        self.diagnostics = diagnostics
        self.only = only
    }
}
