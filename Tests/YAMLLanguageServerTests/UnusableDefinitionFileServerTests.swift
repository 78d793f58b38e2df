import Foundation
import JSONRPC
import LanguageServerProtocol
import LanguageServerTestSupport
import TestSupport
import XCTest

/// A `pureyaml.schema.crds` entry that cannot be used is shown once per configuration (`window/showMessage`,
/// a warning in the model's words), through the server in process: it used to be silent.
final class UnusableDefinitionFileServerTests: XCTestCase {
    func testAMissingDefinitionFileIsShownOnce() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-lsp-crds-\(UUID().uuidString)")
            .resolvingSymlinksInPath()
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let missing = root.appendingPathComponent("crds/missing.yaml").path
        let client = try TestLSPClient()
        try client.initialize(rootURI: root.absoluteURL.absoluteString, initializationOptions: [
            "pureyaml": ["schema": ["crds": .array([.string(missing)]), "crdCatalog": ""]]])
        defer { _ = try? client.shutdown() }
        let resource = "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n"
        for name in ["a.yaml", "b.yaml"] {
            try client.open(root.appendingPathComponent(name).absoluteURL.absoluteString, resource)
        }
        let shown = try client.waitFor(ShowMessageNotification.self) { $0.message.contains("pureyaml.schema.crds entry") }
        XCTAssertEqual(shown.type, .warning)
        XCTAssertTrue(shown.message.hasPrefix("pureyaml.schema.crds entry \(missing) cannot be used: no such file; "), shown.message)
        // Both documents are checked (their diagnostics are in) and the entry was said once.
        for name in ["a.yaml", "b.yaml"] {
            let uri = root.appendingPathComponent(name).absoluteURL.absoluteString
            _ = try client.waitFor(PublishDiagnosticsNotification.self) { $0.uri == uri }
        }
        let messages = client.receivedNotifications.filter { $0.method == ShowMessageNotification.method.rawValue }
            .compactMap { try? $0.decodeParams(ShowMessageNotification.self) }.filter { $0.message.contains("pureyaml.schema.crds") }
        XCTAssertEqual(messages.count, 1, "\(messages)")
        // The user changes the schema settings: the entry is tried again and, still missing, said again.
        try client.notify(DidChangeConfigurationNotification.self, DidChangeConfigurationParams(settings: [
            "pureyaml": ["schema": ["crds": .array([.string(missing)]), "crdCatalog": "", "severity": "error"]]]))
        func said() -> [ShowMessageParams] { client.shownMessages.filter { $0.message.contains("pureyaml.schema.crds") } }
        let deadline = Date().addingTimeInterval(20)
        while said().count < 2 && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        XCTAssertEqual(said().map(\.message), [shown.message, shown.message])
    }
}
