/// How a client treats the whitespace of a completion's text when it inserts it (LSP 3.17
/// "InsertTextMode", since 3.16). Without a mode on the item, the client applies its own default.
public enum InsertTextMode: Int, Codable, Sendable, Hashable {
    /// Inserted exactly as given: the text's lines carry their own (absolute) indentation.
    case asIs = 1
    /// The client adds the leading whitespace of the cursor's line to every line after the first.
    case adjustIndentation = 2
}
