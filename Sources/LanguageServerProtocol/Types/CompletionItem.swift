import JSONRPC

/// One completion candidate (LSP 3.17 "CompletionItem"); a simple subset.
public struct CompletionItem: Codable, Sendable, Hashable {
    /// The text shown, and inserted when no `insertText`/`textEdit` is given.
    public var label: String
    /// The kind, which picks the icon.
    public var kind: CompletionItemKind?
    /// Extra text, e.g. a type.
    public var detail: String?
    /// Documentation (always sent as ``MarkupContent``; the spec also allows a plain string).
    public var documentation: MarkupContent?
    /// Whether to select this item first.
    public var preselect: Bool?
    /// Sort key; `label` when absent.
    public var sortText: String?
    /// Filter key; `label` when absent.
    public var filterText: String?
    /// The text to insert.
    public var insertText: String?
    /// Whether `insertText`/`textEdit` is plain text or a snippet.
    public var insertTextFormat: InsertTextFormat?
    /// How the client treats the indentation of a multi-line text (LSP 3.17, since 3.16); only for
    /// clients that list the mode in `completionItem.insertTextModeSupport`.
    public var insertTextMode: InsertTextMode?
    /// The edit to apply instead of `insertText`; must be on one line, containing the cursor.
    public var textEdit: TextEdit?
    /// Data kept for `completionItem/resolve`, raw.
    public var data: LSPAny?

    /// Creates an item.
    public init(label: String, kind: CompletionItemKind? = nil, detail: String? = nil,
                documentation: MarkupContent? = nil, preselect: Bool? = nil, sortText: String? = nil,
                filterText: String? = nil, insertText: String? = nil, insertTextFormat: InsertTextFormat? = nil,
                insertTextMode: InsertTextMode? = nil, textEdit: TextEdit? = nil, data: LSPAny? = nil) {
        self.label = label
        self.kind = kind
        self.detail = detail
        self.documentation = documentation
        self.preselect = preselect
        self.sortText = sortText
        self.filterText = filterText
        self.insertText = insertText
        self.insertTextFormat = insertTextFormat
        self.insertTextMode = insertTextMode
        self.textEdit = textEdit
        self.data = data
    }
}
