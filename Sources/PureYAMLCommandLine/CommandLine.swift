import Foundation
import SchemaFetching
import YAMLDocumentModel

/// The command-line renderer: `check`, `format` and `events` over the same model the language server
/// uses. It reads files, performs intents, and prints the surfaces; it decides nothing about YAML
/// (which settings apply and what fails a check are the model's rules).
///
/// Exit codes: 0 success, 1 findings (errors, warnings under `--strict`, a broken configuration file,
/// or files that would change under `format --check`), 2 usage or I/O problems, 3 a folder argument
/// without YAML files (``noYAMLFilesStatus``). When several apply, the first of 2, 3, 1 wins.
public struct CommandLineTool {
    /// The exit status of a run in which a folder named on the command line holds no YAML file: most
    /// often a wrong path or a pattern that matches nothing in CI, so it fails, with a status of its own
    /// (`--allow-no-files` turns it into a warning).
    public static let noYAMLFilesStatus: Int32 = 3
    /// Where normal output goes (stdout by default).
    var out: (String) -> Void
    /// Where `format -` writes the formatted bytes (stdout by default): exactly the bytes, so a file that
    /// is not valid UTF-8 is not altered on the way.
    var outBytes: ([UInt8]) -> Void
    /// Where problems and summaries go (stderr by default).
    var err: (String) -> Void
    /// Reads standard input for `-`.
    var readStandardInput: () -> [UInt8]
    /// The absolute path relative paths are resolved against.
    let workingDirectory: String
    /// False when the process exits as soon as the command returns (`pureyaml` itself): `check` then leaves
    /// the last file open and its model alive instead of taking them apart, and the kernel takes the memory
    /// back at exit. Freeing the node graph of a 10 MB stream (about 600,000 objects) was about 29 % of the
    /// CPU time of `pureyaml check` on it (issue 19). True by default (tests run many commands in one process).
    public var freesMemoryOnReturn = true
    /// How many threads check the files of one `check` run; nil: one per core (``checkWorkers(inputs:)``).
    /// The output is the same for any number (tests compare them).
    public var checkThreads: Int?

    /// A tool writing text to `out`, formatted bytes of `format -` to `outBytes` (stdout when nil),
    /// problems to `err`, reading `-` from `readStandardInput`, and resolving relative paths against
    /// `workingDirectory`.
    public init(out: @escaping (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) },
                outBytes: (([UInt8]) -> Void)? = nil,
                err: @escaping (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) },
                readStandardInput: @escaping () -> [UInt8] = {
                    [UInt8](FileHandle.standardInput.readDataToEndOfFile())
                },
                workingDirectory: String = FileManager.default.currentDirectoryPath) {
        self.out = out
        self.outBytes = outBytes ?? { FileHandle.standardOutput.write(Data($0)) }
        self.err = err
        self.readStandardInput = readStandardInput
        self.workingDirectory = workingDirectory
    }

    /// Runs `command` with `arguments` (the words after the subcommand) and returns the exit code.
    public func run(command: String, arguments: [String]) -> Int32 {
        switch command {
        case "check": return check(arguments)
        case "format": return format(arguments)
        case "events": return events(arguments)
        case "schemas": return schemas(arguments)
        default:
            err("pureyaml: unknown command '\(command)'\n")
            return 2
        }
    }

    // MARK: check

    func check(_ args: [String]) -> Int32 {
        if args.contains("--fix") { return fixThenCheck(args) }
        var args = args
        // One run has one download budget, so that unanswered URLs cannot hold a CI job for long; and one
        // memo of the file system's answers, so that the configuration files above each file are looked for
        // once per folder for the whole run, by the walk and every worker (the files do not change meanwhile).
        let memo = FileSystemMemo()
        let environment = checkEnvironment(memo: memo)
        guard var schemaOptions = SchemaCheckOptions.extract(&args, err: err, workingDirectory: workingDirectory, environment: environment) else { return 2 }
        let options: CommandOptions
        switch CommandOptions.parse(args, command: "check") {
        case .success(let o): options = o
        case .failure(let usage): err(usage.message); return 2
        }
        schemaOptions.allowNamedPaths(options.paths, environment: environment)
        var reports: [FileReport] = []
        var tally = CheckTally()
        var ioFailed = false
        // A schema named with --schema that cannot be loaded or is not a schema validates nothing: like a
        // missing schema file, that is exit 2, so a CI check cannot pass without validating.
        var schemaUnusable = false
        var emptyFolders: [EmptyFolder] = []
        // The folder walk reads configuration files under the policy the models read under (the model's query).
        let policy = readPolicy(options.configuration, environment: environment, adjust: schemaOptions.apply)
        let inputs = expand(options.paths, configuration: options.configuration, trust: policy,
                            ioFailed: &ioFailed, emptyFolders: &emptyFolders, memo: memo)
        // The inputs are checked on every core (one model per thread), and reported in their order.
        let loads = SharedSchemaLoads()
        let schemaSettings = schemaOptions
        let checked = checkInputs(inputs.count, makeModel: {
            let model = makeModel(options.configuration, environment: environment, adjust: schemaSettings.apply)
            // A check reads each file's diagnostics and schema findings only (issue 19).
            model.analysesDocumentByDocument = true
            return model
        }) { tool, index, model in
            tool.checkInput(inputs[index], in: model, options: options, schemaOptions: schemaSettings, loads: loads)
        }
        var reported: Set<String> = []
        var lintConfigurationProblems: [LintConfigurationProblem] = []
        for result in checked {
            for (toOutput, text) in result.printed { if toOutput { out(text) } else { err(text) } }
            // A configuration file's findings: once, before the first file it applies to.
            if let report = result.configurationReport, reported.insert(report.absolutePath ?? report.path).inserted {
                reports.append(report)
                tally.count(report.diagnostics.map(\.diagnostic))
            }
            if let report = result.report {
                tally.files += 1
                tally.count(report.diagnostics.map(\.diagnostic))
                reports.append(report)
            }
            if result.schemaUnusable { schemaUnusable = true }
            if result.ioFailed { ioFailed = true }
            for problem in result.lintConfigurationProblems where !lintConfigurationProblems.contains(problem) {
                lintConfigurationProblems.append(problem)
            }
        }
        // Schemas that could not be had: one line each for the whole run, not one per file, the first few
        // named and the rest counted (the model's words).
        var notes = MissingSchema.summaryLines(for: MissingSchema.merged(checked.map(\.missingSchemas)), workingDirectory: workingDirectory)
            .map { (id: "missing-schema", text: $0) }
        // `pureyaml.schema.crds` entries that cannot be used: once each for the whole run (the model's words).
        var unusable: Set<String> = []
        for entry in checked.lazy.flatMap(\.unusableDefinitionFiles) where unusable.insert(entry.uri).inserted {
            notes.append((id: "unusable-crd-file", text: entry.message))
        }
        // A SchemaStore catalog that could not be consulted: once for the run (no missing schema, it fails nothing).
        var unconsulted: Set<String> = []
        for catalog in checked.lazy.flatMap(\.unconsultedCatalogs) where unconsulted.insert(catalog.uri).inserted {
            notes.append((id: "catalog-not-consulted", text: catalog.message))
        }
        let missing = notes.map(\.text)
        // A yamllint configuration that cannot be used: once, on the configuration file (lint is off for the
        // files it applies to), unless that file was checked and carries it already.
        for problem in lintConfigurationProblems where !reports.contains(where: { $0.absolutePath == problem.path }) {
            let isFile = problem.path.hasPrefix("/")
            reports.append(FileReport(path: isFile ? displayPath(problem.path) : problem.path,
                                      absolutePath: isFile ? problem.path : nil, diagnostics: [problem.locatedDiagnostic]))
            tally.count([problem.diagnostic])
        }
        do {
            switch options.reportFormat {
            case .text, .parsable:
                out(TextReport.render(reports, parsable: options.reportFormat == .parsable))
                err(TextReport.summary(tally) + missing.map { $0 + "\n" }.joined())
            case .json:
                out(String(decoding: try JSONReport.render(reports), as: UTF8.self))
                // The report is an array of files, with no place for run-level notes: they go to stderr.
                err(missing.map { $0 + "\n" }.joined())
            case .github:
                out(GitHubAnnotations.render(reports) + notes.map(GitHubAnnotations.runNotice).joined())
            case .sarif:
                out(String(decoding: try SARIFReport.render(reports, workingDirectory: workingDirectory, runNotes: notes),
                           as: UTF8.self))
            }
        } catch {
            err("pureyaml check: cannot write the \(options.reportFormat.rawValue) report: \(error)\n")
            return 2
        }
        if schemaUnusable, let schema = schemaOptions.schema {
            err("pureyaml check: --schema \(schema) could not be used (see the schema-load-failed or schema-invalid finding)\n")
            return 2
        }
        if ioFailed { return 2 }
        if reportNoYAMLFiles(in: emptyFolders, command: "check", allowed: options.allowNoFiles) { return Self.noYAMLFilesStatus }
        return tally.failed(strict: options.strict) ? 1 : 0
    }

    /// Checks `input` in `model` as `check` does (the model keeps it open; ``CheckedInput/openURI``), printing
    /// what `--explain` and problems say through this tool, loading schemas through `loads`.
    func checkInput(_ input: String, in model: DocumentModel, options: CommandOptions,
                    schemaOptions: SchemaCheckOptions, loads: SharedSchemaLoads) -> CheckedInput {
        var result = CheckedInput()
        let lintProblemsBefore = model.lintConfigurationProblems.count
        let missingBefore = model.missingSchemas
        let unusableBefore = model.unusableDefinitionFiles.count
        let unconsultedBefore = model.unconsultedCatalogs.count
        func done() -> CheckedInput {
            result.lintConfigurationProblems = Array(model.lintConfigurationProblems.dropFirst(lintProblemsBefore))
            result.missingSchemas = MissingSchema.added(since: missingBefore, in: model.missingSchemas)
            result.unusableDefinitionFiles = Array(model.unusableDefinitionFiles.dropFirst(unusableBefore))
            result.unconsultedCatalogs = Array(model.unconsultedCatalogs.dropFirst(unconsultedBefore))
            return result
        }
        var reported: Set<String> = []
        guard let file = read(input, stdinFilename: options.stdinFilename, ioFailed: &result.ioFailed),
              let problems = open(file, in: model, reported: &reported, ioFailed: &result.ioFailed) else { return done() }
        result.openURI = file.uri
        result.configurationReport = problems.first
        schemaOptions.loadAll(into: model, shared: loads)
        if schemaOptions.explain {
            // The explanation is for people: on stdout next to text reports, on stderr otherwise.
            let text = schemaOptions.explanation(model, file.uri, display: file.display)
            if options.reportFormat == .text || options.reportFormat == .parsable { out(text) } else { err(text) }
        }
        result.schemaUnusable = model.forcedSchemaIsUnusable(file.uri)
        result.report = FileReport(path: file.display, absolutePath: file.absolutePath,
                                   diagnostics: model.checkFindings(file.uri) ?? [])
        return done()
    }

    /// Keeps `object` alive until the process exits (``freesMemoryOnReturn`` false): nothing of it is freed.
    static func leaveToExit(_ object: AnyObject) {
        _ = Unmanaged.passRetained(object)
    }

    /// Says on stderr which folders named on the command line hold no YAML file (after the summary, so
    /// it is the last thing a CI log shows); true when that fails the run (no `--allow-no-files`).
    func reportNoYAMLFiles(in folders: [EmptyFolder], command: String, allowed: Bool) -> Bool {
        for empty in folders {
            // The rule that chose no file: PureYAML's extensions, or a yamllint configuration's `yaml-files`.
            let rule = empty.yamllintConfiguration.map { "yaml-files and ignore of \(displayPath($0))" } ?? "*.yaml, *.yml"
            if allowed {
                err("pureyaml \(command): warning: no YAML files (\(rule)) found under \(empty.folder)\n")
            } else {
                err("pureyaml \(command): no YAML files (\(rule)) found under \(empty.folder) (use --allow-no-files if that is expected)\n")
            }
        }
        return !folders.isEmpty && !allowed
    }

    // MARK: format

    func format(_ args: [String]) -> Int32 {
        let options: CommandOptions
        switch CommandOptions.parse(args, command: "format") {
        case .success(let o): options = o
        case .failure(let usage): err(usage.message); return 2
        }
        // The folders of the run are those of `check`: the working directory and the paths named. A
        // configuration file in them that a symbolic link leads out of them is not read (docs/security.md).
        var folders = SchemaCheckOptions()
        folders.workingDirectory = workingDirectory
        folders.allowNamedPaths(options.paths, environment: environment)
        let model = makeModel(options.configuration, adjust: folders.apply)
        var reported: Set<String> = []
        var ioFailed = false
        var changed = 0, files = 0, failures = 0
        var emptyFolders: [EmptyFolder] = []
        let policy = readPolicy(options.configuration, environment: environment, adjust: folders.apply)
        for input in expand(options.paths, configuration: options.configuration, trust: policy,
                            ioFailed: &ioFailed, emptyFolders: &emptyFolders) {
            guard let file = read(input, stdinFilename: options.stdinFilename, ioFailed: &ioFailed),
                  let problems = open(file, in: model, reported: &reported, ioFailed: &ioFailed) else { continue }
            for report in problems {
                err(TextReport.render([report], parsable: false))
                // An unusable file fails the run; a warning (an unknown key) is only shown.
                var tally = CheckTally()
                tally.count(report.diagnostics.map(\.diagnostic))
                if tally.failed(strict: false) { failures += 1 }
            }
            files += 1
            // The model reads the `.editorconfig` files around the file through its environment.
            guard let surface = model.formatting(file.uri) else { continue }
            if let why = surface.refusal {
                if let first = model.locatedDiagnostics(file.uri)?.first(where: { $0.diagnostic.severity == .error }) {
                    err(TextReport.textLine(first, path: file.display).dropLast() + " (not formatted)\n")
                } else {
                    err("\(file.display): not formatted: \(why)\n")
                }
                failures += 1
            }
            // A refused document is left exactly as read (its text in the model may be a transcoding).
            let formatted = surface.refusal == nil ? surface.formattedText : file.bytes
            if formatted != file.bytes { changed += 1 }
            if options.checkOnly {
                // git-style names: `a/dir/file.yaml` for ./dir/file.yaml and for /abs/dir/file.yaml alike.
                var name = Substring(file.display.hasPrefix("./") ? String(file.display.dropFirst(2)) : file.display)
                while name.hasPrefix("/") { name = name.dropFirst() }
                out(UnifiedDiff.text(from: file.bytes, to: formatted, oldName: "a/\(name)", newName: "b/\(name)"))
            } else if input == "-" {
                outBytes(formatted)
            } else if formatted != file.bytes {
                if !rewrite(input, with: formatted, command: "format") { ioFailed = true }
            }
            model.perform(.close(file.uri))
        }
        if options.checkOnly {
            err("\(changed) of \(files) file\(files == 1 ? "" : "s") would change\n")
        }
        if ioFailed { return 2 }
        if reportNoYAMLFiles(in: emptyFolders, command: "format", allowed: options.allowNoFiles) { return Self.noYAMLFilesStatus }
        if options.checkOnly && changed > 0 { return 1 }
        return failures > 0 ? 1 : 0
    }

    // MARK: events

    func events(_ args: [String]) -> Int32 {
        guard args.count == 1 else { err(Help.events); return 2 }
        var ioFailed = false
        guard let file = read(args[0], stdinFilename: nil, ioFailed: &ioFailed) else { return 2 }
        let model = DocumentModel()
        model.perform(.openFile(file.uri, bytes: file.bytes))
        guard let (lines, errors) = model.events(file.uri), let snapshot = model.snapshot(file.uri) else { return 2 }
        if let first = errors.first {
            err(TextReport.textLine(LocatedDiagnostic(first, in: snapshot), path: file.display))
            return 1
        }
        out(lines.map { $0 + "\n" }.joined())
        return 0
    }

    // MARK: settings

    /// The environment of a run: the file system and the process environment, with this tool's working
    /// directory as the current directory.
    var environment: ModelEnvironment {
        var environment = ModelEnvironment.fileSystem
        environment.currentDirectory = workingDirectory
        return environment
    }

    /// ``environment`` with one run-wide download budget for all its downloads (`check`), answering from
    /// `memo` (``FileSystemMemo``) when given.
    func checkEnvironment(memo: FileSystemMemo? = nil) -> ModelEnvironment {
        var environment = ModelEnvironment.fileSystem(downloadBudget: .init(), memo: memo)
        environment.currentDirectory = workingDirectory
        return environment
    }

    /// The model of one run: project settings found as `configuration` says, on top of the default settings
    /// changed by `adjust` (the command line's own options, such as `--schema`), reading through
    /// `environment` (``environment`` when nil).
    func makeModel(_ configuration: CommandOptions.ConfigurationSource, environment: ModelEnvironment? = nil,
                   adjust: (inout Settings) -> Void = { _ in }) -> DocumentModel {
        let model = DocumentModel(environment: environment ?? self.environment, projectSettings: projectSettingsSource(configuration))
        // One file at a time, closed when done: its composition is read by every schema load, never again after.
        model.keepsCompositions = true
        var settings = Settings()
        adjust(&settings)
        model.perform(.configure(settings))
        return model
    }

    /// The policy every read of a model made by ``makeModel(_:environment:adjust:)`` follows (the model's
    /// query, ``DocumentModel/readPolicy(settings:projectSettings:environment:)``): for the folder walk,
    /// which reads configuration files before any model opens a file.
    func readPolicy(_ configuration: CommandOptions.ConfigurationSource, environment: ModelEnvironment,
                    adjust: (inout Settings) -> Void) -> TrustPolicy {
        var settings = Settings()
        adjust(&settings)
        return DocumentModel.readPolicy(settings: settings, projectSettings: projectSettingsSource(configuration),
                                        environment: environment)
    }

    /// Where the model finds project settings for `configuration` (`--config PATH` made absolute).
    func projectSettingsSource(_ configuration: CommandOptions.ConfigurationSource) -> ProjectSettingsSource {
        switch configuration {
        case .discover: return .discover
        case .none: return .none
        case .file(let path): return .file(absolute(path))
        }
    }

    /// Opens `file` in `model` (which applies its project settings). Returns the problems of a
    /// configuration file not `reported` before (empty when there are none), or nil when the
    /// configuration file cannot be read (reported, `ioFailed` set; the file is closed again).
    func open(_ file: InputFile, in model: DocumentModel, reported: inout Set<String>, ioFailed: inout Bool) -> [FileReport]? {
        model.perform(.openFile(file.uri, bytes: file.bytes))
        switch model.projectConfiguration(for: file.uri) {
        case .unreadable(let path)?:
            err("pureyaml: cannot read configuration file \(displayPath(path))\n")
            ioFailed = true
            model.perform(.close(file.uri))
            return nil
        case .found(let configuration?)?:
            guard let path = configuration.uri.filePath, reported.insert(path).inserted,
                  !configuration.diagnostics.isEmpty else { return [] }
            return [FileReport(path: displayPath(path), absolutePath: path, diagnostics: configuration.diagnostics)]
        case .found(nil)?, nil:
            return []
        }
    }

    /// `path` relative to the working directory when it lies below it, else unchanged.
    private func displayPath(_ path: String) -> String {
        let prefix = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    // MARK: input

    /// One input: its URI in the model, bytes, the name to print, and paths for settings and reports.
    struct InputFile {
        let uri: DocumentURI
        let bytes: [UInt8]
        /// The path as given, `--stdin-filename`, or `<stdin>`.
        let display: String
        /// The absolute path (nil for unnamed standard input).
        let absolutePath: String?
    }

    /// A file a folder walk takes: its path as walked, and its resolved absolute path when the walk knows it
    /// (nil: resolved when taken).
    struct FoundFile {
        let path: String
        let resolvedPath: String?
    }

    /// A folder named on the command line below which no YAML file was found.
    struct EmptyFolder {
        /// The folder as given.
        let folder: String
        /// The yamllint configuration whose `yaml-files` chose the files of the folder itself (nil: PureYAML's
        /// own `*.yaml`, `*.yml`).
        let yamllintConfiguration: String?
    }

    /// Expands directories into the YAML files below them (sorted), keeping files and `-` as given. Each file
    /// comes once, at its first mention, however often it is named or found (`check a.yaml a.yaml .`):
    /// paths are compared after resolving `.`, `..` and symbolic links. Which files of a folder are YAML is
    /// ``YAMLFileFilter``'s rule: a yamllint configuration's `yaml-files` and `ignore` when one applies to
    /// the folder's files (unless their settings, found through `configuration`, turn lint off), else the
    /// extensions `.yaml` and `.yml`. With a `trust` policy (the model's, in `check`), a yamllint or
    /// PureYAML configuration file that a symbolic link leads out of the policy's folders is not read to
    /// choose files, as the model does not read it (docs/security.md).
    func expand(_ paths: [String], configuration: CommandOptions.ConfigurationSource, trust: TrustPolicy? = nil,
                ioFailed: inout Bool) -> [String] {
        var emptyFolders: [EmptyFolder] = []
        return expand(paths, configuration: configuration, trust: trust, ioFailed: &ioFailed, emptyFolders: &emptyFolders)
    }

    /// ``expand(_:configuration:trust:ioFailed:)``, also collecting the folders below which no YAML file was
    /// found; configuration files are looked for through `memo` when given (``FileSystemMemo``).
    func expand(_ paths: [String], configuration: CommandOptions.ConfigurationSource, trust: TrustPolicy? = nil,
                ioFailed: inout Bool, emptyFolders: inout [EmptyFolder], memo: FileSystemMemo? = nil) -> [String] {
        var out: [String] = []
        var seen: Set<String> = []
        // A lookup of its own, so the configuration problems stay reported by the first file they apply to
        // (and a trust policy of its own: the models' environments share theirs).
        var environment = ModelEnvironment.fileSystem(downloadBudget: nil, memo: memo)
        environment.currentDirectory = workingDirectory
        environment.trust.set(trust)
        var walk = FolderWalk(filter: YAMLFileFilter(lintEnvironment: LintEnvironment(environment)),
                              settings: ProjectSettingsLookup(source: projectSettingsSource(configuration), environment: environment))
        /// Takes `path` unless a path with the same `key` (resolved absolute path; computed when nil) was taken.
        func take(_ path: String, key: String? = nil) {
            let key = key ?? (path == "-" ? path : URL(fileURLWithPath: absolute(path)).resolvingSymlinksInPath().path)
            if seen.insert(key).inserted { out.append(path) }
        }
        let fm = FileManager.default
        for p in paths {
            if p == "-" { take(p); continue }
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: fileSystemPath(p), isDirectory: &isDir) else {
                err("pureyaml: \(p): no such file or directory\n")
                ioFailed = true
                continue
            }
            if !isDir.boolValue { take(p); continue }
            var found: [FoundFile] = []
            var visited: Set<String> = []
            let root = URL(fileURLWithPath: absolute(p)).resolvingSymlinksInPath().path
            self.walk(p, root: root, into: &found, visited: &visited, with: &walk, ioFailed: &ioFailed)
            if found.isEmpty {
                let rule = walk.yamllintConfigurationPath(choosingFilesIn: absolute(p))
                emptyFolders.append(EmptyFolder(folder: p, yamllintConfiguration: rule))
            }
            for file in found.sorted(by: { $0.path < $1.path }) { take(file.path, key: file.resolvedPath) }
        }
        return out
    }

    /// Collects the YAML files below `dir`. Symbolic links are followed within the tree being walked
    /// (`root`, the walked folder's resolved path) and each directory is walked once (by its resolved
    /// path), so a link back to a parent cannot make the walk repeat or explode; a link to a file or
    /// folder outside the tree is skipped with a message, so `format .` and `check --fix .` never
    /// rewrite anything outside the folder they were given.
    /// A folder that cannot be listed is an I/O problem (exit 2), never silently skipped: a check that
    /// passes must have seen every file.
    private func walk(_ dir: String, root: String, into found: inout [FoundFile], visited: inout Set<String>,
                      with rule: inout FolderWalk, ioFailed: inout Bool) {
        let fm = FileManager.default
        let folder = absolute(dir)
        // The resolved path of `folder`: an entry that is no symbolic link resolves to it plus its name; and
        // the folder's identity for `visited` (resolved once: Foundation resolves a path component by component).
        let resolvedFolder = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        guard visited.insert(resolvedFolder).inserted else { return }
        let names: [String]
        do { names = try fm.contentsOfDirectory(atPath: fileSystemPath(dir)) } catch {
            err("pureyaml: cannot list the folder \(dir): \(Self.reason(error))\n")
            ioFailed = true
            return
        }
        for name in names {
            // `path` is the entry as walked (what is printed); `entry` the same entry for the file system, from
            // the working directory.
            let path = dir.hasSuffix("/") ? dir + name : dir + "/" + name
            let entry = fileSystemPath(path)
            // One `lstat` answers for an entry that is no symbolic link (nearly all): a folder, a regular file
            // or something else, with no link to resolve (a corpus check spent 14 % of its CPU time in the walk,
            // resolving every file's path component by component twice).
            var info = stat()
            if lstat(entry, &info) == 0, info.st_mode & S_IFMT != S_IFLNK {
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    if !rule.skips(folderNamed: name, in: folder) {
                        walk(path, root: root, into: &found, visited: &visited, with: &rule, ioFailed: &ioFailed)
                    }
                case S_IFREG:
                    if rule.includes(name, in: folder) {
                        found.append(FoundFile(path: path, resolvedPath: resolvedFolder.hasSuffix("/")
                                                ? resolvedFolder + name : resolvedFolder + "/" + name))
                    }
                default:
                    break // a FIFO, socket or device named `*.yaml` is not taken (below)
                }
                continue
            }
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: entry, isDirectory: &isDir) else {
                // A link whose target is missing, or a loop of links (fileExists follows links; stat says
                // ELOOP for a loop). One the walk would take is an I/O problem, as a folder that cannot be
                // listed: a passing check must have read every file.
                if (try? fm.destinationOfSymbolicLink(atPath: entry)) != nil, rule.includes(name, in: folder) {
                    var target = stat()
                    let isLoop = stat(entry, &target) != 0 && errno == ELOOP
                    err("pureyaml: \(path): " + (isLoop ? "a loop of symbolic links (following it leads back to it)\n"
                                                          : "a symbolic link to a file that does not exist\n"))
                    ioFailed = true
                }
                continue
            }
            if (try? fm.destinationOfSymbolicLink(atPath: entry)) != nil {
                let target = URL(fileURLWithPath: entry).resolvingSymlinksInPath().path
                if target != root && !target.hasPrefix(root.hasSuffix("/") ? root : root + "/") {
                    if isDir.boolValue ? !rule.skips(folderNamed: name, in: folder) : rule.includes(name, in: folder) {
                        err("pureyaml: \(path): skipped: a symbolic link to \(target), outside \(root)\n")
                    }
                    continue
                }
            }
            if isDir.boolValue {
                if !rule.skips(folderNamed: name, in: folder) {
                    walk(path, root: root, into: &found, visited: &visited, with: &rule, ioFailed: &ioFailed)
                }
            } else if rule.includes(name, in: folder) {
                // Only regular files (or links to them) are taken from a folder: a FIFO or device named
                // `*.yaml` would block the walk or never end. A path named on the command line is read as given.
                let target = URL(fileURLWithPath: entry).resolvingSymlinksInPath().path
                let type = (try? fm.attributesOfItem(atPath: target)[.type]) as? FileAttributeType
                if type == .typeRegular { found.append(FoundFile(path: path, resolvedPath: nil)) }
            }
        }
    }

    /// Reads a file, or standard input for `-` (named `stdinFilename` when given).
    func read(_ input: String, stdinFilename: String?, ioFailed: inout Bool) -> InputFile? {
        if input == "-" {
            let bytes = readStandardInput()
            guard let name = stdinFilename else {
                return InputFile(uri: DocumentURI("stdin:"), bytes: bytes, display: "<stdin>", absolutePath: nil)
            }
            let path = absolute(name)
            return InputFile(uri: DocumentURI(filePath: path), bytes: bytes, display: name, absolutePath: path)
        }
        // Regular files as well as pipes and FIFOs (`<(...)`, /dev/stdin), straight into bytes (``FileBytes``).
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(fileSystemPath(input))
        } catch {
            err("pureyaml: cannot read \(input): \(Self.reason(error))\n")
            ioFailed = true
            return nil
        }
        let path = absolute(input)
        return InputFile(uri: DocumentURI(filePath: path), bytes: bytes, display: input, absolutePath: path)
    }

    /// Why a file operation failed, in words (e.g. "Permission denied").
    static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           let text = strerror(Int32(underlying.code)) {
            return String(cString: text)
        }
        if ns.domain == NSPOSIXErrorDomain, let text = strerror(Int32(ns.code)) { return String(cString: text) }
        return ns.localizedDescription
    }

    /// `path` as the file system is asked for it: a relative path joined to the working directory (not the
    /// process's current directory: the tool is told where it runs), `.`, `..` and links left for the file
    /// system to resolve, as it would resolve the relative path from there.
    func fileSystemPath(_ path: String) -> String {
        if path.hasPrefix("/") || path.isEmpty { return path }
        return workingDirectory.hasSuffix("/") ? workingDirectory + path : workingDirectory + "/" + path
    }

    /// `path` made absolute against the working directory, with `.` and `..` resolved.
    private func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: workingDirectory, isDirectory: true))
            .standardizedFileURL.path
    }
}
