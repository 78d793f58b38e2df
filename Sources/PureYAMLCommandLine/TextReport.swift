import YAMLDocumentModel

/// The line-per-finding formats: PureYAML's own (`--format text`) and yamllint's parsable one.
/// Positions are 1-based lines and 1-based columns counted in Unicode scalars.
enum TextReport {
    /// `path:line:column: severity: message [code]`.
    static func textLine(_ d: LocatedDiagnostic, path: String) -> String {
        "\(path):\(d.start.line):\(d.start.column): \(d.diagnostic.severity.label): \(d.diagnostic.message) [\(d.diagnostic.code)]\n"
    }

    /// yamllint's `--format parsable`: `path:line:column: [level] message (rule)`.
    static func parsableLine(_ d: LocatedDiagnostic, path: String) -> String {
        "\(path):\(d.start.line):\(d.start.column): [\(d.diagnostic.severity.label)] \(d.diagnostic.message) (\(d.diagnostic.code))\n"
    }

    /// Every finding of `reports` in the text or parsable form.
    static func render(_ reports: [FileReport], parsable: Bool) -> String {
        var out = ""
        for report in reports {
            for d in report.diagnostics {
                out += parsable ? parsableLine(d, path: report.path) : textLine(d, path: report.path)
            }
        }
        return out
    }

    /// `checked N files: E errors, W warnings` (singular forms for 1), with a line break.
    static func summary(_ tally: CheckTally) -> String {
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        return "checked \(count(tally.files, "file")): \(count(tally.errors, "error")), \(count(tally.warnings, "warning"))\n"
    }
}
