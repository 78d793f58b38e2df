/// The server's rename options (LSP 3.17 "RenameOptions").
public struct RenameOptions: Codable, Sendable, Hashable {
    /// Whether `textDocument/prepareRename` is served.
    public var prepareProvider: Bool?

    /// Creates options.
    public init(prepareProvider: Bool? = nil) { self.prepareProvider = prepareProvider }
}
