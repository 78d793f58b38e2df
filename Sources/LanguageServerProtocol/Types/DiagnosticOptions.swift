/// The server's pull-diagnostics options (LSP 3.17 "DiagnosticOptions").
public struct DiagnosticOptions: Codable, Sendable, Hashable {
    /// An identifier under which the client manages these diagnostics.
    public var identifier: String?
    /// Whether a change in one document can change another's diagnostics.
    public var interFileDependencies: Bool
    /// Whether `workspace/diagnostic` is served.
    public var workspaceDiagnostics: Bool

    /// Creates options.
    public init(identifier: String? = nil, interFileDependencies: Bool, workspaceDiagnostics: Bool) {
        self.identifier = identifier
        self.interFileDependencies = interFileDependencies
        self.workspaceDiagnostics = workspaceDiagnostics
    }
}
