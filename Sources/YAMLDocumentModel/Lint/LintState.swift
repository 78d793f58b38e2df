import YAMLLint

/// The model's lint bookkeeping: how to read configuration files and the parsed ones (cached by path and
/// content). Each open document's lint findings are in its ``DocumentRecord``.
struct LintState {
    /// The configuration that applies to one document, or why there is none.
    enum Resolution: Equatable {
        /// Lint is off for the document.
        case off
        /// Lint with this configuration; `relativePath` is the document's path relative to the
        /// configuration's directory (for `ignore` patterns).
        case lint(LintConfiguration, relativePath: String?)
        /// The configuration file at `path` is broken.
        case broken(path: String, message: String)
    }

    /// How configuration files are read (nil: they are not, as with ``ModelEnvironment/none``).
    var environment: LintEnvironment?
    /// The configuration file found for the documents of each folder (nil: none applies), with its bytes:
    /// read once, and kept until ``forgetFoundFiles()`` (a configuration file changed, was saved, or the
    /// settings changed), so that a keystroke reads no file.
    private var found: [String: (configPath: String, bytes: [UInt8], relativeDirectory: String?)?] = [:]
    /// Parsed configuration files by path, with the bytes they were parsed from.
    private var cache: [String: (bytes: [UInt8], result: Result<LintConfiguration, LintConfigurationError>)] = [:]
    /// Every configuration problem met, once each, in the order first met (see
    /// ``LintConfigurationProblem``); never shrinks, so a problem is reported once per model.
    private(set) var configurationProblems: [LintConfigurationProblem] = []

    /// Adds the problem of a `.broken` resolution unless it was met before; true when it was added.
    @discardableResult
    mutating func record(_ resolution: Resolution) -> Bool {
        guard case .broken(let path, let message) = resolution else { return false }
        let problem = LintConfigurationProblem(path: path, message: message)
        guard !configurationProblems.contains(problem) else { return false }
        configurationProblems.append(problem)
        return true
    }

    /// Finds the configuration for `uri` (see ``LintEnvironment``), then applies the settings: an explicit
    /// `pureyaml.lint.enable: false` turns lint off; without a configuration file, lint runs only when
    /// `pureyaml.lint.enable` is true, with `pureyaml.lint.preset` (default `default`).
    mutating func resolve(_ uri: DocumentURI, settings: Settings) -> Resolution {
        if settings.lintEnabled == false { return .off }
        if let environment, let path = uri.filePath, let found = LintEnvironment.nearestConfiguration(toFileAt: path, inFolder: { folder in
            if let known = self.found[folder] { return known }
            let read = environment.nearestConfiguration(forFilesIn: folder)
            self.found[folder] = .some(read)
            return read
        }) {
            switch parsed(found.configPath, found.bytes, environment) {
            case .success(let c): return .lint(c, relativePath: found.relativePath)
            case .failure(let e): return .broken(path: found.configPath, message: e.message)
            }
        }
        guard settings.lintEnabled == true else { return .off }
        guard let preset = LintConfiguration.preset(named: settings.lintPreset) else {
            return .broken(path: "pureyaml.lint.preset",
                           message: "unknown preset \"\(settings.lintPreset)\" (use default or relaxed)")
        }
        return .lint(preset, relativePath: nil)
    }

    /// Forgets the configuration files found (not the parsed ones, which are kept by content): the next
    /// lint of each document looks for and reads its configuration again.
    mutating func forgetFoundFiles() {
        found = [:]
    }

    private mutating func parsed(_ path: String, _ bytes: [UInt8], _ env: LintEnvironment)
        -> Result<LintConfiguration, LintConfigurationError> {
        if let hit = cache[path], hit.bytes == bytes { return hit.result }
        let result = env.parseConfiguration(bytes, at: path)
        if cache.count > 64 { cache.removeAll() }
        cache[path] = (bytes, result)
        return result
    }
}
