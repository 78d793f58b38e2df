import YAMLComposer
import YAMLParser
import YAMLSyntax

/// Reads schema file bytes, JSON or YAML, into a ``JSONValue`` (the first step of
/// ``JSONSchema/init(schemaText:uri:defaultDraft:resolver:)``, exposed so that callers can keep the raw
/// document of a schema that other schemas `$ref`).
public enum SchemaText {
    /// Text whose first non-blank character (after an optional BOM) is `{` or `[` is read as JSON
    /// (RFC 8259); anything else as a YAML 1.2 document projected to JSON (core schema types, merge keys
    /// applied; only the first document of a stream).
    /// - Throws: ``SchemaTextError`` for malformed JSON or YAML, or YAML without a JSON value.
    public static func parse(_ bytes: [UInt8]) throws(SchemaTextError) -> JSONValue {
        let first = bytes.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }.first
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            do { return try JSONTextParser.parse(bytes) } catch {
                throw SchemaTextError(range: TextRange(empty: error.offset), message: error.message)
            }
        }
        let parse = Parser.parse(bytes)
        if let error = parse.errors.first(where: { $0.severity == .error }) {
            throw SchemaTextError(range: error.range, message: error.message)
        }
        let composition = Composer.compose(parse)
        if let error = composition.errors.first(where: { $0.severity == .error }) {
            throw SchemaTextError(range: error.range, message: error.message)
        }
        guard let root = composition.documents.first?.root else {
            throw SchemaTextError(range: nil, message: "the schema file has no document")
        }
        switch JSONProjection.project(root) {
        case .success(let value): return value
        case .failure(let failure): throw SchemaTextError(range: root.range, message: failure.description)
        }
    }
}
