import YAMLDocumentModel

/// The findings of one file as `check` reports them: a checked YAML file, or a configuration file
/// that could not be used.
struct FileReport {
    /// The path as the user gave it (or `--stdin-filename`, or `<stdin>`); what text formats print.
    let path: String
    /// The absolute path, for SARIF artifact URIs; nil for unnamed standard input.
    let absolutePath: String?
    /// Sorted by position.
    let diagnostics: [LocatedDiagnostic]
}
