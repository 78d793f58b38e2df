/// One node of a document's outline (LSP 3.17 "DocumentSymbol").
public struct DocumentSymbol: Codable, Sendable, Hashable {
    /// The name shown, e.g. a mapping key; must not be empty.
    public var name: String
    /// Extra text shown beside the name, e.g. a scalar value.
    public var detail: String?
    /// The kind, which picks the icon.
    public var kind: SymbolKind
    /// Whether the symbol is deprecated (`[1]` = deprecated tag).
    public var tags: [Int]?
    /// The whole extent of the symbol (key and value), in ``Position`` units.
    public var range: LSPRange
    /// The part to reveal and select, e.g. the key; must lie inside `range`.
    public var selectionRange: LSPRange
    /// Nested symbols.
    public var children: [DocumentSymbol]?

    /// Creates a symbol.
    public init(name: String, detail: String? = nil, kind: SymbolKind, tags: [Int]? = nil, range: LSPRange,
                selectionRange: LSPRange, children: [DocumentSymbol]? = nil) {
        self.name = name
        self.detail = detail
        self.kind = kind
        self.tags = tags
        self.range = range
        self.selectionRange = selectionRange
        self.children = children
    }
}
