/// The running count of a `check` over many files, and the policy of the command line's `check`: what it
/// reports and what makes it fail.
///
/// It reports errors, warnings and information; hints (LSP 3.17 `DiagnosticSeverity.Hint`, such as
/// `unused-anchor`) are editor affordances, shown faded with a quick fix, and are left out. Errors always
/// fail a check; warnings fail it only in strict mode; information never does.
public struct CheckTally: Hashable, Sendable {
    /// Files checked.
    public var files = 0
    /// Findings of severity `error`.
    public var errors = 0
    /// Findings of severity `warning`.
    public var warnings = 0
    /// Findings of severity `information` (or `hint`, when counted).
    public var notes = 0

    /// An empty tally: no files, no findings.
    public init() {}

    /// Counts `diagnostics` (of one file, or of a configuration file) without counting a file.
    public mutating func count(_ diagnostics: [YAMLDiagnostic]) {
        for d in diagnostics {
            switch d.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .information, .hint: notes += 1
            }
        }
    }

    /// Whether `check` reports findings of `severity` (all but hints).
    public static func reports(_ severity: YAMLDiagnostic.Severity) -> Bool { severity != .hint }

    /// Whether the check as a whole fails: any error, or any warning when `strict`.
    public func failed(strict: Bool) -> Bool { errors > 0 || (strict && warnings > 0) }
}
