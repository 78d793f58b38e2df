/// The running count of a `check` over many files, and the policy that turns it into pass or fail.
///
/// Errors always fail a check; warnings fail it only in strict mode; information and hints never do.
public struct CheckTally: Hashable, Sendable {
    /// Files checked.
    public var files = 0
    /// Findings of severity `error`.
    public var errors = 0
    /// Findings of severity `warning`.
    public var warnings = 0
    /// Findings of severity `information` or `hint`.
    public var notes = 0

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

    /// Whether the check as a whole fails: any error, or any warning when `strict`.
    public func failed(strict: Bool) -> Bool { errors > 0 || (strict && warnings > 0) }
}
