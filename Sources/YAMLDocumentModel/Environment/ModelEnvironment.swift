/// Everything the model may ask of the world outside it — file contents, what a path is, folder
/// listings, the clock, the environment variables and folders it needs, and schema downloads — injected
/// once, at ``DocumentModel/init(settings:environment:)``. The model decides what to read (yamllint
/// configuration, `.editorconfig`, `.pureyaml.yaml`, local schema files); renderers read nothing for it.
///
/// Every read, listing and fetch passes ``permits(_:)``, the one place a trust policy (``policy``, and the
/// model's ``TrustPolicy`` in ``trust``: no symbolic link out of its folders for the repository's own
/// files) decides what may be touched. Every local schema file (the model's own synchronous reads, and a local
/// URI given to ``fetch(_:allowNetwork:trust:completion:)``) is read by ``readSchemaFile(_:trust:)``,
/// which also hands the edge the model's ``TrustPolicy`` for what only the edge can see (where a
/// symbolic link points, a device, a file larger than its size said; docs/security.md). The live implementation (the file system, the process environment and
/// `SchemaLoader`) is `ModelEnvironment.fileSystem` in the `SchemaFetching` target; tests use
/// ``inMemory(files:variables:currentDirectory:homeDirectory:)``. The default, ``none``, touches nothing:
/// every read answers nil and schemas are left to the renderer (``DocumentModel/schemaLoadRequests``).
///
/// Paths are absolute file system paths (`/`-separated).
public struct ModelEnvironment: Sendable {
    /// One thing the model asks of the outside world, as the trust policy sees it.
    public enum Access: Sendable, Hashable, CustomStringConvertible {
        /// Reading the file at an absolute path (or asking what the path is).
        case read(String)
        /// Listing the folder at an absolute path.
        case list(String)
        /// Loading a schema or catalog by URI (a download, or a file through the schema loader).
        case fetch(String)

        public var description: String {
            switch self {
            case .read(let p): return "read \(p)"
            case .list(let p): return "list \(p)"
            case .fetch(let u): return "fetch \(u)"
            }
        }
    }

    /// What a path names.
    public enum FileKind: Sendable, Hashable {
        /// A regular file of `size` bytes.
        case file(size: Int)
        /// A folder.
        case folder
    }

    /// The raw capabilities behind the environment; each is called only after ``permits(_:)`` agreed.
    public struct Capabilities: Sendable {
        /// The bytes of the file at an absolute path; nil when it does not exist or cannot be read.
        public var readFile: @Sendable (String) -> [UInt8]?
        /// What the absolute path names; nil when nothing is there.
        public var kind: @Sendable (String) -> FileKind?
        /// The names (not paths) in the folder at an absolute path; nil when it cannot be listed.
        public var listFolder: @Sendable (String) -> [String]?
        /// Loads a schema or catalog URI (`http(s):`, `file:` or an absolute path) off the caller's
        /// thread, downloading only when the `Bool` allows the network, and calls back with the result.
        public var fetch: @Sendable (String, Bool, @escaping @Sendable (SchemaLoadResult) -> Void) -> Void
        /// Seconds since 1970-01-01 00:00 UTC.
        public var now: @Sendable () -> Double
        /// The download cache's copy of an `http(s)` URI, nil when there is none (read synchronously).
        public var cachedCopy: @Sendable (String) -> [UInt8]?
        /// The absolute path with every symbolic link in it resolved (the path itself when it holds none);
        /// by default the path as given (an environment without links).
        public var resolveLinks: @Sendable (String) -> String
        /// Reads the local schema file at an absolute path synchronously, applying the edge's checks of
        /// the trust policy when one is given (a symbolic link must point inside its folders, unless the
        /// file is one of its ``TrustPolicy/readableFiles``); nil: ``readFile`` after ``kind`` (a regular
        /// file of at most ``ModelEnvironment/maxSchemaBytes``).
        public var loadSchemaFile: (@Sendable (String, TrustPolicy?) -> SchemaLoadResult)?
        /// Downloads the `http(s)` URI given first from the URL given second (a mirror,
        /// ``SchemaSettings/mirrors``), keeping the first as the download's identity (the download cache's
        /// key), off the caller's thread; nil: ``fetch`` of the second URL.
        public var fetchFrom: (@Sendable (String, String, Bool, @escaping @Sendable (SchemaLoadResult) -> Void) -> Void)?

        public init(readFile: @escaping @Sendable (String) -> [UInt8]?,
                    kind: @escaping @Sendable (String) -> FileKind?,
                    listFolder: @escaping @Sendable (String) -> [String]?,
                    fetch: @escaping @Sendable (String, Bool, @escaping @Sendable (SchemaLoadResult) -> Void) -> Void,
                    now: @escaping @Sendable () -> Double,
                    cachedCopy: @escaping @Sendable (String) -> [UInt8]? = { _ in nil },
                    loadSchemaFile: (@Sendable (String, TrustPolicy?) -> SchemaLoadResult)? = nil,
                    resolveLinks: @escaping @Sendable (String) -> String = { $0 }) {
            self.readFile = readFile
            self.resolveLinks = resolveLinks
            self.kind = kind
            self.listFolder = listFolder
            self.fetch = fetch
            self.now = now
            self.cachedCopy = cachedCopy
            self.loadSchemaFile = loadSchemaFile
        }
    }

    /// nil: no I/O at all (``none``).
    let capabilities: Capabilities?
    /// The process environment variables the model reads: `YAMLLINT_CONFIG_FILE`, `XDG_CONFIG_HOME`.
    public var variables: [String: String]
    /// The current directory of the process (an absolute path), if it has one: yamllint reads the
    /// relative paths of its user configuration from there.
    public var currentDirectory: String?
    /// The user's home folder (an absolute path), for yamllint's `~/.config/yamllint/config`.
    public var homeDirectory: String?
    /// The trust policy: false refuses the access (the read answers nil, the fetch fails). Allows
    /// everything by default.
    public var policy: @Sendable (Access) -> Bool = { _ in true }
    /// The trust policy of the model that reads through this environment (its settings'
    /// ``SchemaSettings/trustPolicy``, set by the model whenever its settings change): ``permits(_:)``
    /// refuses a read or listing of a path inside its folders that a symbolic link leads outside them
    /// (``TrustPolicy/refusal(toRead:resolve:)``). Shared by the copies of this environment.
    public let trust = TrustPolicyBox()
    /// The largest local schema file read synchronously, in bytes (the schema loader's own limit).
    public var maxSchemaBytes = 20 << 20

    /// An environment with `capabilities` (nil: none).
    public init(capabilities: Capabilities?, variables: [String: String] = [:], currentDirectory: String? = nil,
                homeDirectory: String? = nil) {
        self.capabilities = capabilities
        self.variables = variables
        self.currentDirectory = currentDirectory
        self.homeDirectory = homeDirectory
    }

    /// The names of the process environment variables the model reads (the live environment keeps only these).
    public static let variableNames: Set<String> = ["YAMLLINT_CONFIG_FILE", "XDG_CONFIG_HOME"]

    /// No I/O: reads answer nil, nothing is fetched here, and the clock stands at 0.
    public static let none = ModelEnvironment(capabilities: nil)

    /// True when this environment can read files (``none`` cannot).
    public var readsFiles: Bool { capabilities != nil }

    /// The one choke point: whether `access` may happen (see ``policy``, and ``trust`` for reads and
    /// listings: a symbolic link out of the folders of the model's trust policy is not followed).
    public func permits(_ access: Access) -> Bool {
        guard let capabilities, policy(access) else { return false }
        switch access {
        case .read(let path), .list(let path):
            return trust.policy?.refusal(toRead: path, resolve: capabilities.resolveLinks) == nil
        case .fetch:
            return true
        }
    }

    /// The bytes of the file at an absolute path; nil when it does not exist, cannot be read or the
    /// policy refuses it.
    public func readFile(_ path: String) -> [UInt8]? {
        guard permits(.read(path)) else { return nil }
        return capabilities?.readFile(path)
    }

    /// What the absolute path names; nil when nothing is there (or the policy refuses it).
    public func kind(_ path: String) -> FileKind? {
        guard permits(.read(path)) else { return nil }
        return capabilities?.kind(path)
    }

    /// The names in the folder at an absolute path; nil when it cannot be listed (or the policy refuses it).
    public func listFolder(_ path: String) -> [String]? {
        guard permits(.list(path)) else { return nil }
        return capabilities?.listFolder(path)
    }

    /// Loads the schema or catalog `uri` (see ``Capabilities/fetch``) and calls `completion` with the
    /// result; a refused or impossible load fails with the reason. A local file (a `file:` URI or an
    /// absolute path) is read at once by ``readSchemaFile(_:trust:)`` under `trust` (the model's
    /// ``DocumentModel/trustPolicy(forLoading:)``); a download is made off the caller's thread.
    /// `source`, when given, is the `http(s)` URL of a mirror the bytes of the download `uri` come from
    /// (``Capabilities/fetchFrom``); `uri` stays the download's identity.
    public func fetch(_ uri: String, from source: String? = nil, allowNetwork: Bool, trust: TrustPolicy? = nil,
                      completion: @escaping @Sendable (SchemaLoadResult) -> Void) {
        guard let capabilities else { return completion(.failure(SchemaLoadFailure("nothing can be loaded here"))) }
        guard policy(.fetch(uri)) else { return completion(.failure(SchemaLoadFailure("loading \(uri) is not allowed"))) }
        if let path = TrustPolicy.localPath(uri) { return completion(readSchemaFile(path, trust: trust)) }
        if let source, source != uri {
            guard policy(.fetch(source)) else { return completion(.failure(SchemaLoadFailure("loading \(source) is not allowed"))) }
            if let fetchFrom = capabilities.fetchFrom { return fetchFrom(uri, source, allowNetwork, completion) }
            return capabilities.fetch(source, allowNetwork, completion)
        }
        capabilities.fetch(uri, allowNetwork, completion)
    }

    /// The download cache's copy of the `http(s)` URI `uri`, nil when there is none or the policy
    /// refuses the fetch of `uri`.
    public func cachedCopy(_ uri: String) -> [UInt8]? {
        guard permits(.fetch(uri)) else { return nil }
        return capabilities?.cachedCopy(uri)
    }

    /// The absolute `path` with every symbolic link in it resolved (the path as given for an environment
    /// without links, and for ``none``). Reads nothing the policy must see: it names, it does not open.
    public func resolvingLinks(_ path: String) -> String { capabilities?.resolveLinks(path) ?? path }

    /// Seconds since 1970-01-01 00:00 UTC (0 for ``none``).
    public var now: Double { capabilities?.now() ?? 0 }

    /// The local schema file at the absolute `path`, read synchronously: its bytes, or why not (the
    /// messages of the schema loader: `no such file`, `the file is larger than N bytes`). The policy
    /// (``permits(_:)``) sees the read; the live environment's ``Capabilities/loadSchemaFile`` then
    /// applies `trust`'s edge checks (symbolic links, devices, the size while reading).
    public func readSchemaFile(_ path: String, trust: TrustPolicy?) -> SchemaLoadResult {
        // The read's own `trust` decides about links (none for the command line's `--schema`), not ``trust``.
        guard let capabilities, policy(.read(path)) else { return .failure(SchemaLoadFailure("reading \(path) is not allowed")) }
        if let load = capabilities.loadSchemaFile { return load(path, trust) }
        switch kind(path) {
        case .file(let size)? where size > maxSchemaBytes:
            return .failure(SchemaLoadFailure("the file is larger than \(maxSchemaBytes) bytes"))
        case .file?:
            guard let bytes = readFile(path) else { return .failure(SchemaLoadFailure("cannot read \(path)")) }
            return .success(bytes)
        case .folder?, nil:
            return .failure(SchemaLoadFailure("no such file"))
        }
    }

    /// An environment over `files` (absolute path to content) held in memory, for tests: folders are
    /// the paths above the files; `fetch` fails for anything not in `files` (by URI or by path).
    public static func inMemory(files: [String: [UInt8]], variables: [String: String] = [:],
                                currentDirectory: String? = nil, homeDirectory: String? = nil) -> ModelEnvironment {
        func folders() -> Set<String> {
            var out: Set<String> = ["/"]
            for path in files.keys {
                var parts = path.split(separator: "/").dropLast()
                while !parts.isEmpty {
                    out.insert("/" + parts.joined(separator: "/"))
                    parts = parts.dropLast()
                }
            }
            return out
        }
        let known = folders()
        let capabilities = Capabilities(
            readFile: { files[$0] },
            kind: { path in
                if let f = files[path] { return .file(size: f.count) }
                return known.contains(path) ? .folder : nil
            },
            listFolder: { folder in
                guard known.contains(folder) else { return nil }
                let prefix = folder == "/" ? "/" : folder + "/"
                var names: Set<String> = []
                for path in files.keys where path.hasPrefix(prefix) {
                    if let name = path.dropFirst(prefix.count).split(separator: "/").first { names.insert(String(name)) }
                }
                return names.sorted()
            },
            fetch: { uri, _, completion in
                let path = DocumentURI(uri).filePath ?? uri
                if let bytes = files[uri] ?? files[path] { completion(.success(bytes)) } else {
                    let local = uri.hasPrefix("/") || uri.hasPrefix("file:")
                    completion(.failure(local ? SchemaLoadFailure("no such file") : SchemaLoadFailure("cannot reach the server", kind: .unavailable)))
                }
            },
            now: { 0 })
        return ModelEnvironment(capabilities: capabilities, variables: variables, currentDirectory: currentDirectory,
                                homeDirectory: homeDirectory)
    }

    /// ``inMemory(files:variables:currentDirectory:homeDirectory:)`` with text files.
    public static func inMemory(texts: [String: String], variables: [String: String] = [:],
                                currentDirectory: String? = nil, homeDirectory: String? = nil) -> ModelEnvironment {
        inMemory(files: texts.mapValues { Array($0.utf8) }, variables: variables, currentDirectory: currentDirectory,
                 homeDirectory: homeDirectory)
    }
}
