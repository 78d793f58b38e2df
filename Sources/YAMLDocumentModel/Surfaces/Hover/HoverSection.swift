/// One paragraph of a hover (or of completion documentation), as structure rather than markup: the
/// renderer writes it as Markdown or as plain text, whichever the client reads (LSP 3.17 `MarkupContent`).
public enum HoverSection: Hashable, Sendable {
    /// Running text: words, code spans, emphasis and line breaks.
    case paragraph([HoverSpan])
    /// A block of source text in `language` (e.g. `yaml`), lines separated by `\n`, without a final one.
    case codeBlock(language: String, code: String)
    /// Text written by a schema author: `plain` from `description`, `markdown` from `markdownDescription`;
    /// at least one is present. A Markdown renderer prefers `markdown`, a plain-text one shows `plain` only.
    case documentation(plain: String?, markdown: String?)
}
