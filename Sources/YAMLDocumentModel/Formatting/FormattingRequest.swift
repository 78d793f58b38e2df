import YAMLSyntax

/// What the user asked for when requesting formatting (LSP 3.17 `FormattingOptions`); nil fields keep
/// the settings' value.
public struct FormattingRequest: Sendable, Hashable {
    /// Spaces per indentation level.
    public var tabSize: Int?
    /// Remove trailing white space on lines.
    public var trimTrailingWhitespace: Bool?
    /// End the text with a line break.
    public var insertFinalNewline: Bool?
    /// Remove blank lines at the end.
    public var trimFinalNewlines: Bool?
    /// The `.editorconfig` properties for the document's file, read by the renderer (nil when none or
    /// when the document is not a file). They win over the fields above; an explicit
    /// `pureyaml.format.indentWidth` wins over them (see docs/formatting.md).
    public var editorConfig: EditorConfigProperties?

    /// Creates a request; nil fields keep the settings' values.
    public init(tabSize: Int? = nil, trimTrailingWhitespace: Bool? = nil, insertFinalNewline: Bool? = nil,
                trimFinalNewlines: Bool? = nil, editorConfig: EditorConfigProperties? = nil) {
        self.editorConfig = editorConfig
        self.tabSize = tabSize
        self.trimTrailingWhitespace = trimTrailingWhitespace
        self.insertFinalNewline = insertFinalNewline
        self.trimFinalNewlines = trimFinalNewlines
    }
}

/// A replacement of a byte range of the snapshot's text (LSP `TextEdit`, in UTF-8 byte offsets).
public struct TextReplacement: Hashable, Sendable {
    /// The bytes replaced, in the original text.
    public var range: TextRange
    /// The new text.
    public var newText: String
    /// Creates a replacement of `range` (UTF-8 byte offsets) by `newText`.
    public init(range: TextRange, newText: String) { self.range = range; self.newText = newText }

    /// `bytes` with `edits` (UTF-8 byte ranges of `bytes`, in any order) applied in one pass, linear in the
    /// text and the edits; inserts at one offset go in their given order, and an edit past the end or
    /// overlapping an earlier one is skipped.
    public static func apply(_ edits: [TextReplacement], to bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.newText.utf8.count })
        var copied = 0
        let ordered = edits.enumerated().sorted { ($0.element.range.start, $0.offset) < ($1.element.range.start, $1.offset) }
        for e in ordered.map(\.element) where e.range.end <= bytes.count && e.range.start >= copied {
            out += bytes[copied..<e.range.start]
            out += e.newText.utf8
            copied = e.range.end
        }
        out += bytes[copied...]
        return out
    }
}

/// The answer to a formatting request.
public struct FormattingSurface: Hashable, Sendable {
    /// Non-overlapping edits sorted by position; empty when the text is already formatted or when
    /// formatting was refused.
    public var edits: [TextReplacement]
    /// Why no edits were produced although the text may need them (syntax errors, the safety net
    /// tripped, formatting disabled); nil otherwise. For logs, not for the user's text.
    public var refusal: String?
    /// The whole formatted text (equal to the original when refused).
    public var formattedText: [UInt8]
}
