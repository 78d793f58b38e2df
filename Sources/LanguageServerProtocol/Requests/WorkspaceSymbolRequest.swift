/// `workspace/symbol` (LSP 3.17): symbols of the workspace matching a query, or `null`.
public enum WorkspaceSymbolRequest: LSPRequest {
    /// The params: ``WorkspaceSymbolParams``.
    public typealias Params = WorkspaceSymbolParams
    /// The result: `SymbolInformation[] | null`.
    public typealias Response = [SymbolInformation]?
    /// The method name.
    public static let method = LSPMethod.workspaceSymbol
}

/// The params of `workspace/symbol`.
public struct WorkspaceSymbolParams: Codable, Sendable, Hashable {
    /// The query; empty asks for all symbols.
    public var query: String

    /// Creates params.
    public init(query: String) { self.query = query }
}
