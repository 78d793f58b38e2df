import YAMLLint

/// Which files count as YAML when a directory is checked or formatted.
///
/// A file named on the command line is always read. In a walked folder, the choice depends on whether a
/// yamllint configuration applies to the folder's files (the one the model's lint would use for them,
/// see ``LintEnvironment``: the nearest `.yamllint`, `.yamllint.yaml` or `.yamllint.yml` in the folder or
/// above, else `YAMLLINT_CONFIG_FILE`):
/// - none, or one yamllint refuses: PureYAML's own rule, ``isYAMLFile(_:)`` (`*.yaml`, `*.yml`, any case);
/// - one that reads: yamllint's rule for a directory walk, that is the file name matches its `yaml-files`
///   (default `*.yaml`, `*.yml`, `.yamllint`; case-sensitive, as pathspec matches on Linux) and its
///   top-level `ignore` / `ignore-from-file` does not match the file's path relative to the
///   configuration's folder (`YAMLLINT_CONFIG_FILE` has no folder: only `yaml-files` applies, as the
///   model's lint applies no `ignore` for it).
///
/// yamllint reads one configuration for a whole run; PureYAML finds one per file, so each folder of a
/// walk is decided by its own configuration: the files taken are exactly those its lint would check.
/// ``isSkippedDirectory(_:)`` folders are never walked into, with or without a configuration, nor are
/// folders a configuration's `ignore` excludes as a whole (``excludes(folderNamed:inFolder:lintDisabled:)``).
public struct YAMLFileFilter: Sendable {
    /// File name extensions treated as YAML, lowercase, without the dot.
    public static let extensions: Set<String> = ["yaml", "yml"]

    /// True when `path` names a YAML file by its extension (case-insensitive).
    public static func isYAMLFile(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return extensions.contains(path[path.index(after: dot)...].lowercased())
    }

    /// True for directory names never walked into (version control and build folders).
    public static func isSkippedDirectory(_ name: String) -> Bool {
        name == ".git" || name == ".hg" || name == ".svn" || name == "node_modules" || name == ".build"
    }

    /// How the files directly inside one folder are chosen.
    private enum FolderRule: Sendable {
        /// ``isYAMLFile(_:)``.
        case extensions
        /// yamllint's rule with this configuration (read from `configPath`); `relativeDirectory` is the
        /// folder relative to the configuration's folder (nil for `YAMLLINT_CONFIG_FILE`).
        case yamllint(LintConfiguration, configPath: String, relativeDirectory: String?)
    }

    private let environment: LintEnvironment
    /// The rule of each folder asked about, by absolute path.
    private var rules: [String: FolderRule] = [:]
    /// Parsed configuration files by path (nil: yamllint refuses it).
    private var configurations: [String: LintConfiguration?] = [:]

    /// A filter finding yamllint configurations through `lintEnvironment` (the one the model lints with).
    public init(lintEnvironment: LintEnvironment) {
        environment = lintEnvironment
    }

    /// True when a walk takes the file called `name` directly inside the folder at the absolute path
    /// `folder`. With `lintDisabled` (the file's settings say `pureyaml.lint.enable: false`, so no yamllint
    /// configuration applies to it) PureYAML's own rule decides.
    public mutating func includes(fileNamed name: String, inFolder folder: String, lintDisabled: Bool = false) -> Bool {
        guard !lintDisabled else { return YAMLFileFilter.isYAMLFile(name) }
        switch rule(for: folder) {
        case .extensions:
            return YAMLFileFilter.isYAMLFile(name)
        case .yamllint(let configuration, _, let relativeDirectory):
            guard configuration.isYAMLFile(path: name) else { return false }
            guard let relativeDirectory else { return true }
            return !configuration.isIgnored(path: relativeDirectory.isEmpty ? name : relativeDirectory + "/" + name)
        }
    }

    /// True when a walk need not enter the folder called `name` directly inside the absolute `folder`: the
    /// yamllint configuration choosing the files of `folder` has a top-level `ignore` that excludes every
    /// path inside it (see ``LintConfiguration/isIgnored(directory:)``). As git reads no `.gitignore` inside
    /// an excluded folder, a configuration or settings file inside the skipped folder is not read either
    /// (yamllint, with one configuration per run, would not take those files). With `lintDisabled` (the
    /// settings of `folder`'s files turn lint off) or without a configuration's `ignore`, false.
    public mutating func excludes(folderNamed name: String, inFolder folder: String, lintDisabled: Bool = false) -> Bool {
        guard !lintDisabled, case .yamllint(let configuration, _, let relativeDirectory?) = rule(for: folder) else {
            return false
        }
        return configuration.isIgnored(directory: relativeDirectory.isEmpty ? name : relativeDirectory + "/" + name)
    }

    /// The path of the yamllint configuration that chooses the files inside the absolute `folder`, nil when
    /// PureYAML's own rule does (no configuration, or one yamllint refuses).
    public mutating func yamllintConfigurationPath(choosingFilesIn folder: String) -> String? {
        if case .yamllint(_, let path, _) = rule(for: folder) { return path }
        return nil
    }

    private mutating func rule(for folder: String) -> FolderRule {
        if let known = rules[folder] { return known }
        var made = FolderRule.extensions
        if let found = environment.nearestConfiguration(forFilesIn: folder) {
            let configuration: LintConfiguration?
            if let known = configurations[found.configPath] {
                configuration = known
            } else {
                configuration = try? environment.parseConfiguration(found.bytes, at: found.configPath).get()
                configurations[found.configPath] = .some(configuration)
            }
            if let configuration {
                made = .yamllint(configuration, configPath: found.configPath, relativeDirectory: found.relativeDirectory)
            }
        }
        rules[folder] = made
        return made
    }
}
