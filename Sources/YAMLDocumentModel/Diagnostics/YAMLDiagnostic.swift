import YAMLSyntax

/// One finding about a document, in editor terms: where, how bad, a stable code and a sentence a person
/// understands (the LSP equivalent of an accessibility label).
public struct YAMLDiagnostic: Hashable, Sendable {
    /// How serious a finding is (mirrors LSP 3.17 `DiagnosticSeverity`).
    public enum Severity: Int, Hashable, Sendable, Comparable {
        case error = 1, warning = 2, information = 3, hint = 4
        public static func < (a: Severity, b: Severity) -> Bool { a.rawValue < b.rawValue }
        /// `error`, `warning`, `info` or `hint`, for text output.
        public var label: String {
            switch self {
            case .error: return "error"
            case .warning: return "warning"
            case .information: return "info"
            case .hint: return "hint"
            }
        }
    }

    /// Extra classification (mirrors LSP `DiagnosticTag`).
    public enum Tag: Int, Hashable, Sendable { case unnecessary = 1, deprecated = 2 }

    /// Where (UTF-8 byte offsets into the snapshot's text).
    public var range: TextRange
    public var severity: Severity
    /// Stable kebab-case code, e.g. `duplicate-key`; listed in docs/diagnostics.md.
    public var code: String
    /// What is wrong and what was expected.
    public var message: String
    /// Who found it: `pureyaml` for syntax, `pureyaml-schema` for schema validation, ...
    public var source: String
    public var tags: [Tag]
    /// For schema findings: the absolute URI of the schema the document was validated against (renderers
    /// put it in LSP `Diagnostic.data`); nil otherwise.
    public var schemaURI: String?
    /// Extra context for people (e.g. which `oneOf` alternative came closest); nil when there is none.
    public var note: String?

    /// Creates a diagnostic; `range` in UTF-8 byte offsets of the snapshot's text.
    public init(range: TextRange, severity: Severity, code: String, message: String,
                source: String = "pureyaml", tags: [Tag] = [], schemaURI: String? = nil, note: String? = nil) {
        self.schemaURI = schemaURI
        self.note = note
        self.range = range
        self.severity = severity
        self.code = code
        self.message = message
        self.source = source
        self.tags = tags
    }
}

/// The diagnostics surface of one document: what to publish, for which version.
public struct DiagnosticsSurface: Hashable, Sendable {
    public var uri: DocumentURI
    /// The document version the diagnostics belong to; nil once the document is closed.
    public var version: Int?
    /// Sorted by position.
    public var diagnostics: [YAMLDiagnostic]
}
