import YAMLParser
import YAMLSyntax

/// One token of the PyYAML-style token stream yamllint's token rules look at (the libyaml/PyYAML scanner
/// model: virtual block start/end and implicit key tokens included), derived from our syntax tree.
///
/// Offsets are UTF-8 byte offsets; lines are 0-based; columns are 0-based counts of Unicode scalars
/// (what PyYAML's marks hold, and what yamllint prints after adding 1).
///
/// Offsets, lines and columns are stored in 32 bits (32 bytes per token instead of 64: a lint run makes
/// one token per PyYAML token), so, like the syntax tree, a token lies in a text of at most 2 GiB; the
/// properties read and write them as `Int`, and `$start`, `$event`, ... are the raw 32 bits.
public struct LintToken: Sendable, Hashable {
    /// The token kinds of PyYAML's scanner (`yaml.tokens`).
    public enum Kind: UInt8, Sendable, Hashable, CaseIterable {
        case streamStart, streamEnd
        case directive
        case documentStart, documentEnd
        case blockSequenceStart, blockMappingStart, blockEnd
        case flowSequenceStart, flowSequenceEnd, flowMappingStart, flowMappingEnd
        case blockEntry, flowEntry, key, value
        case alias, anchor, tag, scalar
    }

    /// `event` before the scalar's event was looked up (the linter looks it up only when a rule needs a
    /// value its bytes do not give).
    static let unresolvedEvent: Int32 = -2

    /// First byte (PyYAML `start_mark.pointer`, in bytes).
    @Int32Storage public var start: Int
    /// Byte past the token (PyYAML `end_mark.pointer`, in bytes).
    @Int32Storage public var end: Int
    /// 0-based line of `start`.
    @Int32Storage public var startLine: Int = 0
    /// 0-based column of `start`, in Unicode scalars.
    @Int32Storage public var startColumn: Int = 0
    /// 0-based line of `end`.
    @Int32Storage public var endLine: Int = 0
    /// 0-based column of `end`, in Unicode scalars.
    @Int32Storage public var endColumn: Int = 0
    /// Scalar: the index of its scalar event in the parse's events (-1 when none matched: the value is
    /// then the token's text; -2 while not looked up yet, in the linter's own stream). The value itself
    /// is looked up only when a rule needs it (``LintTokenizer/value(of:in:)``), so tokens stay plain
    /// data that copy without reference counting.
    @Int32Storage public var event: Int = Int(LintToken.unresolvedEvent)

    /// What the token is.
    public var kind: Kind
    /// Scalar style; nil for other tokens.
    public var style: ScalarStyle? = nil

    /// A token covering `start..<end` (bytes); positions are filled in by the tokenizer.
    public init(_ kind: Kind, start: Int, end: Int) {
        self.kind = kind
        self.start = start
        self.end = end
    }

    /// This token's kind as one bit (`1 << kind.rawValue`), for sets of kinds.
    var kindBit: UInt32 { 1 << UInt32(kind.rawValue) }

    /// True for a plain scalar (PyYAML `token.plain`).
    public var isPlain: Bool { style == .plain }
}
