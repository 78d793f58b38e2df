import Foundation
import SchemaFetching
import TestSupport
import XCTest
import YAMLDocumentModel
import YAMLSchema

/// A mirror URL through the real loader: the request goes to the mirror (a server on 127.0.0.1 with the
/// kind schemas of ../shared/schemas), the cache keeps the copy under the original URL, which an offline
/// load then finds; the cache's index lists it with its size and age.
final class SchemaMirrorDownloadTests: XCTestCase {
    func testAMirroredDownloadIsCachedUnderItsOwnURL() throws {
        let kinds = try requireSharedFolder("schemas").appendingPathComponent("kubernetes/v1.37.0-standalone-strict")
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-mirror-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temp) }
        let www = temp.appendingPathComponent("www/k8s")
        try FileManager.default.createDirectory(at: www, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: kinds.appendingPathComponent("deployment-apps-v1.json"),
                                         to: www.appendingPathComponent("deployment-apps-v1.json"))
        let server = try LocalHTTPServer(root: temp.appendingPathComponent("www"))
        let cache = SchemaDiskCache(directory: temp.appendingPathComponent("cache"))
        var options = SchemaLoader.Options()
        options.cache = cache
        options.timeout = 5

        // The model picks the mirror (a user setting); the loader downloads from it.
        var settings = Settings()
        settings.apply(try SchemaText.parse(Array("""
            {"pureyaml.schema.mirrors": {"https://raw.githubusercontent.com/yannh/kubernetes-json-schema/master/v1.32.1-standalone-strict/": "\(server.url("k8s/"))"}}
            """.utf8)))
        let model = DocumentModel(settings: settings)
        let uri = DocumentURI(filePath: temp.appendingPathComponent("app.yaml").path)
        model.perform(.open(uri, version: 1, text: KubernetesFixtures.deploymentWithStringReplicas))
        SchemaLoader(options: options).loadAll(into: model)
        let url = "https://raw.githubusercontent.com/yannh/kubernetes-json-schema/master/v1.32.1-standalone-strict/deployment-apps-v1.json"
        XCTAssertEqual(server.requests, ["200 /k8s/deployment-apps-v1.json"])
        XCTAssertEqual(model.diagnostics(uri)?.diagnostics.filter { $0.source == "pureyaml-schema" }.map { "\($0.code) \($0.schemaURI ?? "-")" },
                       ["schema-type \(url)"])

        let size = try XCTUnwrap((try FileManager.default.attributesOfItem(atPath: www.appendingPathComponent("deployment-apps-v1.json").path))[.size] as? Int)
        let index = cache.index()
        XCTAssertEqual(index.map(\.url), [url])
        XCTAssertEqual(index.first?.size, size)
        XCTAssertNotNil(index.first?.etag, "the test server sends an ETag")
        XCTAssertLessThan(abs(index.first?.stored?.timeIntervalSinceNow ?? 1000), 60)

        // Offline, with no mirror: the copy is found under the original URL.
        options.allowNetwork = false
        guard case .success(let bytes) = SchemaLoader(options: options).load(url) else { return XCTFail("no cached copy under \(url)") }
        XCTAssertEqual(bytes.count, size)
        XCTAssertEqual(server.requests.count, 1)
    }
}
