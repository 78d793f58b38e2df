import YAMLComposer

/// A value a schema proposes for a location (see ``JSONSchema/valueSuggestions(at:in:near:typing:)``).
public struct SchemaValueSuggestion: Sendable, Hashable {
    /// Where the value comes from (which also orders suggestions: allowed values first).
    public enum Source: Int, Sendable, Hashable, Comparable {
        /// An `enum` or `const` value.
        case allowed = 0
        /// A `default`.
        case defaultValue = 1
        /// One of the `examples`.
        case example = 2
        /// `true`, `false` or `null` for a `boolean` or `null` type.
        case type = 3

        /// In the order of the cases.
        public static func < (a: Source, b: Source) -> Bool { a.rawValue < b.rawValue }
    }

    /// The value.
    public var value: JSONValue
    /// Where it comes from.
    public var source: Source
    /// The description of the (sub)schema that names it (e.g. an `oneOf` alternative with a `const`), if any.
    public var description: String?

    /// Creates a suggestion.
    public init(value: JSONValue, source: Source, description: String? = nil) {
        self.value = value
        self.source = source
        self.description = description
    }
}
