import YAMLComposer
import YAMLSchema

/// The model's memory of schemas and catalogs by absolute URI: what was requested from the edge, what
/// arrived, and the compiled schemas. No I/O: bytes arrive through ``Intent/schemaLoaded(_:_:)``.
struct SchemaRegistry {
    /// A schema document (or a document some schema `$ref`s).
    enum Resource {
        case loading
        case loaded(JSONValue)
        case failed(String)
        /// Delivered but not JSON or YAML; the phrase says why (`not valid JSON or YAML: ...`).
        case invalid(String)
    }

    /// A catalog.
    enum Catalog {
        case loading
        case loaded(SchemaCatalog)
        case failed(String)
    }

    /// What a root schema URI is ready for.
    enum State {
        case loading
        case ready(JSONSchema)
        case failed(String)
        /// Not usable: not JSON or YAML, or not a JSON Schema; the phrase completes "the schema is ..."
        /// (`not valid JSON or YAML: ...`, `not a JSON Schema: ...`).
        case invalid(String)
    }

    /// At most this many documents are fetched because schemas `$ref` them (per model), so a chain of
    /// remote references cannot grow without bound.
    static let maxReferencedDocuments = 64

    /// A `pureyaml.schema.crds` file: requested, read (its definitions are in ``customResources``) or not.
    enum DefinitionFile: Equatable {
        case loading
        case loaded
        case failed(String)
    }

    private(set) var resources: [String: Resource] = [:]
    /// The resources whose delivery failed for want of the network or the cache
    /// (``SchemaLoadFailure/Kind/unavailable``): missing, not broken (``MissingSchema``).
    private(set) var unavailable: Set<String> = []
    /// The CustomResourceDefinitions known, and the schemas of the resources they define.
    private(set) var customResources = CustomResourceSchemas()
    /// How many times ``customResources`` was set: a schema association made at one count holds at the
    /// same count, as far as the definitions go (``DocumentModel/AssociationInputs``).
    private(set) var definitionsGeneration = 0
    /// The `pureyaml.schema.crds` files by absolute URI.
    private(set) var definitionFiles: [String: DefinitionFile] = [:]
    /// Per open document (URI string): the snapshot (its ``SnapshotAnalysis``) whose definitions
    /// ``customResources`` holds, so that an edit re-reads only the document it re-checked.
    var definitionsRead: [String: ObjectIdentifier] = [:]
    /// The definition document edited last, kept so that the next edit of it projects only what changed.
    var definitionMemo: DefinitionMemo?
    private(set) var catalogs: [String: Catalog] = [:]
    private var compiled: [String: JSONSchema] = [:]
    /// Compiled schemas whose JSON changed since (a CustomResourceDefinition being edited), by URI: the
    /// next compilation of the URI takes from it what did not change (``JSONSchema/init(json:updating:defaultDraft:resolver:referencePolicy:)``),
    /// then drops it.
    private var earlier: [String: JSONSchema] = [:]
    /// Compiled schemas whose resource changed since in annotations only (``JSONSchema/validatesAlike(_:_:)``:
    /// a keystroke in a CustomResourceDefinition's descriptions or `x-kubernetes-*` extensions): validation
    /// keeps using them, which gives the same findings; queries compile them up to date (``compiledSchema(_:)``).
    private var annotationsBehind: Set<String> = []
    /// Combinations of schemas (``combinedSchema(_:)``) by their members' URIs.
    private var combined: [[String]: JSONSchema] = [:]
    private var referencedCount = 0
    /// Per root schema URI: the documents (without fragment) its `$ref`s reached, directly or through
    /// other documents, as its last compilation asked for them (for ``DocumentModel/schemaDownloads(_:)``).
    private(set) var references: [String: Set<String>] = [:]
    /// Catalog lookups by catalog URI and document path.
    private var catalogMatches: [String: [String: SchemaCatalogHit?]] = [:]
    /// URIs requested from the edge and not delivered yet, in request order.
    private(set) var pending: [String] = []
    /// How many URIs were ever requested; grows by one per request, so callers can tell new requests.
    private(set) var requestCount = 0
    /// Pending URIs answered for now with a copy from the download cache (``deliverCachedCopy(_:_:)``),
    /// with that copy's bytes: still pending, and replaced by what the edge delivers.
    private(set) var cachedCopies: [String: [UInt8]] = [:]

    /// Marks `uri` as needed; true when it was not known before (so the edge must load it).
    @discardableResult
    mutating func require(_ uri: String) -> Bool {
        guard resources[uri] == nil else { return false }
        resources[uri] = .loading
        enqueue(uri)
        return true
    }

    /// Records that the catalog at `uri` may not be loaded (``TrustPolicy``), so that it fails with `why`
    /// instead of being requested.
    mutating func refuseCatalog(_ uri: String, _ why: String) {
        if catalogs[uri] == nil { catalogs[uri] = .failed(why) }
    }

    /// Marks the catalog at `uri` as needed; true when it was not known before.
    @discardableResult
    mutating func requireCatalog(_ uri: String) -> Bool {
        guard catalogs[uri] == nil else { return false }
        catalogs[uri] = .loading
        enqueue(uri)
        return true
    }

    private mutating func enqueue(_ uri: String) {
        if !pending.contains(uri) { pending.append(uri) }
        requestCount += 1
    }

    /// The entry (and glob) of the loaded catalog at `uri` that matches the document path `path`; nil
    /// when none does or the catalog is not loaded. Memoized per path, as a catalog holds thousands of
    /// globs and this runs on every keystroke.
    mutating func catalogEntry(_ uri: String, path: String) -> SchemaCatalogHit? {
        guard case .loaded(let catalog)? = catalogs[uri] else { return nil }
        if let memo = catalogMatches[uri]?[path] { return memo }
        let hit = catalog.entry(matching: path).map { SchemaCatalogHit(entry: $0.entry, glob: $0.glob) }
        catalogMatches[uri, default: [:]][path] = .some(hit)
        return hit
    }

    /// The status of the catalog at `uri`, nil when never requested.
    func catalogStatus(_ uri: String) -> SchemaLoadStatus? {
        switch catalogs[uri] {
        case nil: return nil
        case .loading?: return .loading
        case .loaded?: return .loaded
        case .failed(let m)?: return .failed(m)
        }
    }

    /// Makes `files` (absolute URIs) the `pureyaml.schema.crds` files: requests the new ones, forgets the
    /// definitions of those no longer listed. True when definitions were forgotten.
    mutating func setDefinitionFiles(_ files: [String]) -> Bool {
        var forgot = false
        for uri in definitionFiles.keys where !files.contains(uri) {
            definitionFiles[uri] = nil
            if !setDefinitions(uri, documents: nil).isEmpty { forgot = true }
        }
        for uri in files where definitionFiles[uri] == nil {
            definitionFiles[uri] = .loading
            enqueue(uri)
        }
        return forgot
    }

    /// Replaces what the source `source` (an open document, a CRD file) defines (nil: forgets it), and
    /// the schemas of the resource types concerned; returns the types whose definition was added, changed
    /// or removed (empty: nothing changed).
    @discardableResult
    mutating func setDefinitions(_ source: String, documents: [[KubernetesResourceType: CustomResourceSchemas.Entry]]?)
        -> Set<KubernetesResourceType> {
        let before = customResources.byType
        let changed = customResources.set(source, documents: documents)
        definitionsGeneration += 1
        definitionsChanged(changed, from: before)
        return changed
    }

    /// ``setDefinitions(_:documents:)`` for document `index` of a stream of `count` documents.
    /// `alike`: types whose new entry validates as the old one (``JSONSchema/validatesAlike(_:_:)``), whose
    /// compiled schema is kept for validation.
    mutating func setDefinitions(_ source: String, document index: Int, count: Int,
                                 _ entries: [KubernetesResourceType: CustomResourceSchemas.Entry],
                                 alike: Set<KubernetesResourceType> = []) -> Set<KubernetesResourceType> {
        let before = customResources.byType
        let changed = customResources.set(source, document: index, count: count, entries)
        definitionsGeneration += 1
        definitionsChanged(changed, from: before, alike: alike)
        return changed
    }

    /// After the definitions of `types` changed from `before`: puts their schemas into ``resources``
    /// (compiled again), for every source defining one (a resource may use its own stream's definition,
    /// ``CustomResourceSchemas/entry(_:preferring:)``), and drops those no longer defined. The other types'
    /// entries are the same values as before and are not compared again (a CRD's schema is large, and a
    /// stream may hold many). The compiled schemas of `alike` types stay, for validation (``annotationsBehind``).
    private mutating func definitionsChanged(_ types: Set<KubernetesResourceType>,
                                             from before: [KubernetesResourceType: CustomResourceSchemas.Entry],
                                             alike: Set<KubernetesResourceType> = []) {
        guard !types.isEmpty else { return }
        let entries = customResources.allEntries
        let live = Set(entries.map(\.entry.schemaURI))
        for type in types {
            if let old = before[type], !live.contains(old.schemaURI) {
                resources[old.schemaURI] = nil
                earlier[old.schemaURI] = nil
            }
        }
        for (type, entry) in entries where types.contains(type) {
            resources[entry.schemaURI] = .loaded(entry.schema)
            if alike.contains(type), compiled[entry.schemaURI] != nil {
                annotationsBehind.insert(entry.schemaURI)
                continue
            }
            annotationsBehind.remove(entry.schemaURI)
            // An edit changes a small part of a definition's schema: the next compilation reuses the rest.
            if let schema = compiled.removeValue(forKey: entry.schemaURI) { earlier[entry.schemaURI] = schema }
        }
        // Every defined type keeps its schema at hand, whatever happened to the resource meanwhile.
        for (_, entry) in entries {
            if case .loaded? = resources[entry.schemaURI] { continue }
            resources[entry.schemaURI] = .loaded(entry.schema)
            compiled[entry.schemaURI] = nil
            annotationsBehind.remove(entry.schemaURI)
        }
        combined.removeAll()
    }

    /// Uses `bytes`, a copy of the pending `uri` from the download cache, until the edge delivers it (the
    /// download revalidates the copy): `uri` stays pending. False when `uri` is not waited for.
    mutating func deliverCachedCopy(_ uri: String, _ bytes: [UInt8]) -> Bool {
        guard pending.contains(uri), cachedCopies[uri] == nil else { return false }
        let loadingCatalog: Bool = if case .loading? = catalogs[uri] { true } else { false }
        let loadingResource: Bool = if case .loading? = resources[uri] { true } else { false }
        guard loadingCatalog || loadingResource else { return false }
        let waiting = pending
        _ = deliver(uri, .success(bytes))
        pending = waiting
        cachedCopies[uri] = bytes
        return true
    }

    /// Stores what the edge delivered for `uri`; returns false when nothing was waiting for it (or it
    /// brought the same bytes as the cached copy in use).
    mutating func deliver(_ uri: String, _ result: SchemaLoadResult) -> Bool {
        pending.removeAll { $0 == uri }
        if let copy = cachedCopies.removeValue(forKey: uri) {
            if case .success(let bytes) = result, bytes == copy { return false }
            // Different bytes (or a failure): the copy goes, and the delivery takes its place.
            if catalogs[uri] != nil { catalogs[uri] = .loading }
            if resources[uri] != nil {
                resources[uri] = .loading
                compiled.removeAll()
                annotationsBehind.removeAll()
                combined.removeAll()
            }
        }
        var known = false
        if definitionFiles[uri] == .loading {
            // The model reads the definitions in it (``DocumentModel/definitionsFound(in:bytes:)``).
            known = true
            switch result {
            case .success: definitionFiles[uri] = .loaded
            case .failure(let f): definitionFiles[uri] = .failed(f.message)
            }
        }
        if case .loading? = catalogs[uri] {
            known = true
            switch result {
            case .success(let bytes):
                do { catalogs[uri] = .loaded(try SchemaCatalog(text: bytes)) } catch {
                    // Downloaded bytes are never echoed (docs/security.md): a URL may answer with anything.
                    catalogs[uri] = .failed(TrustPolicy.isRemote(uri) ? "the response is not a schema catalog"
                                                                       : "not a schema catalog: \(error.message)")
                }
            case .failure(let f): catalogs[uri] = .failed(f.message)
            }
        }
        if case .loading? = resources[uri] {
            known = true
            unavailable.remove(uri)
            switch result {
            case .success(let bytes):
                do { resources[uri] = .loaded(try SchemaText.parse(bytes)) } catch {
                    // Downloaded bytes are never echoed (docs/security.md): the parser's message may quote them.
                    resources[uri] = .invalid(TrustPolicy.isRemote(uri) ? Self.notASchemaResponse
                                                                         : "not valid JSON or YAML: " + error.message)
                }
            case .failure(let f):
                resources[uri] = .failed(f.message)
                if f.kind == .unavailable { unavailable.insert(uri) }
            }
        }
        return known
    }

    /// Forgets the delivered document `uri` (a schema file that was saved) and asks for it again; false
    /// when the registry does not hold it.
    mutating func reload(_ uri: String) -> Bool {
        if let file = definitionFiles[uri], file != .loading {
            definitionFiles[uri] = .loading
            enqueue(uri)
            return true
        }
        guard let r = resources[uri] else { return false }
        if case .loading = r { return false }
        resources[uri] = nil
        compiled.removeAll()
        annotationsBehind.removeAll()
        combined.removeAll()
        return require(uri)
    }

    /// Forgets failures so that they are tried again (after a settings change).
    mutating func forgetFailures() {
        var forgot = false
        for (uri, r) in resources {
            switch r {
            case .failed, .invalid:
                resources[uri] = nil
                forgot = true
            default: break
            }
        }
        // Schemas compiled while a reference was failing are compiled again once it is retried.
        if forgot {
            compiled.removeAll()
            annotationsBehind.removeAll()
            combined.removeAll()
        }
        for (uri, c) in catalogs { if case .failed = c { catalogs[uri] = nil } }
        for (uri, f) in definitionFiles { if case .failed = f { definitionFiles[uri] = nil } }
    }

    /// The phrase for a downloaded schema that is not JSON or YAML ("the schema ... is <phrase>"): what
    /// was wrong, never what was there.
    static let notASchemaResponse = "not valid JSON or YAML (the response is not a JSON or YAML schema; its content is not shown)"

    /// The policy the compiled schemas were compiled under; a different one compiles them again.
    private var policy: TrustPolicy?

    /// The state of the root schema `uri`, requesting it (and the documents it `$ref`s that `policy`
    /// allows) when needed. A schema is compiled once every document it references has arrived or failed.
    mutating func state(of uri: String, policy: TrustPolicy) -> State {
        if self.policy != policy {
            self.policy = policy
            compiled.removeAll()
            annotationsBehind.removeAll()
            earlier.removeAll()
            combined.removeAll()
        }
        guard let resource = resources[uri] else {
            require(uri)
            return .loading
        }
        switch resource {
        case .loading: return .loading
        case .failed(let m): return .failed(m)
        case .invalid(let m): return .invalid(m)
        case .loaded(let json):
            if let schema = compiled[uri] { return Self.usable(schema) }
            let known = resources
            var reached: Set<String> = []
            let resolver: SchemaResolver = { ref in
                let base = Self.withoutFragment(ref)
                reached.insert(base)
                if case .loaded(let j)? = known[base] { return j }
                return nil
            }
            let referencePolicy = { (target: String, referrer: String) in policy.refusal(toFollow: target, from: referrer) }
            let schema = if let previous = earlier.removeValue(forKey: uri) {
                JSONSchema(json: json, updating: previous, resolver: resolver, referencePolicy: referencePolicy)
            } else {
                JSONSchema(json: json, uri: uri, resolver: resolver, referencePolicy: referencePolicy)
            }
            reached.remove(uri)
            references[uri] = reached
            var waiting = false
            for ref in schema.unresolvedReferences {
                let base = Self.withoutFragment(ref)
                switch resources[base] {
                case nil where referencedCount < Self.maxReferencedDocuments:
                    referencedCount += 1
                    require(base)
                    waiting = true
                case .loading?: waiting = true
                default: break
                }
            }
            if waiting { return .loading }
            compiled[uri] = schema
            annotationsBehind.remove(uri)
            return Self.usable(schema)
        }
    }

    /// `.ready(schema)`, or `.invalid` when it has nothing left to check with (``JSONSchema/isNotASchema``:
    /// a root that is not an object or a boolean, or a root whose every keyword has the wrong shape).
    /// Keywords of the wrong shape elsewhere do not make it unusable: the compiled schema leaves them out,
    /// and ``ignoredKeywordsWarning(_:schemaURI:)`` words the finding that says so.
    private static func usable(_ schema: JSONSchema) -> State {
        guard schema.isNotASchema, let first = schema.shapeProblems.first else { return .ready(schema) }
        if TrustPolicy.isRemote(schema.uri) {
            return .invalid("not a JSON Schema (the response is JSON or YAML but no schema; its content is not shown)")
        }
        var why = "not a JSON Schema: " + first.message + " at " + (first.pointer.isEmpty ? "the root" : "#" + first.pointer)
        let more = schema.shapeProblems.count - 1
        if more > 0 { why += " (and \(more) more problem\(more == 1 ? "" : "s"))" }
        return .invalid(why)
    }

    /// The code of the finding (Information) that a usable schema has keywords of the wrong shape, which
    /// are ignored.
    static let keywordIgnoredCode = "schema-keyword-ignored"

    /// The message of the `schema-keyword-ignored` finding for a usable schema with keywords or
    /// subschemas of the wrong shape (``JSONSchema/shapeProblems``), naming the first and how many more;
    /// nil when there are none. `schemaURI` is the URI the document asked for.
    static func ignoredKeywordsWarning(_ schema: JSONSchema, schemaURI: String) -> String? {
        guard let first = schema.shapeProblems.first else { return nil }
        let document = first.documentURI == schema.uri ? "" : first.documentURI
        // The problem's sentence may quote a value; for a downloaded document only the place is named.
        let what = !TrustPolicy.isRemote(first.documentURI) ? first.message
            : first.keyword.map { "`\($0)` has the wrong shape" } ?? "a subschema is not a schema"
        var message = "schema \(schemaURI): " + what + " at " + document + "#" + first.pointer
            + (first.keyword == nil ? "; read as true" : "; the keyword is ignored")
        let more = schema.shapeProblems.count - 1
        if more > 0 { message += " (and \(more) more problem\(more == 1 ? "" : "s") ignored the same way)" }
        return message + "; the rest of the schema is used"
    }

    /// What became of the document `uri` (a schema, a document a schema `$ref`s, a catalog or a
    /// `pureyaml.schema.crds` file), nil when it was never requested; requests nothing.
    func loadStatus(of uri: String) -> SchemaLoadStatus? {
        if let catalog = catalogStatus(uri) { return catalog }
        switch definitionFiles[uri] {
        case .loading?: return .loading
        case .loaded?: return .loaded
        case .failed(let why)?: return .failed(why)
        case nil: break
        }
        switch resources[uri] {
        case nil: return nil
        case .loading?: return .loading
        case .loaded?: return .loaded
        case .failed(let why)?: return .failed(why)
        case .invalid(let why)?: return .invalid(why)
        }
    }

    /// The compiled schema `uri` when it is ready, without requesting or keeping anything (for queries).
    /// One whose annotations are behind its resource (``annotationsBehind``) is compiled again from it with
    /// the resource's JSON (only the subschemas that changed), so that hover and completion show what the
    /// schema says now.
    func compiledSchema(_ uri: String) -> JSONSchema? {
        guard let schema = compiled[uri] else { return nil }
        guard annotationsBehind.contains(uri), case .loaded(let json)? = resources[uri] else { return schema }
        let known = resources
        return JSONSchema(json: json, updating: schema, resolver: { ref in
            if case .loaded(let j)? = known[Self.withoutFragment(ref)] { return j }
            return nil
        }, referencePolicy: { [policy] target, referrer in policy?.refusal(toFollow: target, from: referrer) })
    }

    /// One schema applying all of `uris` (`{"allOf": [{"$ref": uri}, ...]}`, JSON Schema 2020-12 Core
    /// §10.2.1.1), compiled from the documents already delivered (a member not delivered stays an
    /// unresolved reference); requests nothing. Kept once every member has arrived, until a schema is
    /// reloaded.
    mutating func combinedSchema(_ uris: [String]) -> JSONSchema {
        if let schema = combined[uris] { return schema }
        let known = resources
        let json = JSONValue.object([(key: "allOf", value: .array(uris.map { .object([(key: "$ref", value: .string($0))]) }))])
        let schema = JSONSchema(json: json, uri: "urn:pureyaml:all-of") { ref in
            if case .loaded(let j)? = known[Self.withoutFragment(ref)] { return j }
            return nil
        }
        if uris.allSatisfy({ if case .loaded? = resources[$0] { return true } else { return false } }) { combined[uris] = schema }
        return schema
    }

    static func withoutFragment(_ uri: String) -> String {
        guard let hash = uri.firstIndex(of: "#") else { return uri }
        return String(uri[..<hash])
    }
}

/// A catalog entry chosen for a document, with the `fileMatch` glob that matched.
struct SchemaCatalogHit {
    let entry: SchemaCatalog.Entry
    let glob: SchemaGlob
}
