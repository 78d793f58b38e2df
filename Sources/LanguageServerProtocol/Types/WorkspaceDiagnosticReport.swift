/// The result of `workspace/diagnostic` (LSP 3.17 "WorkspaceDiagnosticReport").
public struct WorkspaceDiagnosticReport: Codable, Sendable, Hashable {
    /// One report per document.
    public var items: [WorkspaceDocumentDiagnosticReport]

    /// Creates a report.
    public init(items: [WorkspaceDocumentDiagnosticReport]) { self.items = items }
}

/// One document's report in a workspace report: a ``DocumentDiagnosticReport`` plus the document's URI
/// and version (LSP 3.17 "WorkspaceDocumentDiagnosticReport").
public struct WorkspaceDocumentDiagnosticReport: Codable, Sendable, Hashable {
    /// The document URI.
    public var uri: String
    /// The document version the report is for; `null` when unknown.
    public var version: Int?
    /// The report.
    public var report: DocumentDiagnosticReport

    /// Creates a report.
    public init(uri: String, version: Int?, report: DocumentDiagnosticReport) {
        self.uri = uri
        self.version = version
        self.report = report
    }

    private enum CodingKeys: String, CodingKey { case uri, version }

    /// Decodes the flat shape `{"kind":…,"uri":…,"version":…,…}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        uri = try container.decode(String.self, forKey: .uri)
        version = try container.decodeIfPresent(Int.self, forKey: .version)
        report = try DocumentDiagnosticReport(from: decoder)
    }

    /// Encodes the flat shape; `version` is written as `null` when unknown, as the spec requires.
    public func encode(to encoder: any Encoder) throws {
        try report.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(uri, forKey: .uri)
        try container.encode(version, forKey: .version)
    }
}
