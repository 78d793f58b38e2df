import YAMLComposer

/// The bundled meta-schemas, parsed once and looked up by URI (without fragment; `http`/`https` as each
/// meta-schema's own `$id` spells it).
enum MetaSchemaLibrary {
    private static let byURI: [String: JSONValue] = {
        var table: [String: JSONValue] = [:]
        for text in MetaSchemas.all {
            guard let json = try? JSONTextParser.parse(text) else { continue }
            let id: JSONValue? = json["$id"] ?? json["id"]
            if case .string(let uri)? = id { table[SchemaURI.split(uri).base] = json }
        }
        return table
    }()

    /// The meta-schema (or vocabulary meta-schema) published at `uri`, if bundled.
    static func json(for uri: String) -> JSONValue? {
        byURI[SchemaURI.split(uri).base]
    }

    /// The dialect a bundled meta-schema at `uri` is written in.
    static func draft(for uri: String) -> SchemaDraft? {
        let base = SchemaURI.split(uri).base
        if base.contains("/draft/2020-12/") { return .draft2020_12 }
        if base.contains("/draft/2019-09/") { return .draft2019_09 }
        return SchemaDraft(metaSchemaURI: base)
    }
}
