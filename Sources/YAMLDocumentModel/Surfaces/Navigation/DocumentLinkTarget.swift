import YAMLSyntax

/// A link in a document (LSP `DocumentLink`): a range of text and the URI it opens.
public struct DocumentLinkTarget: Hashable, Sendable {
    /// Where a link comes from.
    public enum Source: Hashable, Sendable {
        /// The schema of a `# yaml-language-server: $schema=<target>` modeline.
        case schemaModeline
        /// A `$ref` value (JSON Schema reference), resolved against the document's URI.
        case reference
        /// A scalar whose text is an `http://` or `https://` URL.
        case url
    }

    /// The linked text (UTF-8 byte offsets), quotes excluded.
    public var range: TextRange
    /// The absolute URI to open.
    public var target: String
    /// Where the link comes from.
    public var source: Source

    /// Creates a link; `range` in UTF-8 byte offsets.
    public init(range: TextRange, target: String, source: Source) {
        self.range = range
        self.target = target
        self.source = source
    }
}
