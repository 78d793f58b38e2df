import YAMLSyntax

/// One problem found by validating a YAML document against a JSON Schema.
///
/// Ranges are UTF-8 byte offsets into the document text. A missing required property, a property that
/// is not allowed and an invalid property name point at the mapping key; everything else points at the
/// value (for an alias, the alias occurrence).
public struct SchemaViolation: Sendable, Hashable, CustomStringConvertible {
    /// How an editor should present the violation.
    public enum Severity: Sendable, Hashable {
        /// The document does not conform to the schema.
        case error
        /// Not a conformance failure: the validator could not do all its work (an unresolvable `$ref`,
        /// a work budget exhausted, an invalid regular expression in the schema).
        case warning
        /// The value uses something the schema marks `deprecated: true` (2019-09 Validation §9.3); an
        /// editor typically shows it struck through.
        case deprecated
    }

    /// Where in the document, in UTF-8 byte offsets.
    public let range: TextRange
    /// JSON Pointer (RFC 6901) of the instance location, `""` for the document root.
    public let instancePath: String
    /// JSON Pointer of the failing keyword inside the schema document ``schemaURI``, e.g.
    /// `/definitions/step/required`.
    public let schemaPath: String
    /// The failing keyword, e.g. `required`; `false` for a boolean `false` schema.
    public let keyword: String
    /// A sentence for people, e.g. `expected integer, found string "8080"`.
    public let message: String
    /// Error, warning or deprecation hint.
    public let severity: Severity
    /// URI of the schema document holding the keyword.
    public let schemaURI: String
    /// Extra context for people, e.g. which `oneOf`/`anyOf` alternative came closest when none matched
    /// (`closest of the "oneOf" alternatives: 2 "normalJob"`); nil when there is none. Editors may show
    /// it as related information.
    public let note: String?

    /// Creates a violation; see the properties for the units of each field.
    public init(range: TextRange, instancePath: String, schemaPath: String, keyword: String, message: String,
                severity: Severity, schemaURI: String, note: String? = nil) {
        self.range = range
        self.instancePath = instancePath
        self.schemaPath = schemaPath
        self.keyword = keyword
        self.message = message
        self.severity = severity
        self.schemaURI = schemaURI
        self.note = note
    }

    /// The same violation with `note` set, unless it already has one (the innermost context wins).
    func noting(_ text: String) -> SchemaViolation {
        guard note == nil else { return self }
        return SchemaViolation(range: range, instancePath: instancePath, schemaPath: schemaPath, keyword: keyword,
                               message: message, severity: severity, schemaURI: schemaURI, note: text)
    }

    /// `range path: message [keyword]`, for logs and test failures.
    public var description: String { "\(range) \(instancePath.isEmpty ? "/" : instancePath): \(message) [\(keyword)]" }
}
