import Foundation
import TestSupport
import XCTest
import YAMLComposer
import YAMLDocumentModel
import YAMLSchema

/// `pureyaml.schema.mirrors`: a download's bytes come from a mirror folder (read by the model through its
/// environment, here one held in memory) or a mirror URL (through the environment's `fetchFrom`), while the
/// download keeps its URL as its identity; the longest prefix wins; a project file may name a folder but not
/// another URL; ``DocumentModel/schemaDownloads(_:)`` lists what an open document needs.
final class SchemaMirrorTests: XCTestCase {
    static let kinds = "https://raw.githubusercontent.com/yannh/kubernetes-json-schema/master/v1.32.1-standalone-strict/"
    static let replicasSchema = #"{"properties": {"spec": {"properties": {"replicas": {"type": "integer"}}}}}"#
    static let deployment = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  replicas: \"three\"\n"

    private func model(_ settingsJSON: String, files: [String: String]) throws -> DocumentModel {
        var settings = Settings()
        settings.schema.workspaceFolders = [DocumentURI(filePath: "/w")]
        settings.apply(try SchemaText.parse(Array(settingsJSON.utf8)))
        return DocumentModel(settings: settings, environment: .inMemory(texts: files))
    }

    /// `line: code (schemaURI)` of the schema findings of `uri`.
    private func findings(_ model: DocumentModel, _ uri: DocumentURI) -> [String] {
        (model.diagnostics(uri)?.diagnostics ?? []).filter { $0.source == "pureyaml-schema" }.map { d in
            "\(model.snapshot(uri)?.humanPosition(of: d.range.start).line ?? 0): \(d.code) \(d.message) (\(d.schemaURI ?? "-"))"
        }
    }

    func testAMirrorFolderGivesTheBytesAndTheURLStaysTheIdentity() throws {
        let model = try model(#"{"pureyaml.schema.mirrors": {"https://raw.githubusercontent.com/yannh/kubernetes-json-schema/master/": "mirror/k8s/"}}"#,
                              files: ["/w/mirror/k8s/v1.32.1-standalone-strict/deployment-apps-v1.json": Self.replicasSchema])
        let uri = DocumentURI(filePath: "/w/app.yaml")
        model.perform(.open(uri, version: 1, text: Self.deployment))
        XCTAssertEqual(model.schemaLoadRequests, [], "read from the folder, nothing left to download")
        XCTAssertEqual(findings(model, uri), [
            #"5: schema-type expected integer, found string "three" ("# + Self.kinds + "deployment-apps-v1.json)",
        ])
        XCTAssertEqual(model.schemaInfo(uri)?.documents.first?.status, .loaded)
        XCTAssertEqual(model.schemaDownloads(uri), [
            DocumentModel.SchemaDownload(url: Self.kinds + "deployment-apps-v1.json", status: .loaded, optional: true),
        ])
    }

    /// The longest prefix wins; a `$ref` relative to the original URL is mirrored too; a file missing from
    /// the folder fails the schema with the path that was looked for (no download is tried instead).
    func testLongestPrefixReferencesAndAMissingFile() throws {
        let model = try model("""
            {"pureyaml.schema.mirrors": {"https://json.schemastore.org/": "/m/short/", "https://json.schemastore.org/deep/": "/m/long/"}}
            """, files: [
                "/m/long/app.json": #"{"properties": {"port": {"$ref": "defs.json#/port"}}}"#,
                "/m/long/defs.json": #"{"port": {"type": "integer"}}"#,
                "/m/short/deep/app.json": #"{"properties": {"port": {"type": "string"}}}"#,
            ])
        let app = DocumentURI(filePath: "/w/app.yaml")
        model.perform(.open(app, version: 1, text: "# yaml-language-server: $schema=https://json.schemastore.org/deep/app.json\nport: web\n"))
        XCTAssertEqual(findings(model, app), [
            #"2: schema-type expected integer, found string "web" (https://json.schemastore.org/deep/app.json)"#,
        ])
        XCTAssertEqual(model.schemaDownloads(app).map(\.url), [
            "https://json.schemastore.org/deep/app.json", "https://json.schemastore.org/deep/defs.json",
        ])
        let missing = DocumentURI(filePath: "/w/other.yaml")
        model.perform(.open(missing, version: 1, text: "# yaml-language-server: $schema=https://json.schemastore.org/none.json\na: 1\n"))
        XCTAssertEqual(findings(model, missing), [
            "1: schema-load-failed cannot load schema https://json.schemastore.org/none.json: mirror file /m/short/none.json: no such file "
                + "(https://json.schemastore.org/none.json)",
        ])
        XCTAssertEqual(model.schemaDownloads(missing), [
            DocumentModel.SchemaDownload(url: "https://json.schemastore.org/none.json",
                                         status: .failed("mirror file /m/short/none.json: no such file"), optional: false),
        ])
    }

    /// A mirror URL: the model asks the environment for the original URL from the mirror's (`fetchFrom`; a
    /// prefix ending in `/` makes the target a folder URL even without its `/`), and the delivery under the
    /// original URL validates.
    func testAMirrorURLIsFetchedThroughTheEnvironmentUnderTheOriginalIdentity() throws {
        final class Calls: @unchecked Sendable { var seen: [String] = [] }
        let calls = Calls()
        var capabilities = ModelEnvironment.Capabilities(readFile: { _ in nil }, kind: { _ in nil }, listFolder: { _ in nil },
                                                         fetch: { uri, _, completion in
            calls.seen.append("fetch \(uri)")
            completion(.failure(SchemaLoadFailure("unexpected")))
        }, now: { 0 })
        capabilities.fetchFrom = { uri, source, allowNetwork, completion in
            calls.seen.append("fetch \(uri) from \(source) network \(allowNetwork)")
            completion(.success(Array(Self.replicasSchema.utf8)))
        }
        var settings = Settings()
        settings.apply(try SchemaText.parse(Array(#"{"pureyaml.schema.mirrors": {"https://raw.githubusercontent.com/": "http://127.0.0.1:9/raw"}}"#.utf8)))
        let model = DocumentModel(settings: settings, environment: ModelEnvironment(capabilities: capabilities))
        let uri = DocumentURI(filePath: "/w/app.yaml")
        model.perform(.open(uri, version: 1, text: Self.deployment))
        let url = Self.kinds + "deployment-apps-v1.json"
        XCTAssertEqual(model.schemaLoadRequests, [url])
        final class Box: @unchecked Sendable { var result: SchemaLoadResult? }
        let box = Box()
        model.loadSchema(url, allowNetwork: false) { box.result = $0 }
        model.perform(.schemaLoaded(url, try XCTUnwrap(box.result, "the test environment answers at once")))
        XCTAssertEqual(calls.seen, ["fetch \(url) from http://127.0.0.1:9/raw/yannh/kubernetes-json-schema/master/v1.32.1-standalone-strict/deployment-apps-v1.json network false"])
        XCTAssertEqual(findings(model, uri), [#"5: schema-type expected integer, found string "three" ("# + url + ")"])
    }

    /// A `.pureyaml.yaml` may name a mirror folder (relative to itself); a mirror to another URL is the
    /// user's alone: a warning, and ignored. The user's own entries win over the project's for a prefix.
    func testAProjectFileMayNameAFolderButNotAURL() throws {
        let config = """
            pureyaml.schema.mirrors:
              "https://raw.githubusercontent.com/": vendor/raw/
              "https://json.schemastore.org/": "https://mirror.example/"

            """
        let parsed = ProjectConfiguration(uri: DocumentURI(filePath: "/w/.pureyaml.yaml"), bytes: Array(config.utf8))
        XCTAssertEqual(parsed.settings.schema.mirrors, ["https://raw.githubusercontent.com/": "file:///w/vendor/raw/"])
        XCTAssertEqual(parsed.diagnostics.map { "\($0.start.line):\($0.start.column) \($0.diagnostic.code) \($0.diagnostic.message)" }, [
            "3:36 invalid-configuration-value `pureyaml.schema.mirrors`: the mirror of `https://json.schemastore.org/` is another URL, which only "
                + "the editor's user settings or the command line (--schema-mirror) may set: a project file cannot send downloads to another "
                + "server; it may name a folder. It is ignored.",
        ])
        let model = DocumentModel(settings: Settings(), environment: .inMemory(texts: [
            "/w/.pureyaml.yaml": config,
            "/w/vendor/raw/yannh/kubernetes-json-schema/master/v1.32.1-standalone-strict/deployment-apps-v1.json": Self.replicasSchema,
        ]))
        let uri = DocumentURI(filePath: "/w/app.yaml")
        model.perform(.open(uri, version: 1, text: Self.deployment))
        XCTAssertEqual(findings(model, uri).map { String($0.prefix(15)) }, ["5: schema-type "])
        // The user's entry for the same prefix wins (here: a folder without the file, so the kind stays quiet).
        var user = Settings()
        user.schema.mirrors = ["https://raw.githubusercontent.com/": "/elsewhere/"]
        let users = DocumentModel(settings: user, environment: .inMemory(texts: [
            "/w/.pureyaml.yaml": config,
            "/w/vendor/raw/yannh/kubernetes-json-schema/master/v1.32.1-standalone-strict/deployment-apps-v1.json": Self.replicasSchema,
        ]))
        users.perform(.open(uri, version: 1, text: Self.deployment))
        XCTAssertEqual(findings(users, uri), [])
        XCTAssertEqual(users.schemaInfo(uri)?.documents.first?.status,
                       // Not in the mirror folder: failed, not missing (fetching cannot add it; MissingSchema).
                       .failed("mirror file /elsewhere/yannh/kubernetes-json-schema/master/v1.32.1-standalone-strict/deployment-apps-v1.json: no such file"))
    }

    /// A project file's mirror folder outside its own folder is read under the modeline rule: outside the
    /// workspace folders it is not read.
    func testAProjectMirrorFolderOutsideTheWorkspaceIsNotRead() throws {
        var settings = Settings()
        settings.schema.workspaceFolders = [DocumentURI(filePath: "/w")]
        let model = DocumentModel(settings: settings, environment: .inMemory(texts: [
            "/w/.pureyaml.yaml": "pureyaml.schema.mirrors: {\"https://json.schemastore.org/\": ../outside/}\n",
            "/outside/app.json": Self.replicasSchema,
        ]))
        let uri = DocumentURI(filePath: "/w/app.yaml")
        model.perform(.open(uri, version: 1, text: "# yaml-language-server: $schema=https://json.schemastore.org/app.json\nspec: {replicas: x}\n"))
        XCTAssertEqual(findings(model, uri).count, 1)
        XCTAssertTrue(findings(model, uri)[0].contains("mirror file /outside/app.json: the file is outside the folders schemas may be read from"),
                      findings(model, uri)[0])
    }

    /// Every kind of download goes through the mirrors: a `pureyaml.schema.crds` file by URL and the default
    /// CRD catalog's schema, both from folders.
    func testCRDFilesAndTheCRDCatalogAreMirroredToo() throws {
        let model = try model("""
            {"pureyaml.schema.crds": ["https://crds.example/widget.yaml"],
             "pureyaml.schema.mirrors": {"https://crds.example/": "/m/crds/",
                                         "https://raw.githubusercontent.com/datreeio/CRDs-catalog/main/": "/m/catalog/"}}
            """, files: [
                "/m/crds/widget.yaml": KubernetesFixtures.widgetDefinition(),
                "/m/catalog/example.org/gadget_v1.json": #"{"properties": {"spec": {"properties": {"size": {"type": "integer"}}}}}"#,
            ])
        let uri = DocumentURI(filePath: "/w/resources.yaml")
        model.perform(.open(uri, version: 1, text: """
            apiVersion: example.com/v1
            kind: Widget
            metadata: {name: w}
            spec: {size: big}
            ---
            apiVersion: example.org/v1
            kind: Gadget
            metadata: {name: g}
            spec: {size: small}

            """))
        XCTAssertEqual(model.schemaLoadRequests, [])
        XCTAssertEqual(findings(model, uri).map { String($0.prefix(17)) }, ["4: schema-type ex", "9: schema-type ex"])
        XCTAssertEqual(model.schemaDownloads(uri).map { "\($0.url) \($0.status)" }, [
            "https://raw.githubusercontent.com/datreeio/CRDs-catalog/main/example.org/gadget_v1.json loaded",
            "https://crds.example/widget.yaml loaded",
        ])
    }

    /// The SchemaStore catalog is a download a file needs only when one of its documents has no schema
    /// from another rule (the catalog is asked last), or has the catalog's.
    func testTheCatalogIsNeededOnlyByDocumentsNoOtherRuleServes() throws {
        let model = try model(#"{"yaml.schemaStore.enable": true}"#, files: [:])
        let catalog = "https://www.schemastore.org/api/json/catalog.json"
        let deployment = DocumentURI(filePath: "/w/app.yaml")
        model.perform(.open(deployment, version: 1, text: Self.deployment))
        XCTAssertFalse(model.schemaDownloads(deployment).map(\.url).contains(catalog), "\(model.schemaDownloads(deployment))")
        let stream = DocumentURI(filePath: "/w/both.yaml")
        model.perform(.open(stream, version: 1, text: Self.deployment + "---\nplain: 1\n"))
        XCTAssertEqual(model.schemaDownloads(stream).first?.url, catalog)
    }

    /// The mirror layout of `pureyaml schemas fetch --mirror-folder`, and what it refuses.
    func testMirrorLayout() {
        let layout = DocumentModel.mirrorLayout(of: "https://json.schemastore.org/a%20b/c.json")
        XCTAssertEqual(layout?.path, "json.schemastore.org/a b/c.json")
        XCTAssertEqual(layout?.prefix, "https://json.schemastore.org/")
        XCTAssertEqual(layout?.folder, "json.schemastore.org/")
        XCTAssertEqual(DocumentModel.mirrorLayout(of: "http://127.0.0.1:8080/x.json")?.path, "127.0.0.1:8080/x.json")
        XCTAssertNil(DocumentModel.mirrorLayout(of: "https://host/"))
        XCTAssertNil(DocumentModel.mirrorLayout(of: "https://host/a/../b.json"))
        XCTAssertNil(DocumentModel.mirrorLayout(of: "https://host/a/%2e%2e/b.json"))
        XCTAssertNil(DocumentModel.mirrorLayout(of: "file:///etc/passwd"))
    }
}
