import Foundation
import SchemaFetching
import YAMLDocumentModel

/// `pureyaml schemas fetch` and `pureyaml schemas list`: preparing the download cache (or a mirror folder)
/// for a machine without network, and showing what the cache holds. Which downloads a file needs is the
/// model's answer (``DocumentModel/schemaDownloads(_:)``); the downloads go through the model's environment
/// (``DocumentModel/loadSchema(_:allowNetwork:through:completion:)``, hence `SchemaLoader` and its cache).
extension CommandLineTool {
    /// Runs `pureyaml schemas SUBCOMMAND ...`.
    func schemas(_ args: [String]) -> Int32 {
        switch args.first {
        case "fetch": return schemasFetch(Array(args.dropFirst()))
        case "list": return schemasList(Array(args.dropFirst()))
        default:
            err(args.first.map { "pureyaml schemas: unknown subcommand '\($0)'\n" } ?? "pureyaml schemas: a subcommand is needed (fetch or list)\n")
            err("Try 'pureyaml schemas --help'.\n")
            return 2
        }
    }

    /// `pureyaml schemas fetch [--mirror-folder DIR] [schema options] [--config PATH | --no-config] PATH...`:
    /// every download the files need, into the cache (always) and, with `--mirror-folder`, into DIR in the
    /// mirror layout (``DocumentModel/mirrorLayout(of:)``). Prints one line per download; exit 0 when every
    /// one was had, 1 when one failed, 2 usage or I/O, 3 a folder without YAML files.
    func schemasFetch(_ arguments: [String]) -> Int32 {
        var args: [String] = []
        var mirrorFolder: String?
        var i = 0
        while i < arguments.count {
            let word = arguments[i]
            if word == "--mirror-folder" || word.hasPrefix("--mirror-folder=") {
                let value = word == "--mirror-folder" ? (i + 1 < arguments.count ? arguments[i + 1] : "") : String(word.dropFirst("--mirror-folder=".count))
                guard !value.isEmpty else {
                    err("pureyaml schemas fetch: --mirror-folder needs a folder\n")
                    return 2
                }
                mirrorFolder = SchemaCheckOptions.absolute(value, in: workingDirectory)
                i += word == "--mirror-folder" ? 2 : 1
                continue
            }
            if word == "--" { args += arguments[i...]; break }
            args.append(word)
            i += 1
        }
        let environment = self.environment
        guard var schemaOptions = SchemaCheckOptions.extract(&args, err: err, workingDirectory: workingDirectory, environment: environment,
                                                             command: "schemas fetch") else { return 2 }
        if schemaOptions.offline || schemaOptions.explain {
            err("pureyaml schemas fetch: \(schemaOptions.offline ? "--offline" : "--explain") is an option of check, not of schemas fetch\n")
            return 2
        }
        let options: CommandOptions
        switch CommandOptions.parse(args, command: "schemas fetch") {
        case .success(let o): options = o
        case .failure(let usage): err(usage.message); return 2
        }
        schemaOptions.allowNamedPaths(options.paths, environment: environment)
        let model = makeModel(options.configuration, environment: environment) { settings in
            schemaOptions.apply(to: &settings)
            // What the editor needs too: the catalog, unless a settings file turns it off.
            settings.schema.schemaStoreEnabled = true
        }
        var reported: Set<String> = []
        var ioFailed = false
        var emptyFolders: [EmptyFolder] = []
        var downloads: [DocumentModel.SchemaDownload] = []
        var bytes: [String: [UInt8]] = [:]
        for input in expand(options.paths, configuration: options.configuration, ioFailed: &ioFailed, emptyFolders: &emptyFolders) {
            guard let file = read(input, stdinFilename: options.stdinFilename, ioFailed: &ioFailed),
                  let problems = open(file, in: model, reported: &reported, ioFailed: &ioFailed) else { continue }
            if !problems.isEmpty { err(TextReport.render(problems, parsable: false)) }
            schemaOptions.loadAll(into: model) { uri, result in
                if case .success(let body) = result { bytes[uri] = body }
            }
            for download in model.schemaDownloads(file.uri) where !downloads.contains(where: { $0.url == download.url }) {
                downloads.append(download)
            }
            model.perform(.close(file.uri))
        }
        var failed = 0, fetched = 0
        var entries: [String: String] = [:]
        for download in downloads {
            switch download.status {
            case .loaded:
                var line = "fetched \(download.url)"
                if let folder = mirrorFolder {
                    switch writeMirrored(download.url, bytes[download.url], into: folder) {
                    case .success(let written):
                        line += " -> \(written.path)"
                        entries[written.prefix] = written.folder
                    case .failure(let why):
                        out("failed \(download.url): \(why.message)\n")
                        failed += 1
                        continue
                    }
                }
                out(line + "\n")
                fetched += 1
            case .failed(let why) where download.optional && why == "HTTP 404":
                out("none published \(download.url) (HTTP 404: the kind has no published schema)\n")
            case .failed(let why), .missing(let why), .invalid(let why):
                out("failed \(download.url): \(why)\n")
                failed += 1
            case .loading:
                out("failed \(download.url): not loaded\n")
                failed += 1
            }
        }
        if !entries.isEmpty {
            // The settings that read the folder back, ready for a .pureyaml.yaml in the working directory (a
            // folder below it is named relative to it, as such a file reads it) or the editor's settings.
            let base = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
            out("pureyaml.schema.mirrors:\n")
            for (prefix, folder) in entries.sorted(by: { $0.key < $1.key }) {
                out("  \"\(prefix)\": \"\(folder.hasPrefix(base) ? "./" + folder.dropFirst(base.count) : folder)\"\n")
            }
        }
        let place = mirrorFolder.map { "the mirror folder \($0) and the download cache" } ?? "the download cache"
        err("fetched \(fetched) of \(downloads.count) download\(downloads.count == 1 ? "" : "s") into \(place)"
            + (failed > 0 ? ", \(failed) failed" : "") + "\n")
        if ioFailed { return 2 }
        if reportNoYAMLFiles(in: emptyFolders, command: "schemas fetch", allowed: options.allowNoFiles) { return Self.noYAMLFilesStatus }
        return failed > 0 ? 1 : 0
    }

    /// Writes `body`, the bytes of the download `url`, below the mirror folder `folder` where the mirror
    /// layout puts it (atomically, creating folders); the file written and the mirror entry reading it back.
    private func writeMirrored(_ url: String, _ body: [UInt8]?, into folder: String)
        -> Result<(path: String, prefix: String, folder: String), SchemaLoadFailure> {
        guard let layout = DocumentModel.mirrorLayout(of: url) else {
            return .failure(SchemaLoadFailure("its URL names no file path a mirror folder can hold"))
        }
        guard let body else {
            return .failure(SchemaLoadFailure("its bytes came from a mirror folder already, so none were downloaded to write"))
        }
        let target = URL(fileURLWithPath: folder).appendingPathComponent(layout.path)
        do {
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(body).write(to: target, options: .atomic)
        } catch {
            return .failure(SchemaLoadFailure("cannot write \(target.path): \(Self.reason(error))"))
        }
        return .success((target.path, layout.prefix, URL(fileURLWithPath: folder).appendingPathComponent(layout.folder).path + "/"))
    }

    /// `pureyaml schemas list`: the download cache's entries (its index), one per line:
    /// `URL<TAB>SIZE<TAB>AGE` (size in bytes; age since stored, e.g. `42s`, `5m`, `3h`, `2d`), sorted by URL,
    /// then a summary on stderr. Exit 0, or 2 for wrong usage or no cache folder.
    func schemasList(_ args: [String]) -> Int32 {
        guard args.isEmpty else {
            err("pureyaml schemas list: unexpected argument '\(args[0])'\nTry 'pureyaml schemas --help'.\n")
            return 2
        }
        guard let directory = SchemaDiskCache.defaultDirectory() else {
            err("pureyaml schemas list: no cache folder (neither XDG_CACHE_HOME nor HOME is set)\n")
            return 2
        }
        let cache = SchemaDiskCache(directory: directory)
        let entries = cache.index()
        let now = Date()
        for entry in entries {
            let age = (entry.stored ?? entry.lastUsed).map { Self.age(now.timeIntervalSince($0)) } ?? "?"
            out("\(entry.url)\t\(entry.size)\t\(age)\n")
        }
        let total = entries.reduce(0) { $0 + $1.size }
        err("\(entries.count) cached download\(entries.count == 1 ? "" : "s"), \(total) bytes in \(directory.path) (limit \(cache.maxBytes) bytes)\n")
        return 0
    }

    /// `seconds` as `42s`, `5m`, `3h` or `2d` (rounded down).
    static func age(_ seconds: TimeInterval) -> String {
        let s = max(0, Int(seconds))
        if s < 60 { return "\(s)s" }
        if s < 3600 { return "\(s / 60)m" }
        if s < 86400 { return "\(s / 3600)h" }
        return "\(s / 86400)d"
    }
}
