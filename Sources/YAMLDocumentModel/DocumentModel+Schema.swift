import YAMLComposer
import YAMLSchema
import YAMLSyntax

/// Schema association, validation and the explain surface. The model never loads anything: it lists the
/// URIs it needs (``schemaLoadRequests``) and receives bytes through ``Intent/schemaLoaded(_:_:)``.
extension DocumentModel {
    /// What schema validation found for one open document.
    struct SchemaResult {
        var documents: [DocumentSchemaInfo]
        var diagnostics: [YAMLDiagnostic]
    }

    /// Schemas and catalogs the model waits for (absolute URIs, `file:` or `http(s):`), in request order.
    /// A renderer loads each one it has not started yet and performs ``Intent/schemaLoaded(_:_:)`` with the
    /// result; ``SurfaceArea/schemaLoads`` is reported whenever new ones are added.
    public var schemaLoadRequests: [String] { schemaRegistry.pending }

    /// The explain surface: which schema applies to each document of `uri`, why, and its status (nil when
    /// the document is not open).
    public func schemaInfo(_ uri: DocumentURI) -> SchemaInfoSurface? {
        guard let result = schemaResults[uri] else { return nil }
        let catalogURL = settings.schema.schemaStoreEnabled && settings.schema.overrideSchema == nil ? catalogURI : nil
        return SchemaInfoSurface(uri: uri, documents: result.documents, catalogURL: catalogURL,
                                 catalogStatus: catalogURL.flatMap { schemaRegistry.catalogStatus($0) })
    }

    /// The absolute URI of the configured catalog.
    var catalogURI: String {
        SchemaAssociator(settings: settings.schema, catalogHit: nil).resolveSetting(settings.schema.schemaStoreURL)
    }

    /// Re-associates and revalidates `uri`; true when its schema diagnostics changed.
    @discardableResult
    func refreshSchema(_ uri: DocumentURI) -> Bool {
        guard let snapshot = snapshots[uri] else { return schemaResults.removeValue(forKey: uri) != nil }
        guard settings.schema.validate else {
            let changed = schemaResults[uri]?.diagnostics.isEmpty == false
            schemaResults[uri] = SchemaResult(documents: [], diagnostics: [])
            return changed
        }
        var catalogHit: SchemaCatalogHit?
        if settings.schema.schemaStoreEnabled && settings.schema.overrideSchema == nil {
            let url = catalogURI
            schemaRegistry.requireCatalog(url)
            catalogHit = schemaRegistry.catalogEntry(url, path: SchemaAssociator.path(of: uri))
        }
        var documents = SchemaAssociator(settings: settings.schema, catalogHit: catalogHit).associate(snapshot)
        var diagnostics: [YAMLDiagnostic] = []
        var reported: Set<String> = []
        for i in documents.indices {
            guard let schemaURI = documents[i].schemaURI else { continue }
            let info = documents[i]
            switch schemaRegistry.state(of: schemaURI) {
            case .loading:
                documents[i].status = .loading
            case .ready(let schema):
                documents[i].status = .loaded
                if i < snapshot.composition.documents.count {
                    let violations = schema.validate(snapshot.composition.documents[i].root)
                    diagnostics += violations.map { diagnostic($0, schemaURI: schemaURI) }
                }
            case .failed(let why):
                documents[i].status = .failed(why)
                if case .kubernetes = info.rule { break } // kinds without a published schema stay quiet
                if reported.insert(schemaURI).inserted {
                    diagnostics.append(loadProblem(info, snapshot: snapshot, code: "schema-load-failed",
                                                   message: "cannot load schema \(schemaURI): \(why)"))
                }
            case .invalid(let why):
                documents[i].status = .invalid(why)
                if reported.insert(schemaURI).inserted {
                    diagnostics.append(loadProblem(info, snapshot: snapshot, code: "schema-invalid",
                                                   message: "schema \(schemaURI) is not valid JSON or YAML: \(why)"))
                }
            }
        }
        diagnostics.sort { $0.range != $1.range ? $0.range < $1.range : $0.code < $1.code }
        let changed = schemaResults[uri]?.diagnostics != diagnostics
        schemaResults[uri] = SchemaResult(documents: documents, diagnostics: diagnostics)
        return changed
    }

    /// Revalidates every open document; returns the diagnostics areas that changed.
    func refreshAllSchemas() -> Set<SurfaceArea> {
        var areas: Set<SurfaceArea> = []
        for uri in snapshots.keys where refreshSchema(uri) { areas.insert(.diagnostics(uri)) }
        return areas
    }

    /// A ``SchemaViolation`` in editor terms: source `pureyaml-schema`, code `schema-<keyword>`, the
    /// configured severity for conformance failures, Information for validator limits (an unresolvable
    /// `$ref`, a work budget), Hint with the Deprecated tag for `deprecated`.
    func diagnostic(_ v: SchemaViolation, schemaURI: String) -> YAMLDiagnostic {
        let severity: YAMLDiagnostic.Severity
        var tags: [YAMLDiagnostic.Tag] = []
        switch v.severity {
        case .error: severity = settings.schema.severity
        case .warning: severity = .information
        case .deprecated:
            severity = .hint
            tags = [.deprecated]
        }
        return YAMLDiagnostic(range: v.range, severity: severity, code: "schema-\(v.keyword)", message: v.message,
                              source: "pureyaml-schema", tags: tags, schemaURI: schemaURI, note: v.note)
    }

    /// The one diagnostic for a schema that cannot be used: at the modeline, or on the first line of the
    /// document's content.
    private func loadProblem(_ info: DocumentSchemaInfo, snapshot: DocumentSnapshot, code: String,
                             message: String) -> YAMLDiagnostic {
        var range: TextRange
        if case .modeline(let r)? = info.rule {
            range = r
        } else {
            let start = info.index < snapshot.composition.documents.count
                ? snapshot.composition.documents[info.index].range.start : info.range.start
            var end = min(start, snapshot.bytes.count)
            while end < snapshot.bytes.count, snapshot.bytes[end] != 0x0A, snapshot.bytes[end] != 0x0D { end += 1 }
            range = TextRange(start: min(start, end), end: end)
        }
        return YAMLDiagnostic(range: range, severity: .warning, code: code, message: message,
                              source: "pureyaml-schema", schemaURI: info.schemaURI)
    }

    /// After ``Intent/save(_:text:)`` of `uri`: when it is a schema in use, asks for it again.
    func schemaSaved(_ uri: DocumentURI) -> Set<SurfaceArea> {
        guard schemaRegistry.reload(uri.string) else { return [] }
        var areas = refreshAllSchemas()
        areas.insert(.schemaLoads)
        areas.insert(.schemaInfo)
        return areas
    }

    /// Handles ``Intent/schemaLoaded(_:_:)``.
    func schemaLoaded(_ uri: String, _ result: SchemaLoadResult) -> Set<SurfaceArea> {
        let before = schemaRegistry.requestCount
        guard schemaRegistry.deliver(uri, result) else { return [] }
        var areas = refreshAllSchemas()
        areas.insert(.schemaInfo)
        if schemaRegistry.requestCount > before { areas.insert(.schemaLoads) }
        return areas
    }
}
