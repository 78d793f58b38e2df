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

    // Stored in 32 bits (a parse covers at most 2 GiB, see ``ParseEvents``) so a token is 32 bytes:
    // tokens are copied out of the queue on every peek.
    private var start32: Int32
    private var end32: Int32
    private var payload32: Int32 = -1
    private var headerEnd32: Int32 = 0
    private var contentStart32: Int32 = 0
    private var valueStart32: Int32 = 0
    private var valueEnd32: Int32 = 0
    var kind: Kind
    /// Scalar style.
    var style: ScalarStyle = .plain
    /// Scalar value, anchor or alias name: where its bytes are (the source text, or the scanner's
    /// ``Scanner/decoded`` buffer for a value changed by escapes, folding or chomping) and their
    /// range ``valueStart`` ..< ``valueEnd`` there.
    var valueText: ParseEvents.Text = .none

    /// First byte of the token.
    var start: Int {
        get { Int(start32) }
        set { start32 = Int32(truncatingIfNeeded: newValue) }
    }
    /// Byte just past the token (for a block scalar: past its last content line break).
    var end: Int {
        get { Int(end32) }
        set { end32 = Int32(truncatingIfNeeded: newValue) }
    }
    /// Index of the token's text in ``Scanner/text(_:)`` (-1 for none): tag handle, `%YAML` version
    /// or `%TAG` handle. Tags and `%TAG` directives store a second text at `payload + 1` (tag suffix,
    /// `%TAG` prefix). Keeping strings out of the token makes tokens plain data that copy without
    /// reference counting.
    var payload: Int {
        get { Int(payload32) }
        set { payload32 = Int32(truncatingIfNeeded: newValue) }
    }
    /// Block scalar: end of the header (`|` and indicators).
    var headerEnd: Int {
        get { Int(headerEnd32) }
        set { headerEnd32 = Int32(truncatingIfNeeded: newValue) }
    }
    /// Block scalar: start of the first content line.
    var contentStart: Int {
        get { Int(contentStart32) }
        set { contentStart32 = Int32(truncatingIfNeeded: newValue) }
    }
    /// Start of the value's bytes (see ``valueText``).
    var valueStart: Int {
        get { Int(valueStart32) }
        set { valueStart32 = Int32(truncatingIfNeeded: newValue) }
    }
    /// End of the value's bytes (see ``valueText``).
    var valueEnd: Int {
        get { Int(valueEnd32) }
        set { valueEnd32 = Int32(truncatingIfNeeded: newValue) }
    }

    init(_ kind: Kind, start: Int, end: Int) {
        self.kind = kind
        start32 = Int32(truncatingIfNeeded: start)
        end32 = Int32(truncatingIfNeeded: end)
    }

    /// True for tokens that cover no byte (inserted by indentation or implicit-key handling).
    var isVirtual: Bool { start == end && kind != .scalar && kind != .streamStart && kind != .streamEnd }
}
