import YAMLSyntax

/// What to show when the pointer rests on a position: sections about the token there (structure, not markup:
/// the renderer writes Markdown or plain text), and the key path of the node there so that schema-driven hover (title, description) can be added by another source.
public struct HoverSurface: Hashable, Sendable {
    /// The text the hover is about (UTF-8 byte offsets).
    public var range: TextRange
    /// Path from the document root to the node at the position.
    public var keyPath: [KeyPathComponent]
    /// Paragraphs, in order; the renderer joins them.
    public var sections: [HoverSection]

    /// Creates a surface; `range` in UTF-8 byte offsets.
    public init(range: TextRange, keyPath: [KeyPathComponent], sections: [HoverSection]) {
        self.range = range
        self.keyPath = keyPath
        self.sections = sections
    }
}
