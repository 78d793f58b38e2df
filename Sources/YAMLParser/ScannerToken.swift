import YAMLSyntax

/// One token produced by ``Scanner``, plain data (YAML 1.2.2 chapters 6–9, in the style of libyaml's token stream).
///
/// Ranges are UTF-8 byte offsets. Virtual tokens (`blockSequenceStart`, `blockMappingStart`, `blockEnd`
/// and a `key` inserted for an implicit key) are empty ranges and produce no syntax-tree token.
struct ScannerToken {
    /// What the token is.
    enum Kind: UInt8 {
        case streamStart, streamEnd
        case versionDirective, tagDirective, reservedDirective
        case documentStart, documentEnd
        case blockSequenceStart, blockMappingStart, blockEnd
        case flowSequenceStart, flowSequenceEnd, flowMappingStart, flowMappingEnd
        case blockEntry, flowEntry, key, value
        case alias, anchor, tag, scalar
        /// Virtual: flow context ends here because a line is not indented enough to continue it
        /// (recovery for a missing `]` or `}`).
        case flowBreak
    }

    // Offsets are stored in 32 bits so a token is 32 bytes: tokens are copied out of the queue on
    // every peek.
    /// First byte of the token.
    @Int32Storage var start: Int
    /// Byte just past the token (for a block scalar: past its last content line break).
    @Int32Storage var end: Int
    /// Index of the token's text in ``Scanner/text(_:)`` (-1 for none): tag handle, `%YAML` version
    /// or `%TAG` handle. Tags and `%TAG` directives store a second text at `payload + 1` (tag suffix,
    /// `%TAG` prefix). Keeping strings out of the token makes tokens plain data that copy without
    /// reference counting.
    @Int32Storage var payload: Int = -1
    /// Block scalar: end of the header (`|` and indicators).
    @Int32Storage var headerEnd: Int = 0
    /// Block scalar: start of the first content line.
    @Int32Storage var contentStart: Int = 0
    /// Start of the value's bytes (see ``valueText`` below).
    @Int32Storage var valueStart: Int = 0
    /// End of the value's bytes (see ``valueText``).
    @Int32Storage var valueEnd: Int = 0

    /// What the token is.
    var kind: Kind
    /// Scalar style.
    var style: ScalarStyle = .plain
    /// Scalar value, anchor or alias name: where its bytes are (the source text, or the scanner's
    /// ``Scanner/decoded`` buffer for a value changed by escapes, folding or chomping) and their
    /// range ``valueStart`` ..< ``valueEnd`` there.
    var valueText: ParseEvents.Text = .none

    init(_ kind: Kind, start: Int, end: Int) {
        self.kind = kind
        self.start = start
        self.end = end
    }

    /// True for tokens that cover no byte (inserted by indentation or implicit-key handling).
    var isVirtual: Bool { start == end && kind != .scalar && kind != .streamStart && kind != .streamEnd }
}
