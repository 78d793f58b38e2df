/// A piece of a ``HoverSection/paragraph(_:)``.
public enum HoverSpan: Hashable, Sendable {
    /// Words shown as they are.
    case text(String)
    /// Source text (a key, an anchor, a tag, a value): a code span in Markdown, the bare text in plain text.
    case code(String)
    /// Text to stand out (a title, a deprecation): bold in Markdown, the bare text in plain text.
    case strong(String)
    /// A line break inside the paragraph.
    case lineBreak
}
