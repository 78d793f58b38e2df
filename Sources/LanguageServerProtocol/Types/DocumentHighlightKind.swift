/// LSP 3.17 "DocumentHighlightKind" with the spec's numeric values.
public enum DocumentHighlightKind: Int, Codable, Sendable, Hashable, CaseIterable {
    /// A textual occurrence (1).
    case text = 1
    /// A read of a symbol (2).
    case read = 2
    /// A write of a symbol (3).
    case write = 3
}
