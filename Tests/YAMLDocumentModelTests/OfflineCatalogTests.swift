import Foundation
import XCTest
import YAMLDocumentModel

/// The SchemaStore catalog with downloads off (`yaml.schemaDownload.enable: false`, `check --offline`): the
/// model asks the renderer for nothing it may not fetch — the download cache's copy is the answer, or there
/// is none — and says once that the catalog was not consulted, which is no missing schema. It used to leave
/// the catalog among the loads for the renderer and say nothing.
final class OfflineCatalogTests: XCTestCase {
    static let catalogURL = "https://catalog.example/api/catalog.json"
    static let schemaURL = "https://schemas.example/widget.json"
    static let catalog = #"{"schemas": [{"name": "Widget", "url": "\#(schemaURL)", "fileMatch": ["widget.yaml"]}]}"#

    /// A model whose environment reads no file and has `cached` in its download cache; every fetch is
    /// recorded in `fetched` (none is expected with downloads off).
    private func model(cached: [String: String], downloads: Bool, fetched: Fetched) -> DocumentModel {
        let capabilities = ModelEnvironment.Capabilities(
            readFile: { _ in nil }, kind: { _ in nil }, listFolder: { _ in nil },
            fetch: { uri, _, completion in
                fetched.add(uri)
                completion(.failure(SchemaLoadFailure("cannot reach the server", kind: .unavailable)))
            },
            now: { 0 },
            cachedCopy: { cached[$0].map { Array($0.utf8) } })
        var settings = Settings()
        settings.schema.schemaStoreEnabled = true
        settings.schema.schemaStoreURL = Self.catalogURL
        settings.schema.downloadEnabled = downloads
        settings.schema.kubernetesDetection = false
        return DocumentModel(settings: settings, environment: ModelEnvironment(capabilities: capabilities))
    }

    final class Fetched: @unchecked Sendable {
        private let lock = NSLock()
        private var uris: [String] = []
        func add(_ uri: String) { lock.withLock { uris.append(uri) } }
        var all: [String] { lock.withLock { uris } }
    }

    func testOfflineWithoutACachedCatalogRequestsNothingAndSaysSoOnce() {
        let fetched = Fetched()
        let model = model(cached: [:], downloads: false, fetched: fetched)
        let uri = DocumentURI(filePath: "/w/widget.yaml")
        let areas = model.perform(.open(uri, version: 1, text: "size: 3\n"))
        XCTAssertEqual(model.schemaLoadRequests, [], "nothing is left for the renderer to fetch")
        XCTAssertFalse(areas.contains(.schemaLoads), "\(areas)")
        XCTAssertTrue(areas.contains(.unconsultedCatalogs), "\(areas)")
        XCTAssertEqual(model.unconsultedCatalogs.map(\.message), [
            "the SchemaStore catalog \(Self.catalogURL) was not consulted: downloads are disabled (the setting "
                + "yaml.schemaDownload.enable is false, or check --offline) and no cached copy exists; files that only the "
                + "catalog gives a schema are checked without one (`pureyaml schemas fetch PATH...` caches it for runs without network)"])
        XCTAssertEqual(model.missingSchemas, [], "not a missing schema")
        XCTAssertEqual(model.schemaInfo(uri)?.isLoading, false)
        // Another document: said once.
        XCTAssertFalse(model.perform(.open(DocumentURI(filePath: "/w/other.yaml"), version: 1, text: "a: 1\n")).contains(.unconsultedCatalogs))
        XCTAssertEqual(model.unconsultedCatalogs.count, 1)
        XCTAssertEqual(fetched.all, [])
    }

    /// The cache's copies of the catalog and of the schema it picks are used, and the renderer is asked
    /// for nothing.
    func testOfflineWithACachedCatalogUsesIt() {
        let fetched = Fetched()
        let model = model(cached: [Self.catalogURL: Self.catalog, Self.schemaURL: #"{"properties": {"size": {"type": "integer"}}}"#],
                          downloads: false, fetched: fetched)
        let uri = DocumentURI(filePath: "/w/widget.yaml")
        model.perform(.open(uri, version: 1, text: "size: three\n"))
        XCTAssertEqual(model.schemaLoadRequests, [])
        XCTAssertEqual(model.unconsultedCatalogs, [])
        XCTAssertEqual(model.schemaInfo(uri)?.documents.first?.schemaURI, Self.schemaURL)
        XCTAssertEqual((model.diagnostics(uri)?.diagnostics ?? []).map(\.code), ["schema-type"])
        XCTAssertEqual(fetched.all, [])
    }

    /// With downloads on, the catalog is still the renderer's to download (and a failure is said the same way).
    func testOnlineTheCatalogIsLeftToTheRenderer() {
        let fetched = Fetched()
        let model = model(cached: [:], downloads: true, fetched: fetched)
        let uri = DocumentURI(filePath: "/w/widget.yaml")
        model.perform(.open(uri, version: 1, text: "size: 3\n"))
        XCTAssertEqual(model.schemaLoadRequests, [Self.catalogURL])
        XCTAssertTrue(model.perform(.schemaLoaded(Self.catalogURL, .failure(SchemaLoadFailure("HTTP 404")))).contains(.unconsultedCatalogs))
        XCTAssertEqual(model.unconsultedCatalogs.map(\.reason), ["HTTP 404"])
        XCTAssertFalse(model.unconsultedCatalogs[0].message.contains("schemas fetch"), "a 404 is not for want of the network")
    }
}
