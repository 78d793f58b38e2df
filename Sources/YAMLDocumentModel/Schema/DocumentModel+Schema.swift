import YAMLComposer
import YAMLParser
import YAMLSchema
import YAMLSyntax

/// Schema association, validation and the explain surface. The model never loads anything: it lists the
/// URIs it needs (``schemaLoadRequests``) and receives bytes through ``Intent/schemaLoaded(_:_:)``.
extension DocumentModel {
    /// What schema validation found for one open document.
    struct SchemaResult {
        var documents: [DocumentSchemaInfo]
        /// The schema diagnostics, per document of the stream. A keystroke in one document of a stream
        /// replaces its findings and moves the later documents' bases, not each of their findings (issue 19:
        /// thousands of findings were copied, moved, sorted and compared on every keystroke in a 10 MB stream).
        var findings: SchemaFindings
        /// The ``SnapshotAnalysis`` of the snapshot this was computed for (identity only).
        var snapshot: ObjectIdentifier?
        /// What the association of ``documents`` was decided from besides the snapshot (nil: not recorded).
        var association: AssociationInputs?
        /// For a one-document text validated after an edit of one block mapping entry (``BlockEntries``):
        /// what the validation of that entry's value gave, so that the next edit inside it re-validates the
        /// value alone (``ValidationWatch``); nil otherwise.
        var watch: ValidationWatch?

        /// The schema diagnostics positioned in the whole text, sorted (``SchemaFindings/all``: made on each
        /// read, linear in their number).
        var diagnostics: [YAMLDiagnostic] { findings.all }

        /// Per document of the stream, the title of its loaded schema (``DocumentSchemaInfo/schemaTitle``):
        /// what the outline's document names depend on besides the text.
        var schemaTitles: [String?] { documents.map(\.schemaTitle) }

        /// ``schemaTitles`` when a document has a title, else empty (what ``namesDocumentsDifferently(from:)``
        /// compares).
        var namingTitles: [String?] {
            documents.contains { $0.schemaTitle != nil } ? schemaTitles : []
        }

        /// True when `titles` (another result's ``namingTitles``) name the documents differently from
        /// ``schemaTitles``; results without any title name them alike whatever their number of documents.
        func namesDocumentsDifferently(from titles: [String?]) -> Bool {
            // By index, without copying the documents' infos (a stream of 13,000 documents is compared
            // on every keystroke).
            if titles.isEmpty { return documents.contains { $0.schemaTitle != nil } }
            return documents.count != titles.count || documents.indices.contains { documents[$0].schemaTitle != titles[$0] }
        }
    }

    /// Schemas and catalogs the model waits for (absolute URIs, `file:` or `http(s):`), in request order.
    /// A renderer loads each one it has not started yet and performs ``Intent/schemaLoaded(_:_:)`` with the
    /// result; ``SurfaceArea/schemaLoads`` is reported whenever new ones are added.
    public var schemaLoadRequests: [String] { schemaRegistry.pending }

    /// The policy the edge applies while it reads the requested `uri` (a local file reached through a
    /// symbolic link is read only inside the policy's folders); nil for the schema the user named on the
    /// command line (``SchemaSettings/overrideSchema``), which is read wherever it is.
    public func trustPolicy(forLoading uri: String) -> TrustPolicy? {
        uri == settings.schema.overrideSchema ? nil : settings.schema.trustPolicy
    }

    /// The schemas rules picked that cannot be had (``MissingSchema``), each once, in the order first met,
    /// with the documents that needed them; it only grows (``SurfaceArea/missingSchemas`` says when).
    public var missingSchemas: [MissingSchema] { missing.list }

    /// Records that `document` needed the missing schema `uri`, which `rule` picked.
    func noteMissing(_ uri: String, rule: SchemaRule, reason: String, document: DocumentURI) {
        if let i = missing.index[uri] {
            if !missing.list[i].documents.contains(document) { missing.list[i].documents.append(document) }
            return
        }
        missing.index[uri] = missing.list.count
        missing.list.append(MissingSchema(schemaURI: uri, rule: rule, reason: reason, documents: [document],
                                          workspaceFolders: settings(for: document).schema.workspaceFolders))
    }

    /// The explain surface: which schema applies to each document of `uri`, why, and its status (nil when
    /// the document is not open).
    public func schemaInfo(_ uri: DocumentURI) -> SchemaInfoSurface? {
        guard let result = records[uri]?.schema else { return nil }
        let settings = settings(for: uri).schema
        let catalogURL = settings.schemaStoreEnabled && settings.overrideSchema == nil ? catalogURI(settings) : nil
        return SchemaInfoSurface(uri: uri, documents: result.documents, catalogURL: catalogURL,
                                 catalogStatus: catalogURL.map { schemaRegistry.catalogStatus($0) ?? .loading })
    }

    /// True when the settings force one schema on every document (the command line's `--schema`) and, for
    /// `uri`, that schema could not be loaded or is not a schema: nothing was validated, which a check must
    /// not pass as success. False while it is still loading, or when no schema is forced.
    public func forcedSchemaIsUnusable(_ uri: DocumentURI) -> Bool {
        guard settings(for: uri).schema.overrideSchema != nil, let documents = records[uri]?.schema?.documents else { return false }
        return documents.contains { d in
            switch d.status {
            case .failed?, .missing?, .invalid?: return d.rule == .commandLine
            default: return false
            }
        }
    }

    /// Every SchemaStore catalog that could not be consulted so far, in the order met, each catalog and
    /// reason once per configuration (``UnconsultedCatalog``; it only grows; ``SurfaceArea/unconsultedCatalogs``
    /// says when it did).
    public var unconsultedCatalogs: [UnconsultedCatalog] { catalogProblems.list }

    /// The absolute URI of the catalog `settings` configure.
    func catalogURI(_ settings: SchemaSettings) -> String {
        SchemaAssociator(settings: settings, catalogHit: nil).resolveSetting(settings.schemaStoreURL)
    }

    /// Re-associates and revalidates `uri`, reusing the previous result for the documents of the stream
    /// an edit did not touch, when it can; `definitionsChanged`: the resource types whose
    /// CustomResourceDefinition changed since that result (the documents naming one are validated again),
    /// and with `waiting`, the documents naming a type without a schema are associated again too (a CRD
    /// file arrived). Returns `.diagnostics(uri)` when its schema diagnostics changed (not compared
    /// without `comparingDiagnostics`: the caller reports that area anyway) and `.outline(uri)` when the
    /// schema titles that may name its documents did.
    @discardableResult
    func refreshSchema(_ uri: DocumentURI, definitionsChanged: Set<KubernetesResourceType> = [], waiting: Bool = false,
                       comparingDiagnostics: Bool = true) -> Set<SurfaceArea> {
        syncDefinitionFiles()
        guard let snapshot = records[uri]?.snapshot else { return [] }
        let settings = settings(for: uri)
        // The previous result leaves the record while the next one is made from it: held only here, its
        // documents' infos (13,000 in a 10 MB stream) are updated in place, not copied on every keystroke.
        var previous = records[uri]?.schema
        records[uri]?.schema = nil
        let oldFindings = comparingDiagnostics ? previous?.findings : nil, oldTitles = previous?.namingTitles ?? []
        let result: SchemaResult
        if settings.schema.validate {
            result = associateAndValidate(snapshot, settings: settings, previous: &previous,
                                          definitionsChanged: definitionsChanged, waiting: waiting)
        } else {
            result = SchemaResult(documents: [], findings: SchemaFindings())
        }
        previous = nil
        records[uri]?.schema = result
        var areas: Set<SurfaceArea> = []
        if comparingDiagnostics, !(oldFindings ?? SchemaFindings()).hasSameDiagnostics(as: result.findings) {
            areas.insert(.diagnostics(uri))
        }
        if result.namesDocumentsDifferently(from: oldTitles) { areas.insert(.outline(uri)) }
        return areas
    }

    /// Everything a document's schema association depends on besides its snapshot and URI
    /// (``SchemaAssociator``): the schema settings, the catalog entry matching its path, the known
    /// CustomResourceDefinitions (by ``SchemaRegistry/definitionsGeneration``) and whether a
    /// `pureyaml.schema.crds` file is still loading. A schema arriving or failing changes none of them, so
    /// the association of a snapshot is decided once, not again for each schema of its stream (issue 19:
    /// on a 10 MB Kubernetes stream it was decided four times per document in `pureyaml check`).
    struct AssociationInputs: Equatable {
        var settings: SchemaSettings
        var catalogEntry: SchemaCatalog.Entry?
        var catalogGlob: String?
        var definitionsGeneration: Int
        var definitionFilesPending: Bool
    }

    /// The schema result of `snapshot` under `settings` (validation on), made from `previous`, the document's
    /// last result, which it may take apart (its documents' infos are moved into the new result).
    private func associateAndValidate(_ snapshot: DocumentSnapshot, settings: Settings, previous: inout SchemaResult?,
                                      definitionsChanged: Set<KubernetesResourceType>, waiting: Bool) -> SchemaResult {
        let uri = snapshot.uri
        var catalogHit: SchemaCatalogHit?
        if settings.schema.schemaStoreEnabled && settings.schema.overrideSchema == nil {
            let url = catalogURI(settings.schema)
            if let why = settings.schema.trustPolicy.refusal(toLoad: url, rule: nil, document: uri) {
                schemaRegistry.refuseCatalog(url, why)
                catalogProblems.note(url, reason: why, unavailable: false)
            } else {
                schemaRegistry.requireCatalog(url)
            }
            catalogHit = schemaRegistry.catalogEntry(url, path: SchemaAssociator.path(of: uri))
        }
        let associator = SchemaAssociator(settings: settings.schema, catalogHit: catalogHit,
                                          customResources: schemaRegistry.customResources,
                                          definitionFilesPending: schemaRegistry.definitionFiles.values.contains(.loading))
        let inputs = AssociationInputs(settings: settings.schema, catalogEntry: catalogHit?.entry, catalogGlob: catalogHit?.glob.pattern,
                                       definitionsGeneration: schemaRegistry.definitionsGeneration,
                                       definitionFilesPending: associator.definitionFilesPending)
        var result: SchemaResult
        if definitionsChanged.isEmpty, !waiting,
           let reused = blockEditSchemaResult(snapshot, previous) ?? blockEditRevalidation(snapshot, previous) {
            result = reused
        } else if definitionsChanged.isEmpty, !waiting, previous?.association == inputs,
                  previous?.snapshot == ObjectIdentifier(snapshot.analysis), let associated = Self.takeDocuments(&previous)?.documents {
            // Same snapshot, same inputs: the same association; only the schemas' states may differ.
            result = fullSchemaResult(snapshot, associator, associated: associated)
        } else {
            result = incrementalSchemaResult(snapshot, associator, previous: &previous, definitionsChanged: definitionsChanged, waiting: waiting)
                ?? fullSchemaResult(snapshot, associator)
        }
        result.association = inputs
        return result
    }

    /// After `snapshot` re-checked one block mapping entry of its predecessor's one document
    /// (``BlockEntries``) without a change of the root's `kind` and `apiVersion`
    /// (``BlockEntries/Recheck/keepsResourceType``): the predecessor's result, when it associated no schema
    /// and no rule with the document (a Kubernetes resource type without a schema included), or one schema
    /// that validated nothing (not loaded: still loading, or
    /// failed, missing or invalid, and its state in the registry unchanged), and the entry holds no modeline.
    /// What else decides the association is unchanged: the document's URI, the settings and the catalog (a
    /// change of those refreshes from the current snapshot, so the predecessor's result is no longer the last
    /// one). Nil otherwise. (A Kubernetes document whose kind's schema cannot be had composed its whole
    /// text again on every keystroke to find the same association.)
    private func blockEditSchemaResult(_ snapshot: DocumentSnapshot, _ previous: SchemaResult?) -> SchemaResult? {
        guard let edit = snapshot.blockRecheck, edit.keepsResourceType, var result = previous,
              result.snapshot == edit.previous, result.documents.count == 1, result.findings.isEmpty,
              !SchemaAssociator.mayHoldModeline(snapshot.bytes, range: edit.slice) else { return nil }
        let info = result.documents[0]
        guard !info.disabled, info.additionalSchemaURIs.isEmpty else { return nil }
        if let schemaURI = info.schemaURI {
            guard let status = info.status, schemaValidatesNothing(schemaURI, status: status, snapshot.uri) else { return nil }
        } else {
            // A Kubernetes resource type whose kind has no schema here stays that type (the edit keeps the
            // root's `kind`, `apiVersion` and `metadata`; a change of the definitions refreshes otherwise).
            guard info.rule == nil else { return nil }
        }
        result.documents[0].range = TextRange(start: 0, end: snapshot.bytes.count)
        result.snapshot = ObjectIdentifier(snapshot.analysis)
        return result
    }

    /// True when a document's schema `schemaURI`, of load status `status` in the last result, validates nothing
    /// and still would: it was not loaded (loading, failed, missing or invalid) and the registry's state of it
    /// is still of that kind (not delivered since, nor failed while it was loading). False for a schema never
    /// requested (one the trust policy refuses is never asked for: docs/security.md).
    private func schemaValidatesNothing(_ schemaURI: String, status: SchemaLoadStatus, _ uri: DocumentURI) -> Bool {
        guard schemaRegistry.resources[schemaURI] != nil else { return false }
        switch (status, schemaRegistry.state(of: schemaURI, policy: settings(for: uri).schema.trustPolicy)) {
        case (.loading, .loading): return true
        case (.failed, .failed), (.missing, .failed), (.invalid, .invalid): return true
        default: return false
        }
    }

    /// After `snapshot` re-checked one block mapping entry of its predecessor's one document
    /// (``BlockEntries``) without a change of the root's `kind` and `apiVersion`, inside the entry whose
    /// value the predecessor's validation watched (``SchemaResult/watch``): the predecessor's result with
    /// its findings moved by the edit, when evaluating the entry's new value alone against what applied
    /// to it gives what it gave before (``JSONSchema/revalidate(_:value:key:offset:mapping:)``: the whole
    /// document would then give the same findings, moved). Like ``blockEditSchemaResult(_:)``, only when
    /// what decides the association is unchanged: no modeline in the entry, the document's URI, the
    /// settings, the catalog, and the same compiled schema, loaded, and no other schema for the document.
    /// Nil otherwise: the document is validated whole.
    private func blockEditRevalidation(_ snapshot: DocumentSnapshot, _ previous: SchemaResult?) -> SchemaResult? {
        guard let edit = snapshot.blockRecheck, let change = snapshot.blockEdit, edit.keepsResourceType,
              var result = previous, result.snapshot == edit.previous, let watch = result.watch,
              result.documents.count == 1, result.findings.violations.count == 1, result.findings.base(0) == 0,
              !SchemaAssociator.mayHoldModeline(snapshot.bytes, range: edit.slice) else { return nil }
        let info = result.documents[0]
        guard let schemaURI = info.schemaURI, info.status == .loaded, !info.disabled, info.additionalSchemaURIs.isEmpty else { return nil }
        if case .modeline? = info.rule { return nil }
        guard case .ready(let schema) = schemaRegistry.state(of: schemaURI, policy: settings(for: snapshot.uri).schema.trustPolicy),
              case .mapping(let pairs) = change.entry.content, pairs.count == 1,
              edit.slice.start + pairs[0].key.range.start == watch.keyOffset,
              let next = schema.revalidate(watch, value: pairs[0].value, key: pairs[0].key, offset: edit.slice.start, mapping: change.map)
        else { return nil }
        func moved(_ list: [YAMLDiagnostic]) -> [YAMLDiagnostic]? {
            var out: [YAMLDiagnostic] = []
            out.reserveCapacity(list.count)
            for var d in list {
                guard let start = change.map(d.range.start), let end = change.map(d.range.end) else { return nil }
                d.range = TextRange(start: start, end: end)
                out.append(d)
            }
            return out
        }
        guard let problems = moved(result.findings.loadProblems), let found = result.findings.violations[0],
              let violations = moved(found) else { return nil }
        result.findings.loadProblems = problems
        result.findings.violations[0] = violations
        result.documents[0].range = TextRange(start: 0, end: snapshot.bytes.count)
        result.snapshot = ObjectIdentifier(snapshot.analysis)
        result.watch = next
        return result
    }

    /// Associates (unless `associated` gives the association already made for `snapshot`) and validates
    /// every document of `snapshot`. A one-document text that re-checked one block mapping entry of its
    /// predecessor (``BlockEntries``) has the validation of that entry's value recorded
    /// (``SchemaResult/watch``), for the next keystroke in it.
    private func fullSchemaResult(_ snapshot: DocumentSnapshot, _ associator: SchemaAssociator,
                                  associated: [DocumentSchemaInfo]? = nil) -> SchemaResult {
        let ranges = snapshot.documentRanges
        let severity = associator.settings.severity
        // The key of the re-checked entry (after the indentation and any `- ` of its first line).
        var watchedKey: Int?
        if ranges.count == 1, let slice = snapshot.blockRecheck?.slice, let entry = snapshot.blockEdit?.entry,
           case .mapping(let pairs) = entry.content, pairs.count == 1 {
            watchedKey = slice.start + pairs[0].key.range.start
        }
        var watch: ValidationWatch?
        let documents = associated ?? associator.associate(snapshot)
        var result = schemaResult(snapshot, documents, findings: SchemaFindings(documents: documents.count), documentStart: {
            $0 < ranges.count ? ranges[$0].start : nil
        }, validate: { i, schemaURI, schema in
            let schema = schema()
            guard let root = snapshot.documentRoot(i) else { return .found([], base: 0) }
            let violations: [SchemaViolation]
            if let key = watchedKey {
                // Only the document's one schema is watched (a second would find the watch taken).
                (violations, watch) = watch == nil ? schema.validate(root, watchingEntryAt: key) : (schema.validate(root), nil)
                watchedKey = nil
            } else {
                violations = schema.validate(root)
            }
            return .found(Self.diagnostics(violations, schemaURI: schemaURI, severity: severity), base: 0)
        })
        result?.watch = watch
        // Nothing is reused, so every document can be validated.
        return result ?? SchemaResult(documents: [], findings: SchemaFindings())
    }

    /// The previous result of `snapshot`'s document with what changed since computed again: after
    /// `snapshot` re-checked one document of its predecessor's stream (``DocumentChunks``), that document;
    /// when CustomResourceDefinitions changed (`definitionsChanged`, and with `waiting` the types without
    /// a schema), the documents naming a type concerned, each composed alone from its chunk of the text
    /// (the whole text is not parsed). After an edit of one block mapping entry of a document
    /// (``DocumentChunks/EntryEdit``) that cannot change what association reads of its root, the document
    /// keeps its association, and is composed from its chunk only when a schema validates it. The other
    /// documents' findings are moved with the text. Nil when
    /// that cannot give the same as ``fullSchemaResult(_:_:)``: a schema modeline in the stream or in the
    /// edited document, a document with several schemas, a schema whose state changed, a stream that is
    /// not in chunks, or no previous result for the predecessor (or, with no edit, for this snapshot).
    /// `previous` is the document's last result; its documents' infos are moved into the new result (it is
    /// left without them, whether or not a result is made).
    private func incrementalSchemaResult(_ snapshot: DocumentSnapshot, _ associator: SchemaAssociator, previous: inout SchemaResult?,
                                         definitionsChanged: Set<KubernetesResourceType>, waiting: Bool) -> SchemaResult? {
        guard let old = previous, let chunks = snapshot.chunks, old.documents.count == chunks.starts.count,
              old.findings.violations.count == old.documents.count else { return nil }
        let edit: DocumentChunks.Recheck?
        if let (recheck, previous) = snapshot.recheck, old.snapshot == previous {
            edit = recheck
        } else if old.snapshot == ObjectIdentifier(snapshot.analysis), !definitionsChanged.isEmpty || waiting {
            edit = nil
        } else {
            return nil
        }
        if associator.settings.overrideSchema == nil {
            // A modeline anywhere decides per region, which the edit may move: only streams without one.
            // Documents with several schemas are validated in full.
            for i in old.documents.indices {
                if old.documents[i].disabled || !old.documents[i].additionalSchemaURIs.isEmpty { return nil }
                if case .modeline? = old.documents[i].rule { return nil }
            }
            // After an edit of one entry, the rest of the chunk is the same text (and the same comments).
            if let edit, SchemaAssociator.mayHoldModeline(snapshot.bytes, range: edit.entry?.slice ?? TextRange(start: edit.start, end: edit.end)) {
                return nil
            }
        }
        // The documents whose association and findings are computed again, with their roots composed
        // alone (ranges relative to `offset`, the start of their chunk; 0 when the whole composition is at hand).
        var fresh: [Int: (root: YAMLNode, offset: Int)] = [:]
        // After an edit of one entry that keeps what association reads of the document's root, the edited
        // document keeps its association; its root is composed only when a schema validates it.
        var revalidated: Int?
        if let edit {
            if let document = edit.document {
                fresh[edit.index] = (document.root, edit.start)
            } else if edit.entry?.keepsRootSummary == true {
                revalidated = edit.index
            } else {
                guard let root = Self.composeAlone(snapshot, chunks, edit.index) else { return nil }
                fresh[edit.index] = (root, edit.start)
            }
        }
        let whole = snapshot.analysis.isComplete ? snapshot.composition.documents : nil
        for i in old.documents.indices where !definitionsChanged.isEmpty || waiting {
            guard fresh[i] == nil, let type = old.documents[i].resourceType,
                  definitionsChanged.contains(type) || (waiting && old.documents[i].schemaURI == nil) else { continue }
            if i == revalidated { revalidated = nil }
            if let whole {
                guard i < whole.count else { return nil }
                fresh[i] = (whole[i].root, 0)
            } else {
                guard let root = Self.composeAlone(snapshot, chunks, i) else { return nil }
                fresh[i] = (root, chunks.starts[i])
            }
        }
        let regions = SchemaAssociator.regions(chunks.documentRanges, textLength: snapshot.bytes.count)
        // The infos and findings are moved out of `previous` (and `old` dropped), so that writing one of
        // them does not copy them all (13,000 in a 10 MB stream); schemaResult sets the statuses and titles,
        // writing only those that change, and the fresh documents' findings. Only the regions that moved
        // are written.
        _ = consume old
        guard case (var documents, let findings)? = Self.takeDocuments(&previous) else { return nil }
        for i in documents.indices where documents[i].range != regions[i] { documents[i].range = regions[i] }
        let setting = associator.settingMatches(for: snapshot.uri)
        for (i, document) in fresh {
            documents[i] = associator.info(index: i, region: regions[i], modeline: nil, uri: snapshot.uri, setting: setting,
                                           root: DocumentRootSummary(document.root))
            if !documents[i].additionalSchemaURIs.isEmpty { return nil }
        }
        let severity = associator.settings.severity
        // The documents validated again lie in `freshSpan` (one document after a keystroke): the others are
        // told apart without a lookup each.
        var freshSpan = (fresh.keys.min() ?? Int.max)...(fresh.keys.max() ?? Int.max)
        if let revalidated { freshSpan = min(freshSpan.lowerBound, revalidated)...max(freshSpan.upperBound, revalidated) }
        return schemaResult(snapshot, consume documents, findings: consume findings,
                            documentStart: { $0 < chunks.documentRanges.count ? chunks.documentRanges[$0].start : nil },
                            validate: { i, schemaURI, schema in
            if freshSpan.contains(i) {
                if i == revalidated, fresh[i] == nil {
                    guard let root = Self.composeAlone(snapshot, chunks, i) else { return nil }
                    fresh[i] = (root, chunks.starts[i])
                }
                if let document = fresh[i] {
                    return .found(Self.diagnostics(schema().validate(document.root), schemaURI: schemaURI, severity: severity),
                                  base: document.offset)
                }
            }
            // Not a fresh document: its info is the previous one (one schema, no additional ones: checked
            // above), so `schemaURI` is the one it was validated against when it was loaded. Its findings
            // are kept as they are; after the edited document, their base moves.
            guard let edit, i > edit.index else { return .kept(moved: 0) }
            return .kept(moved: edit.delta)
        })
    }

    /// The documents' infos and findings of `result`, moved out of it (it keeps none), so that the caller
    /// holds the only reference to them and writes them in place; nil when there is no result.
    private static func takeDocuments(_ result: inout SchemaResult?) -> (documents: [DocumentSchemaInfo], findings: SchemaFindings)? {
        guard result != nil else { return nil }
        let taken = (result!.documents, result!.findings)
        result!.documents = []
        result!.findings = SchemaFindings()
        return taken
    }

    /// The root of document `index` of `snapshot`'s stream, parsed and composed from its chunk alone
    /// (YAML 1.2.2 §9.2: the documents of a stream without directives share nothing), its ranges relative
    /// to the chunk's start; nil when the chunk does not give exactly one document.
    static func composeAlone(_ snapshot: DocumentSnapshot, _ chunks: DocumentChunks, _ index: Int) -> YAMLNode? {
        let start = chunks.starts[index]
        let end = chunks.end(of: index, textCount: snapshot.bytes.count)
        let composition = Composer.compose(Parser.parse(Array(snapshot.bytes[start..<end])),
                                           lineOffset: index == 0 ? 0 : snapshot.lineIndex.line(containing: start))
        guard composition.documents.count == 1, let document = composition.documents.first else { return nil }
        return document.root
    }

    /// What ``schemaResult(_:_:findings:documentStart:validate:)`` is told of one document's validation
    /// against one of its schemas.
    private enum SchemaValidation {
        /// Its findings, sorted (``diagnostics(_:schemaURI:severity:)``), their ranges relative to `base`.
        case found([YAMLDiagnostic], base: Int)
        /// The document (one schema, the one it was validated against when it was loaded) keeps the
        /// findings it has in the result being updated, their base moved by `moved`.
        case kept(moved: Int)
    }

    /// Sets the load status of each of `documents` and collects the schema diagnostics into `findings`
    /// (per document, as many as `documents`: the previous result's, updated in place, or none):
    /// `validate(i, uri, schema)` says what document `i` gives against its ready schema `uri` (`schema()`
    /// reads it; nil: the findings cannot be had, and the whole result is nil); `documentStart(i)` where
    /// document `i` starts (UTF-8 byte offset). A document's status is that of its first schema; each of its
    /// ``DocumentSchemaInfo/additionalSchemaURIs`` is validated too, and reported when it cannot be used. A
    /// document that validates nothing has no findings.
    private func schemaResult(_ snapshot: DocumentSnapshot, _ documents: consuming [DocumentSchemaInfo], findings: consuming SchemaFindings,
                              documentStart: (Int) -> Int?,
                              validate: (Int, String, () -> JSONSchema) -> SchemaValidation?) -> SchemaResult? {
        guard findings.violations.count == documents.count else { return nil }
        var problems: [YAMLDiagnostic] = []
        var reported: Set<String> = []
        // Streams of many manifests share a few schemas: what depends on a schema alone (its state, the
        // status it gives, its title, whether its problems were reported) is worked out once per schema,
        // the first time a document names it, and looked up by the URI without hashing it while few
        // schemas are met (12,654 documents of three kinds alternate in a 10 MB stream).
        struct Known {
            /// A schema's ``SchemaRegistry/State`` without the schema (a `JSONSchema` copied per document
            /// retained and released each of its references).
            enum State { case loading, ready, failed(String), invalid(String) }
            let uri: String
            let state: State
            /// The schema, when it is ready.
            let schema: JSONSchema?
            let status: SchemaLoadStatus
            /// Its problems (refused references, ignored keywords, the failure to load it) are reported.
            var reported = false
            /// Noted as missing for this document (``noteMissing(_:rule:reason:document:)``).
            var noted = false
            /// Its title, read once (``title(of:)``).
            var title: String?? = nil
        }
        var known: [Known] = []
        var knownIndex: [String: Int] = [:]
        var last = -1
        // Titles name documents only in a stream of several (``DocumentTitle``).
        let named = documents.count > 1
        let schemaSettings = settings(for: snapshot.uri).schema
        let policy = schemaSettings.trustPolicy
        let catalogURI = catalogURI(schemaSettings)
        /// The index in `known` of `schemaURI`, met first as schema `n` of a document picked by `rule`.
        func lookUp(_ schemaURI: String, n: Int, rule: SchemaRule?) -> Int {
            if last >= 0, known[last].uri == schemaURI { return last }
            if known.count <= 8 {
                if let k = known.indices.first(where: { known[$0].uri == schemaURI }) { return k }
            } else if let k = knownIndex[schemaURI] {
                return k
            }
            // The trust policy first (docs/security.md): a refused schema is never requested.
            let refusal: String?
            if case .catalog? = rule {
                refusal = policy.refusal(toFollow: schemaURI, from: catalogURI)
            } else if n == 0, case .customResource(_, _?)? = rule {
                // Built from a definition the model already holds (an open document, a CRD file
                // read under the policy): nothing is read for it.
                refusal = nil
            } else {
                refusal = policy.refusal(toLoad: schemaURI, rule: rule, document: snapshot.uri)
            }
            let state = refusal.map(SchemaRegistry.State.failed) ?? schemaRegistry.state(of: schemaURI, policy: policy)
            let status: SchemaLoadStatus
            switch state {
            case .loading: status = .loading
            case .ready: status = .loaded
            case .failed(let why):
                // A download that cannot be had here and now is missing (schemas the trust policy refused
                // are never requested, so never missing): said once per schema (``missingSchemas``),
                // besides the document's own finding.
                let missing = refusal == nil && TrustPolicy.isRemote(schemaURI) && schemaRegistry.unavailable.contains(schemaURI)
                status = missing ? .missing(why) : .failed(why)
            case .invalid(let why): status = .invalid(why)
            }
            switch state {
            case .loading: known.append(Known(uri: schemaURI, state: .loading, schema: nil, status: status))
            case .ready(let schema): known.append(Known(uri: schemaURI, state: .ready, schema: schema, status: status))
            case .failed(let why): known.append(Known(uri: schemaURI, state: .failed(why), schema: nil, status: status))
            case .invalid(let why): known.append(Known(uri: schemaURI, state: .invalid(why), schema: nil, status: status))
            }
            knownIndex[schemaURI] = known.count - 1
            return known.count - 1
        }
        for i in documents.indices {
            // What did not change is not written: `documents` and `findings` may be the previous result's,
            // updated in place.
            guard let primary = documents[i].schemaURI else {
                if documents[i].schemaTitle != nil { documents[i].schemaTitle = nil }
                if findings.violations[i] != nil { findings.violations[i] = nil }
                continue
            }
            var title: String?
            var validated = false
            // The fields read, not the whole info: copying 13,000 of them took most of a keystroke in a stream.
            let additional = documents[i].additionalSchemaURIs, rule = documents[i].rule, index = documents[i].index
            for n in 0...additional.count {
                let schemaURI = n == 0 ? primary : additional[n - 1]
                let k = lookUp(schemaURI, n: n, rule: rule)
                last = k
                let status = known[k].status
                switch known[k].state {
                case .loading:
                    break
                case .ready:
                    if n == 0 && named {
                        if known[k].title == nil { known[k].title = .some(Self.title(of: known[k].schema!)) }
                        title = known[k].title ?? nil
                    }
                    if !known[k].reported {
                        known[k].reported = true
                        let schema = known[k].schema!
                        for (target, why) in schema.refusedReferences where reported.insert(schemaURI + " " + target).inserted {
                            problems.append(loadProblem(documents[i], schemaURI: schemaURI, snapshot: snapshot,
                                                           documentStart: documentStart(index), code: "schema-load-failed",
                                                           message: "schema \(schemaURI): the reference to \(target) is not followed: \(why)"))
                        }
                        if let why = SchemaRegistry.ignoredKeywordsWarning(schema, schemaURI: schemaURI) {
                            problems.append(loadProblem(documents[i], schemaURI: schemaURI, snapshot: snapshot,
                                                           documentStart: documentStart(index),
                                                           code: SchemaRegistry.keywordIgnoredCode, message: why, severity: .information))
                        }
                    }
                    switch validate(i, schemaURI, { known[k].schema! }) {
                    case nil:
                        return nil
                    case .kept(let moved)?:
                        // What it was validated against before: one schema, loaded (its status not yet updated).
                        guard n == 0, additional.isEmpty, case .loaded? = documents[i].status, findings.violations[i] != nil else { return nil }
                        if moved != 0 { findings.setBase(i, findings.base(i) + moved) }
                    case .found(let found, let base)?:
                        // A document's findings are kept as they come (sorted, relative to `base`), not copied.
                        if validated, let kept = findings.violations[i] {
                            if !found.isEmpty {
                                var all = kept + found.map { var d = $0; d.range = d.range.shifted(by: base - findings.base(i)); return d }
                                DiagnosticsCollector.sort(&all)
                                findings.violations[i] = all
                            }
                        } else {
                            findings.violations[i] = found
                            findings.setBase(i, base)
                        }
                    }
                    validated = true
                case .failed(let why):
                    if case .missing = status, let rule, !known[k].noted {
                        known[k].noted = true
                        noteMissing(schemaURI, rule: rule, reason: why, document: snapshot.uri)
                    }
                    // Kinds without a published schema stay quiet, and so do those whose schema is missing.
                    if n == 0, rule?.isKubernetes == true { break }
                    if !known[k].reported {
                        known[k].reported = true
                        problems.append(loadProblem(documents[i], schemaURI: schemaURI, snapshot: snapshot,
                                                       documentStart: documentStart(index), code: "schema-load-failed",
                                                       message: "cannot load schema \(schemaURI): \(why)"))
                    }
                case .invalid(let why):
                    if !known[k].reported {
                        known[k].reported = true
                        problems.append(loadProblem(documents[i], schemaURI: schemaURI, snapshot: snapshot,
                                                       documentStart: documentStart(index), code: "schema-invalid",
                                                       message: "schema \(schemaURI) is \(why)"))
                    }
                }
                if n == 0, documents[i].status != status { documents[i].status = status }
            }
            if documents[i].schemaTitle != title { documents[i].schemaTitle = title }
            if !validated, findings.violations[i] != nil { findings.violations[i] = nil }
        }
        DiagnosticsCollector.sort(&problems)
        findings.loadProblems = problems
        return SchemaResult(documents: documents, findings: findings, snapshot: ObjectIdentifier(snapshot.analysis))
    }

    /// What hover shows as the title at the root of `schema` (the root's `title`, else that of the
    /// schemas the root applies with `$ref` or `allOf`), on one line; nil when it has none.
    static func title(of schema: JSONSchema) -> String? {
        guard let title = schema.locationInfo(at: [], in: nil).titles.first.map(OutlineText.collapsed), !title.isEmpty else { return nil }
        return title
    }

    /// Revalidates every open document; returns the areas that changed (``refreshSchema(_:definitionsChanged:waiting:)``).
    ///
    /// Revalidation reads the composition, which a large text dropped after its open or edit
    /// (``SnapshotAnalysis/releaseEvents()``) and would then compose again and keep. A document whose
    /// analysis was not complete before is released again afterwards, so that a schema or catalog
    /// arriving (or failing) after the open leaves the document holding what the open left it
    /// (on `openapi`, 3 MB, the server kept ~17 MiB more whenever the refused catalog was handled).
    ///
    /// With `settingsUnchanged` (a schema or catalog was delivered or saved, nothing else changed), a
    /// document whose result cannot change is skipped (see ``schemaResultStands(_:_:)``): re-checking a
    /// large one costs a parse and compose of its whole text (170–300 ms on `openapi`) for nothing.
    func refreshAllSchemas(settingsUnchanged: Bool = false) -> Set<SurfaceArea> {
        var areas: Set<SurfaceArea> = []
        if !settingsUnchanged {
            // Definitions first (detection may have been turned on or off), so that every document sees all.
            syncDefinitionFiles()
            for uri in records.keys { updateDefinitions(uri) }
        }
        for (uri, record) in records {
            let snapshot = record.snapshot
            if settingsUnchanged && schemaResultStands(uri, snapshot) { continue }
            let wasComplete = snapshot.analysis.isComplete
            areas.formUnion(refreshSchema(uri))
            if !wasComplete { snapshot.analysis.releaseEvents() }
        }
        return areas
    }

    /// True when no delivered schema or catalog can change the schema findings of `uri` while the
    /// settings stay the same: its result was computed for its current snapshot, none of its documents
    /// has a schema, and the catalog gives it none (the settings match it, which puts the catalog out
    /// of play, or the catalog is not loaded or has no entry for its path). Modelines, settings globs and
    /// Kubernetes kinds depend only on the text and the settings, which have not changed (a delivered
    /// CRD file re-associates the documents it may concern: ``refreshDefinitionUsers(_:except:waiting:)``).
    private func schemaResultStands(_ uri: DocumentURI, _ snapshot: DocumentSnapshot) -> Bool {
        let settings = settings(for: uri)
        guard settings.schema.validate, settings.schema.overrideSchema == nil, let old = records[uri]?.schema,
              old.snapshot == ObjectIdentifier(snapshot.analysis),
              old.documents.allSatisfy({ $0.schemaURI == nil && $0.additionalSchemaURIs.isEmpty }) else { return false }
        guard settings.schema.schemaStoreEnabled else { return true }
        let associator = SchemaAssociator(settings: settings.schema, catalogHit: nil)
        if !associator.settingMatches(for: uri).isEmpty { return true }
        return schemaRegistry.catalogEntry(catalogURI(settings.schema), path: SchemaAssociator.path(of: uri)) == nil
    }

    /// `violations` of one document against `schemaURI` in editor terms (``diagnostic(_:schemaURI:severity:)``),
    /// sorted as ``SchemaFindings`` keeps them.
    static func diagnostics(_ violations: [SchemaViolation], schemaURI: String, severity: YAMLDiagnostic.Severity) -> [YAMLDiagnostic] {
        var out = violations.map { diagnostic($0, schemaURI: schemaURI, severity: severity) }
        DiagnosticsCollector.sort(&out)
        return out
    }

    /// A ``SchemaViolation`` in editor terms: source `pureyaml-schema`, code `schema-<keyword>`, `configured`
    /// (the document's `pureyaml.schema.severity`) for conformance failures, Information for validator limits (an unresolvable
    /// `$ref`, a work budget), Hint with the Deprecated tag for `deprecated`.
    static func diagnostic(_ v: SchemaViolation, schemaURI: String, severity configured: YAMLDiagnostic.Severity) -> YAMLDiagnostic {
        let severity: YAMLDiagnostic.Severity
        var tags: [YAMLDiagnostic.Tag] = []
        switch v.severity {
        case .error: severity = configured
        case .warning: severity = .information
        case .deprecated:
            severity = .hint
            tags = [.deprecated]
        }
        return YAMLDiagnostic(range: v.range, severity: severity, code: "schema-\(v.keyword)", message: v.message,
                              source: "pureyaml-schema", tags: tags, schemaURI: schemaURI, note: v.note)
    }

    /// The one diagnostic for a schema that cannot be used (or, at `severity` Information, is used without
    /// its malformed keywords): at the modeline, or on the first line of the document's content.
    private func loadProblem(_ info: DocumentSchemaInfo, schemaURI: String, snapshot: DocumentSnapshot, documentStart: Int?,
                             code: String, message: String, severity: YAMLDiagnostic.Severity = .warning) -> YAMLDiagnostic {
        var range: TextRange
        if case .modeline(let r)? = info.rule {
            range = r
        } else {
            let start = documentStart ?? info.range.start
            var end = min(start, snapshot.bytes.count)
            while end < snapshot.bytes.count, snapshot.bytes[end] != 0x0A, snapshot.bytes[end] != 0x0D { end += 1 }
            range = TextRange(start: min(start, end), end: end)
        }
        return YAMLDiagnostic(range: range, severity: severity, code: code, message: message,
                              source: "pureyaml-schema", schemaURI: schemaURI)
    }

    /// After ``Intent/save(_:text:)`` of `uri`: when it is a schema in use, asks for it again.
    func schemaSaved(_ uri: DocumentURI) -> Set<SurfaceArea> {
        guard schemaRegistry.reload(uri.string) else { return [] }
        definitionFileProblems.forgetNoted(uri.string)
        var areas = refreshAllSchemas()
        areas.insert(.schemaLoads)
        areas.insert(.schemaInfo)
        return areas
    }

    /// The file system path of a local schema URI (`file:` or an absolute path), nil for anything else.
    static func localSchemaPath(_ uri: String) -> String? {
        if uri.hasPrefix("/") { return uri }
        return uri.hasPrefix("file:") ? DocumentURI(uri).filePath : nil
    }

    /// Reads every pending local schema (and the local files those `$ref`) through the environment and
    /// delivers it, each once, reads each pending download a `pureyaml.schema.mirrors` entry sends to a
    /// mirror folder from there, and uses the download cache's copy of each other pending download (once
    /// per URI) until the download itself arrives; returns the areas that changed. With downloads off in
    /// the renderer's settings (`yaml.schemaDownload.enable: false`, `check --offline`; a project file cannot
    /// turn them on), the cache's copy is the download's answer, and without one it fails
    /// (``SchemaLoadFailure/downloadsDisabled``): nothing is left for the renderer to fetch.
    func loadLocalSchemas() -> Set<SurfaceArea> {
        var areas: Set<SurfaceArea> = []
        var attempted: Set<String> = []
        let offline = !settings.schema.downloadEnabled
        // Offline answers, delivered together once no other pending URI is left (a stream of 300 kinds
        // offline is revalidated once, not 300 times).
        var answered: [SchemaDelivery] = []
        while true {
            guard let uri = schemaRegistry.pending.first(where: { !attempted.contains($0) && (offline || !cacheProbed.contains($0)) }) else {
                if answered.isEmpty { break }
                areas.formUnion(schemasLoaded(answered))
                answered = []
                continue
            }
            attempted.insert(uri)
            if let path = Self.localSchemaPath(uri) {
                areas.formUnion(schemaLoaded(uri, environment.readSchemaFile(path, trust: trustPolicy(forLoading: uri))))
            } else if let mirrored = mirrorFolderResult(uri) {
                areas.formUnion(schemaLoaded(uri, mirrored))
            } else if offline {
                answered.append(SchemaDelivery(uri, environment.cachedCopy(uri).map { .success($0) } ?? .failure(.downloadsDisabled)))
            } else {
                cacheProbed.insert(uri)
                guard let copy = environment.cachedCopy(uri), schemaRegistry.deliverCachedCopy(uri, copy) else { continue }
                areas.formUnion(refreshAllSchemas(settingsUnchanged: true))
                areas.insert(.schemaInfo)
            }
        }
        return areas
    }

    /// Handles ``Intent/schemaLoaded(_:_:)``.
    func schemaLoaded(_ uri: String, _ result: SchemaLoadResult) -> Set<SurfaceArea> {
        schemasLoaded([SchemaDelivery(uri, result)])
    }

    /// Handles ``Intent/schemasLoaded(_:)``: hands each load to the registry in order, then revalidates
    /// the documents they concern once.
    func schemasLoaded(_ loads: [SchemaDelivery]) -> Set<SurfaceArea> {
        let before = schemaRegistry.requestCount
        var schemas = false, definitionFiles = false
        var changed: Set<KubernetesResourceType> = []
        for load in loads {
            let (uri, result) = (load.uri, load.result)
            // A CRD file gives schemas to documents that had none, or lets them ask the CRD catalog: those
            // are associated again.
            let definitionFile = schemaRegistry.definitionFiles[uri] == .loading
            guard schemaRegistry.deliver(uri, result) else { continue }
            if definitionFile, case .failure(let failure) = result { definitionFileProblems.note(uri, reason: failure.message) }
            if case .failed(let why)? = schemaRegistry.catalogStatus(uri) {
                let unavailable = if case .failure(let f) = result { f.kind == .unavailable } else { false }
                catalogProblems.note(uri, reason: why, unavailable: unavailable)
            }
            if definitionFile, case .success(let bytes) = result { changed.formUnion(definitionsFound(in: uri, bytes: bytes)) }
            if definitionFile { definitionFiles = true } else { schemas = true }
        }
        guard schemas || definitionFiles else { return [] }
        var areas: Set<SurfaceArea> = definitionFiles ? refreshDefinitionUsers(changed, except: nil, waiting: true) : []
        if schemas { areas.formUnion(refreshAllSchemas(settingsUnchanged: true)) }
        areas.insert(.schemaInfo)
        if schemaRegistry.requestCount > before { areas.insert(.schemaLoads) }
        return areas
    }
}
