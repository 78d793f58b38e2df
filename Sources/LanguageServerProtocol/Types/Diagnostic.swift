import JSONRPC

/// A problem in a document (LSP 3.17 "Diagnostic").
public struct Diagnostic: Codable, Sendable, Hashable {
    /// Where, in ``Position`` units.
    public var range: LSPRange
    /// How bad; clients treat absent as error.
    public var severity: DiagnosticSeverity?
    /// A code such as `duplicate-key`. The spec allows `integer | string`; an integer is read as its
    /// decimal string, and codes are always written as strings.
    public var code: String?
    /// A link explaining the code.
    public var codeDescription: CodeDescription?
    /// Who produced it, e.g. `pureyaml`.
    public var source: String?
    /// The message shown to the user.
    public var message: String
    /// Extra rendering hints.
    public var tags: [DiagnosticTag]?
    /// Related places, e.g. the first occurrence of a duplicate key.
    public var relatedInformation: [DiagnosticRelatedInformation]?
    /// Data kept by the client for code actions, raw.
    public var data: LSPAny?

    /// Creates a diagnostic.
    public init(range: LSPRange, severity: DiagnosticSeverity? = nil, code: String? = nil,
                codeDescription: CodeDescription? = nil, source: String? = nil, message: String,
                tags: [DiagnosticTag]? = nil, relatedInformation: [DiagnosticRelatedInformation]? = nil,
                data: LSPAny? = nil) {
        self.range = range
        self.severity = severity
        self.code = code
        self.codeDescription = codeDescription
        self.source = source
        self.message = message
        self.tags = tags
        self.relatedInformation = relatedInformation
        self.data = data
    }

    private enum CodingKeys: String, CodingKey {
        case range, severity, code, codeDescription, source, message, tags, relatedInformation, data
    }

    /// Decodes a diagnostic; `code` may be an integer or a string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        range = try container.decode(LSPRange.self, forKey: .range)
        severity = try container.decodeIfPresent(DiagnosticSeverity.self, forKey: .severity)
        if let number = try? container.decodeIfPresent(Int.self, forKey: .code) {
            code = String(number)
        } else {
            code = try container.decodeIfPresent(String.self, forKey: .code)
        }
        codeDescription = try container.decodeIfPresent(CodeDescription.self, forKey: .codeDescription)
        source = try container.decodeIfPresent(String.self, forKey: .source)
        message = try container.decode(String.self, forKey: .message)
        tags = try container.decodeIfPresent([DiagnosticTag].self, forKey: .tags)
        relatedInformation = try container.decodeIfPresent([DiagnosticRelatedInformation].self, forKey: .relatedInformation)
        data = try container.decodeIfPresent(LSPAny.self, forKey: .data)
    }

    /// A link to documentation for a diagnostic code (LSP 3.16+ "CodeDescription").
    public struct CodeDescription: Codable, Sendable, Hashable {
        /// The URI of the page.
        public var href: String

        /// Creates a description.
        public init(href: String) { self.href = href }
    }
}
