/// The result of `textDocument/diagnostic` (LSP 3.17 "DocumentDiagnosticReport"):
/// `{"kind":"full","resultId"?,"items":[…]}` or `{"kind":"unchanged","resultId":…}`.
public enum DocumentDiagnosticReport: Codable, Sendable, Hashable {
    /// All diagnostics of the document; `resultId` lets the client ask "unchanged?" next time.
    case full(resultId: String?, items: [Diagnostic])
    /// Nothing changed since the report with `resultId`.
    case unchanged(resultId: String)

    private enum CodingKeys: String, CodingKey { case kind, resultId, items }

    /// Decodes either shape; throws `DecodingError.dataCorrupted` for another `kind`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .kind) {
        case "full":
            self = .full(resultId: try container.decodeIfPresent(String.self, forKey: .resultId),
                         items: try container.decode([Diagnostic].self, forKey: .items))
        case "unchanged":
            self = .unchanged(resultId: try container.decode(String.self, forKey: .resultId))
        case let kind:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container,
                                                   debugDescription: "unknown report kind \(kind)")
        }
    }

    /// Encodes the shape of the case.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .full(let resultId, let items):
            try container.encode("full", forKey: .kind)
            try container.encodeIfPresent(resultId, forKey: .resultId)
            try container.encode(items, forKey: .items)
        case .unchanged(let resultId):
            try container.encode("unchanged", forKey: .kind)
            try container.encode(resultId, forKey: .resultId)
        }
    }
}
