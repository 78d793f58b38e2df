import YAMLSyntax

/// One entry of the document outline (LSP `DocumentSymbol`, but in model terms).
public struct OutlineSymbol: Hashable, Sendable {
    /// What the entry's value is.
    public enum Kind: Hashable, Sendable {
        /// An empty document of a multi-document stream (a document with content has its root's kind).
        case document
        case mapping, sequence, string, number, boolean, null
    }

    /// The key's text, whole and on one line (or a label for sequence items and documents; see
    /// ``DocumentTitle``). Never shortened.
    public var name: String
    /// A short form of a scalar value (cut with `…`), the item count of a collection, or a Kubernetes
    /// document's namespace.
    public var detail: String?
    public var kind: Kind
    /// The whole entry (key and value, with its trailing comment and the comment lines indented under
    /// it), UTF-8 byte offsets.
    public var range: TextRange
    /// The key (or the item's indicator/value), UTF-8 byte offsets; inside `range`.
    public var selectionRange: TextRange
    public var children: [OutlineSymbol]

    public init(name: String, detail: String?, kind: Kind, range: TextRange, selectionRange: TextRange,
                children: [OutlineSymbol]) {
        self.name = name
        self.detail = detail
        self.kind = kind
        self.range = range
        self.selectionRange = selectionRange
        self.children = children
    }
}

/// The outline of one document, bounded by `Settings.maxItemsComputed`.
public struct OutlineSurface: Hashable, Sendable {
    public var symbols: [OutlineSymbol]
    /// True when the cap was reached and later entries were left out.
    public var truncated: Bool
}
