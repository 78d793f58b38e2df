/// Literal syntax for ``LSPAny``, so JSON can be written as `["section": "yaml", "count": 2, "on": true]`.
extension LSPAny: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    /// A ``LSPAny/string(_:)``.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An ``LSPAny/integer(_:)``.
    public init(integerLiteral value: Int) { self = .integer(value) }
    /// A ``LSPAny/double(_:)``.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A ``LSPAny/bool(_:)``.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An ``LSPAny/array(_:)``.
    public init(arrayLiteral elements: LSPAny...) { self = .array(elements) }
    /// An ``LSPAny/object(_:)``; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, LSPAny)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
