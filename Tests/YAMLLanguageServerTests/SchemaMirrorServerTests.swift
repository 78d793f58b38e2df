import Foundation
import TestSupport
import XCTest

/// `pureyaml.schema.mirrors` in the language server, through the built binary with a download cache of
/// its own (`XDG_CACHE_HOME` in a temporary folder, so the user's cache is neither read nor written): a
/// Deployment opened with no other setting gets its kind's schema from a mirror folder (the kind schemas of
/// ../shared/schemas), and a modeline's URL is downloaded from a mirror URL on 127.0.0.1; both findings
/// carry the original URL as their schema URI, and `pureyaml/schemaInfo` says so.
final class SchemaMirrorServerTests: XCTestCase {
    func testMirrorFolderAndMirrorURL() throws {
        let kinds = try requireSharedFolder("schemas").appendingPathComponent("kubernetes/v1.37.0-standalone-strict")
        guard let binary = BuiltBinary.pureyaml else { return XCTFail("the pureyaml executable was not built") }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-mirror-lsp-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let mirror = root.appendingPathComponent("mirror")
        try FileManager.default.createDirectory(at: mirror, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: kinds.appendingPathComponent("deployment-apps-v1.json"),
                                         to: mirror.appendingPathComponent("deployment-apps-v1.json"))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("www/app"), withIntermediateDirectories: true)
        try #"{"properties": {"port": {"type": "integer"}}}"#.write(to: root.appendingPathComponent("www/app/app.json"), atomically: true, encoding: .utf8)
        let http = try LocalHTTPServer(root: root.appendingPathComponent("www"))
        defer { http.stop() }

        let kindsURL = "https://raw.githubusercontent.com/yannh/kubernetes-json-schema/master/v1.32.1-standalone-strict/"
        let cache = root.appendingPathComponent("cache")
        let server = try ServerProcess(executable: binary, environment: ["XDG_CACHE_HOME": cache.path])
        _ = try server.response(to: try server.request("initialize", [
            "processId": NSNull(), "rootUri": root.absoluteURL.absoluteString, "capabilities": [String: Any](),
            "initializationOptions": ["pureyaml": ["schema": [
                "mirrors": [kindsURL: "mirror/", "https://schemas.pureyaml.invalid/": http.url("app/")]]]],
        ]))
        try server.notify("initialized", [String: Any]())

        let deploy = root.appendingPathComponent("deploy.yaml").absoluteURL.absoluteString
        let app = root.appendingPathComponent("app.yaml").absoluteURL.absoluteString
        for (uri, text) in [(deploy, KubernetesFixtures.deploymentWithStringReplicas),
                            (app, "# yaml-language-server: $schema=https://schemas.pureyaml.invalid/app.json\nport: web\n")] {
            try server.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1, "text": text]])
        }
        for (uri, schema) in [(deploy, kindsURL + "deployment-apps-v1.json"), (app, "https://schemas.pureyaml.invalid/app.json")] {
            let published = try server.publishedDiagnostics(for: uri) { $0.contains { $0["code"] as? String == "schema-type" } }
            let finding = try XCTUnwrap(published.first { $0["code"] as? String == "schema-type" })
            XCTAssertEqual(finding["data"] as? [String: String], ["schemaURI": schema], uri)
        }
        // The cache was empty: the one request went to the mirror URL, and its copy is in this cache.
        XCTAssertTrue(http.waitForRequest { $0.hasSuffix(" /app/app.json") }, "\(http.requests)")
        XCTAssertEqual(http.requests.map { String($0.split(separator: " ").last ?? "") }, ["/app/app.json"])
        let info = try server.response(to: try server.request("pureyaml/schemaInfo", ["textDocument": ["uri": deploy]]))
        let first = try XCTUnwrap(((info["result"] as? [String: Any])?["documents"] as? [[String: Any]])?.first, "\(info)")
        XCTAssertEqual(first["schema"] as? String, kindsURL + "deployment-apps-v1.json")
        XCTAssertEqual(first["rule"] as? String, "kubernetes: apps/v1 Deployment")
        XCTAssertEqual(first["status"] as? String, "loaded")
        _ = try server.response(to: try server.request("shutdown"))
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0)
        let cached = try FileManager.default.subpathsOfDirectory(atPath: cache.path)
        XCTAssertFalse(cached.filter { !$0.hasPrefix(".") }.isEmpty, "nothing was written to the test's own cache")
    }
}
