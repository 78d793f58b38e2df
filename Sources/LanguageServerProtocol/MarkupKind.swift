/// The format of ``MarkupContent`` (LSP 3.17 "MarkupKind").
public enum MarkupKind: String, Codable, Sendable, Hashable {
    /// Plain text, shown as is.
    case plaintext
    /// GitHub-flavoured Markdown.
    case markdown
}
