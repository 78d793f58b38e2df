import YAMLSyntax

/// Why schema file bytes could not be turned into a schema: the JSON or YAML text is malformed, or the
/// YAML document has no JSON value (too large once aliases are expanded, or too deep).
public struct SchemaTextError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the problem is, in UTF-8 byte offsets of the schema text (empty at the offset for JSON
    /// syntax errors); nil when it concerns the whole text.
    public let range: TextRange?
    /// One sentence for people.
    public let message: String

    /// Creates an error; `range` in UTF-8 byte offsets.
    public init(range: TextRange?, message: String) {
        self.range = range
        self.message = message
    }

    /// `range: message`, or the message alone.
    public var description: String { range.map { "\($0): \(message)" } ?? message }
}
