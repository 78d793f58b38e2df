import YAMLSyntax

/// One edit of a document's text, as an editor reports it (LSP 3.17 `TextDocumentContentChangeEvent`).
///
/// The range is in line/column positions (0-based lines; columns in the encoding named by the
/// ``Intent/change(_:version:changes:encoding:)`` intent), relative to the text as it is after the
/// previous changes of the same intent have been applied. A nil range replaces the whole text.
public struct TextChange: Sendable, Hashable {
    /// Start and end (exclusive) positions, or nil for a full replacement.
    public var range: (start: LineColumn, end: LineColumn)?
    /// The new text for the range.
    public var text: String

    public init(range: (start: LineColumn, end: LineColumn)?, text: String) {
        self.range = range
        self.text = text
    }

    /// A change that replaces the whole document.
    public static func full(_ text: String) -> TextChange { TextChange(range: nil, text: text) }

    public static func == (a: TextChange, b: TextChange) -> Bool {
        a.text == b.text && a.range?.start == b.range?.start && a.range?.end == b.range?.end
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(range?.start)
        hasher.combine(range?.end)
    }
}
