/// Human-readable content for hovers and documentation (LSP 3.17 "MarkupContent").
public struct MarkupContent: Codable, Sendable, Hashable {
    /// `plaintext` or `markdown`.
    public var kind: MarkupKind
    /// The content.
    public var value: String

    /// Creates markup content.
    public init(kind: MarkupKind, value: String) {
        self.kind = kind
        self.value = value
    }
}
