import YAMLComposer
import YAMLFormatter
import YAMLParser
import YAMLSyntax

/// The engine: holds the open documents and settings, changes them only through ``perform(_:)``, and
/// answers surface queries from immutable snapshots.
///
/// Not thread-safe: a renderer uses one model from one serial context. Snapshots it hands out are
/// immutable values and may cross threads.
public final class DocumentModel {
    /// Everything known about each open document, by URI: one record, made by open, dropped by close.
    var records: [DocumentURI: DocumentRecord] = [:]
    /// The renderer's settings (the editor's, or the command line's); a document's own are
    /// ``settings(for:)``.
    public private(set) var settings = Settings() {
        didSet { if settings.schema != oldValue.schema { environment.trust.set(readPolicy) } }
    }
    /// The outside world: every file the model reads and every schema it loads goes through it.
    public let environment: ModelEnvironment
    /// Documents closed since their diagnostics were last pulled (their surface is an empty list).
    private var closed: Set<DocumentURI> = []
    /// yamllint configuration discovery (see DocumentModel+Lint.swift).
    var lint = LintState()
    /// Schemas and catalogs requested, delivered and compiled.
    var schemaRegistry = SchemaRegistry()
    /// Project settings files found and read.
    private var projectLookup: ProjectSettingsLookup
    /// Every project settings file with problems met, once each (by path and problems), in the order first
    /// met; the renderer reports the new ones when ``SurfaceArea/projectConfigurationProblems`` says so.
    public private(set) var projectConfigurationProblems: [ProjectConfigurationProblem] = []
    private var projectConfigurationProblemsMet: Set<ProjectConfigurationProblem> = []
    /// Values of the renderer's own settings (``Intent/configure(_:)``: the editor's) that are used but
    /// cannot be honoured in full, which the user should see although they belong to no file: a
    /// `pureyaml.schema.kubernetesVersion` outside the built-in kinds' table (a project file's is a finding
    /// of that file instead). Each is noted when a configure gives it (``noteSettingsProblems(from:to:)``),
    /// so once per change of that setting; the list only grows, and the renderer shows the new entries when
    /// ``SurfaceArea/settingsProblems`` says so.
    public private(set) var settingsProblems: [SettingsProblem] = []
    /// Downloads whose copy in the download cache was looked for (see ``loadLocalSchemas()``).
    var cacheProbed: Set<String> = []
    /// Schemas that cannot be had, in the order first met (``missingSchemas``), and each one's index there.
    var missing: (list: [MissingSchema], index: [String: Int]) = ([], [:])
    /// Where each `pureyaml.schema.crds` file requested was named, and the entries found unusable.
    var definitionFileProblems = DefinitionFileProblems()
    /// The SchemaStore catalogs that could not be consulted (``unconsultedCatalogs``).
    var catalogProblems = UnconsultedCatalogs()
    /// The searches of the workspace for CustomResourceDefinition files made so far, and what they found.
    var workspaceDefinitions = WorkspaceDefinitions()
    /// True: every document keeps its composition (the `YAMLNode` graphs) until it is closed or changed,
    /// whatever its size. False (the default, an editor's): a text of at least 256 KiB drops it once its
    /// diagnostics are made and composes it again when a surface or a schema arriving later reads it
    /// (``SnapshotAnalysis/releaseEvents(keepingComposition:)``), so that a server holds less per open
    /// document. The command line sets it: it checks one file at a time and closes it, and on a 10 MB
    /// Kubernetes stream each schema load (or failed load) composed the whole text again (1.5 s of
    /// 2 s CPU time in `pureyaml check`).
    public var keepsCompositions = false
    /// True (a one-shot check, `pureyaml check`): a multi-document stream opened without lint is analysed
    /// one document at a time (``DocumentByDocumentAnalysis``): each document's text parsed, composed and
    /// checked alone, its lossless tree and parse events freed before the next, so the model never holds
    /// the whole text's tree and events, only the diagnostics and the composition that schemas read (the
    /// same diagnostics as a whole-text analysis); a stream of at least 256 KiB keeps not even the
    /// composition unless one schema validates every document (``DocumentRootSummary``), and a large text
    /// analysed whole frees its tree before it is composed. A surface that reads the tree (outline, formatting,
    /// fixes) parses the whole text then. With lint on (which reads the whole text's parse), and after an
    /// edit, the whole text is analysed as usual. False by default (an editor's: the tree serves the next
    /// requests).
    public var analysesDocumentByDocument = false
    /// In a model that does not keep compositions (an editor's), a multi-document stream of at least this many
    /// UTF-8 bytes is opened document by document (``DocumentByDocumentAnalysis``) whatever
    /// ``analysesDocumentByDocument`` says, unless lint reads its whole parse, and keeps none of its documents'
    /// graphs (the model would drop a large text's after the open anyway): the whole text's
    /// lossless tree, parse events and graph held at once made a language server's peak memory after opening
    /// a 10 MB stream 232 MiB. The outline and folding of such a stream are then made document by document
    /// too (``DocumentSnapshot/buildsSurfacesFromChunks``), and its edits re-check their document; a surface
    /// that reads the whole tree (semantic tokens, hover, formatting, ...) parses the text then. The tests
    /// lower it to take that path with small texts.
    ///
    /// 2 MiB: the trade between memory and the first outline. A whole-text open costs up to about 23 bytes of
    /// memory per byte of a Kubernetes-like stream (232 MiB for 10 MB), which passes the memory target of
    /// 8 bytes per byte + 30 MB (docs/performance.md) above about 2 MB; below that, the kept tree and graph
    /// make the first outline and folding 25–50 times cheaper (a 1 MB stream's outline 3.7 ms against
    /// 108–174 ms document by document, which parses and composes every document again).
    var documentByDocumentOpenBytes = 2 << 20

    /// A model with `settings` that reads files and loads schemas through `environment` (``ModelEnvironment/none``:
    /// nothing is read, yamllint configuration files are not looked for, and every schema is left to the
    /// renderer through ``schemaLoadRequests``).
    ///
    /// `projectSettings` says where each document's project settings file is (``ProjectSettingsSource``;
    /// by default the nearest `.pureyaml.yaml` above it, read through `environment`).
    public init(settings: Settings = Settings(), environment: ModelEnvironment = .none,
                projectSettings: ProjectSettingsSource = .discover) {
        self.settings = settings
        self.environment = environment
        self.projectLookup = ProjectSettingsLookup(source: projectSettings, environment: environment)
        if environment.readsFiles { lint.environment = LintEnvironment(environment) }
        environment.trust.set(readPolicy)
    }

    /// The policy of every read through the environment (``ModelEnvironment/trust``): the settings' trust
    /// policy, with the configuration files the user named (`--config`, `YAMLLINT_CONFIG_FILE`) readable
    /// wherever their links point, and the folders the open documents' project files search with their
    /// `pureyaml.schema.crds` globs (``SchemaSettings/definitionGlobFolders``: no link out of them is followed).
    var readPolicy: TrustPolicy {
        var policy = Self.readPolicy(settings.schema, projectSettings: projectLookup.source,
                                     lintConfigFile: lint.environment?.configFileFromEnvironment)
        for folder in Set(records.values.flatMap(\.settings.schema.definitionGlobFolders)).sorted()
        where !policy.readableFolders.contains(folder) {
            policy.readableFolders.append(folder)
        }
        return policy
    }

    /// The policy every read through `environment` follows in a model made with `projectSettings` and
    /// configured with `settings`, before it opens a document (what ``ModelEnvironment/trust`` then holds):
    /// for a renderer that reads through the same environment first, as `check`'s folder walk does, so that
    /// it reads configuration files under the policy its models read under, without making a model.
    public static func readPolicy(settings: Settings, projectSettings: ProjectSettingsSource,
                                  environment: ModelEnvironment) -> TrustPolicy {
        readPolicy(settings.schema, projectSettings: projectSettings,
                   lintConfigFile: environment.readsFiles ? LintEnvironment(environment).configFileFromEnvironment : nil)
    }

    /// `schema`'s trust policy with the configuration files the user named (`--config`, `YAMLLINT_CONFIG_FILE`).
    private static func readPolicy(_ schema: SchemaSettings, projectSettings: ProjectSettingsSource, lintConfigFile: String?) -> TrustPolicy {
        var policy = schema.trustPolicy
        if case .file(let path) = projectSettings { policy.readableFiles.insert(path) }
        if let lintConfigFile { policy.readableFiles.insert(lintConfigFile) }
        return policy
    }

    /// Open documents by URI.
    public var snapshots: [DocumentURI: DocumentSnapshot] { records.mapValues(\.snapshot) }

    /// The URIs of the open documents, sorted.
    public var openDocuments: [DocumentURI] { records.keys.sorted() }

    /// Applies `intent` and returns the surface areas whose content changed; renderers re-pull those.
    ///
    /// - `open`, `change`: `.text`, `.diagnostics`, `.outline`, `.folding`, `.semanticTokens`, `.formatting` of
    ///   the document.
    /// - `close`: `.text` and `.diagnostics` (which becomes empty).
    /// - `save`: nothing, unless the saved text differs from the model's; saving a schema in use
    ///   adds `.schemaLoads` (it is loaded again).
    /// - `configure`: `.settings`, plus the pulled areas (outline, folding, semantic tokens, formatting) of
    ///   every document whose settings changed; when schema
    ///   settings changed, `.schemaInfo` and `.diagnostics` of documents whose schema findings changed.
    /// - `schemaLoaded`, `schemasLoaded`: `.schemaInfo` and `.diagnostics` of documents whose schema findings changed.
    /// Whenever schema results change, `.outline` of streams whose documents the schemas' titles now name
    /// differently (``DocumentTitle``).
    /// - `filesChanged`: `.diagnostics` of documents whose findings changed; for a schema in use, as `save`.
    /// Any of them adds `.schemaLoads` when the model now needs schemas it had not asked for before.
    /// A `change` or `save` for a document that is not open changes nothing.
    ///
    /// Local schema files the model needs (`file:` URIs and absolute paths) are read here, through the
    /// ``environment``, before this returns, so the first diagnostics of a document with a local schema
    /// already hold its findings; only downloads are left to the renderer (``schemaLoadRequests``).
    /// Any of them adds `.lintConfigurationProblems` when a yamllint configuration problem was met for
    /// the first time, `.projectConfigurationProblems` when a project settings file with problems was,
    /// `.missingSchemas` when a schema a rule picked was found missing for the first time, and
    /// `.watchedFiles` when ``watchedFilePatterns`` grew.
    @discardableResult
    public func perform(_ intent: Intent) -> Set<SurfaceArea> {
        noticingProblems {
            var areas = apply(intent)
            guard areas.contains(.schemaLoads), environment.readsFiles else { return areas }
            areas.formUnion(loadLocalSchemas())
            if !schemaRegistry.pending.contains(where: { Self.localSchemaPath($0) == nil }) { areas.remove(.schemaLoads) }
            return areas
        }
    }

    /// `body`'s areas, with `.lintConfigurationProblems` when it met a yamllint configuration problem for
    /// the first time, `.projectConfigurationProblems` when it met a project settings file's problems,
    /// `.missingSchemas` when it met a schema that cannot be had for the first time (``MissingSchema``),
    /// `.unusableDefinitionFiles` when a `pureyaml.schema.crds` entry was found unusable (``UnusableDefinitionFile``),
    /// `.settingsProblems` when the renderer's settings gave a value it cannot honour in full (``settingsProblems``),
    /// `.unconsultedCatalogs` when a SchemaStore catalog could not be consulted (``unconsultedCatalogs``),
    /// and `.watchedFiles` after the first search of the workspace for CustomResourceDefinition files
    /// (``watchedFilePatterns``).
    private func noticingProblems(_ body: () -> Set<SurfaceArea>) -> Set<SurfaceArea> {
        let problems = (lint: lint.configurationProblems.count, project: projectConfigurationProblems.count,
                        missing: missing.list.count, definitions: definitionFileProblems.list.count,
                        settings: settingsProblems.count, catalogs: catalogProblems.list.count)
        let unwatched = workspaceDefinitions.searched.isEmpty
        var areas = body()
        if lint.configurationProblems.count > problems.lint { areas.insert(.lintConfigurationProblems) }
        if projectConfigurationProblems.count > problems.project { areas.insert(.projectConfigurationProblems) }
        if missing.list.count > problems.missing { areas.insert(.missingSchemas) }
        if definitionFileProblems.list.count > problems.definitions { areas.insert(.unusableDefinitionFiles) }
        if settingsProblems.count > problems.settings { areas.insert(.settingsProblems) }
        if catalogProblems.list.count > problems.catalogs { areas.insert(.unconsultedCatalogs) }
        if unwatched && !workspaceDefinitions.searched.isEmpty { areas.insert(.watchedFiles) }
        return areas
    }

    private func apply(_ intent: Intent) -> Set<SurfaceArea> {
        switch intent {
        case let .open(uri, version, text):
            records[uri]?.foreignEncoding = nil
            return replace(uri, version: version, bytes: Array(text.utf8))
        case let .openFile(uri, bytes):
            let encoding = SourceEncoding.detect(bytes)
            return replace(uri, version: 0, bytes: encoding.utf8(bytes), encoding: .some(encoding == .utf8 ? nil : encoding))
        case let .change(uri, version, changes, encoding):
            guard let current = records[uri]?.snapshot else { return [] }
            var bytes = current.bytes
            // The first change is positioned against the current text, whose line index is at hand.
            var index: LineIndex? = current.lineIndex
            // What one change replaced in the current text (a burst's several changes are compared whole).
            var replaced: (start: Int, oldEnd: Int)?
            for change in changes {
                let (edited, range) = Self.applying(change, to: bytes, index: index ?? LineIndex(bytes), encoding: encoding)
                bytes = edited
                replaced = changes.count == 1 ? range : nil
                index = nil
            }
            return replace(uri, version: version, bytes: bytes, after: current, replacing: replaced)
        case let .close(uri):
            guard records.removeValue(forKey: uri) != nil else { return [] }
            closed.insert(uri)
            return forgetDefinitions(of: uri).union([.text(uri), .diagnostics(uri)])
        case let .save(uri, text):
            // A saved schema file is loaded again and the documents using it revalidated.
            let schemaAreas = schemaSaved(uri)
            guard let current = records[uri]?.snapshot, let text else { return schemaAreas }
            let bytes = Array(text.utf8)
            return bytes == current.bytes ? schemaAreas : replace(uri, version: current.version, bytes: bytes).union(schemaAreas)
        case let .configure(newSettings):
            guard newSettings != settings else { return [] }
            let schemaChanged = newSettings.schema != settings.schema
            noteSettingsProblems(from: settings, to: newSettings)
            settings = newSettings
            lint.forgetFoundFiles()
            return resettle(schemaChanged: schemaChanged).union([.settings])
        case let .filesChanged(uris):
            return filesChanged(uris)
        case let .schemaLoaded(uri, result):
            return schemaLoaded(uri, result)
        case let .schemasLoaded(loads):
            return schemasLoaded(loads)
        }
    }

    /// Notes in ``settingsProblems`` what the renderer's settings `new` cannot honour in full and `old`
    /// did not say: a `pureyaml.schema.kubernetesVersion` outside the built-in kinds' table, when the
    /// change set that version or turned detection by content on.
    private func noteSettingsProblems(from old: Settings, to new: Settings) {
        let version = new.schema.kubernetesVersion
        guard new.schema.kubernetesDetection, let note = SchemaSettings.kubernetesVersionNote(version),
              old.schema.kubernetesVersion != version || !old.schema.kubernetesDetection else { return }
        settingsProblems.append(SettingsProblem(key: "pureyaml.schema.kubernetesVersion", value: .string(version),
                                                kind: .partlyUsed(note: note)))
    }

    /// The encoding of the bytes an open document came from when it was not UTF-8
    /// (``Intent/openFile(_:bytes:)`` of UTF-16 or UTF-32), nil otherwise.
    public func foreignEncoding(_ uri: DocumentURI) -> SourceEncoding? { records[uri]?.foreignEncoding }

    /// Handles ``Intent/filesChanged(_:)``: when a project settings file is among them, finds and reads
    /// every document's project settings again; lints every open document again (its configuration files
    /// are looked for and read afresh, which an edit or an open does not do again until then; a parsed one
    /// is reused while its bytes are the same), unless only workspace definition files changed; reloads the
    /// changed files that are schemas in use, and reads again the CustomResourceDefinition files a search of
    /// the workspace found (``workspaceDefinitionFilesChanged(_:)``).
    private func filesChanged(_ uris: [DocumentURI]) -> Set<SurfaceArea> {
        var areas: Set<SurfaceArea> = []
        lint.forgetFoundFiles()
        if uris.contains(where: { ProjectConfiguration.fileNames.contains(String($0.string.split(separator: "/").last ?? "")) }) {
            projectLookup.forget()
            areas = resettle(schemaChanged: false)
        }
        // Configuration files are read again only when one of them changed (not for a definition file).
        if uris.contains(where: Self.dependsOnFile) || !uris.contains(where: mayBeWorkspaceDefinitionFile) {
            for uri in records.keys.sorted() where relint(uri) { areas.insert(.diagnostics(uri)) }
        }
        for uri in uris { areas.formUnion(schemaSaved(uri)) }
        areas.formUnion(workspaceDefinitionFilesChanged(uris))
        return areas
    }

    /// The names of the files whose change on disk the model wants to hear of (with
    /// ``Intent/filesChanged(_:)``): yamllint's configuration files and the project settings files. A
    /// renderer watches `**/` and each name.
    public static let watchedFileNames = LintEnvironment.configFileNames + ProjectConfiguration.fileNames

    /// The settings that apply to `uri`: the renderer's (``configure``) with its project settings file on
    /// top (``Settings/overlaid(with:)``), or the renderer's for a document that is not open.
    public func settings(for uri: DocumentURI) -> Settings { records[uri]?.settings ?? settings }

    /// The project settings file of an open document: found (nil: none applies) or unreadable; nil when
    /// the document is not open.
    public func projectConfiguration(for uri: DocumentURI) -> ProjectSettingsLookup.Outcome? { records[uri]?.project }

    /// The effective settings of `uri` (see ``settings(for:)``) and its project configuration, looked up
    /// through the environment. A document without a path (standard input, an untitled buffer) takes the
    /// project settings of the environment's current directory.
    private func effectiveSettings(_ uri: DocumentURI) -> (Settings, ProjectSettingsLookup.Outcome?) {
        guard let path = uri.filePath ?? environment.currentDirectory.map({ ($0.hasSuffix("/") ? $0 : $0 + "/") + "-" }) else {
            return (settings, nil)
        }
        let outcome = projectLookup.configuration(forFileAt: path)
        if let problem = ProjectConfigurationProblem(outcome), projectConfigurationProblemsMet.insert(problem).inserted {
            projectConfigurationProblems.append(problem)
        }
        return (outcome.configuration.map { settings.overlaid(with: $0) } ?? settings, outcome)
    }

    /// After the renderer's settings or a project settings file changed: gives every open document its
    /// settings again and re-checks what they change. `schemaChanged`: the renderer's schema settings
    /// changed, so every document's schema findings are computed again.
    private func resettle(schemaChanged: Bool) -> Set<SurfaceArea> {
        var areas: Set<SurfaceArea> = []
        var schemaChangedFor: [DocumentURI] = []
        for uri in records.keys.sorted() {
            guard let old = records[uri]?.settings, let s = records[uri]?.snapshot else { continue }
            let (new, outcome) = effectiveSettings(uri)
            records[uri]?.settings = new
            records[uri]?.project = outcome
            guard new != old else { continue }
            areas.formUnion(Self.pulledAreas(uri))
            if new.schema != old.schema { schemaChangedFor.append(uri) }
            // A new maxFileSize may move a document across the full-analysis limit.
            if s.isFullyAnalyzed != (s.bytes.count <= new.maxFileSize) {
                areas.formUnion(replace(uri, version: s.version, bytes: s.bytes))
            } else if relint(uri) {
                areas.insert(.diagnostics(uri))
            }
        }
        if schemaChanged || !schemaChangedFor.isEmpty {
            let requests = schemaRegistry.requestCount
            schemaRegistry.forgetFailures()
            definitionFileProblems.forgetNoted()
            catalogProblems.forgetNoted()
            if schemaChanged {
                areas.formUnion(refreshAllSchemas())
            } else {
                for uri in schemaChangedFor { areas.formUnion(refreshSchema(uri)) }
            }
            areas.insert(.schemaInfo)
            if schemaRegistry.requestCount > requests { areas.insert(.schemaLoads) }
        }
        return areas
    }

    /// Makes the snapshot of `bytes` (re-checking only what an edit of `previous` touched, when it can),
    /// then lint and schema findings; the parse events are released once those have read them.
    private func replace(_ uri: DocumentURI, version: Int, bytes: [UInt8], after previous: DocumentSnapshot? = nil,
                         replacing: (start: Int, oldEnd: Int)? = nil, encoding: SourceEncoding?? = .none) -> Set<SurfaceArea> {
        let docSettings: Settings, project: ProjectSettingsLookup.Outcome?
        if let record = records[uri] { (docSettings, project) = (record.settings, record.project) } else { (docSettings, project) = effectiveSettings(uri) }
        // An editor opens a large stream document by document too (``documentByDocumentOpenBytes``).
        // Lint reads the whole text's parse: a stream it lints is parsed whole once, not per document and again whole.
        let wanted = analysesDocumentByDocument || (previous == nil && !keepsCompositions && bytes.count >= documentByDocumentOpenBytes)
        let byDocument: Bool
        if wanted, case .lint = lint.resolve(uri, settings: docSettings) { byDocument = false } else {
            byDocument = wanted
        }
        let snapshot: DocumentSnapshot
        if let previous {
            snapshot = DocumentSnapshot(uri: uri, version: version, bytes: bytes, after: previous, replacing: replacing,
                                        fullAnalysisLimit: docSettings.maxFileSize)
        } else if byDocument {
            // A large text's graphs are freed as it is analysed, and a document composed again when a schema
            // validates it; in a check, when one schema validates every document (`--schema`, a settings glob),
            // they are kept. An editor's open keeps none (it would release them after the open).
            let keepingGraphsBelow = !analysesDocumentByDocument ? documentByDocumentOpenBytes
                : Self.validatesEveryDocument(uri, docSettings.schema) ? Int.max : SnapshotAnalysis.compositionReleaseBytes
            snapshot = DocumentSnapshot(uri: uri, version: version, bytes: bytes, fullAnalysisLimit: docSettings.maxFileSize,
                                        documentByDocumentKeepingGraphsBelow: keepingGraphsBelow, forEditing: !analysesDocumentByDocument)
        } else {
            snapshot = DocumentSnapshot(uri: uri, version: version, bytes: bytes, fullAnalysisLimit: docSettings.maxFileSize)
        }
        if records[uri] == nil {
            records[uri] = DocumentRecord(snapshot: snapshot, settings: docSettings, project: project)
        } else {
            records[uri]?.snapshot = snapshot
            let earlier = records[uri]?.memo
            records[uri]?.memo = SnapshotMemo(after: earlier)
        }
        if case .some(let e) = encoding { records[uri]?.foreignEncoding = e }
        closed.remove(uri)
        refreshLint(uri, after: previous)
        let requests = schemaRegistry.requestCount
        let schemaAreas = refreshSchemaAndDefinitionUsers(uri)
        // A text checked without its graph (no schema has read it yet) is composed now, from the events about
        // to be released, when a schema it waits for will validate it.
        if snapshot.analysis.holdsEventsToCompose,
           records[uri]?.schema?.documents.contains(where: { $0.schemaURI != nil && $0.status == .loading }) == true {
            _ = snapshot.composition
        }
        snapshot.analysis.releaseEvents(keepingComposition: keepsCompositions)
        var areas: Set<SurfaceArea> = schemaAreas.union([.text(uri), .diagnostics(uri), .outline(uri), .folding(uri),
                                                         .semanticTokens(uri), .formatting(uri)])
        if schemaRegistry.requestCount > requests { areas.insert(.schemaLoads) }
        return areas
    }

    /// True when `settings` give every document of `uri` a schema whatever its content: the command line's
    /// `--schema`, or a settings association other than `kubernetes` whose globs match its path (a modeline
    /// may still change a document's). Kubernetes kinds, catalogs and modelines depend on the content.
    static func validatesEveryDocument(_ uri: DocumentURI, _ settings: SchemaSettings) -> Bool {
        guard settings.validate else { return false }
        if settings.overrideSchema != nil { return true }
        return SchemaAssociator(settings: settings, catalogHit: nil).settingMatches(for: uri).contains { !$0.association.isKubernetes }
    }

    /// The pulled surfaces of `uri` that settings change (a new `maxItemsComputed`, formatting options).
    static func pulledAreas(_ uri: DocumentURI) -> Set<SurfaceArea> {
        [.outline(uri), .folding(uri), .semanticTokens(uri), .formatting(uri)]
    }

    /// Applies one change to `bytes`. Positions are clamped to the text (LSP 3.17 §"Position": a
    /// character past the line end means the line end); a range whose end precedes its start is
    /// treated as empty at its start.
    static func apply(_ change: TextChange, to bytes: [UInt8], encoding: ColumnEncoding) -> [UInt8] {
        apply(change, to: bytes, index: LineIndex(bytes), encoding: encoding)
    }

    /// ``apply(_:to:encoding:)`` with the line index of `bytes` already built.
    static func apply(_ change: TextChange, to bytes: [UInt8], index: LineIndex, encoding: ColumnEncoding) -> [UInt8] {
        applying(change, to: bytes, index: index, encoding: encoding).bytes
    }

    /// ``apply(_:to:index:encoding:)``, with the bytes of `bytes` the change replaced (UTF-8 byte offsets;
    /// nil for a change of the whole text).
    static func applying(_ change: TextChange, to bytes: [UInt8], index: LineIndex,
                         encoding: ColumnEncoding) -> (bytes: [UInt8], replaced: (start: Int, oldEnd: Int)?) {
        guard let range = change.range else { return (Array(change.text.utf8), nil) }
        let start = index.offset(of: range.start, encoding: encoding)
        let end = max(start, index.offset(of: range.end, encoding: encoding))
        // One pass over the text (copying it and then replacing the range moved its tail a second time:
        // 10 MB per keystroke at the end of a large stream).
        let text = change.text.utf8
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count - (end - start) + text.count)
        out += bytes[..<start]
        out += text
        out += bytes[end...]
        return (out, (start, end))
    }

    // MARK: Surfaces

    /// The snapshot of an open document.
    public func snapshot(_ uri: DocumentURI) -> DocumentSnapshot? { records[uri]?.snapshot }

    /// What to publish for `uri`: the open document's diagnostics (syntax, then schema and lint findings
    /// merged by position) with its version, an empty list (version nil) for a document closed since, and
    /// nil for a document the model never saw. A repeated key that both the core `duplicate-key` check and
    /// lint's `key-duplicates` rule report is published once, as the lint diagnostic (see docs/lint.md).
    public func diagnostics(_ uri: DocumentURI) -> DiagnosticsSurface? {
        if let record = records[uri] {
            let s = record.snapshot
            var all = s.diagnostics
            let standIns = duplicateKeyStandIns(s)
            if !standIns.isEmpty { all.removeAll { $0.code == LintDiagnostics.duplicateKeyCode && standIns[$0.range] != nil } }
            let extra = (record.schema?.diagnostics ?? []) + record.lint.diagnostics
            if !extra.isEmpty {
                all += extra
                all.sort { $0.range != $1.range ? $0.range < $1.range : $0.code < $1.code }
            }
            return DiagnosticsSurface(uri: uri, version: s.version, diagnostics: Self.capped(all))
        }
        if closed.contains(uri) { return DiagnosticsSurface(uri: uri, version: nil, diagnostics: []) }
        return nil
    }

    /// At most this many diagnostics are published per document; the rest are summed up in one more.
    public static let maxDiagnosticsPerDocument = 1_000
    /// The diagnostic code of the finding that sums up the diagnostics past ``maxDiagnosticsPerDocument``.
    public static let tooManyFindingsCode = "too-many-findings"

    /// `sorted` (sorted by position) cut to the first ``maxDiagnosticsPerDocument``, plus one finding at
    /// the first one left out that says how many more there are; its severity is the most severe of those
    /// left out, so `check` still fails when an error is among them.
    static func capped(_ sorted: [YAMLDiagnostic]) -> [YAMLDiagnostic] {
        guard sorted.count > maxDiagnosticsPerDocument else { return sorted }
        let rest = sorted[maxDiagnosticsPerDocument...]
        let severity = rest.map(\.severity).min() ?? .information
        var out = Array(sorted.prefix(maxDiagnosticsPerDocument))
        out.append(YAMLDiagnostic(range: TextRange(empty: rest.first!.range.start), severity: severity, code: tooManyFindingsCode,
                                  message: "\(rest.count) more finding\(rest.count == 1 ? "" : "s") in this document \(rest.count == 1 ? "is" : "are") not shown "
                                    + "(at most \(maxDiagnosticsPerDocument) are listed per document)."))
        return out
    }

    /// The outline of an open document (nil when the document is not open). Bounded by
    /// `settings.maxItemsComputed`. Built once per snapshot and set of schema titles (which may name
    /// the documents of a stream: ``DocumentTitle``).
    public func outline(_ uri: DocumentURI) -> OutlineSurface? {
        guard let record = records[uri] else { return nil }
        let limit = record.settings.maxItemsComputed
        let titles = record.schemaTitles
        return record.memo.surface("outline", limit: limit, inputs: titles) {
            Self.buildOutline(record.snapshot, limit: limit, schemaTitles: titles)
        }
    }

    /// The outline of `snapshot` built now, with no per-snapshot cache (what ``outline(_:)`` computes the
    /// first time it is asked at a snapshot; the benchmark measures it): at most `limit` items; `schemaTitles`,
    /// per document of a stream, the title of its schema that may name it (``DocumentTitle``).
    /// A stream whose documents are read from their chunks is outlined chunk by chunk
    /// (``OutlineBuilder/build(chunksOf:chunks:schemaTitles:)``: the same outline, without the whole text's tree and graph).
    public static func buildOutline(_ snapshot: DocumentSnapshot, limit: Int, schemaTitles: [String?] = []) -> OutlineSurface {
        var builder = OutlineBuilder(limit: limit)
        if snapshot.buildsSurfacesFromChunks, let chunks = snapshot.chunks,
           let outline = builder.build(chunksOf: snapshot, chunks: chunks, schemaTitles: schemaTitles) {
            return outline
        }
        return builder.build(snapshot, schemaTitles: schemaTitles)
    }

    /// The whole-document formatting surface of `snapshot` under `options`, laid out and checked now, with no
    /// per-snapshot cache (what ``formatting(_:request:)`` computes the first time it is asked at a snapshot;
    /// the benchmark measures it). No edits when the text has syntax errors or is not valid UTF-8.
    public static func buildFormatting(_ snapshot: DocumentSnapshot, options: FormatOptions) -> FormattingSurface {
        FormattingPlanner.plan(snapshot, options: options)
    }

    /// Formatting edits for an open document (nil when the document is not open): options come from the
    /// settings with `request` on top (an explicit `pureyaml.format.indentWidth` wins over `tabSize`). Documents with syntax errors get no edits.
    public func formatting(_ uri: DocumentURI, request: FormattingRequest = FormattingRequest()) -> FormattingSurface? {
        guard let s = records[uri]?.snapshot else { return nil }
        if let encoding = records[uri]?.foreignEncoding {
            return FormattingSurface(edits: [], refusal: "the file is \(encoding.rawValue); only UTF-8 files are formatted",
                                     formattedText: s.bytes)
        }
        guard settings(for: uri).formatEnabled else {
            return FormattingSurface(edits: [], refusal: "formatting is disabled in the settings", formattedText: s.bytes)
        }
        guard s.isFullyAnalyzed else {
            return FormattingSurface(edits: [], refusal: "the file is larger than pureyaml.maxFileSize", formattedText: s.bytes)
        }
        let options = formatOptions(request, for: uri)
        // Laid out and checked once per snapshot and options.
        return records[uri]?.memo.formatting(options) { Self.buildFormatting(s, options: options) }
    }

    /// The effective formatting options for `request`. Precedence, lowest first: defaults, the settings,
    /// the editor's request (`FormattingOptions`), `.editorconfig` (`request.editorConfig`, else, for a
    /// `file:` document, the `.editorconfig` files above it, read through the ``environment``), and last an
    /// explicit `pureyaml.format.indentWidth` (see docs/formatting.md).
    public func formatOptions(_ request: FormattingRequest, for uri: DocumentURI? = nil) -> FormatOptions {
        let settings = uri.map { self.settings(for: $0) } ?? self.settings
        var o = settings.format
        if let t = request.tabSize, t > 0, t <= 16 { o.indentWidth = t }
        if let v = request.trimTrailingWhitespace { o.trimTrailingWhitespace = v }
        if let v = request.insertFinalNewline { o.insertFinalNewline = v }
        if let v = request.trimFinalNewlines { o.trimFinalNewlines = v }
        if let e = request.editorConfig ?? uri.flatMap(editorConfig) {
            if let v = e.indentSize { o.indentWidth = v }
            if let v = e.lineBreak { o.lineBreak = v }
            if let v = e.insertFinalNewline { o.insertFinalNewline = v }
            if let v = e.trimTrailingWhitespace { o.trimTrailingWhitespace = v }
        }
        if settings.indentWidthIsExplicit { o.indentWidth = settings.format.indentWidth }
        return o
    }

    /// The `.editorconfig` properties of the `file:` document `uri`, read through the environment; nil
    /// when it has no path or the environment reads no files.
    private func editorConfig(_ uri: DocumentURI) -> EditorConfigProperties? {
        guard environment.readsFiles, let path = uri.filePath else { return nil }
        let environment = self.environment
        return EditorConfig.properties(forFile: path) { environment.readFile($0).map { String(decoding: $0, as: UTF8.self) } }
    }

    /// The parse events of an open document in the yaml-test-suite notation, one per line, and whether
    /// the stream is valid (nil when the document is not open).
    ///
    /// Only syntax errors count here: events are the parser's output (YAML 1.2.2 §3.1.2 "Parse"), so a
    /// composition problem such as a duplicate key (§3.2.1.1) does not stop them being printed.
    public func events(_ uri: DocumentURI) -> (lines: [String], errors: [YAMLDiagnostic])? {
        guard let s = records[uri]?.snapshot else { return nil }
        let syntaxErrors = s.syntaxErrors.filter { $0.severity == .error }.map {
            YAMLDiagnostic(range: $0.range, severity: .error, code: $0.code, message: $0.message)
        }
        return (s.parse.events.map(\.testSuiteNotation), syntaxErrors)
    }
}
