/// The server's code action options (LSP 3.17 "CodeActionOptions").
public struct CodeActionOptions: Codable, Sendable, Hashable {
    /// Whether `codeAction/resolve` is served (the list may then leave out the actions' edits).
    public var resolveProvider: Bool?

    /// Creates options.
    public init(resolveProvider: Bool? = nil) { self.resolveProvider = resolveProvider }
}
