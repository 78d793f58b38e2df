import YAMLSyntax

/// A mapping key or a document (see ``DocumentTitle``) of an open document that matches a workspace
/// symbol query.
public struct WorkspaceSymbolMatch: Hashable, Sendable {
    /// The document.
    public var uri: DocumentURI
    /// The key or the document as named in the outline.
    public var name: String
    /// The kind of the key's value or of the document (as in the outline).
    public var kind: OutlineSymbol.Kind
    /// The keys leading to this one, joined with `.` (`[i]` for sequence items), after the document's
    /// name in a stream of several documents; nil at the top level of a one-document file.
    public var containerName: String?
    /// The key's range, or a document's selection (its `---`, or the empty range where its content
    /// starts), in UTF-8 byte offsets.
    public var range: TextRange

    /// Creates a match; `range` in UTF-8 byte offsets.
    public init(uri: DocumentURI, name: String, kind: OutlineSymbol.Kind, containerName: String?, range: TextRange) {
        self.uri = uri
        self.name = name
        self.kind = kind
        self.containerName = containerName
        self.range = range
    }
}
