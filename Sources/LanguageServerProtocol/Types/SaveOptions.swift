/// `didSave` options (LSP 3.17 "SaveOptions").
public struct SaveOptions: Codable, Sendable, Hashable {
    /// Whether the saved text is included in `didSave`.
    public var includeText: Bool?

    /// Creates options.
    public init(includeText: Bool? = nil) { self.includeText = includeText }
}
