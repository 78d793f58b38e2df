import YAMLLint

/// What the model needs from the outside world to find a document's yamllint configuration: made by the
/// model from its ``ModelEnvironment`` (``init(_:)``), or by a test from a dictionary of files.
///
/// Discovery (done by the model through `readFile`, as yamllint does): `.yamllint`, `.yamllint.yaml`,
/// `.yamllint.yml` in the document's directory and then each parent directory; else the file named by
/// `YAMLLINT_CONFIG_FILE`. Paths are absolute file system paths (`/`-separated).
public struct LintEnvironment: Sendable {
    /// Reads the file at an absolute path; nil when it does not exist or cannot be read.
    public var readFile: @Sendable (String) -> [UInt8]?
    /// The value of `YAMLLINT_CONFIG_FILE`, if set (already expanded to an absolute path by the renderer).
    public var configFileFromEnvironment: String?
    /// The renderer's current directory (an absolute path), if it has one: relative `extends:` and
    /// `ignore-from-file` paths in ``configFileFromEnvironment`` are read from it, as yamllint reads them
    /// (that file is not part of the checked tree, so its own folder means nothing for them). nil: they are
    /// read beside that file, as for a project's `.yamllint`.
    public var currentDirectory: String?

    /// An environment reading files with `readFile`.
    public init(readFile: @escaping @Sendable (String) -> [UInt8]?, configFileFromEnvironment: String? = nil,
                currentDirectory: String? = nil) {
        self.readFile = readFile
        self.configFileFromEnvironment = configFileFromEnvironment
        self.currentDirectory = currentDirectory
    }

    /// The reads of `environment`, with yamllint's user-global configuration
    /// (``userConfigFile(environment:home:)``) from its variables and home folder, whose relative paths are
    /// read from its current directory.
    public init(_ environment: ModelEnvironment) {
        let userFile = environment.homeDirectory.map { Self.userConfigFile(environment: environment.variables, home: $0) }
            ?? environment.variables["YAMLLINT_CONFIG_FILE"]
        self.init(readFile: { environment.readFile($0) }, configFileFromEnvironment: userFile,
                  currentDirectory: environment.currentDirectory)
    }

    /// yamllint's user-global configuration, used where no `.yamllint` applies: `YAMLLINT_CONFIG_FILE` when
    /// set (a leading `~/` is the home folder; a missing file is not replaced by the next one, as in
    /// yamllint), else `$XDG_CONFIG_HOME/yamllint/config` when `XDG_CONFIG_HOME` is set and not empty, else
    /// `<home>/.config/yamllint/config`. The file need not exist.
    public static func userConfigFile(environment: [String: String], home: String) -> String {
        if let file = environment["YAMLLINT_CONFIG_FILE"] {
            if file == "~" { return home }
            return file.hasPrefix("~/") ? home + file.dropFirst() : file
        }
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty { return xdg + "/yamllint/config" }
        return home + "/.config/yamllint/config"
    }

    /// The names of a project's yamllint configuration file, in yamllint's order of preference. A renderer
    /// watches files of these names and performs ``Intent/filesChanged(_:)`` when one changes.
    public static let configFileNames = [".yamllint", ".yamllint.yaml", ".yamllint.yml"]

    /// The yamllint configuration that applies to the files directly inside `directory` (an absolute path):
    /// the first of ``configFileNames`` in it or a parent directory, else `YAMLLINT_CONFIG_FILE`. Returns
    /// the configuration's path and bytes, and `directory` relative to the configuration's directory
    /// (`""` when they are the same; nil for `YAMLLINT_CONFIG_FILE`, whose `ignore` patterns have no base).
    func nearestConfiguration(forFilesIn directory: String)
        -> (configPath: String, bytes: [UInt8], relativeDirectory: String?)? {
        var components = directory.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if components.count > 1, components.last == "" { components.removeLast() }
        var relative: [String] = []
        while !components.isEmpty {
            let dir = components.joined(separator: "/")
            for name in LintEnvironment.configFileNames {
                let candidate = dir + "/" + name
                if let bytes = readFile(candidate) {
                    return (candidate, bytes, relative.reversed().joined(separator: "/"))
                }
            }
            relative.append(components.removeLast())
        }
        if let path = configFileFromEnvironment, let bytes = readFile(path) { return (path, bytes, nil) }
        return nil
    }

    /// The yamllint configuration of the document at the absolute path `documentPath`, with the document's
    /// path relative to the configuration's directory (for `ignore` patterns; nil for
    /// `YAMLLINT_CONFIG_FILE`): `lookup` answers ``nearestConfiguration(forFilesIn:)`` for the document's
    /// folder (the model keeps what it found per folder, see ``LintState``).
    static func nearestConfiguration(toFileAt documentPath: String,
                                     inFolder lookup: (String) -> (configPath: String, bytes: [UInt8], relativeDirectory: String?)?)
        -> (configPath: String, bytes: [UInt8], relativePath: String?)? {
        var components = documentPath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let fileName = components.popLast() ?? ""
        guard let found = lookup(components.joined(separator: "/")) else { return nil }
        let relative = found.relativeDirectory.map { $0.isEmpty ? fileName : $0 + "/" + fileName }
        return (found.configPath, found.bytes, relative)
    }

    /// Parses the yamllint configuration `bytes` read from the absolute path `path`; `extends: file` and
    /// `ignore-from-file` are read relative to the configuration's directory, or, for
    /// ``configFileFromEnvironment`` when ``currentDirectory`` is known, relative to that directory.
    /// - Returns: the configuration, or the error with yamllint's message (`invalid config: ...`).
    func parseConfiguration(_ bytes: [UInt8], at path: String) -> Result<LintConfiguration, LintConfigurationError> {
        let dir: String
        if let cwd = currentDirectory, path == configFileFromEnvironment {
            dir = cwd
        } else {
            dir = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        }
        let read = readFile
        let loader: LintConfiguration.FileLoader = { name in read(name.hasPrefix("/") ? name : dir + "/" + name) }
        do {
            return .success(try LintConfiguration.parse(bytes, loadFile: loader))
        } catch let e as LintConfigurationError {
            return .failure(e)
        } catch {
            return .failure(LintConfigurationError("invalid config: \(error)"))
        }
    }
}
