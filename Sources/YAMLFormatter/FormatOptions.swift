/// How to format a YAML stream. Defaults follow the LSP client's usual YAML settings (2 spaces).
public struct FormatOptions: Sendable, Hashable {
    /// How block sequences nested in a mapping are indented.
    public enum SequenceIndent: String, Sendable, Hashable {
        /// Keep each file's own style (decided per file from its first nested block sequence).
        case preserve
        /// `- ` indented one level deeper than the parent key.
        case indented
        /// `- ` at the parent key's column (kubectl style).
        case compact
    }

    /// Columns per indentation level (LSP `FormattingOptions.tabSize`). YAML indentation is spaces only
    /// (YAML 1.2.2 §6.1), so `insertSpaces: false` is ignored.
    public var indentWidth: Int = 2
    /// Remove spaces and tabs at line ends (outside block scalar content and quoted scalars).
    public var trimTrailingWhitespace: Bool = true
    /// End the text with exactly one line break (when it is not empty).
    public var insertFinalNewline: Bool = true
    /// Remove blank lines at the end of the text.
    public var trimFinalNewlines: Bool = true
    /// Longest run of blank lines kept (runs are shortened, never removed).
    public var maxBlankLines: Int = 1
    /// How long scalars are wrapped (prettier's `proseWrap`).
    public enum ProseWrap: String, Sendable, Hashable {
        /// Keep scalars' line breaks as written (the only mode implemented).
        case preserve
        /// Wrap plain and quoted scalars at `printWidth`: accepted but not supported yet (acts as `preserve`).
        case always
        /// Join folded lines: accepted but not supported yet (acts as `preserve`).
        case never
    }

    /// Where `- ` of block sequences nested in block mappings goes.
    public var sequenceIndent: SequenceIndent = .preserve
    /// Scalar wrapping; only ``ProseWrap/preserve`` is implemented (scalars are never rewrapped).
    public var proseWrap: ProseWrap = .preserve
    /// Spaces inside flow mappings' braces: `{ a: 1 }` (true) or `{a: 1}` (false); nil keeps each as written.
    public var bracketSpacing: Bool? = nil
    /// Prefer single quotes for quoted scalars that need no escapes (nil keeps the quotes as written).
    public var singleQuote: Bool? = nil
    /// Wrap flow collections longer than this many columns (0: never).
    public var printWidth: Int = 0
    /// Line break to use for every line: nil keeps each line's own (and the file's first one, `\n` when
    /// none, for an added final line break).
    public var lineBreak: String? = nil

    /// A deliberately broken rule, for tests that prove the document model's safety net catches faults
    /// in the real formatter path. Never set outside tests.
    package enum Fault: Sendable, Hashable {
        /// Nested block collections are laid out at column 0 (changes structure).
        case flattenNestedCollections
        /// Comment-only lines are dropped.
        case dropCommentLines
    }

    /// The fault to inject (nil: none). See ``Fault``.
    package var fault: Fault? = nil

    /// The defaults: 2 spaces, trim, one final line break, one blank line, everything else kept.
    public init() {}
}
