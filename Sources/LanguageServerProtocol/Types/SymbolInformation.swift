/// A flat symbol with its location (LSP 3.17 "SymbolInformation").
public struct SymbolInformation: Codable, Sendable, Hashable {
    /// The name.
    public var name: String
    /// The kind.
    public var kind: SymbolKind
    /// Where it is.
    public var location: Location
    /// The name of the symbol containing it.
    public var containerName: String?

    /// Creates a symbol.
    public init(name: String, kind: SymbolKind, location: Location, containerName: String? = nil) {
        self.name = name
        self.kind = kind
        self.location = location
        self.containerName = containerName
    }
}
