/// A rendering hint for a diagnostic (LSP 3.17 "DiagnosticTag").
public enum DiagnosticTag: Int, Codable, Sendable, Hashable, CaseIterable {
    /// Unused or unnecessary code, shown faded.
    case unnecessary = 1
    /// Deprecated code, shown struck through.
    case deprecated = 2
}
