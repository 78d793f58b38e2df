import XCTest
import YAMLDocumentModel

/// The model's one environment: intents are plain data, and every file the model reads (yamllint
/// configuration, local schemas) comes through the injected ``ModelEnvironment``.
final class ModelEnvironmentTests: XCTestCase {
    private let uri = DocumentURI(filePath: "/repo/deploy.yaml")

    func testIntentsBuiltFromEqualInputCompareEqual() {
        func intents(_ text: String) -> [Intent] {
            [.open(uri, version: 1, text: text), .openFile(uri, bytes: Array(text.utf8)),
             .change(uri, version: 2, changes: [TextChange(range: nil, text: text)], encoding: .utf16),
             .save(uri, text: text), .close(uri), .configure(Settings(json: .object([(key: "format.indentWidth", value: .integer(4))]))),
             .filesChanged([DocumentURI(filePath: "/repo/.yamllint")]),
             .schemaLoaded("file:///repo/s.json", .success(Array(text.utf8))),
             .schemaLoaded("https://example.com/s.json", .failure(SchemaLoadFailure("HTTP 404")))]
        }
        XCTAssertEqual(intents("a: 1\n"), intents("a: 1\n"))
        XCTAssertNotEqual(intents("a: 1\n"), intents("a: 2\n"))
        XCTAssertEqual(Set(intents("a: 1\n")).count, 9, "all distinct")
    }

    func testIntentDescriptionsAreOneLineWithoutText() {
        XCTAssertEqual(Intent.open(uri, version: 3, text: "secret: 1\n").description, "open file:///repo/deploy.yaml v3 (10 bytes)")
        XCTAssertEqual(Intent.change(uri, version: 4, changes: [TextChange(range: nil, text: "x")], encoding: .utf16).description,
                       "change file:///repo/deploy.yaml v4 (1 change, utf-16)")
        XCTAssertEqual(Intent.filesChanged([DocumentURI(filePath: "/repo/.yamllint")]).description, "filesChanged file:///repo/.yamllint")
        XCTAssertEqual(Intent.schemaLoaded("https://x/s.json", .failure(SchemaLoadFailure("HTTP 404"))).description,
                       "schemaLoaded https://x/s.json (failed: HTTP 404)")
    }

    /// A local schema (a modeline to a file) is read inside `perform`: the diagnostics after the open
    /// already hold the schema findings, and nothing is left for the renderer to load.
    func testLocalSchemaFindingsAreThereRightAfterOpen() {
        let environment = ModelEnvironment.inMemory(texts: [
            "/repo/schema.json": #"{"type": "object", "properties": {"replicas": {"type": "integer"}}}"#,
        ])
        let model = DocumentModel(environment: environment)
        let areas = model.perform(.open(uri, version: 1, text: "# yaml-language-server: $schema=schema.json\nreplicas: three\n"))
        XCTAssertFalse(areas.contains(.schemaLoads), "nothing left to load")
        XCTAssertEqual(model.schemaLoadRequests, [])
        XCTAssertEqual(model.diagnostics(uri)?.diagnostics.map(\.code), ["schema-type"])
    }

    /// A download with a copy in the download cache: the copy is used at once (the first diagnostics hold
    /// its findings) and the download is still asked for; the same bytes arriving change nothing, new
    /// bytes replace the copy.
    func testACachedCopyIsUsedUntilTheDownloadArrives() {
        let url = "https://schemas.example/deploy.json"
        let integer = #"{"properties": {"replicas": {"type": "integer"}}}"#
        let environment = ModelEnvironment(capabilities: .init(
            readFile: { _ in nil }, kind: { _ in nil }, listFolder: { _ in nil },
            fetch: { _, _, done in done(.failure(SchemaLoadFailure("offline"))) }, now: { 0 },
            cachedCopy: { $0 == url ? Array(integer.utf8) : nil }))
        let model = DocumentModel(environment: environment)
        let areas = model.perform(.open(uri, version: 1, text: "# yaml-language-server: $schema=\(url)\nreplicas: three\n"))
        XCTAssertTrue(areas.contains(.schemaLoads), "the download is still wanted")
        XCTAssertEqual(model.schemaLoadRequests, [url])
        XCTAssertEqual(model.diagnostics(uri)?.diagnostics.map(\.code), ["schema-type"])
        XCTAssertEqual(model.perform(.schemaLoaded(url, .success(Array(integer.utf8)))), [], "the same bytes change nothing")
        XCTAssertEqual(model.schemaLoadRequests, [])
        model.perform(.change(uri, version: 2, changes: [TextChange(range: nil, text: "# yaml-language-server: $schema=\(url)\nreplicas: 3\n")],
                              encoding: .utf8))
        XCTAssertEqual(model.diagnostics(uri)?.diagnostics.map(\.code), [])
    }

    /// A cached copy replaced by a newer download: the new schema's findings.
    func testANewerDownloadReplacesTheCachedCopy() {
        let url = "https://schemas.example/deploy.json"
        let environment = ModelEnvironment(capabilities: .init(
            readFile: { _ in nil }, kind: { _ in nil }, listFolder: { _ in nil },
            fetch: { _, _, done in done(.failure(SchemaLoadFailure("offline"))) }, now: { 0 },
            cachedCopy: { _ in Array(#"{"properties": {"replicas": {"type": "string"}}}"#.utf8) }))
        let model = DocumentModel(environment: environment)
        model.perform(.open(uri, version: 1, text: "# yaml-language-server: $schema=\(url)\nreplicas: three\n"))
        XCTAssertEqual(model.diagnostics(uri)?.diagnostics.map(\.code), [])
        let areas = model.perform(.schemaLoaded(url, .success(Array(#"{"properties": {"replicas": {"type": "integer"}}}"#.utf8))))
        XCTAssertTrue(areas.contains(.diagnostics(uri)))
        XCTAssertEqual(model.diagnostics(uri)?.diagnostics.map(\.code), ["schema-type"])
    }

    /// A local schema that is missing is a finding at once, with the schema loader's words (the file is
    /// in the document's folder, which the trust policy allows without workspace folders).
    func testMissingLocalSchemaFailsAtOnce() {
        let model = DocumentModel(environment: .inMemory(texts: [:]))
        model.perform(.open(uri, version: 1, text: "# yaml-language-server: $schema=/repo/missing.json\na: 1\n"))
        XCTAssertEqual(model.diagnostics(uri)?.diagnostics.map(\.message), ["cannot load schema file:///repo/missing.json: no such file"])
    }

    /// The model's own read of a local schema hands the edge its trust policy (for the checks only the
    /// edge can make: where a symbolic link points, a device), and the environment's policy sees the read.
    func testLocalSchemaReadsCarryTheModelsTrustPolicy() {
        final class Seen: @unchecked Sendable { var loads: [String: TrustPolicy?] = [:]; var reads: [String] = [] }
        let seen = Seen()
        var environment = ModelEnvironment(capabilities: .init(
            readFile: { _ in nil }, kind: { _ in nil }, listFolder: { _ in nil },
            fetch: { _, _, done in done(.failure(SchemaLoadFailure("offline"))) }, now: { 0 },
            loadSchemaFile: { path, trust in
                seen.loads[path] = trust
                return .success(Array(#"{"type": "object"}"#.utf8))
            }))
        environment.policy = { access in
            if case .read(let path) = access { seen.reads.append(path) }
            return true
        }
        var settings = Settings()
        settings.schema.workspaceFolders = [DocumentURI(filePath: "/repo")]
        let model = DocumentModel(settings: settings, environment: environment, projectSettings: .none)
        model.perform(.open(uri, version: 1, text: "# yaml-language-server: $schema=s.json\n- 1\n"))
        XCTAssertEqual(seen.loads.keys.sorted(), ["/repo/s.json"])
        XCTAssertEqual(seen.loads["/repo/s.json"], .some(settings.schema.trustPolicy))
        XCTAssertTrue(seen.reads.contains("/repo/s.json"))
        XCTAssertEqual(model.diagnostics(uri)?.diagnostics.map(\.code), ["schema-type"])
        model.perform(.open(uri, version: 2, text: "# yaml-language-server: $schema=/etc/s.json\n- 1\n"))
        XCTAssertNil(seen.loads["/etc/s.json"], "a schema outside the workspace is not read")
    }

    /// ``DocumentModel/readPolicy(settings:projectSettings:environment:)`` answers, without a model, the
    /// policy a model configured so puts in its environment: the settings' folders, and the `--config` file.
    func testTheReadPolicyQueryIsWhatAConfiguredModelSets() {
        var settings = Settings()
        settings.schema.workspaceFolders = [DocumentURI(filePath: "/repo")]
        settings.schema.allowedFolders = ["/schemas"]
        let query = DocumentModel.readPolicy(settings: settings, projectSettings: .file("/cfg/project.yaml"), environment: .none)
        XCTAssertEqual(query.readableFolders, ["/repo", "/schemas"])
        XCTAssertEqual(query.readableFiles, ["/cfg/project.yaml"])
        let model = DocumentModel(environment: .none, projectSettings: .file("/cfg/project.yaml"))
        model.perform(.configure(settings))
        XCTAssertEqual(model.environment.trust.policy, query)
    }

    /// A project file's `pureyaml.schema.crds` entry or `yaml.schemas` key outside its own folder and the
    /// workspace folders is not read (docs/security.md); one inside its folder is.
    func testAProjectFileCannotNameALocalFileOutsideTheFolders() {
        final class Reads: @unchecked Sendable { var paths: [String] = [] }
        let reads = Reads()
        var environment = ModelEnvironment.inMemory(texts: [
            "/repo/app/.pureyaml.yaml": "pureyaml.schema.crds: [/elsewhere/crd.yaml, crd.yaml]\n"
                + "yaml.schemas: {/elsewhere/s.json: 'a.yaml', s.json: 'b.yaml'}\n",
            "/repo/app/s.json": "{}", "/elsewhere/s.json": "{}",
            "/repo/app/crd.yaml": "kind: CustomResourceDefinition\n",
            "/elsewhere/crd.yaml": "kind: CustomResourceDefinition\n",
        ])
        environment.policy = { access in
            if case .read(let path) = access { reads.paths.append(path) }
            return true
        }
        var settings = Settings()
        settings.schema.workspaceFolders = [DocumentURI(filePath: "/repo")]
        let model = DocumentModel(settings: settings, environment: environment)
        model.perform(.open(DocumentURI(filePath: "/repo/app/a.yaml"), version: 1, text: "apiVersion: v1\nkind: ConfigMap\n"))
        model.perform(.open(DocumentURI(filePath: "/repo/app/b.yaml"), version: 1, text: "a: 1\n"))
        XCTAssertTrue(reads.paths.contains("/repo/app/crd.yaml"), "\(reads.paths)")
        XCTAssertTrue(reads.paths.contains("/repo/app/s.json"), "\(reads.paths)")
        XCTAssertFalse(reads.paths.contains("/elsewhere/crd.yaml"), "\(reads.paths)")
        XCTAssertFalse(reads.paths.contains("/elsewhere/s.json"), "\(reads.paths)")
        XCTAssertEqual(model.diagnostics(DocumentURI(filePath: "/repo/app/a.yaml"))?.diagnostics.filter { $0.code == "schema-load-failed" }.count, 1)
    }

    /// Without an environment nothing is read: the local schema is left to the renderer, as before.
    func testWithoutAnEnvironmentLocalSchemasAreRequested() {
        let model = DocumentModel()
        let areas = model.perform(.open(uri, version: 1, text: "# yaml-language-server: $schema=schema.json\na: 1\n"))
        XCTAssertTrue(areas.contains(.schemaLoads))
        XCTAssertEqual(model.schemaLoadRequests, ["file:///repo/schema.json"])
    }

    /// The trust policy sees every read, and what it refuses is not read.
    func testThePolicySeesEveryReadAndCanRefuse() {
        var environment = ModelEnvironment.inMemory(texts: ["/repo/.yamllint": "rules: {truthy: enable}\n"])
        let allowed = DocumentModel(environment: environment)
        allowed.perform(.open(uri, version: 1, text: "a: yes\n"))
        XCTAssertEqual(allowed.lintFindings(uri)?.map(\.rule), ["truthy"])
        environment.policy = { access in
            if case .read(let path) = access { return !path.hasSuffix(".yamllint") }
            return true
        }
        let refused = DocumentModel(environment: environment)
        refused.perform(.open(uri, version: 1, text: "a: yes\n"))
        XCTAssertEqual(refused.lintFindings(uri), [])
    }

    /// `.filesChanged` re-reads the yamllint configuration through the environment.
    func testFilesChangedReadsTheConfigurationAgain() {
        final class Files: @unchecked Sendable { var config = "rules: {truthy: disable}\n" }
        let files = Files()
        let environment = ModelEnvironment(capabilities: .init(
            readFile: { $0 == "/repo/.yamllint" ? Array(files.config.utf8) : nil },
            kind: { $0 == "/repo/.yamllint" ? .file(size: files.config.utf8.count) : nil },
            listFolder: { _ in nil }, fetch: { _, _, done in done(.failure(SchemaLoadFailure("offline"))) }, now: { 0 }))
        let model = DocumentModel(environment: environment)
        model.perform(.open(uri, version: 1, text: "---\na: yes\n"))
        XCTAssertEqual(model.lintFindings(uri)?.map(\.rule), [])
        files.config = "rules: {truthy: enable}\n"
        let areas = model.perform(.filesChanged([DocumentURI(filePath: "/repo/.yamllint")]))
        XCTAssertEqual(areas, [.diagnostics(uri)])
        XCTAssertEqual(model.lintFindings(uri)?.map(\.rule), ["truthy"])
    }
}

/// Pulled surfaces are kept per snapshot: asked twice they are the same, and a new text or a new item
/// limit gives new ones, never the kept ones.
final class PulledSurfaceCacheTests: XCTestCase {
    private let uri = DocumentURI(filePath: "/repo/a.yaml")

    func testKeptSurfacesFollowTheTextAndTheLimit() {
        let model = DocumentModel()
        model.perform(.open(uri, version: 1, text: "a:\n  b: 1\nc:\n  d: 2\n"))
        XCTAssertEqual(model.outline(uri)?.symbols.map(\.name), ["a", "c"])
        XCTAssertEqual(model.outline(uri), model.outline(uri))
        XCTAssertEqual(model.folding(uri)?.regions.count, 2)
        XCTAssertEqual(model.semanticTokens(uri), model.semanticTokens(uri))
        let tokens = model.semanticTokens(uri)?.tokens.count ?? 0
        model.perform(.change(uri, version: 2, changes: [TextChange(range: nil, text: "x:\n  y: 1\n")], encoding: .utf8))
        XCTAssertEqual(model.outline(uri)?.symbols.map(\.name), ["x"], "a new text gives a new outline")
        XCTAssertEqual(model.folding(uri)?.regions.count, 1)
        XCTAssertLessThan(model.semanticTokens(uri)?.tokens.count ?? 0, tokens)
        model.perform(.change(uri, version: 3, changes: [TextChange(range: nil, text: "a: 1\nb: 2\nc: 3\n")], encoding: .utf8))
        XCTAssertEqual(model.outline(uri)?.symbols.count, 3)
        model.perform(.configure(Settings(json: .object([(key: "pureyaml.maxItemsComputed", value: .integer(2))]))))
        XCTAssertEqual(model.outline(uri)?.symbols.count, 2, "a new limit gives a new outline")
        XCTAssertEqual(model.semanticTokens(uri)?.tokens.count, 2)
    }
}
