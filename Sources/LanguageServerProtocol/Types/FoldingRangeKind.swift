/// The kind of a folding range (LSP 3.17 "FoldingRangeKind").
public enum FoldingRangeKind: String, Codable, Sendable, Hashable {
    /// A comment block.
    case comment
    /// Imports.
    case imports
    /// A region marked by comments.
    case region
}
