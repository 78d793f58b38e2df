import JSONRPC

/// `pureyaml/schemaInfo` (PureYAML's own request): which schema applies to each document of a file and
/// why. The result is `{uri, catalog?: {url, status}, documents: [{index, range, schema?, rule?,
/// disabled, status?}]}` (ranges in the negotiated position encoding), or `null` for a document that is
/// not open.
public enum SchemaInfoRequest: LSPRequest {
    /// The params: ``SchemaInfoParams``.
    public typealias Params = SchemaInfoParams
    /// The result: the object above, or `null`.
    public typealias Response = LSPAny
    /// The method name.
    public static let method = LSPMethod.pureyamlSchemaInfo
}

/// The params of `pureyaml/schemaInfo`.
public struct SchemaInfoParams: Codable, Sendable, Hashable {
    /// The document.
    public var textDocument: TextDocumentIdentifier

    /// Creates params.
    public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}
