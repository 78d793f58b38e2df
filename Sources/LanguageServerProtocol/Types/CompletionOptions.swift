/// The server's completion options (LSP 3.17 "CompletionOptions").
public struct CompletionOptions: Codable, Sendable, Hashable {
    /// Characters that trigger completion automatically, e.g. `:` or `-`.
    public var triggerCharacters: [String]?
    /// Whether `completionItem/resolve` is served.
    public var resolveProvider: Bool?

    /// Creates options.
    public init(triggerCharacters: [String]? = nil, resolveProvider: Bool? = nil) {
        self.triggerCharacters = triggerCharacters
        self.resolveProvider = resolveProvider
    }
}
