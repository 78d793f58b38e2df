/// The kind of a token in the lossless syntax tree. Tokens cover every byte of the input, in order.
///
/// Names follow YAML 1.2.2 (chapter 5 "Character Productions" for indicators, chapter 6 for trivia).
public enum TokenKind: UInt8, Sendable, Hashable, CaseIterable {
    // Trivia: bytes that carry no content.
    /// Spaces and tabs (s-white), including indentation.
    case whitespace
    /// One line break: `\n`, `\r\n` or `\r` (b-break).
    case newline
    /// A comment from `#` to the end of the line, excluding the line break (c-comment).
    case comment
    /// A byte order mark U+FEFF at the start of a document (c-byte-order-mark).
    case byteOrderMark

    // Document structure (§9.1).
    /// A whole directive line's content, e.g. `%YAML 1.2` or `%TAG ! tag:x,2000:` (l-directive).
    case directive
    /// The directives end marker `---` (c-directives-end).
    case directivesEnd
    /// The document end marker `...` (c-document-end).
    case documentEnd

    // Indicators (§5.3).
    /// `-` introducing a block sequence entry (c-sequence-entry).
    case sequenceEntry
    /// `?` introducing an explicit mapping key (c-mapping-key).
    case mappingKey
    /// `:` separating a key from its value (c-mapping-value).
    case mappingValue
    /// `[` (c-sequence-start).
    case flowSequenceStart
    /// `]` (c-sequence-end).
    case flowSequenceEnd
    /// `{` (c-mapping-start).
    case flowMappingStart
    /// `}` (c-mapping-end).
    case flowMappingEnd
    /// `,` (c-collect-entry).
    case flowEntry

    // Node properties and aliases (§6.9, §7.1).
    /// An anchor including its `&` (c-ns-anchor-property).
    case anchor
    /// A tag including its `!` (c-ns-tag-property): verbatim, shorthand or non-specific.
    case tag
    /// An alias including its `*` (c-ns-alias-node).
    case alias

    // Scalars (§7.3, §8.1). A multi-line flow scalar is one token that includes its inner line
    // breaks and indentation.
    /// A plain scalar's text.
    case plainScalar
    /// A single-quoted scalar including both quotes.
    case singleQuotedScalar
    /// A double-quoted scalar including both quotes.
    case doubleQuotedScalar
    /// A block scalar header: `|` or `>` with optional indentation and chomping indicators (c-b-block-header
    /// without its comment and line break).
    case blockScalarHeader
    /// The content lines of a literal or folded block scalar, from the first content line's start to the
    /// end of its last line break (including indentation and trailing blank lines that belong to it).
    case blockScalarContent

    /// Bytes the parser could not place; always accompanied by an error.
    case error

    /// True for whitespace, newline, comment and byte order mark.
    public var isTrivia: Bool {
        switch self {
        case .whitespace, .newline, .comment, .byteOrderMark: return true
        default: return false
        }
    }
}
