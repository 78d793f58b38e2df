/// A list of completion items (LSP 3.17 "CompletionList").
public struct CompletionList: Codable, Sendable, Hashable {
    /// Whether typing further should ask the server again.
    public var isIncomplete: Bool
    /// The candidates.
    public var items: [CompletionItem]

    /// Creates a list.
    public init(isIncomplete: Bool, items: [CompletionItem]) {
        self.isIncomplete = isIncomplete
        self.items = items
    }
}
