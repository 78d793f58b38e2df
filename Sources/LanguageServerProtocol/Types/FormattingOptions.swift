/// The editor's formatting options (LSP 3.17 "FormattingOptions"). Further `[key: string]` properties
/// the spec allows are ignored.
public struct FormattingOptions: Codable, Sendable, Hashable {
    /// The size of a tab in spaces.
    public var tabSize: Int
    /// Whether to prefer spaces over tabs (YAML indentation is always spaces).
    public var insertSpaces: Bool
    /// Trim trailing whitespace on each line (LSP 3.15+).
    public var trimTrailingWhitespace: Bool?
    /// End the file with a newline (LSP 3.15+).
    public var insertFinalNewline: Bool?
    /// Remove blank lines at the end of the file (LSP 3.15+).
    public var trimFinalNewlines: Bool?

    /// Creates options.
    public init(tabSize: Int, insertSpaces: Bool, trimTrailingWhitespace: Bool? = nil,
                insertFinalNewline: Bool? = nil, trimFinalNewlines: Bool? = nil) {
        self.tabSize = tabSize
        self.insertSpaces = insertSpaces
        self.trimTrailingWhitespace = trimTrailingWhitespace
        self.insertFinalNewline = insertFinalNewline
        self.trimFinalNewlines = trimFinalNewlines
    }
}
