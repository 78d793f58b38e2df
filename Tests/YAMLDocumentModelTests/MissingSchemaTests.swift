import XCTest
import YAMLDocumentModel
import YAMLSchema

/// Which schemas the model lists as missing (``DocumentModel/missingSchemas``): a download that cannot be
/// had for want of the network or the cache, once per schema with every document that needed it, and
/// ``SurfaceArea/missingSchemas`` the first time only; a server's own "not there" (HTTP 404) is a
/// failure, not a missing schema.
final class MissingSchemaTests: XCTestCase {
    static let base = "https://k.example/v1.32.1/"

    private func model() throws -> DocumentModel {
        var settings = Settings()
        settings.schema.workspaceFolders = [DocumentURI(filePath: "/w")]
        settings.apply(try SchemaText.parse(Array(#"{"pureyaml.schema.kubernetesSchemaBase": "https://k.example/{version}/", "pureyaml.schema.crdCatalog": ""}"#.utf8)))
        return DocumentModel(settings: settings)
    }

    private func status(_ model: DocumentModel, _ uri: DocumentURI) -> String? {
        model.schemaInfo(uri)?.documents.first?.status?.description
    }

    func testOneEntryPerSchemaWithEveryDocument() throws {
        let model = try model()
        let paths = ["/w/a/one.yaml", "/w/a/two.yaml", "/w/a/b/three.yaml", "/w/a/c/four.yaml"]
        let first = DocumentURI(filePath: paths[0])
        model.perform(.open(first, version: 1, text: "apiVersion: apps/v1\nkind: Deployment\n"))
        let schema = Self.base + "deployment-apps-v1.json"
        XCTAssertEqual(model.schemaLoadRequests, [schema])
        let areas = model.perform(.schemaLoaded(schema, .failure(SchemaLoadFailure("cannot reach the server: no response", kind: .unavailable))))
        XCTAssertTrue(areas.contains(.missingSchemas))
        XCTAssertEqual(status(model, first), "missing: cannot reach the server: no response")
        // Kinds stay quiet in the document.
        XCTAssertEqual(model.diagnostics(first)?.diagnostics.map(\.code), [])
        for path in paths.dropFirst() {
            let areas = model.perform(.open(DocumentURI(filePath: path), version: 1, text: "apiVersion: apps/v1\nkind: Deployment\n"))
            XCTAssertFalse(areas.contains(.missingSchemas), path)
        }
        XCTAssertEqual(model.missingSchemas.count, 1)
        let missing = try XCTUnwrap(model.missingSchemas.first)
        XCTAssertEqual(missing.schemaURI, schema)
        XCTAssertEqual(missing.rule, .kubernetes(resource: "apps/v1 Deployment", glob: nil))
        XCTAssertEqual(missing.documents.compactMap(\.filePath), paths)
        XCTAssertEqual(missing.fetchCommand, "pureyaml schemas fetch /w")
        // More than three files: the folder holding them all.
        XCTAssertEqual(missing.summaryLine(workingDirectory: "/w"),
                       "missing schema \(schema) (kubernetes: apps/v1 Deployment) for 4 files: cannot reach the server: no response; "
                       + "fetch it with `pureyaml schemas fetch a`")
        XCTAssertTrue(missing.notice.contains("run `pureyaml schemas fetch /w` with network access"), missing.notice)
    }

    /// A `check` on several threads: each model's part of the run (``MissingSchema/added(since:in:)``),
    /// merged in the run's order (``MissingSchema/merged(_:)``), is what one model would have listed.
    func testPartsOfSeveralModelsMergeAsOneModelListsThem() throws {
        let schema = Self.base + "deployment-apps-v1.json"
        let failure = SchemaLoadResult.failure(SchemaLoadFailure("cannot reach the server: no response", kind: .unavailable))
        let paths = ["/w/one.yaml", "/w/two.yaml", "/w/three.yaml"]
        func open(_ model: DocumentModel, _ path: String) {
            model.perform(.open(DocumentURI(filePath: path), version: 1, text: "apiVersion: apps/v1\nkind: Deployment\n"))
            if model.schemaLoadRequests.contains(schema) { model.perform(.schemaLoaded(schema, failure)) }
        }
        let serial = try model()
        for path in paths { open(serial, path) }
        // Worker A checks one and three, worker B two; each input's part is what its model added meanwhile.
        let a = try model(), b = try model()
        var parts: [[MissingSchema]] = []
        for (path, worker) in zip(paths, [a, b, a]) {
            let before = worker.missingSchemas
            open(worker, path)
            parts.append(MissingSchema.added(since: before, in: worker.missingSchemas))
        }
        XCTAssertEqual(parts.map { $0.flatMap(\.documents).compactMap(\.filePath) }, paths.map { [$0] })
        let merged = MissingSchema.merged(parts)
        XCTAssertEqual(merged.map(\.schemaURI), serial.missingSchemas.map(\.schemaURI))
        XCTAssertEqual(merged.first?.documents, serial.missingSchemas.first?.documents)
        XCTAssertEqual(merged.first?.summaryLine(workingDirectory: "/w"), serial.missingSchemas.first?.summaryLine(workingDirectory: "/w"))
    }

    func testAnAnswerThatItIsNotThereIsNoMissingSchema() throws {
        let model = try model()
        let uri = DocumentURI(filePath: "/w/x.yaml")
        model.perform(.open(uri, version: 1, text: "apiVersion: apps/v1\nkind: Deployment\n"))
        model.perform(.schemaLoaded(Self.base + "deployment-apps-v1.json", .failure(SchemaLoadFailure("HTTP 404"))))
        XCTAssertEqual(status(model, uri), "failed: HTTP 404")
        XCTAssertEqual(model.missingSchemas, [])
    }

    /// A modeline's schema that cannot be had keeps its finding in the document, and is listed too.
    func testAModelineSchemaKeepsItsFinding() throws {
        let model = try model()
        let uri = DocumentURI(filePath: "/w/my file.yaml")
        model.perform(.open(uri, version: 1, text: "# yaml-language-server: $schema=https://s.example/app.json\na: 1\n"))
        model.perform(.schemaLoaded("https://s.example/app.json", .failure(SchemaLoadFailure(
            "downloads are disabled (the setting yaml.schemaDownload.enable is false, or check --offline) and no cached copy exists",
            kind: .unavailable))))
        XCTAssertEqual(model.diagnostics(uri)?.diagnostics.map(\.code), ["schema-load-failed"])
        XCTAssertEqual(model.missingSchemas.map(\.schemaURI), ["https://s.example/app.json"])
        XCTAssertEqual(model.missingSchemas.first?.summaryLine(workingDirectory: "/w").hasSuffix("`pureyaml schemas fetch 'my file.yaml'`"), true)
    }

    /// A custom resource whose definition the CRD catalog would give, offline: the document stays quiet
    /// (as for an unknown kind), the schema is listed once under its rule.
    func testACatalogDefinitionThatCannotBeHadIsListedAndTheResourceStaysQuiet() throws {
        var settings = Settings()
        settings.schema.workspaceFolders = [DocumentURI(filePath: "/w")]
        settings.apply(try SchemaText.parse(Array(#"{"pureyaml.schema.crdCatalog": "https://c.example/{group}/{kind}_{version}.json"}"#.utf8)))
        let model = DocumentModel(settings: settings)
        let uri = DocumentURI(filePath: "/w/web.yaml")
        model.perform(.open(uri, version: 1, text: "apiVersion: monitoring.coreos.com/v1\nkind: ServiceMonitor\nmetadata: {name: web}\n"))
        let schema = "https://c.example/monitoring.coreos.com/servicemonitor_v1.json"
        XCTAssertEqual(model.schemaLoadRequests, [schema])
        let areas = model.perform(.schemaLoaded(schema, .failure(SchemaLoadFailure(
            "downloads are disabled (the setting yaml.schemaDownload.enable is false, or check --offline) and no cached copy exists",
            kind: .unavailable))))
        XCTAssertTrue(areas.contains(.missingSchemas))
        XCTAssertEqual(model.diagnostics(uri)?.diagnostics.map(\.code), [])
        XCTAssertEqual(status(model, uri)?.hasPrefix("missing: downloads are disabled"), true)
        XCTAssertEqual(model.missingSchemas.map(\.schemaURI), [schema])
        XCTAssertEqual(model.missingSchemas.first?.rule.isKubernetes, true)
    }

    /// Missing or failed is decided by the failure's kind, not its words: an `unavailable` failure makes
    /// the schema missing whatever it says, a `failed` one does not, whatever it says.
    func testTheFailuresKindDecidesWhatIsMissing() {
        for (message, kind, missing) in [("HTTP 404", SchemaLoadFailure.Kind.unavailable, true),
                                         ("cannot reach the server: x", .failed, false),
                                         ("cannot reach the server: x", .unavailable, true)] {
            var settings = Settings()
            settings.schema.crdCatalogURL = ""
            let model = DocumentModel(settings: settings)
            let schema = "https://schemas.example/\(UUID().uuidString).json"
            let uri = DocumentURI(filePath: "/w/a.yaml")
            model.perform(.open(uri, version: 1, text: "# yaml-language-server: $schema=\(schema)\na: 1\n"))
            model.perform(.schemaLoaded(schema, .failure(SchemaLoadFailure(message, kind: kind))))
            XCTAssertEqual(model.missingSchemas.map(\.schemaURI), missing ? [schema] : [], "\(message) \(kind)")
            XCTAssertEqual(status(model, uri), (missing ? "missing: " : "failed: ") + message, "\(message) \(kind)")
        }
    }
}
