import Foundation
import TestSupport
import XCTest

/// Kubernetes through the built server: a Deployment gets its kind's schema by content (only the schema
/// folder is configured: the kind schemas of ../shared/schemas), `pureyaml/schemaInfo` names the rule, and
/// editing a CustomResourceDefinition open in one document pushes new diagnostics for a custom resource
/// in another.
final class KubernetesLanguageServerTests: XCTestCase {
    func testKindsByContentAndADefinitionEditedInTheEditor() throws {
        let kinds = try requireSharedFolder("schemas").appendingPathComponent("kubernetes")
        guard let binary = BuiltBinary.pureyaml else { return XCTFail("the pureyaml executable was not built") }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-lsp-k8s-\(UUID().uuidString)")
        let server = try ServerProcess(executable: binary)
        let id = try server.request("initialize", [
            "processId": NSNull(), "rootUri": root.absoluteURL.absoluteString, "capabilities": [String: Any](),
            "initializationOptions": ["pureyaml": ["schema": [
                "kubernetesVersion": "1.37.0", "kubernetesSchemaBase": kinds.path + "/{version}-standalone-strict/", "crdCatalog": ""]]],
        ])
        _ = try server.response(to: id)
        try server.notify("initialized", [String: Any]())
        func published(_ uri: String, _ accept: ([[String: Any]]) -> Bool) throws -> [[String: Any]] {
            try server.publishedDiagnostics(for: uri, accepting: accept)
        }
        func codes(_ d: [[String: Any]]) -> [String] { d.compactMap { $0["code"] as? String } }

        let deploy = root.appendingPathComponent("deploy.yaml").absoluteURL.absoluteString
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": deploy, "languageId": "yaml", "version": 1, "text": KubernetesFixtures.deploymentWithStringReplicas]])
        XCTAssertEqual(codes(try published(deploy) { !$0.isEmpty }), ["schema-type"])
        let info = try server.response(to: try server.request("pureyaml/schemaInfo", ["textDocument": ["uri": deploy]]))
        let documents = ((info["result"] as? [String: Any])?["documents"] as? [[String: Any]]) ?? []
        XCTAssertEqual(documents.first?["rule"] as? String, "kubernetes: apps/v1 Deployment")
        XCTAssertEqual(documents.first?["status"] as? String, "loaded")

        let crd = root.appendingPathComponent("crd.yaml").absoluteURL.absoluteString
        let resource = root.appendingPathComponent("widget.yaml").absoluteURL.absoluteString
        let definition = { (type: String) in
            KubernetesFixtures.widgetDefinition(spec: "{type: object, properties: {size: {type: \(type)}}}")
        }
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": resource, "languageId": "yaml", "version": 1,
                                                                    "text": "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: big}\n"]])
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": crd, "languageId": "yaml", "version": 1, "text": definition("integer")]])
        XCTAssertEqual(codes(try published(resource) { !$0.isEmpty }), ["schema-type"])
        try server.notify("textDocument/didChange", ["textDocument": ["uri": crd, "version": 2],
                                                      "contentChanges": [["text": definition("string")]]])
        XCTAssertEqual(codes(try published(resource) { $0.isEmpty }), [])
        _ = try server.response(to: try server.request("shutdown"))
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0)
    }
}
