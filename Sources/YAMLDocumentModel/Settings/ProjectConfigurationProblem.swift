/// A project settings file (`.pureyaml.yaml` / `.pureyaml.yml`, or the `--config` file) that has problems
/// `pureyaml check` reports (it is not valid YAML, not one mapping, has unknown keys or unusable values), or
/// that exists but cannot be read.
///
/// The model notes each one **once** (per file and problems, for the model's lifetime) when a document it
/// applies to is opened or its settings are found again: ``DocumentModel/projectConfigurationProblems``
/// lists them in the order first met, and ``SurfaceArea/projectConfigurationProblems`` says when one was
/// added. The language server shows each in one `window/showMessage`; `check` reports the file itself.
public struct ProjectConfigurationProblem: Hashable, Sendable {
    /// The configuration file's absolute path.
    public var path: String
    /// Its problems as `pureyaml check` reports them (1-based lines and columns); empty when the file
    /// cannot be read.
    public var diagnostics: [LocatedDiagnostic]

    /// The problems of `configuration` (nil when it has none), or of the unreadable file `path`.
    init?(_ outcome: ProjectSettingsLookup.Outcome) {
        switch outcome {
        case .unreadable(let path):
            self.path = path
            self.diagnostics = []
        case .found(let configuration?):
            guard let path = configuration.uri.filePath, !configuration.diagnostics.isEmpty else { return nil }
            self.path = path
            self.diagnostics = configuration.diagnostics
        case .found(nil):
            return nil
        }
    }

    /// True when none of the file's settings apply (it cannot be read, or it is broken: an
    /// `invalid-configuration` error); false when only some keys or values are ignored.
    public var isBroken: Bool {
        diagnostics.isEmpty || diagnostics.contains { $0.diagnostic.code == ProjectConfiguration.invalidCode }
    }

    /// One sentence for a message to the user that names the file and its first problem
    /// (LSP `window/showMessage`).
    public var summary: String {
        guard let first = diagnostics.first else {
            return "Project settings \(path) cannot be read; the editor's settings apply"
        }
        let others = diagnostics.count - 1
        let more = others > 0 ? " (and \(others) more problem\(others == 1 ? "" : "s"); `pureyaml check` lists them)" : ""
        return "Project settings \(path):\(first.start.line):\(first.start.column): \(first.diagnostic.message)\(more)"
    }
}
