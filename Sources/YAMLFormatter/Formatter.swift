import YAMLParser
import YAMLSyntax

/// Formats a YAML stream. Placeholder: returns the input unchanged until the layout engine lands.
public enum Formatter {
    /// The formatted text of `parse`, or nil when the stream has syntax errors (an invalid document is
    /// never formatted).
    public static func format(_ parse: ParseResult, options: FormatOptions) -> [UInt8]? {
        guard parse.isValid else { return nil }
        return parse.tree.bytes
    }
}
