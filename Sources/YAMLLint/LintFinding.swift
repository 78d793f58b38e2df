import YAMLSyntax

/// A problem's level, as yamllint's per-rule `level` option spells it.
public enum LintLevel: String, Sendable, Hashable, Comparable {
    case warning
    case error

    /// `warning` is less severe than `error`.
    public static func < (a: LintLevel, b: LintLevel) -> Bool { a == .warning && b == .error }
}

/// One problem found by a lint rule: where yamllint reports it, and how.
public struct LintFinding: Sendable, Hashable {
    /// The byte range the problem points at (UTF-8 offsets): from yamllint's position to the end of
    /// that character (empty at the end of a line).
    public var range: TextRange
    /// 1-based line, as yamllint prints it.
    public var line: Int
    /// 1-based column in Unicode scalars, as yamllint prints it.
    public var column: Int
    /// The rule's level in the configuration.
    public var level: LintLevel
    /// The rule id, e.g. `trailing-spaces`.
    public var rule: String
    /// The description yamllint prints, without the ` (rule)` suffix, e.g. `too many spaces after colon`.
    public var message: String

    /// A finding; see the properties for units.
    public init(range: TextRange, line: Int, column: Int, level: LintLevel, rule: String, message: String) {
        self.range = range
        self.line = line
        self.column = column
        self.level = level
        self.rule = rule
        self.message = message
    }

    /// yamllint's `-f parsable` line for `path`: `path:line:column: [level] message (rule)`.
    public func parsableLine(path: String) -> String {
        "\(path):\(line):\(column): [\(level.rawValue)] \(message) (\(rule))"
    }
}
