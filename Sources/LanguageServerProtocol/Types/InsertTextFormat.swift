/// Whether a completion's insert text is plain or a snippet (LSP 3.17 "InsertTextFormat").
public enum InsertTextFormat: Int, Codable, Sendable, Hashable {
    /// Inserted as is.
    case plainText = 1
    /// A snippet with `$1`, `${2:placeholder}`, `$0`.
    case snippet = 2
}
