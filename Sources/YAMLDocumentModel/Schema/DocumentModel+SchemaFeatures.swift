import YAMLComposer
import YAMLSchema
import YAMLSyntax

/// Glue between the open documents and their schemas for the schema-driven features (completion, hover,
/// code actions): which compiled schema applies at an offset, and the composed document there.
extension DocumentModel {
    /// The schema applying to the document of `uri`'s stream that contains `offset` (UTF-8 bytes), when it
    /// is loaded, with that document's composed root (nil when the stream has no document there).
    func schemaTarget(_ uri: DocumentURI, at offset: Int) -> (schema: JSONSchema, root: YAMLNode?, index: Int)? {
        guard let snapshot = records[uri]?.snapshot, let result = records[uri]?.schema else { return nil }
        let o = Swift.max(0, Swift.min(offset, snapshot.bytes.count))
        guard let info = result.documents.first(where: { $0.range.touches(o) && ($0.range.end > o || $0.index == result.documents.count - 1) })
                ?? result.documents.last,
              let schema = schema(of: info) else { return nil }
        // The document's root alone: a stream read from its chunks composes that chunk, not the whole text.
        return (schema, snapshot.documentRoot(info.index), info.index)
    }

    /// The schema of the document with index `index` of `uri`'s stream, when loaded.
    func schema(_ uri: DocumentURI, document index: Int) -> JSONSchema? {
        records[uri]?.schema?.documents.first(where: { $0.index == index }).flatMap(schema(of:))
    }

    /// The compiled schema of a document when its first schema is loaded: that schema, or, when further
    /// schemas apply (``DocumentSchemaInfo/additionalSchemaURIs``), their `allOf` combination, so completion
    /// and hover offer what any of them offers.
    private func schema(of info: DocumentSchemaInfo) -> JSONSchema? {
        guard info.status == .loaded, let schemaURI = info.schemaURI else { return nil }
        if info.additionalSchemaURIs.isEmpty { return schemaRegistry.compiledSchema(schemaURI) }
        return schemaRegistry.combinedSchema([schemaURI] + info.additionalSchemaURIs)
    }
}
