/// Downloads as the model decides them: mirrors (`pureyaml.schema.mirrors`), the one way renderers start a
/// download (``loadSchema(_:allowNetwork:completion:)``), and the downloads an open document needs
/// (``schemaDownloads(_:)``, for `pureyaml schemas fetch`).
extension DocumentModel {
    /// One download an open document needs, and what became of it.
    public struct SchemaDownload: Sendable, Hashable {
        /// The `http(s)` URL: the download's identity (the bytes may come from a mirror).
        public var url: String
        /// What became of it (``SchemaLoadStatus/loading`` when it was never delivered).
        public var status: SchemaLoadStatus
        /// True for a Kubernetes kind schema or a CRD catalog schema: a kind without a published schema stays
        /// quiet, so the server answering 404 for one is no failure.
        public var optional: Bool

        /// Creates a download entry.
        public init(url: String, status: SchemaLoadStatus, optional: Bool) {
            self.url = url
            self.status = status
            self.optional = optional
        }
    }

    /// The mirrors in force: the renderer's settings (the editor's user settings, the command line's),
    /// then every open document's (its project settings file's entries); the first to give a prefix wins.
    var schemaMirrors: SchemaMirrors {
        var all: [SchemaSettings] = []
        for s in [settings.schema] + records.keys.sorted().compactMap({ records[$0]?.settings.schema })
        where !s.mirrors.isEmpty && !all.contains(s) { all.append(s) }
        return SchemaMirrors(all)
    }

    /// Where ``loadSchema(_:allowNetwork:through:completion:)`` takes the download `uri` from, as a string
    /// that differs exactly when the place does: `uri` itself, a mirror base URL's, or a mirror folder's file.
    public func downloadSource(_ uri: String) -> String {
        switch schemaMirrors.source(for: uri)?.source {
        case .url(let url)?: return url
        case .file(let path, let folder)?: return "file " + (path ?? "(none) in " + folder)
        case nil: return uri
        }
    }

    /// Loads the download `uri` (one of ``schemaLoadRequests``) through the ``environment`` (or
    /// `environment`, for a model that has none of its own) and calls `completion` with the result, off the
    /// caller's thread for a download: from the mirror base URL a `pureyaml.schema.mirrors` entry gives
    /// (the download keeps `uri` as its identity and cache key), else from `uri` itself. `allowNetwork`
    /// false uses the download cache only. Renderers perform ``Intent/schemaLoaded(_:_:)`` with the
    /// result. (The model reads mirror folders and local files itself while it performs an intent.)
    public func loadSchema(_ uri: String, allowNetwork: Bool, through environment: ModelEnvironment? = nil,
                           completion: @escaping @Sendable (SchemaLoadResult) -> Void) {
        let environment = environment ?? self.environment
        switch schemaMirrors.source(for: uri) {
        case let ((.url(source), _))?:
            environment.fetch(uri, from: source, allowNetwork: allowNetwork, trust: trustPolicy(forLoading: uri), completion: completion)
        case let ((.file(path, folder), entry))?:
            completion(Self.readMirrored(path: path, folder: folder, policy: entry.policy, through: environment))
        case nil:
            environment.fetch(uri, allowNetwork: allowNetwork, trust: trustPolicy(forLoading: uri), completion: completion)
        }
    }

    /// The bytes of a download from the mirror folder `folder` (the file `path`, nil when the URL names
    /// none a folder can hold), read through `environment` under `policy` (the trust policy of the settings
    /// that named the folder): a failure says which file was missing.
    static func readMirrored(path: String?, folder: String, policy: TrustPolicy, through environment: ModelEnvironment) -> SchemaLoadResult {
        guard let path else {
            return .failure(SchemaLoadFailure("the mirror folder \(folder) cannot hold it (the URL names no file path)"))
        }
        if let why = policy.refusal(toLoad: path, rule: nil, document: nil) {
            return .failure(SchemaLoadFailure("mirror file \(path): \(why)"))
        }
        switch environment.readSchemaFile(path, trust: policy) {
        case .success(let bytes): return .success(bytes)
        case .failure(let f): return .failure(SchemaLoadFailure("mirror file \(path): \(f.message)"))
        }
    }

    /// The pending download `uri` read from its mirror folder, when a `pureyaml.schema.mirrors` entry sends
    /// it to one; nil when none does (``loadLocalSchemas()``).
    func mirrorFolderResult(_ uri: String) -> SchemaLoadResult? {
        guard case let ((.file(path, folder), entry))? = schemaMirrors.source(for: uri) else { return nil }
        return Self.readMirrored(path: path, folder: folder, policy: entry.policy, through: environment)
    }

    /// The downloads (`http(s)` URLs) the open document `uri` needs, in a stable order, each once: the
    /// catalog (when its settings use one and a document of the stream has no schema from another rule,
    /// or its schema from the catalog), the schema of each document of the stream (every rule:
    /// command line, modeline, settings, Kubernetes kinds, the CRD catalog, catalog entries), the
    /// `pureyaml.schema.crds` files, and the documents those schemas `$ref` (as far as they were compiled).
    /// Local files are not listed: nothing is downloaded for them. Empty when `uri` is not open.
    public func schemaDownloads(_ uri: DocumentURI) -> [SchemaDownload] {
        guard let record = records[uri] else { return [] }
        let settings = record.settings.schema
        var out: [SchemaDownload] = []
        var seen: Set<String> = []
        func add(_ url: String, optional: Bool = false) {
            guard TrustPolicy.isRemote(url), seen.insert(url).inserted else { return }
            out.append(SchemaDownload(url: url, status: schemaRegistry.loadStatus(of: url) ?? .loading, optional: optional))
            for reached in (schemaRegistry.references[url] ?? []).sorted() where schemaRegistry.loadStatus(of: reached) != nil {
                add(reached)
            }
        }
        // The catalog is the last rule asked: a stream whose every document another rule gave a schema
        // (a modeline, the settings, its Kubernetes kind) does not need it.
        let catalogNeeded = (record.schema?.documents ?? []).contains { document in
            guard let rule = document.rule else { return true }
            if case .catalog = rule { return true }
            return false
        }
        if settings.validate && settings.schemaStoreEnabled && settings.overrideSchema == nil && catalogNeeded { add(catalogURI(settings)) }
        for document in record.schema?.documents ?? [] {
            if let schema = document.schemaURI {
                if case .customResource(_, _?)? = document.rule {} else { add(schema, optional: document.rule?.isKubernetes == true) }
            }
            document.additionalSchemaURIs.forEach { add($0) }
        }
        if settings.validate && settings.kubernetesDetection {
            let associator = SchemaAssociator(settings: settings, catalogHit: nil)
            for entry in settings.customResourceDefinitions where !entry.contains(where: { "*?[{".contains($0) }) {
                add(associator.resolveSetting(entry))
            }
        }
        return out
    }

    /// Where `pureyaml schemas fetch --mirror-folder DIR` puts the download `url` below DIR (docs/schemas.md,
    /// "Mirrors"): its host (`:port` added when the URL names one), then its path, percent-decoded
    /// (`https://json.schemastore.org/a.json` -> `json.schemastore.org/a.json`), with the
    /// `pureyaml.schema.mirrors` entry that reads it back (prefix `https://json.schemastore.org/`, folder
    /// `json.schemastore.org/` below DIR); nil for a URL whose path cannot name a file.
    public static func mirrorLayout(of url: String) -> (path: String, prefix: String, folder: String)? {
        SchemaMirrors.layout(of: url)
    }
}
