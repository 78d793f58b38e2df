import YAMLSyntax

/// A problem found while parsing, with the place the user must look.
public struct SyntaxError: Sendable, Hashable {
    /// How serious the problem is. Syntax errors make the stream invalid YAML; warnings do not
    /// (e.g. an unsupported `%YAML` version, YAML 1.2.2 §6.8.1).
    public enum Severity: Sendable, Hashable {
        /// The text is not valid YAML 1.2.2.
        case error
        /// Valid, but worth a look.
        case warning
    }

    /// Where the problem is (UTF-8 byte offsets). Never empty unless at the end of the text.
    public var range: TextRange
    /// A stable identifier such as `unclosed-flow-sequence` (kebab-case); see ``parserCodes`` and
    /// docs/diagnostics.md.
    public var code: String
    /// A sentence a person understands, naming what was expected in YAML terms (capitalised, ending with
    /// a full stop; lines and columns 1-based).
    public var message: String
    /// Error (the stream is not valid YAML) or warning.
    public var severity: Severity

    /// Creates a diagnostic.
    public init(range: TextRange, code: String, message: String, severity: Severity = .error) {
        self.range = range
        self.code = code
        self.message = message
        self.severity = severity
    }
}
