/// A textual edit (LSP 3.17 "TextEdit"): replace `range` with `newText` (empty text deletes,
/// an empty range inserts). Edits of one response must not overlap; all ranges refer to the original document.
public struct TextEdit: Codable, Sendable, Hashable {
    /// The range to replace, in ``Position`` units.
    public var range: LSPRange
    /// The replacement text.
    public var newText: String

    /// Creates an edit.
    public init(range: LSPRange, newText: String) {
        self.range = range
        self.newText = newText
    }
}
