/// How bad a diagnostic is (LSP 3.17 "DiagnosticSeverity").
public enum DiagnosticSeverity: Int, Codable, Sendable, Hashable, CaseIterable {
    /// An error.
    case error = 1
    /// A warning.
    case warning = 2
    /// Information.
    case information = 3
    /// A hint.
    case hint = 4
}
