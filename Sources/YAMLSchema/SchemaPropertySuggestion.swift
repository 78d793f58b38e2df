/// A member name a schema allows in a mapping, for completion (see
/// ``JSONSchema/propertySuggestions(at:in:near:typing:)``).
public struct SchemaPropertySuggestion: Sendable, Hashable {
    /// Whether the mapping must have the member.
    public enum Requirement: Int, Sendable, Hashable, Comparable {
        /// `required` by a schema that certainly applies.
        case required = 0
        /// `required` by one alternative of an `anyOf`/`oneOf` (or a `then`/`else`) only.
        case requiredByAlternative = 1
        /// Optional.
        case optional = 2

        /// Stronger requirements first.
        public static func < (a: Requirement, b: Requirement) -> Bool { a.rawValue < b.rawValue }
    }

    /// The member name (from `properties`).
    public var name: String
    /// Whether it is required.
    public var requirement: Requirement
    /// What the schema says about its value (description, type, values).
    public var info: SchemaLocationInfo
    /// The shape of its value, for skeletons.
    public var shape: SchemaValueShape

    /// Creates a suggestion.
    public init(name: String, requirement: Requirement, info: SchemaLocationInfo, shape: SchemaValueShape) {
        self.name = name
        self.requirement = requirement
        self.info = info
        self.shape = shape
    }
}
