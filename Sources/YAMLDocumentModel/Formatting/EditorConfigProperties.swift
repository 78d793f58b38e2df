/// The `.editorconfig` properties that drive formatting, for one file (after section matching and
/// precedence, see ``EditorConfig``). nil fields were not set, or were set to `unset`.
public struct EditorConfigProperties: Sendable, Hashable {
    /// `indent_size` (columns per level; `tab` means `tab_width`). YAML indents with spaces only
    /// (YAML 1.2.2 §6.1), so `indent_style = tab` is ignored.
    public var indentSize: Int?
    /// `end_of_line`: `"\n"` (`lf`), `"\r\n"` (`crlf`) or `"\r"` (`cr`).
    public var lineBreak: String?
    /// `insert_final_newline`.
    public var insertFinalNewline: Bool?
    /// `trim_trailing_whitespace`.
    public var trimTrailingWhitespace: Bool?

    /// Creates properties.
    public init(indentSize: Int? = nil, lineBreak: String? = nil, insertFinalNewline: Bool? = nil,
                trimTrailingWhitespace: Bool? = nil) {
        self.indentSize = indentSize
        self.lineBreak = lineBreak
        self.insertFinalNewline = insertFinalNewline
        self.trimTrailingWhitespace = trimTrailingWhitespace
    }
}
