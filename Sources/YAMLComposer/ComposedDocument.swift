import YAMLSyntax

/// One composed document of a stream.
public struct ComposedDocument: Sendable {
    /// The root node; an empty document has an empty plain scalar (null) root.
    public let root: YAMLNode
    /// The whole document's range (markers included), UTF-8 byte offsets.
    public let range: TextRange
    /// The `%YAML` directive's version, if any.
    public let version: String?

    /// Creates a document; `range` in UTF-8 byte offsets.
    public init(root: YAMLNode, range: TextRange, version: String?) {
        self.root = root
        self.range = range
        self.version = version
    }
}
