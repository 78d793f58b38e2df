import Foundation
import JSONRPC
import LanguageServerProtocol
import LanguageServerTestSupport
import TestSupport
import XCTest

/// The server (in process) finds the Prometheus Operator's ServiceMonitor CustomResourceDefinition
/// (../shared/corpus/kubernetes) in its workspace folder when a custom resource is opened, with default
/// settings: the resource's first diagnostics hold the finding, and `pureyaml/schemaInfo` names the
/// definition's file; through a glob of `pureyaml.schema.crds` for a resource outside the workspace
/// folder; and the definition file's change on disk (watched once the workspace was searched) is read again.
final class WorkspaceDefinitionServerTests: XCTestCase {
    private static let downloadsOff: LSPAny = ["yaml": ["schemaStore": ["enable": false], "schemaDownload": ["enable": false]]]

    /// A temporary folder (links resolved) holding the ServiceMonitor definition at `crds/servicemonitor.yaml`.
    private func workspace() throws -> URL {
        let crd = try requireSharedFolder("corpus").appendingPathComponent(KubernetesFixtures.serviceMonitorDefinitionPath)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-lsp-crds-\(UUID().uuidString)")
            .resolvingSymlinksInPath()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("crds"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: crd, to: root.appendingPathComponent("crds/servicemonitor.yaml"))
        return root
    }

    func testACustomResourceOpenedFindsItsDefinitionInTheWorkspace() throws {
        let root = try workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let client = try TestLSPClient()
        try client.initialize(rootURI: root.absoluteURL.absoluteString, initializationOptions: Self.downloadsOff)
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

    /// A resource outside the workspace folder (no folder search): the glob `crds/*.yaml`, relative to the
    /// workspace root, finds the definition.
    func testAGlobOfTheSettingsFindsTheDefinition() throws {
        let root = try workspace(), elsewhere = try workspace()
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        try FileManager.default.removeItem(at: elsewhere.appendingPathComponent("crds"))
        let uri = elsewhere.appendingPathComponent("web.yaml").absoluteURL.absoluteString
        for crds: [LSPAny] in [[], ["crds/*.yaml"]] {
            let client = try TestLSPClient()
            var options = Self.downloadsOff
            if case .object(var o) = options { o["pureyaml"] = ["schema": ["crds": .array(crds)]]; options = .object(o) }
            try client.initialize(rootURI: root.absoluteURL.absoluteString, initializationOptions: options)
            try client.open(uri, KubernetesFixtures.serviceMonitorWithStringSampleLimit)
            XCTAssertEqual(try client.nextPublished(uri).diagnostics.map(\.code), crds.isEmpty ? [] : ["schema-type"], "crds \(crds)")
            XCTAssertEqual(try client.shutdown(), 0)
        }
    }

    /// A client that watches files: once the workspace was searched, the server registers its YAML and JSON
    /// files too (after the configuration files), and a change of the definition file on disk is read again.
    func testTheDefinitionFileIsWatchedAndReadAgain() throws {
        let root = try workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        var capabilities = ClientCapabilities(workspace: ClientCapabilities.Workspace())
        capabilities.workspace?.didChangeWatchedFiles = .init(dynamicRegistration: true)
        let client = try TestLSPClient()
        try client.initialize(capabilities, rootURI: root.absoluteURL.absoluteString, initializationOptions: Self.downloadsOff)
        let first = try client.waitForServerRequest(RegistrationRequest.self)
        XCTAssertFalse("\(first.params ?? .null)".contains("*.yaml"), "a plain start watches the configuration files only")
        let uri = root.appendingPathComponent("monitoring/web.yaml").absoluteURL.absoluteString
        try client.open(uri, KubernetesFixtures.serviceMonitorWithStringSampleLimit)
        XCTAssertEqual(try client.nextPublished(uri).diagnostics.map(\.code), ["schema-type"])
        let second = try client.waitForServerRequest(RegistrationRequest.self, count: 2)
        let params = try second.decodeParams(RegistrationRequest.self)
        XCTAssertEqual(params.registrations.map(\.id), ["pureyaml-watched-files-5"])
        let options = try XCTUnwrap(params.registrations.first?.registerOptions).decode(DidChangeWatchedFilesRegistrationOptions.self)
        XCTAssertEqual(options.watchers.map(\.globPattern), ["**/*.yaml", "**/*.yml", "**/*.json"])

        // The definition is deleted: the resource's kind is unknown again, and stays quiet.
        let definition = root.appendingPathComponent("crds/servicemonitor.yaml")
        try FileManager.default.removeItem(at: definition)
        try client.notify(DidChangeWatchedFilesNotification.self, DidChangeWatchedFilesParams(changes: [
            FileEvent(uri: definition.absoluteURL.absoluteString, type: .deleted),
        ]))
        XCTAssertEqual(try client.nextPublished(uri).diagnostics.map(\.code), [])
        XCTAssertEqual(try client.shutdown(), 0)
    }
}
