/// How `pureyaml check` prints its findings (`--format NAME`).
public enum ReportFormat: String, CaseIterable, Sendable {
    /// `path:line:column: severity: message [code]`, one line per finding; summary on stderr.
    case text
    /// One JSON array of checked files with their diagnostics (shape in docs/cli.md).
    case json
    /// GitHub Actions workflow commands (`::error file=...::message`), one per finding.
    case github
    /// One SARIF 2.1.0 log with a single run.
    case sarif
    /// yamllint's parsable format: `path:line:column: [level] message (code)`; summary on stderr.
    case parsable
}
