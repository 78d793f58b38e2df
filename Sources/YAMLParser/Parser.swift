import YAMLSyntax

/// The YAML 1.2.2 parser: text in, lossless tree + events + errors out. Never throws, never hangs.
public enum Parser {
    /// Parses a whole YAML stream given as UTF-8 bytes (YAML 1.2.2 §9.2 l-yaml-stream).
    public static func parse(_ bytes: [UInt8]) -> ParseResult {
        // Placeholder until the scanner lands: the whole text as one error token.
        var builder = SyntaxTreeBuilder(bytes: bytes)
        let tree = builder.finish()
        return ParseResult(tree: tree, events: [], errors: [])
    }

    /// Parses the UTF-8 form of `text`.
    public static func parse(_ text: String) -> ParseResult { parse(Array(text.utf8)) }
}
