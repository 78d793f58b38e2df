/// `workspace/diagnostic` (LSP 3.17 "Workspace Diagnostics", pull model): reports for the documents the
/// server knows.
public enum WorkspaceDiagnosticRequest: LSPRequest {
    /// The params: ``WorkspaceDiagnosticParams``.
    public typealias Params = WorkspaceDiagnosticParams
    /// The result: ``WorkspaceDiagnosticReport``.
    public typealias Response = WorkspaceDiagnosticReport
    /// The method name.
    public static let method = LSPMethod.workspaceDiagnostic
}

/// The params of `workspace/diagnostic`.
public struct WorkspaceDiagnosticParams: Codable, Sendable, Hashable {
    /// The identifier from ``DiagnosticOptions``.
    public var identifier: String?
    /// The result ids the client holds, by document.
    public var previousResultIds: [PreviousResultId]

    /// Creates params.
    public init(identifier: String? = nil, previousResultIds: [PreviousResultId] = []) {
        self.identifier = identifier
        self.previousResultIds = previousResultIds
    }
}

/// A document and the `resultId` of the client's last report for it (LSP 3.17 "PreviousResultId").
public struct PreviousResultId: Codable, Sendable, Hashable {
    /// The document URI.
    public var uri: String
    /// The result id.
    public var value: String

    /// Creates a pair.
    public init(uri: String, value: String) {
        self.uri = uri
        self.value = value
    }
}
