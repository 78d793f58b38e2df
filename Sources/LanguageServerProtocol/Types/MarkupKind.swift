/// The format of ``MarkupContent`` (LSP 3.17 "MarkupKind").
public enum MarkupKind: String, Codable, Sendable, Hashable {
    /// Plain text, shown as is.
    case plaintext
    /// GitHub-flavoured Markdown.
    case markdown
}

extension KeyedDecodingContainer {
    /// The markup kinds listed under `key`, in the client's order, leaving out names this server does not
    /// know (a later protocol version's, a client's own), so that they do not make the capabilities
    /// undecodable; nil when `key` is absent or null.
    /// - Throws: `DecodingError` when the value is not an array of strings.
    func decodeMarkupKinds(forKey key: Key) throws -> [MarkupKind]? {
        try decodeIfPresent([String].self, forKey: key)?.compactMap(MarkupKind.init(rawValue:))
    }
}
