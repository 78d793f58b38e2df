/// The server's document link options (LSP 3.17 "DocumentLinkOptions").
public struct DocumentLinkOptions: Codable, Sendable, Hashable {
    /// Whether `documentLink/resolve` is served.
    public var resolveProvider: Bool?

    /// Creates options.
    public init(resolveProvider: Bool? = nil) { self.resolveProvider = resolveProvider }
}
