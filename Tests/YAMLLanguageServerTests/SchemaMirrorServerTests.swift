import Foundation
import JSONRPC
import LanguageServerProtocol
import LanguageServerTestSupport
import TestSupport
import XCTest

/// `pureyaml.schema.mirrors` in the language server, through the in-process client: a Deployment opened
/// with no other setting gets its kind's schema from a mirror folder (the kind schemas of ../shared/schemas),
/// and a modeline's URL is downloaded from a mirror URL on 127.0.0.1; both findings carry the original URL
/// as their schema URI, and `pureyaml/schemaInfo` says so.
final class SchemaMirrorServerTests: XCTestCase {
    func testMirrorFolderAndMirrorURL() throws {
        let kinds = try requireSharedFolder("schemas").appendingPathComponent("kubernetes/v1.37.0-standalone-strict")
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
        let client = try TestLSPClient()
        try client.initialize(rootURI: root.absoluteURL.absoluteString, initializationOptions: .object(["pureyaml": .object(["schema": .object([
            "mirrors": .object([kindsURL: .string("mirror/"), "https://schemas.pureyaml.invalid/": .string(http.url("app/"))]),
        ])])]))
        defer { _ = try? client.shutdown() }

        let deploy = root.appendingPathComponent("deploy.yaml").absoluteURL.absoluteString
        try client.open(deploy, KubernetesFixtures.deploymentWithStringReplicas)
        let app = root.appendingPathComponent("app.yaml").absoluteURL.absoluteString
        try client.open(app, "# yaml-language-server: $schema=https://schemas.pureyaml.invalid/app.json\nport: web\n")
        for (uri, schema) in [(deploy, kindsURL + "deployment-apps-v1.json"), (app, "https://schemas.pureyaml.invalid/app.json")] {
            let published = try client.waitFor(PublishDiagnosticsNotification.self, timeout: 15) { p in
                p.uri == uri && p.diagnostics.contains { $0.code == "schema-type" }
            }
            let finding = try XCTUnwrap(published.diagnostics.first { $0.code == "schema-type" })
            XCTAssertEqual(finding.data, .object(["schemaURI": .string(schema)]), uri)
        }
        // The request went to the mirror (a 304 when the user's download cache holds the copy from an earlier
        // run; the finding then came from that copy, and the revalidation may still be on its way).
        XCTAssertTrue(http.waitForRequest { $0.hasSuffix(" /app/app.json") }, "\(http.requests)")
        XCTAssertEqual(http.requests.map { String($0.split(separator: " ").last ?? "") }, ["/app/app.json"])
        let info = try client.send(SchemaInfoRequest.self, SchemaInfoParams(textDocument: TextDocumentIdentifier(uri: deploy)))
        guard case .object(let result) = info, case .array(let documents)? = result["documents"],
              case .object(let first)? = documents.first else { return XCTFail("no schema info: \(info)") }
        XCTAssertEqual(first["schema"], .string(kindsURL + "deployment-apps-v1.json"))
        XCTAssertEqual(first["rule"], .string("kubernetes: apps/v1 Deployment"))
        XCTAssertEqual(first["status"], .string("loaded"))
    }
}
