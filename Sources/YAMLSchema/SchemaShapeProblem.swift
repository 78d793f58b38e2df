/// A place where a schema document is not a JSON Schema: a (sub)schema that is neither an object nor a
/// boolean (JSON Schema 2020-12 Core §4.3.1), or a keyword whose value has a shape its draft's meta-schema
/// does not allow (`"type": 5`, `"required": "a"`, `"properties": []`).
///
/// Only keywords the schema's draft defines are checked; unknown keywords may hold anything (2020-12 Core
/// §6.5). See docs/schemas.md ("Schemas that are not schemas") for the full list of checks.
public struct SchemaShapeProblem: Sendable, Hashable, CustomStringConvertible {
    /// URI of the schema document (without fragment).
    public let documentURI: String
    /// JSON Pointer (RFC 6901) of the offending value inside ``documentURI``: the keyword's value, e.g.
    /// `/properties/port/type`, or the subschema itself; `""` for the document root.
    public let pointer: String
    /// The keyword whose value is wrong, nil when the problem is a subschema that is not an object or a
    /// boolean.
    public let keyword: String?
    /// What is wrong, one phrase for people, e.g. `"type" must be a type name or a list of them, found 5`.
    public let message: String

    /// Creates a problem; `pointer` is a JSON Pointer into `documentURI`.
    public init(documentURI: String, pointer: String, keyword: String?, message: String) {
        self.documentURI = documentURI
        self.pointer = pointer
        self.keyword = keyword
        self.message = message
    }

    /// `<message> at #<pointer>`, e.g. `"type" must be ..., found 5 at #/properties/port/type` (the pointer
    /// as a URI fragment; ``documentURI`` is not included).
    public var description: String { "\(message) at #\(pointer)" }
}
