import Foundation
import Synchronization
import YAMLDocumentModel

extension LintEnvironment {
    /// File access for yamllint configuration discovery (the command line's folder walk): the reads of
    /// ``ModelEnvironment/fileSystem``.
    public static var fileSystem: LintEnvironment { LintEnvironment(ModelEnvironment.fileSystem) }
}

extension ModelEnvironment {
    /// The live environment: files and folders from disk, the process's environment variables, current
    /// directory and home folder, the system clock, and schemas through ``SchemaLoader`` (one loader per
    /// network permission, with the download cache), without a run-wide download budget.
    public static var fileSystem: ModelEnvironment { fileSystem(downloadBudget: nil) }

    /// The live environment (``fileSystem``) whose downloads share one run-wide `downloadBudget` (nil:
    /// none), for `pureyaml check`.
    ///
    /// Local schema files are read by ``SchemaLoader``'s file reading (symbolic links checked against the
    /// model's trust policy, regular files only, the size bounded while reading); the other files the
    /// model reads (`.pureyaml.yaml`, `.yamllint`, `.editorconfig`) are read only when they are regular
    /// files (a link to a device or a FIFO is not read) of at most ``ModelEnvironment/maxSchemaBytes``, and
    /// not when a symbolic link leads out of the folders of the model's trust policy
    /// (``ModelEnvironment/trust``, through ``Capabilities/resolveLinks``).
    ///
    /// With a `memo` (one run over files that do not change while it runs: `pureyaml check`), the answers
    /// about paths (what a path names, where its links lead), folder listings and the bytes of small files
    /// are asked of the file system once and shared by every environment given the same memo
    /// (``FileSystemMemo``); the answers are the same as without it.
    public static func fileSystem(downloadBudget: SchemaLoader.DownloadBudget?, memo: FileSystemMemo? = nil) -> ModelEnvironment {
        let loaders = LoaderPair(budget: downloadBudget)
        let maxBytes = ModelEnvironment.none.maxSchemaBytes
        var capabilities = Capabilities(
            readFile: { path in readRegularFile(path, maxBytes: maxBytes) },
            kind: { path in
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
                if isFolder.boolValue { return .folder }
                // The size `FileManager.attributesOfItem` gives (of a symbolic link itself, not followed), from
                // one `lstat`, without building its dictionary of attributes.
                var info = stat()
                return .file(size: lstat(path, &info) == 0 ? Int(info.st_size) : 0)
            },
            listFolder: { path in try? FileManager.default.contentsOfDirectory(atPath: path) },
            fetch: { uri, allowNetwork, completion in loaders.loader(allowNetwork: allowNetwork).load(uri, completion: completion) },
            now: { Date().timeIntervalSince1970 },
            cachedCopy: { uri in loaders.loader(allowNetwork: false).options.cache?.read(uri)?.body },
            loadSchemaFile: { path, trust in loaders.loader(allowNetwork: false).load(path, policy: trust) },
            resolveLinks: { path in URL(fileURLWithPath: path).resolvingSymlinksInPath().path })
        capabilities.fetchFrom = { uri, source, allowNetwork, completion in
            let loader = loaders.loader(allowNetwork: allowNetwork)
            Thread.detachNewThread { completion(loader.load(uri, from: source)) }
        }
        if let memo { capabilities.remember(in: memo, maxBytes: maxBytes) }
        let variables = ProcessEnvironment.variables(ModelEnvironment.variableNames)
        return ModelEnvironment(capabilities: capabilities, variables: variables,
                                currentDirectory: FileManager.default.currentDirectoryPath, homeDirectory: NSHomeDirectory())
    }
}

extension ModelEnvironment.Capabilities {
    /// Answers `readFile`, `kind`, `listFolder` and `resolveLinks` from `memo` (the live environment's
    /// answers, each asked of the file system once; see ``FileSystemMemo``).
    mutating func remember(in memo: FileSystemMemo, maxBytes: Int) {
        let list = listFolder
        resolveLinks = { path in memo.entry(path).resolved }
        kind = { path in
            // As without the memo: nothing (a dangling link too), a folder (a link to one too), else a
            // file of the size `lstat` gives for the path itself.
            let entry = memo.entry(path)
            guard let type = entry.type else { return nil }
            return type == S_IFDIR ? .folder : .file(size: entry.size)
        }
        readFile = { path in
            // As ``readRegularFile(_:maxBytes:)``: the path's links resolved, then a regular file there.
            let entry = memo.entry(path)
            let target = entry.isLink ? memo.entry(entry.resolved) : entry
            guard !target.isLink, target.type == S_IFREG else { return nil }
            return memo.contents(entry.resolved) { readResolvedFile($0, maxBytes: maxBytes) }
        }
        listFolder = { path in memo.listing(path, list: list) }
    }
}

/// The bytes of the regular file at `path` (symbolic links followed), nil when it is no regular file,
/// cannot be read or holds more than `maxBytes` bytes (read at most one byte past the limit: the size a
/// file says can lie, a device has none).
private func readRegularFile(_ path: String, maxBytes: Int) -> [UInt8]? {
    let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    // `lstat`, as `FileManager.attributesOfItem`'s type: a regular file, not a link to one.
    var info = stat()
    guard lstat(resolved, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return readResolvedFile(resolved, maxBytes: maxBytes)
}

/// The bytes of the file at `resolved` (a path without symbolic links, naming a regular file), nil when it
/// cannot be read or holds more than `maxBytes` bytes (see ``readRegularFile(_:maxBytes:)``).
private func readResolvedFile(_ resolved: String, maxBytes: Int) -> [UInt8]? {
    FileBytes.read(resolved, maxBytes: maxBytes)
}

/// The two schema loaders of the live environment (downloads allowed or not), made when first used: a run
/// that loads no schema (a file no schema concerns, the folder walk's environment) never reads the cache
/// folder's settings.
private final class LoaderPair: Sendable {
    private let budget: SchemaLoader.DownloadBudget?
    private let made = Mutex<(online: SchemaLoader, offline: SchemaLoader)?>(nil)

    init(budget: SchemaLoader.DownloadBudget?) {
        self.budget = budget
    }

    func loader(allowNetwork: Bool) -> SchemaLoader {
        made.withLock { made in
            if made == nil {
                var options = SchemaLoader.Options()
                options.budget = budget
                options.allowNetwork = true
                let online = SchemaLoader(options: options)
                options.allowNetwork = false
                made = (online, SchemaLoader(options: options))
            }
            return allowNetwork ? made!.online : made!.offline
        }
    }
}
