import YAMLComposer
import YAMLSchema

/// What the searches of the workspace for CustomResourceDefinition files have covered and found: each
/// folder (and each glob of `pureyaml.schema.crds`) is searched once per session or run.
struct WorkspaceDefinitions {
    /// The searches made: `folder <path>` for a workspace folder, `glob <path>` for an absolute glob.
    var searched: Set<String> = []
    /// The folders searched (absolute paths): a file below one that changes is read again.
    var folders: [String] = []
    /// The files found holding definitions (absolute `file:` URIs), whose definitions the registry holds
    /// under that URI unless the file is open (an open document stands for its file).
    var files: Set<String> = []
    /// The files each search found (by its key in ``searched``).
    var foundBy: [String: Set<String>] = [:]
    /// With incidental workspace folders (`check`): the folders searched for the last document that named a
    /// custom resource, whose definitions are the only ones found by folder searches that the model holds
    /// (see ``DocumentModel/keepOnlyDefinitionsOfScope(_:)``).
    var scope: [String]?
    /// Per folder looked at: whether it is a project's (holds `.git`, `.pureyaml.yaml` or `.pureyaml.yml`).
    var isProjectFolder: [String: Bool] = [:]
}

/// CustomResourceDefinitions found in the workspace: when a document names a custom resource whose
/// definition is not known (not in the same stream, an open document or a `pureyaml.schema.crds` file),
/// the workspace folders holding the document are searched once for definition files
/// (``DefinitionFileSearch``, through the environment and its trust policy), and so are the globs of
/// `pureyaml.schema.crds` (relative to the workspace root, or to the `.pureyaml.yaml` that names them).
/// Opening a file that names no unknown custom resource searches nothing.
extension DocumentModel {
    /// Before `uri` is associated: when one of its documents names a custom resource whose definition is
    /// not known, searches what has not been searched yet for it (the workspace folders holding it, the
    /// globs of its `pureyaml.schema.crds`) and reads the definitions found (a file open in the editor
    /// stands for itself); returns the resource types whose definition changed. The caller revalidates the
    /// documents concerned. Once everything that could be searched for `uri` was, this costs a look at its settings.
    func searchWorkspaceDefinitions(for uri: DocumentURI) -> Set<KubernetesResourceType> {
        guard environment.readsFiles, let snapshot = records[uri]?.snapshot else { return [] }
        let settings = settings(for: uri).schema
        guard settings.validate, settings.kubernetesDetection else { return [] }
        var targets: [(key: String, root: String, glob: SchemaGlob?)] = []
        let policy = settings.trustPolicy
        for entry in settings.customResourceDefinitions where Self.isGlob(entry) {
            // The trust policy (docs/security.md): a glob is searched only inside the folders schemas may be
            // read from, so nothing outside them is listed or read.
            guard let (root, pattern) = Self.splitGlob(entry, root: settings.workspaceFolders.first?.filePath),
                  policy.readableFolders.contains(where: { TrustPolicy.path(root, isInside: $0) }) else { continue }
            let key = "glob " + root + "/" + pattern
            if !workspaceDefinitions.searched.contains(key) { targets.append((key, root, SchemaGlob(pattern, anchored: true))) }
        }
        var changed: Set<KubernetesResourceType> = []
        if let path = uri.filePath {
            let workspaces = settings.workspaceFolders.compactMap(\.filePath).filter { TrustPolicy.path(path, isInside: $0) }
            let folders = settings.workspaceFoldersAreIncidental ? workspaces.map { definitionSearchFolder(for: path, in: $0) } : workspaces
            if settings.workspaceFoldersAreIncidental, workspaceDefinitions.scope != folders, snapshotNames(snapshot, where: isCustomResource) {
                changed = keepOnlyDefinitionsOfScope(folders)
            }
            for folder in folders {
                // A folder inside one searched already was searched with it.
                guard !workspaceDefinitions.folders.contains(where: { TrustPolicy.path(folder, isInside: $0) }),
                      !targets.contains(where: { $0.glob == nil && TrustPolicy.path(folder, isInside: $0.root) }) else { continue }
                targets.append(("folder " + folder, folder, nil))
            }
        }
        guard !targets.isEmpty, snapshotNames(snapshot, where: needsDefinition) else { return changed }
        // The environment's policy knows the folders of the project files' globs (``readPolicy``).
        environment.trust.set(readPolicy)
        var search = DefinitionFileSearch(environment: environment)
        for target in targets {
            workspaceDefinitions.searched.insert(target.key)
            if target.glob == nil { workspaceDefinitions.folders.append(target.root) }
            for (path, bytes) in search.definitionFiles(below: target.root, matching: target.glob) {
                let source = DocumentURI(filePath: path)
                // The trust policy again, per file (its path, `.` and `..` segments).
                guard policy.refusal(toLoad: source.string, rule: nil, document: nil) == nil else { continue }
                workspaceDefinitions.files.insert(source.string)
                workspaceDefinitions.foundBy[target.key, default: []].insert(source.string)
                guard records[source] == nil else { continue }
                changed.formUnion(definitionsFound(in: source.string, bytes: bytes))
            }
        }
        return changed
    }

    /// True when a document of `snapshot` names a resource type (nil: none) `wanted` says yes to. After an
    /// edit that re-checked one document of the stream, only that one is looked at (the others were
    /// before), so that a keystroke composes nothing more.
    private func snapshotNames(_ snapshot: DocumentSnapshot, where wanted: (KubernetesResourceType?) -> Bool) -> Bool {
        if let (edit, _) = snapshot.recheck {
            // After an edit of one entry that keeps the root's `apiVersion` and `kind`, the type read before.
            let type: KubernetesResourceType?
            if let document = edit.document {
                type = KubernetesResourceType.of(document.root)
            } else if let known = unchangedResourceType(snapshot) {
                type = known
            } else {
                type = snapshot.chunks.flatMap { Self.composeAlone(snapshot, $0, edit.index) }.flatMap(KubernetesResourceType.of)
            }
            return wanted(type)
        } else if let summaries = snapshot.rootSummaries {
            return summaries.contains { wanted($0.resourceType) }
        }
        return snapshot.composition.documents.contains { wanted(KubernetesResourceType.of($0.root)) }
    }

    /// With incidental workspace folders (`check`, where a model checks one file after another): makes the
    /// definitions found by folder searches those of the searches of `scope` only (the folders a document
    /// naming a custom resource searches, ``definitionSearchFolder(for:in:)``), forgetting the other folder
    /// searches and the files only they found, so that they are searched again when a document needs
    /// them. A document's custom resources then get the definitions its own folders hold, whichever files
    /// the model checked before (a definition beside an unrelated file checked earlier is not its
    /// project's), and a folder check gives the same findings on any number of threads (issue 19). Returns
    /// the resource types whose definition was removed.
    private func keepOnlyDefinitionsOfScope(_ scope: [String]) -> Set<KubernetesResourceType> {
        workspaceDefinitions.scope = scope
        let dropped = workspaceDefinitions.folders.filter { !scope.contains($0) }
        guard !dropped.isEmpty else { return [] }
        workspaceDefinitions.folders.removeAll { dropped.contains($0) }
        for folder in dropped {
            workspaceDefinitions.searched.remove("folder " + folder)
            workspaceDefinitions.foundBy["folder " + folder] = nil
        }
        let kept = workspaceDefinitions.foundBy.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        var changed: Set<KubernetesResourceType> = []
        for file in workspaceDefinitions.files where !kept.contains(file) {
            workspaceDefinitions.files.remove(file)
            if records[DocumentURI(file)] == nil { changed.formUnion(schemaRegistry.setDefinitions(file, documents: nil)) }
        }
        return changed
    }

    /// True when `type` is a custom resource's: a group with a dot, no built-in kind (its definition known or not).
    private func isCustomResource(_ type: KubernetesResourceType?) -> Bool {
        guard let type else { return false }
        return type.group.contains(".") && KubernetesBuiltInKinds.served[type] == nil
    }

    /// The folder searched for the definitions the document at `path` needs, inside `workspace`, an
    /// incidental workspace folder (``SchemaSettings/workspaceFoldersAreIncidental``): `workspace` when it
    /// is inside a project (a folder holding `.git`, `.pureyaml.yaml` or `.pureyaml.yml` at or above it);
    /// else the nearest project folder between the document and `workspace`; else the document's own
    /// folder. A folder that is no project is where `check` happens to run (`/`, the home folder, a
    /// downloads folder): what lies beside the document there is not its project, and listing it all
    /// cost seconds from `/`.
    private func definitionSearchFolder(for path: String, in workspace: String) -> String {
        var above = workspace
        while true {
            if isProjectFolder(above) { return workspace }
            let parent = TrustPolicy.folder(of: above)
            if parent == above || above == "/" { break }
            above = parent
        }
        let own = TrustPolicy.folder(of: path)
        var folder = own
        while folder != workspace && TrustPolicy.path(folder, isInside: workspace) {
            if isProjectFolder(folder) { return folder }
            folder = TrustPolicy.folder(of: folder)
        }
        return own
    }

    /// True when `folder` holds `.git`, `.pureyaml.yaml` or `.pureyaml.yml` (asked of the environment once).
    private func isProjectFolder(_ folder: String) -> Bool {
        if let known = workspaceDefinitions.isProjectFolder[folder] { return known }
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        let found = ([".git"] + ProjectConfiguration.fileNames).contains { environment.kind(base + $0) != nil }
        workspaceDefinitions.isProjectFolder[folder] = found
        return found
    }

    /// True when `type` (a document root's) is a custom resource (a group with a dot, no built-in kind) whose
    /// definition is not known.
    private func needsDefinition(_ type: KubernetesResourceType?) -> Bool {
        guard isCustomResource(type), let type else { return false }
        return schemaRegistry.customResources.entry(type) == nil
    }

    /// After the files `uris` changed on disk (``Intent/filesChanged(_:)``): reads again those that may be
    /// workspace definition files (``rereadWorkspaceDefinitionFile(_:budget:)``) and revalidates the
    /// documents their change concerns. The files a search found are always read; other files (new
    /// definition files, or none) at most as many and as large as one search reads
    /// (``DefinitionFileSearch/maxFiles``, ``DefinitionFileSearch/maxBytes``), so that a checkout
    /// changing a whole tree reads a bounded amount.
    func workspaceDefinitionFilesChanged(_ uris: [DocumentURI]) -> Set<SurfaceArea> {
        var budget = (files: DefinitionFileSearch.maxFiles, bytes: DefinitionFileSearch.maxBytes)
        var changed: Set<KubernetesResourceType> = []
        for uri in uris { changed.formUnion(rereadWorkspaceDefinitionFile(uri, budget: &budget)) }
        return changed.isEmpty ? [] : refreshDefinitionUsers(changed, except: nil)
    }

    /// Reads the closed file `uri` again from disk when ``mayBeWorkspaceDefinitionFile(_:)``, in place of
    /// what it defined; returns the resource types whose definition that changed. An open document stands
    /// for its file. With `budget`, a file the search did not find is read only while the budget lasts, and counted.
    func rereadWorkspaceDefinitionFile(_ uri: DocumentURI, budget: inout (files: Int, bytes: Int)) -> Set<KubernetesResourceType> {
        guard records[uri] == nil, mayBeWorkspaceDefinitionFile(uri), let path = uri.filePath else { return [] }
        var documents: [[KubernetesResourceType: CustomResourceSchemas.Entry]]?
        let kind = environment.kind(path)
        if !workspaceDefinitions.files.contains(uri.string), case .file(let size)? = kind {
            guard budget.files > 0, size <= budget.bytes else { return [] }
            budget.files -= 1
            budget.bytes -= size
        }
        if case .file(let size)? = kind, size <= environment.maxSchemaBytes,
           let bytes = environment.readFile(path), DefinitionFileSearch.mayHoldDefinition(bytes) {
            documents = CustomResourceSchemas.definitions(inStream: bytes, source: uri.string)
        }
        if documents?.contains(where: { !$0.isEmpty }) == true {
            workspaceDefinitions.files.insert(uri.string)
        } else {
            workspaceDefinitions.files.remove(uri.string)
        }
        return schemaRegistry.setDefinitions(uri.string, documents: documents)
    }

    /// True when `file` may be a workspace definition file the model wants to hear of when it changes on
    /// disk (``Intent/filesChanged(_:)``): one a search found definitions in, or a `*.yaml`, `*.yml` or
    /// `*.json` file in a searched folder.
    func mayBeWorkspaceDefinitionFile(_ uri: DocumentURI) -> Bool {
        guard let path = uri.filePath else { return false }
        if workspaceDefinitions.files.contains(uri.string) { return true }
        return (YAMLFileFilter.isYAMLFile(path) || path.lowercased().hasSuffix(".json"))
            && workspaceDefinitions.folders.contains { TrustPolicy.path(path, isInside: $0) }
    }

    /// True when a `pureyaml.schema.crds` entry is a glob (holds `*`, `?`, `[` or `{`).
    static func isGlob(_ entry: String) -> Bool { entry.contains { "*?[{".contains($0) } }

    /// The folder a glob entry is searched from and the rest of it, relative to that folder: the entry's
    /// leading segments without glob characters (`/w/deploy/crds/*.yaml` -> `/w/deploy/crds`, `*.yaml`),
    /// an entry that is not absolute taken relative to `root` (the workspace root); nil without one, or
    /// for a URL.
    static func splitGlob(_ entry: String, root: String?) -> (folder: String, pattern: String)? {
        var path = entry
        if path.hasPrefix("file://") { path = String(path.dropFirst("file://".count)) }
        if SchemaReference.hasScheme(path) { return nil }
        if !path.hasPrefix("/") {
            guard let root else { return nil }
            var rest = Substring(path)
            while rest.hasPrefix("./") { rest = rest.dropFirst(2) }
            path = (root.hasSuffix("/") ? root : root + "/") + rest
        }
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        guard let first = segments.firstIndex(where: { isGlob(String($0)) }) else { return nil }
        // `.` and `..` are not walked (the trust policy refuses such paths anyway).
        guard !segments.contains(where: { $0 == "." || $0 == ".." }) else { return nil }
        let folder = "/" + segments[..<first].joined(separator: "/")
        return (folder, segments[first...].joined(separator: "/"))
    }
}
