import Foundation
import SchemaFetching
import TestSupport
import XCTest
import YAMLDocumentModel
import YAMLSchema

/// Kubernetes schemas end to end through the edge: a real HTTP server on 127.0.0.1 serves the kind schemas
/// of ../shared/schemas in yannh's layout and the Prometheus Operator's ServiceMonitor CRD of
/// ../shared/corpus; a stream of manifests and custom resources written here is checked through the
/// loader; a CRD catalog that does not have a kind answers 404, which stays quiet.
final class KubernetesSchemaServerTests: XCTestCase {
    func testKindsAndCustomResourcesOverHTTP() throws {
        let schemas = try requireSharedFolder("schemas").appendingPathComponent("kubernetes/v1.37.0-standalone-strict")
        let crd = try requireSharedFolder("corpus")
            .appendingPathComponent("kubernetes/prometheus-operator__kube-prometheus/manifests/setup/0servicemonitorCustomResourceDefinition.yaml")
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-k8s-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temp) }
        let www = temp.appendingPathComponent("www")
        let kinds = www.appendingPathComponent("kubernetes/v1.37.0-standalone-strict")
        try FileManager.default.createDirectory(at: kinds, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: www.appendingPathComponent("crds"), withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: schemas.path) {
            try FileManager.default.copyItem(at: schemas.appendingPathComponent(name), to: kinds.appendingPathComponent(name))
        }
        try FileManager.default.copyItem(at: crd, to: www.appendingPathComponent("crds/servicemonitor.yaml"))
        let server = try LocalHTTPServer(root: www)

        var settings = Settings()
        settings.apply(try SchemaText.parse(Array("""
            {"pureyaml.schema.kubernetesVersion": "1.37.0",
             "pureyaml.schema.kubernetesSchemaBase": "\(server.url("kubernetes/{version}-standalone-strict/"))",
             "pureyaml.schema.crds": ["\(server.url("crds/servicemonitor.yaml"))"],
             "pureyaml.schema.crdCatalog": "\(server.url("catalog/{group}/{kind}_{version}.json"))"}
            """.utf8)))
        let model = DocumentModel(settings: settings)
        var options = SchemaLoader.Options()
        options.cache = SchemaDiskCache(directory: temp.appendingPathComponent("cache"))
        options.timeout = 5
        let loader = SchemaLoader(options: options)
        let uri = DocumentURI(filePath: temp.appendingPathComponent("app.yaml").path)
        model.perform(.open(uri, version: 1, text: KubernetesFixtures.deploymentWithStringReplicas + """
            ---
            apiVersion: v1
            kind: Service
            metadata: {name: web}
            spec: {selector: {app: web}, ports: [{port: 80, targetPort: http}]}
            ---
            apiVersion: monitoring.coreos.com/v1
            kind: ServiceMonitor
            metadata: {name: web}
            spec:
              selector: {matchLabels: {app: web}}
              endpoints: [{port: http, interval: soon}]
            ---
            apiVersion: example.com/v1
            kind: Gadget
            metadata: {name: g}
            spec: {size: 1}

            """))
        loader.loadAll(into: model)
        let documents = try XCTUnwrap(model.schemaInfo(uri)?.documents)
        XCTAssertEqual(documents.map { $0.rule?.description ?? "-" }, [
            "kubernetes: apps/v1 Deployment", "kubernetes: v1 Service",
            "kubernetes: monitoring.coreos.com/v1 ServiceMonitor (CustomResourceDefinition in \(server.url("crds/servicemonitor.yaml")))",
            "kubernetes: example.com/v1 Gadget (CRD catalog)",
        ])
        XCTAssertEqual(documents.map { $0.status?.description ?? "-" }, ["loaded", "loaded", "loaded", "failed: HTTP 404"])
        let findings = (model.diagnostics(uri)?.diagnostics ?? []).filter { $0.source == "pureyaml-schema" }.map {
            "\(model.snapshot(uri)?.humanPosition(of: $0.range.start).line ?? 0): \($0.code)"
        }
        XCTAssertEqual(findings, ["5: schema-type", "19: schema-pattern"])
        XCTAssertEqual(server.requests.sorted(), [
            "200 /crds/servicemonitor.yaml",
            "200 /kubernetes/v1.37.0-standalone-strict/deployment-apps-v1.json",
            "200 /kubernetes/v1.37.0-standalone-strict/service-v1.json",
            "404 /catalog/example.com/gadget_v1.json",
        ])
    }
}
