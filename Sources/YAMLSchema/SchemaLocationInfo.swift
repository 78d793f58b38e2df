import YAMLComposer

/// What a schema says about one instance location, gathered from every subschema that applies there (see
/// ``JSONSchema/locationInfo(at:in:near:typing:)``): the annotations editors show on hover and the values
/// they complete. Lists are in schema order without duplicates.
public struct SchemaLocationInfo: Sendable, Hashable {
    /// `title`s.
    public var titles: [String] = []
    /// `description`s (plain text).
    public var descriptions: [String] = []
    /// `markdownDescription`s (Markdown), where schemas give them.
    public var markdownDescriptions: [String] = []
    /// JSON type names the schemas declare (`string`, `object`, ...); empty when none says.
    public var types: [String] = []
    /// The values of `enum` and `const`.
    public var allowedValues: [JSONValue] = []
    /// `default` values.
    public var defaults: [JSONValue] = []
    /// `examples`.
    public var examples: [JSONValue] = []
    /// True when a schema that certainly applies marks the location `deprecated: true` (2019-09
    /// Validation §9.3).
    public var isDeprecated = false
    /// `deprecationMessage`s.
    public var deprecationMessages: [String] = []

    /// Creates an empty description (nothing applies).
    public init() {}

    /// Gathers the annotations of `schemas` (all of one location).
    init(_ schemas: [SchemaNavigator.Reached]) {
        for r in schemas {
            let n = r.node
            let a = n.annotations
            if let t = a.title { Self.add(t, to: &titles) }
            if let d = a.description { Self.add(d, to: &descriptions) }
            if let d = a.markdownDescription { Self.add(d, to: &markdownDescriptions) }
            if let d = a.defaultValue { Self.add(d, to: &defaults) }
            for e in a.examples { Self.add(e, to: &examples) }
            if a.deprecated && r.certain {
                isDeprecated = true
                if let m = a.deprecationMessage { Self.add(m, to: &deprecationMessages) }
            }
            for keyword in n.keywords {
                switch keyword.operand {
                case .type(let list): for t in list { Self.add(t.rawValue, to: &types) }
                case .enumeration(let list): for v in list { Self.add(v, to: &allowedValues) }
                case .constant(let v): Self.add(v, to: &allowedValues)
                case .deprecated(let message) where r.certain:
                    isDeprecated = true
                    if let message { Self.add(message, to: &deprecationMessages) }
                default: break
                }
            }
        }
    }

    private static func add<T: Equatable>(_ value: T, to list: inout [T]) {
        if !list.contains(value) { list.append(value) }
    }

    /// The types for people: `string`, `string | null`, `object`; nil when no schema declares one.
    public var typeSummary: String? { types.isEmpty ? nil : types.joined(separator: " | ") }
}
