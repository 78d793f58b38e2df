import Foundation
import YAMLDocumentModel


/// The schema part of `pureyaml check` (and `pureyaml schemas fetch`): `--schema`, `--explain`, `--offline`,
/// `--allow-schema-folder`, `--schema-mirror`. Builds the model's
/// settings, loads schemas through the model's environment (synchronously) and prints the explain view.
struct SchemaCheckOptions {
    /// `--schema`, as an absolute URI or path.
    var schema: String?
    /// `--explain`.
    var explain = false
    /// `--offline`.
    var offline = false
    /// The tool's working directory: relative `--schema` paths are resolved against it, and it is the
    /// workspace folder.
    var workingDirectory = "/"
    /// `--allow-schema-folder DIR` (repeatable), absolute; then the folders of the paths named on the
    /// command line (``allowNamedPaths(_:environment:)``): with the working directory, where local
    /// schemas may be read from (docs/security.md).
    var allowedFolders: [String] = []
    /// `--schema-mirror PREFIX=TARGET` (repeatable): `pureyaml.schema.mirrors` entries of the user's, a
    /// relative folder made absolute against the working directory; they win over a settings file's.
    var mirrors: [String: String] = [:]
    /// The folders of the paths named on the command line that lie outside the working directory: with
    /// it, the run's workspace folders (searched for CustomResourceDefinitions, docs/schemas.md).
    var namedFolders: [String] = []

    /// Takes the schema options out of `args`; returns nil (after printing) when `--schema` lacks a value
    /// or names a path where `environment` finds no file. Relative paths are resolved against
    /// `workingDirectory`.
    static func extract(_ args: inout [String], err: (String) -> Void, workingDirectory: String,
                        environment: ModelEnvironment, command: String = "check") -> SchemaCheckOptions? {
        var options = SchemaCheckOptions()
        options.workingDirectory = workingDirectory
        func absolute(_ reference: String) -> String { Self.absolute(reference, in: workingDirectory) }
        var rest: [String] = []
        var i = 0
        while i < args.count {
            switch args[i] {
            case "--schema":
                guard i + 1 < args.count else {
                    err("pureyaml \(command): --schema needs a URL or a path\n")
                    return nil
                }
                options.schema = absolute(args[i + 1])
                i += 2
                continue
            case "--allow-schema-folder":
                guard i + 1 < args.count else {
                    err("pureyaml \(command): --allow-schema-folder needs a folder\n")
                    return nil
                }
                options.allowedFolders.append(absolute(args[i + 1]))
                i += 2
                continue
            case "--schema-mirror":
                guard i + 1 < args.count, options.addMirror(args[i + 1]) else {
                    err("pureyaml \(command): --schema-mirror needs PREFIX=TARGET (a URL prefix, then a folder or a base URL)\n")
                    return nil
                }
                i += 2
                continue
            case "--explain": options.explain = true
            case "--offline": options.offline = true
            default:
                if args[i].hasPrefix("--schema=") { options.schema = absolute(String(args[i].dropFirst(9))) }
                else if args[i].hasPrefix("--schema-mirror=") {
                    guard options.addMirror(String(args[i].dropFirst("--schema-mirror=".count))) else {
                        err("pureyaml \(command): --schema-mirror needs PREFIX=TARGET (a URL prefix, then a folder or a base URL)\n")
                        return nil
                    }
                } else if args[i].hasPrefix("--allow-schema-folder=") {
                    options.allowedFolders.append(absolute(String(args[i].dropFirst("--allow-schema-folder=".count))))
                } else { rest.append(args[i]) }
            }
            i += 1
        }
        args = rest
        // A schema named on the command line that does not exist is a usage problem (exit 2), not a finding:
        // a typo must not let a CI check pass without validating anything.
        if let schema = options.schema, !schema.contains("://"), !schema.hasPrefix("file:") {
            switch environment.kind(schema) {
            case nil:
                err("pureyaml \(command): --schema \(schema): no such file\n")
                return nil
            case .folder?:
                err("pureyaml \(command): --schema \(schema): is a directory, not a schema file\n")
                return nil
            case .file?:
                break
            }
        }
        return options
    }

    /// Adds the mirror `PREFIX=TARGET` (split at the first `=`; a folder made absolute); false when a part is empty.
    mutating func addMirror(_ text: String) -> Bool {
        guard let eq = text.firstIndex(of: "="), eq != text.startIndex, text.index(after: eq) != text.endIndex else { return false }
        let target = String(text[text.index(after: eq)...])
        var absoluteTarget = Self.absolute(target, in: workingDirectory)
        if target.hasSuffix("/") && !absoluteTarget.hasSuffix("/") { absoluteTarget += "/" }
        mirrors[String(text[..<eq])] = absoluteTarget
        return true
    }

    /// A URL as given; a path made absolute against `workingDirectory`.
    static func absolute(_ reference: String, in workingDirectory: String) -> String {
        if reference.contains("://") || reference.hasPrefix("file:") { return reference }
        return URL(fileURLWithPath: reference, relativeTo: URL(fileURLWithPath: workingDirectory, isDirectory: true))
            .standardizedFileURL.path
    }

    /// Adds the paths named on the command line (`paths`, relative to ``workingDirectory``; `-` skipped) to
    /// ``allowedFolders``: a folder as named, a file by its folder (what each is, `environment` says).
    mutating func allowNamedPaths(_ paths: [String], environment: ModelEnvironment) {
        let inside = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        for path in paths where path != "-" {
            let url = URL(fileURLWithPath: Self.absolute(path, in: workingDirectory))
            let folder = environment.kind(url.path) == .folder ? url.path : url.deletingLastPathComponent().path
            allowedFolders.append(folder)
            if folder != workingDirectory, !folder.hasPrefix(inside), !namedFolders.contains(folder) { namedFolders.append(folder) }
        }
    }

    /// Puts `--schema`, `--offline`, the current directory (as the first workspace folder, then the
    /// folders of paths named outside it) and the folders schemas may be read from into `settings`, on top
    /// of what the project file says.
    func apply(to settings: inout Settings) {
        if let schema { settings.schema.overrideSchema = schema }
        if offline { settings.schema.downloadEnabled = false }
        settings.schema.workspaceFolders = ([workingDirectory] + namedFolders).map { DocumentURI(filePath: $0) }
        settings.schema.workspaceFoldersAreIncidental = true
        settings.schema.allowedFolders = allowedFolders
        settings.schema.mirrors = mirrors
    }

    /// Downloads every schema `model` still asks for (local files it reads itself), and what those
    /// `$ref`, through the model's environment, one at a time, performing ``Intent/schemasLoaded(_:)``
    /// with each round's results; each URI is tried once. Downloads are off under `--offline`; the environment of
    /// a check has one run-wide download budget (``CommandLineTool/checkEnvironment``). A URI that another
    /// model of the run loaded from the same source (mirror) under the same trust policy is taken from
    /// `shared`, not loaded again. `delivered` sees each URI and its result before the model does.
    func loadAll(into model: DocumentModel, shared: SharedSchemaLoads = SharedSchemaLoads(),
                 delivered: (String, SchemaLoadResult) -> Void = { _, _ in }) {
        final class Box: @unchecked Sendable { var result: SchemaLoadResult = .failure(SchemaLoadFailure("not loaded")) }
        var attempted: Set<String> = []
        // The requests known at each round are loaded one at a time and delivered together (one
        // revalidation per round); the schemas those `$ref` are the next round's.
        while case let round = model.schemaLoadRequests.filter({ !attempted.contains($0) }), !round.isEmpty {
            var loads: [SchemaDelivery] = []
            for next in round {
                attempted.insert(next)
                let result = shared.result(next, source: model.downloadSource(next), trust: model.trustPolicy(forLoading: next)) {
                    let box = Box()
                    let done = DispatchSemaphore(value: 0)
                    model.loadSchema(next, allowNetwork: !offline) { result in
                        box.result = result
                        done.signal()
                    }
                    done.wait()
                    return box.result
                }
                delivered(next, result)
                loads.append(SchemaDelivery(next, result))
            }
            model.perform(.schemasLoaded(loads))
        }
    }

    /// The explain view of `uri`: one line per document of the stream.
    func explanation(_ model: DocumentModel, _ uri: DocumentURI, display: String) -> String {
        guard let info = model.schemaInfo(uri), let snapshot = model.snapshot(uri) else { return "" }
        var out = ""
        for d in info.documents {
            let documents = snapshot.composition.documents
            let start = d.index < documents.count ? documents[d.index].range.start : d.range.start
            let line = snapshot.humanPosition(of: min(start, snapshot.bytes.count)).line
            out += "\(display): document \(d.index + 1) (line \(line)): "
            if d.disabled {
                out += "no schema (modeline $schema=none)\n"
            } else if let schema = d.schemaURI, let rule = d.rule {
                out += "\(schema) [\(rule)] \(d.status?.description ?? "")\n"
                // Every other matching `schemas` entry applies too (allOf, as yaml-language-server does).
                for other in d.additionalSchemaURIs {
                    out += "\(display): document \(d.index + 1) (line \(line)): also \(other) [another matching schemas entry]\n"
                }
            } else {
                out += "no schema\n"
            }
        }
        return out
    }
}
