import YAMLParser

/// One token of the PyYAML-style token stream yamllint's token rules look at (the libyaml/PyYAML scanner
/// model: virtual block start/end and implicit key tokens included), derived from our syntax tree.
///
/// Offsets are UTF-8 byte offsets; lines are 0-based; columns are 0-based counts of Unicode scalars
/// (what PyYAML's marks hold, and what yamllint prints after adding 1).
public struct LintToken: Sendable, Hashable {
    /// The token kinds of PyYAML's scanner (`yaml.tokens`).
    public enum Kind: Sendable, Hashable {
        case streamStart, streamEnd
        case directive
        case documentStart, documentEnd
        case blockSequenceStart, blockMappingStart, blockEnd
        case flowSequenceStart, flowSequenceEnd, flowMappingStart, flowMappingEnd
        case blockEntry, flowEntry, key, value
        case alias, anchor, tag, scalar
    }

    /// What the token is.
    public var kind: Kind
    /// First byte (PyYAML `start_mark.pointer`, in bytes).
    public var start: Int
    /// Byte past the token (PyYAML `end_mark.pointer`, in bytes).
    public var end: Int
    /// 0-based line of `start`.
    public var startLine: Int = 0
    /// 0-based column of `start`, in Unicode scalars.
    public var startColumn: Int = 0
    /// 0-based line of `end`.
    public var endLine: Int = 0
    /// 0-based column of `end`, in Unicode scalars.
    public var endColumn: Int = 0
    /// Scalar: the index of its scalar event in the parse's events (-1 when none matched: the value is
    /// then the token's text). The value itself is looked up only when a rule needs it
    /// (``LintTokenizer/value(of:in:)``), so tokens stay plain data that copy without reference counting.
    public var event: Int = -1
    /// Scalar style; nil for other tokens.
    public var style: ScalarStyle? = nil

    /// A token covering `start..<end` (bytes); positions are filled in by the tokenizer.
    public init(_ kind: Kind, start: Int, end: Int) {
        self.kind = kind
        self.start = start
        self.end = end
    }

    /// True for a plain scalar (PyYAML `token.plain`).
    public var isPlain: Bool { style == .plain }
}
