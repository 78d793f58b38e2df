import YAMLSyntax

/// What to show when the pointer rests on a position: Markdown sections about the token there, and the key
/// path of the node there so that schema-driven hover (title, description) can be added by another source.
public struct HoverSurface: Hashable, Sendable {
    /// The text the hover is about (UTF-8 byte offsets).
    public var range: TextRange
    /// Path from the document root to the node at the position.
    public var keyPath: [KeyPathComponent]
    /// Markdown paragraphs, in order; the renderer joins them.
    public var sections: [String]

    /// Creates a surface; `range` in UTF-8 byte offsets.
    public init(range: TextRange, keyPath: [KeyPathComponent], sections: [String]) {
        self.range = range
        self.keyPath = keyPath
        self.sections = sections
    }

    /// The sections joined by blank lines (Markdown paragraphs).
    public var markdown: String { sections.joined(separator: "\n\n") }
}
