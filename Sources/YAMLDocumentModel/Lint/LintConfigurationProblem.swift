import YAMLSyntax

/// A yamllint configuration that cannot be used (yamllint would refuse it), or an unknown
/// `pureyaml.lint.preset`: lint is off for every document it applies to.
///
/// The model reports each one **once** (per configuration file and message, for the model's lifetime),
/// not on each document under it: ``DocumentModel/lintConfigurationProblems`` lists them in the order first
/// met, and ``SurfaceArea/lintConfigurationProblems`` says when one was added. Only the configuration file
/// itself, when it is open, carries the problem as a diagnostic (code `lint-config`, at its start).
public struct LintConfigurationProblem: Hashable, Sendable {
    /// The configuration file's absolute path, or `pureyaml.lint.preset` for an unknown preset.
    public var path: String
    /// yamllint's message (`invalid config: no such rule: "x"`, ...), without a final full stop.
    public var message: String

    /// A problem from yamllint's `message`; a parser message quoted there is a sentence of its own, whose
    /// full stop would end up before the `;` of the diagnostic, so it is dropped.
    public init(path: String, message: String) {
        self.path = path
        self.message = message.hasSuffix(".") ? String(message.dropLast()) : message
    }

    /// The problem as a warning at the start of the configuration file (code `lint-config`, source
    /// `yamllint`).
    public var diagnostic: YAMLDiagnostic {
        YAMLDiagnostic(range: TextRange(empty: 0), severity: .warning, code: DocumentModel.lintConfigurationCode,
                       message: "\(message); lint is off for the files this configuration applies to",
                       source: DocumentModel.lintSource)
    }

    /// ``diagnostic`` located at line 1, column 1 of the configuration file, for reports that name the file.
    public var locatedDiagnostic: LocatedDiagnostic {
        let start = LocatedDiagnostic.Position(line: 1, column: 1, utf16Column: 1)
        return LocatedDiagnostic(diagnostic: diagnostic, start: start, end: start)
    }

    /// One sentence for a message to the user that names the file (LSP `window/showMessage`).
    public var summary: String {
        "yamllint configuration \(path): \(message); lint is off for the files it applies to"
    }
}

extension LocatedDiagnostic {
    /// A diagnostic at positions already resolved (1-based lines and columns).
    init(diagnostic: YAMLDiagnostic, start: Position, end: Position) {
        self.diagnostic = diagnostic
        self.start = start
        self.end = end
    }
}
