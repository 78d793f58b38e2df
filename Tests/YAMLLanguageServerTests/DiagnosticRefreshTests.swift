import Foundation
import JSONRPC
import LanguageServerProtocol
import LanguageServerTestSupport
import XCTest

/// A client that pulls diagnostics is asked to pull again when a schema arrives after the document
/// opened, and is never pushed to.
final class DiagnosticRefreshTests: XCTestCase {
    func testSchemaArrivalAsksPullingClientsToRefresh() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-refresh-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try #"{"type": "object", "properties": {"port": {"type": "integer"}}}"#
            .write(to: dir.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
        let uri = dir.appendingPathComponent("a.yaml").absoluteURL.absoluteString

        let client = try TestLSPClient()
        var capabilities = ClientCapabilities()
        capabilities.textDocument = ClientCapabilities.TextDocument(diagnostic: .init())
        capabilities.workspace = ClientCapabilities.Workspace()
        capabilities.workspace?.diagnostics = .init(refreshSupport: true)
        try client.initialize(capabilities)
        try client.open(uri, "# yaml-language-server: $schema=s.json\nport: \"8080\"\n")
        try client.waitForServerRequest(DiagnosticRefreshRequest.self)
        XCTAssertNil(client.lastPublished(uri), "a pulling client is not pushed to")
        // Pull as a client does after a refresh: the schema finding is there.
        let report = try client.send(DocumentDiagnosticRequest.self, DocumentDiagnosticParams(textDocument: TextDocumentIdentifier(uri: uri)))
        guard case .full(_, let items) = report else { return XCTFail("\(report)") }
        XCTAssertTrue(items.contains { $0.message.contains("expected integer") }, "\(items)")
        XCTAssertEqual(try client.shutdown(), 0)
    }
}
