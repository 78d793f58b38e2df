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
        /// Keep scalars' line breaks as written.
        case preserve
        /// Break a one-line plain scalar value of a block `key:` or `- ` whose line is longer than
        /// `printWidth` (columns; nothing wraps when it is 0) at single spaces, continuation lines one
        /// level deeper than the key or `-` (YAML 1.2.2 §7.3.3, §6.5: the breaks fold back into spaces).
        /// Quoted and block scalars, keys, flow content, lines with comments and scalars with a tab or
        /// two spaces in a row are kept.
        case always
        /// Join a multi-line plain scalar value of a block `key:` or `- ` into one line with single
        /// spaces, unless it holds an empty line (a kept line break) or a comment follows it.
        case never
    }

    /// Where `- ` of block sequences nested in block mappings goes.
    public var sequenceIndent: SequenceIndent = .preserve
    /// Plain scalar wrapping (prettier's `proseWrap`); see ``ProseWrap``.
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
