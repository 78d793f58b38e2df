import Foundation
import LanguageServerProtocol
import LanguageServerTestSupport
import TestSupport
import XCTest

/// The server (in process) finds the Prometheus Operator's ServiceMonitor CustomResourceDefinition
/// (../shared/corpus/kubernetes) in its workspace folder when a custom resource is opened, with default
/// settings: the resource's first diagnostics hold the finding, and `pureyaml/schemaInfo` names the
/// definition's file.
final class WorkspaceDefinitionServerTests: XCTestCase {
    func testACustomResourceOpenedFindsItsDefinitionInTheWorkspace() throws {
        let crd = try requireSharedFolder("corpus").appendingPathComponent(KubernetesFixtures.serviceMonitorDefinitionPath)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-lsp-crds-\(UUID().uuidString)")
            .resolvingSymlinksInPath()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("crds"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: crd, to: root.appendingPathComponent("crds/servicemonitor.yaml"))
        let client = try TestLSPClient()
        try client.initialize(rootURI: root.absoluteURL.absoluteString,
                              initializationOptions: ["yaml": ["schemaStore": ["enable": false], "schemaDownload": ["enable": false]]])
        let uri = root.appendingPathComponent("monitoring/web.yaml").absoluteURL.absoluteString
        try client.open(uri, KubernetesFixtures.serviceMonitorWithStringSampleLimit)
        let first = try client.nextPublished(uri)
        XCTAssertEqual(first.diagnostics.map(\.code), ["schema-type"])
        XCTAssertEqual(first.diagnostics.first?.message, #"expected integer, found string "many""#)
        XCTAssertEqual(first.diagnostics.first?.range.start.line, 5)
        let info = try client.send(SchemaInfoRequest.self, SchemaInfoParams(textDocument: TextDocumentIdentifier(uri: uri)))
        guard case .object(let o) = info, case .array(let documents)? = o["documents"], case .object(let document)? = documents.first else {
            return XCTFail("no documents in \(info)")
        }
        let source = root.appendingPathComponent("crds/servicemonitor.yaml").absoluteURL.absoluteString
        XCTAssertEqual(document["rule"], .string("kubernetes: monitoring.coreos.com/v1 ServiceMonitor (CustomResourceDefinition in \(source))"))
        XCTAssertEqual(document["status"], "loaded")
        XCTAssertEqual(try client.shutdown(), 0)
    }
}
