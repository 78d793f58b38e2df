/// The options of `check` and `format`, read from the words after the subcommand.
///
/// Accepted forms: `--name VALUE` and `--name=VALUE` for options with a value, `--` to end options, and
/// `-` as a path meaning standard input (at most once).
struct CommandOptions: Equatable {
    /// How the settings of each file are found.
    enum ConfigurationSource: Equatable {
        /// The nearest `.pureyaml.yaml` / `.pureyaml.yml` above each file (the default).
        case discover
        /// One file for every input (`--config PATH`).
        case file(String)
        /// Built-in defaults only (`--no-config`).
        case none
    }

    var paths: [String] = []
    var reportFormat = ReportFormat.text
    var strict = false
    /// `format --check`: print a diff instead of writing.
    var checkOnly = false
    var stdinFilename: String?
    var configuration = ConfigurationSource.discover
    /// `--allow-no-files`: a folder argument without YAML files is a warning, not a failure (exit 3).
    var allowNoFiles = false

    /// Parses `arguments` for `command` (`check` or `format`); the error is a one-line usage message.
    static func parse(_ arguments: [String], command: String) -> Result<CommandOptions, UsageError> {
        var o = CommandOptions()
        var sawConfig = false, sawNoConfig = false
        var i = 0
        var optionsEnded = false
        func fail(_ message: String) -> Result<CommandOptions, UsageError> {
            .failure(UsageError(message: "pureyaml \(command): \(message)\nTry 'pureyaml \(command) --help'.\n"))
        }
        while i < arguments.count {
            let word = arguments[i]
            i += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") { o.paths.append(word); continue }
            if word == "--" { optionsEnded = true; continue }
            // Split `--name=value`.
            let name: String
            var inlineValue: String?
            if let eq = word.firstIndex(of: "=") {
                name = String(word[..<eq])
                inlineValue = String(word[word.index(after: eq)...])
            } else {
                name = word
            }
            func value() -> String? {
                if let inlineValue { return inlineValue }
                guard i < arguments.count else { return nil }
                i += 1
                return arguments[i - 1]
            }
            switch (command, name) {
            case ("check", "--format"), ("check", "-f"):
                guard let v = value() else { return fail("\(name) needs a value (\(formatNames))") }
                guard let f = ReportFormat(rawValue: v) else {
                    return fail("unknown format '\(v)'; use one of \(formatNames)")
                }
                o.reportFormat = f
            case ("check", "--strict"):
                guard inlineValue == nil else { return fail("--strict takes no value") }
                o.strict = true
            case ("format", "--check"):
                guard inlineValue == nil else { return fail("--check takes no value") }
                o.checkOnly = true
            case (_, "--stdin-filename"):
                guard let v = value(), !v.isEmpty else { return fail("--stdin-filename needs a file name") }
                o.stdinFilename = v
            case (_, "--config"):
                guard let v = value(), !v.isEmpty else { return fail("--config needs a path") }
                o.configuration = .file(v)
                sawConfig = true
            case (_, "--allow-no-files"):
                guard inlineValue == nil else { return fail("--allow-no-files takes no value") }
                o.allowNoFiles = true
            case (_, "--no-config"):
                guard inlineValue == nil else { return fail("--no-config takes no value") }
                o.configuration = .none
                sawNoConfig = true
            default:
                return fail("unknown option '\(word)'")
            }
        }
        if sawConfig && sawNoConfig { return fail("--config and --no-config exclude each other") }
        if o.paths.isEmpty { return fail("no PATH given (use '-' for standard input)") }
        if o.paths.filter({ $0 == "-" }).count > 1 { return fail("'-' (standard input) may be given only once") }
        if o.stdinFilename != nil && !o.paths.contains("-") {
            return fail("--stdin-filename needs '-' among the paths")
        }
        return .success(o)
    }

    private static var formatNames: String { ReportFormat.allCases.map(\.rawValue).joined(separator: ", ") }
}

/// A wrong invocation: the message to print (exit status 2).
struct UsageError: Error, Equatable {
    let message: String
}
