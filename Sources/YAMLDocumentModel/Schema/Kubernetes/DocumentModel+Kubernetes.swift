import YAMLComposer
import YAMLSchema

/// CustomResourceDefinitions in open documents, in `pureyaml.schema.crds` files and in files found in the
/// workspace (DocumentModel+WorkspaceDefinitions.swift): kept in the schema registry
/// (``CustomResourceSchemas``), they give custom resources in every open document their schema.
extension DocumentModel {
    /// Re-reads what the open document `uri` defines, then re-associates and revalidates it; when its
    /// definitions changed, the other open documents that name a resource type whose definition was
    /// added, changed or removed too (their `.diagnostics` when those changed, and `.schemaInfo`): opening
    /// one CRD, or typing in its descriptions, revalidates no unrelated file (which, for a large one, would
    /// mean parsing it again). After an edit that re-checked one document of the stream, only that
    /// document is read. The schema diagnostics of `uri` are not compared with the previous ones: its new
    /// text (the only caller, ``replace(_:version:bytes:after:replacing:encoding:)``) reports
    /// `.diagnostics(uri)` anyway.
    func refreshSchemaAndDefinitionUsers(_ uri: DocumentURI) -> Set<SurfaceArea> {
        // The stream's own definitions first, then the workspace's (searched once, and only for a custom
        // resource that is still not defined).
        let own = updateDefinitions(uri)
        let changed = own.union(searchWorkspaceDefinitions(for: uri))
        // New definitions change schemas under URIs that stay the same: the documents of the stream that
        // name a changed type are validated again, the others' findings are reused.
        let areas = refreshSchema(uri, definitionsChanged: changed, comparingDiagnostics: false)
        guard !changed.isEmpty else { return areas }
        return areas.union(refreshDefinitionUsers(changed, except: uri))
    }

    /// After the definitions of `changedTypes` were added, changed or removed: revalidates the open
    /// documents (but `except`) that name one of them, and, with `waiting`, those naming a type that has
    /// no schema (the CRD catalog waits for CRD files); returns their `.diagnostics` (and `.outline`) when
    /// those changed (``refreshSchema(_:definitionsChanged:)``), and `.schemaInfo`.
    func refreshDefinitionUsers(_ changedTypes: Set<KubernetesResourceType>, except: DocumentURI?,
                                waiting: Bool = false) -> Set<SurfaceArea> {
        var areas: Set<SurfaceArea> = [.schemaInfo]
        for other in records.keys where other != except {
            if let old = records[other]?.schema?.documents, !old.contains(where: { d in
                guard let type = d.resourceType else { return false }
                return changedTypes.contains(type) || (waiting && d.schemaURI == nil)
            }) { continue }
            let wasComplete = records[other]?.snapshot.analysis.isComplete ?? true
            areas.formUnion(refreshSchema(other, definitionsChanged: changedTypes, waiting: waiting))
            if !wasComplete { records[other]?.snapshot.analysis.releaseEvents() }
        }
        return areas
    }

    /// After `uri` closed: forgets what it defined, and revalidates the documents that used it. A
    /// `pureyaml.schema.crds` file that was open (its text then stood for the file) is read again.
    func forgetDefinitions(of uri: DocumentURI) -> Set<SurfaceArea> {
        schemaRegistry.definitionsRead[uri.string] = nil
        if schemaRegistry.definitionMemo?.source == uri.string { schemaRegistry.definitionMemo = nil }
        let forgot = schemaRegistry.setDefinitions(uri.string, documents: nil)
        // A definition file of the workspace is read again from disk: one the search found (also when the
        // text in the editor defined nothing), or one whose text defined something (a file a closed
        // document left on disk is not read for nothing: `check` closes every file it checked).
        var changed = forgot
        if !forgot.isEmpty || workspaceDefinitions.files.contains(uri.string) {
            var budget = (files: 1, bytes: environment.maxSchemaBytes)
            changed.formUnion(rereadWorkspaceDefinitionFile(uri, budget: &budget))
        }
        guard !changed.isEmpty else { return [] }
        var areas: Set<SurfaceArea> = []
        if !forgot.isEmpty, schemaRegistry.definitionFiles[uri.string] != nil, schemaRegistry.reload(uri.string) { areas.insert(.schemaLoads) }
        return areas.union(refreshDefinitionUsers(changed, except: uri))
    }

    /// Re-reads the CustomResourceDefinitions of the open document `uri` (none when Kubernetes detection
    /// is off or schema validation is); returns the resource types whose definition changed. After an
    /// edit that re-checked one document of the stream (``DocumentSnapshot/recheck``), only that document
    /// is read.
    @discardableResult
    func updateDefinitions(_ uri: DocumentURI) -> Set<KubernetesResourceType> {
        let source = uri.string
        let settings = settings(for: uri)
        guard let snapshot = records[uri]?.snapshot, settings.schema.validate, settings.schema.kubernetesDetection else {
            schemaRegistry.definitionsRead[source] = nil
            if schemaRegistry.definitionMemo?.source == source { schemaRegistry.definitionMemo = nil }
            return schemaRegistry.setDefinitions(source, documents: nil)
        }
        if schemaRegistry.definitionsRead[source] == ObjectIdentifier(snapshot.analysis) { return [] }
        // After an edit of one block mapping entry that keeps the root's `kind` and `apiVersion`
        // (``BlockEntries``): a document that defined nothing and is no definition still defines nothing (a
        // definition that defined nothing, its `spec` incomplete, may define something after the edit).
        if let edit = snapshot.blockRecheck, edit.keepsResourceType, schemaRegistry.definitionsRead[source] == edit.previous,
           schemaRegistry.customResources.sources[source]?.allSatisfy(\.isEmpty) ?? true,
           let result = records[uri]?.schema, result.snapshot == edit.previous, result.documents.count == 1,
           !CustomResourceDefinition.isDefinition(result.documents[0].resourceType) {
            schemaRegistry.definitionsRead[source] = ObjectIdentifier(snapshot.analysis)
            return []
        }
        if let (edit, previous) = snapshot.recheck, let chunks = snapshot.chunks,
           schemaRegistry.definitionsRead[source] == previous {
            let read = ObjectIdentifier(snapshot.analysis)
            schemaRegistry.definitionsRead[source] = read
            // One entry of a document that is no definition, edited without a change of its `apiVersion` and
            // `kind`: it still defines nothing.
            if edit.entry != nil, let type = unchangedResourceType(snapshot), !CustomResourceDefinition.isDefinition(type) { return [] }
            guard let (entries, alike) = definitions(after: edit, snapshot: snapshot, previous: previous, read: read) else {
                // The document could not be read: what the stream defined is read again whole.
                schemaRegistry.definitionsRead[source] = nil
                return updateDefinitions(uri)
            }
            let changed = schemaRegistry.setDefinitions(source, document: edit.index, count: chunks.starts.count, entries, alike: alike)
            // A type whose schema changed in annotations only validates as before: its resources are not
            // validated again (the registry keeps its compiled schema for that).
            return changed.subtracting(alike)
        }
        if schemaRegistry.definitionMemo?.source == source { schemaRegistry.definitionMemo = nil }
        schemaRegistry.definitionsRead[source] = ObjectIdentifier(snapshot.analysis)
        let documents: [[KubernetesResourceType: CustomResourceSchemas.Entry]]
        if let summaries = snapshot.rootSummaries {
            // Only the definitions are composed again (a check of a large stream kept no graph).
            documents = summaries.indices.map {
                summaries[$0].isDefinition ? CustomResourceSchemas.definitions(in: snapshot.documentRoot($0), source: source) : [:]
            }
        } else {
            documents = snapshot.composition.documents.map { CustomResourceSchemas.definitions(in: $0.root, source: source) }
        }
        return schemaRegistry.setDefinitions(source, documents: documents)
    }

    /// After `snapshot` re-checked one block mapping entry of a document of its stream without a change of
    /// what association reads of the document's root (``DocumentChunks/EntryEdit/keepsRootSummary``): the
    /// resource type the predecessor's schema result read of that root (`.some(nil)`: it names none); nil
    /// when the edit was none such, or the schema result is not the predecessor's.
    func unchangedResourceType(_ snapshot: DocumentSnapshot) -> KubernetesResourceType?? {
        guard let (edit, previous) = snapshot.recheck, let entry = edit.entry, entry.keepsRootSummary, let chunks = snapshot.chunks,
              let result = records[snapshot.uri]?.schema, result.snapshot == previous, result.documents.count == chunks.starts.count,
              edit.index < result.documents.count, settings(for: snapshot.uri).schema.kubernetesDetection else { return nil }
        return .some(result.documents[edit.index].resourceType)
    }

    /// What the document `edit` re-checked defines, `previous` being the snapshot before the edit and
    /// `read` the edited one: when the memo (``SchemaRegistry/definitionMemo``) holds that document as it
    /// was, only the node the edit changed is projected again (``DefinitionMemo/updated(_:chunkLength:changed:read:)``);
    /// otherwise the whole document is, and a definition without aliases is kept as the memo. `alike`: the
    /// types whose entry changed in annotations only (``DefinitionMemo/alike``).
    ///
    /// After an edit of one block mapping entry (``DocumentChunks/Recheck/entry``), the memo is patched with
    /// the entry's value (``DefinitionMemo/updated(entry:chunkStart:chunkLength:changed:read:)``); otherwise
    /// the document is composed again from its chunk. Nil when its chunk does not compose to one document.
    private func definitions(after edit: DocumentChunks.Recheck, snapshot: DocumentSnapshot, previous: ObjectIdentifier,
                             read: ObjectIdentifier) -> (entries: [KubernetesResourceType: CustomResourceSchemas.Entry],
                                                         alike: Set<KubernetesResourceType>)? {
        let source = snapshot.uri.string
        let memo = schemaRegistry.definitionMemo
        schemaRegistry.definitionMemo = nil
        let chunkLength = edit.end - edit.start
        let fits = memo.map { $0.source == source && $0.index == edit.index && $0.read == previous && !edit.hasAliases } ?? false
        if fits, let entry = edit.entry, let memo,
           let next = memo.updated(entry: entry, chunkStart: edit.start, chunkLength: chunkLength, changed: edit.changed, read: read) {
            schemaRegistry.definitionMemo = next
            return (next.entries, next.alike)
        }
        guard let chunks = snapshot.chunks, let root = edit.document?.root ?? Self.composeAlone(snapshot, chunks, edit.index) else { return nil }
        if fits, edit.entry == nil, let memo,
           let next = memo.updated(root, chunkLength: chunkLength, changed: edit.changed, read: read) {
            schemaRegistry.definitionMemo = next
            return (next.entries, next.alike)
        }
        guard CustomResourceDefinition.isDefinition(root), case .success(let json) = JSONProjection.project(root) else { return ([:], []) }
        let entries = CustomResourceSchemas.entries(CustomResourceDefinition(projection: json), source: source)
        if !edit.hasAliases {
            schemaRegistry.definitionMemo = DefinitionMemo(source: source, index: edit.index, read: read, root: root,
                                                           chunkLength: chunkLength, projection: json, entries: entries)
        }
        return (entries, [])
    }

    /// Reads the CustomResourceDefinitions of the YAML stream `bytes`, the content of the file `source`
    /// (an absolute URI), in place of what that file defined before; returns the resource types whose
    /// definition changed.
    /// The way in for definition files: those of `pureyaml.schema.crds` when they arrive, and files a
    /// listing of the workspace folders finds. The caller revalidates (``refreshAllSchemas(settingsUnchanged:)``).
    @discardableResult
    func definitionsFound(in source: String, bytes: [UInt8]) -> Set<KubernetesResourceType> {
        schemaRegistry.setDefinitions(source, documents: CustomResourceSchemas.definitions(inStream: bytes, source: source))
    }

    /// Requests the `pureyaml.schema.crds` files of the renderer's settings and of every open document's
    /// effective settings (its project settings file's entries included; absolute URIs; none where
    /// Kubernetes detection is off) and forgets those no longer listed; true when definitions were
    /// forgotten. Entries with glob characters (`*`, `?`, `[`, `{`) are left out: they need a listing of
    /// folders. An entry the trust policy refuses is noted unusable (``unusableDefinitionFiles``), as one
    /// whose load fails is when it fails.
    @discardableResult
    func syncDefinitionFiles() -> Bool {
        var files: [String] = []
        let sources = [(settings, nil)] + records.keys.sorted().compactMap { uri in
            records[uri].map { ($0.settings, $0.project?.configuration?.uri.filePath) }
        }
        for (s, projectFile) in sources {
            guard s.schema.kubernetesDetection, s.schema.validate, !s.schema.customResourceDefinitions.isEmpty else { continue }
            let associator = SchemaAssociator(settings: s.schema, catalogHit: nil)
            let policy = s.schema.trustPolicy
            for entry in s.schema.customResourceDefinitions where !entry.contains(where: { "*?[{".contains($0) }) {
                let file = associator.resolveSetting(entry)
                // An entry the renderer's settings do not hold came from the project settings file.
                let settingsFile = settings.schema.customResourceDefinitions.contains(entry) ? nil : projectFile
                // The trust policy (docs/security.md): a project file's entry outside the folders is not read.
                if let refusal = policy.refusal(toLoad: file, rule: nil, document: nil) {
                    definitionFileProblems.note(file, entry: entry, settingsFile: settingsFile, reason: refusal)
                    continue
                }
                if definitionFileProblems.origins[file] == nil { definitionFileProblems.origins[file] = (entry, settingsFile) }
                if !files.contains(file) { files.append(file) }
            }
        }
        return schemaRegistry.setDefinitionFiles(files)
    }

    /// Every `pureyaml.schema.crds` entry found unusable so far, in the order met, each problem once per
    /// configuration (``UnusableDefinitionFile``; it only grows; ``SurfaceArea/unusableDefinitionFiles``
    /// says when it did).
    public var unusableDefinitionFiles: [UnusableDefinitionFile] { definitionFileProblems.list }
}
