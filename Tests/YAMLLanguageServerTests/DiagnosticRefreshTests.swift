import Foundation
import JSONRPC
import LanguageServerProtocol
import LanguageServerTestSupport
import XCTest

/// A client that pulls diagnostics gets a local schema's findings in its first pull (the model reads
/// local schema files before answering), is never pushed to, and is asked to pull again when something it
/// did not cause changes them (here a project settings file changed on disk).
final class DiagnosticRefreshTests: XCTestCase {
    func testLocalSchemaFindingsOnFirstPullAndRefreshOnOutsideChange() throws {
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
        func pull() throws -> [Diagnostic] {
            let report = try client.send(DocumentDiagnosticRequest.self, DocumentDiagnosticParams(textDocument: TextDocumentIdentifier(uri: uri)))
            guard case .full(_, let items) = report else { XCTFail("\(report)"); return [] }
            return items
        }
        let first = try pull()
        XCTAssertEqual(first.map(\.message), [#"expected integer, found string "8080""#], "the first pull already holds the schema finding")
        XCTAssertEqual(first.first?.severity, .warning)

        let project = dir.appendingPathComponent(".pureyaml.yaml")
        try "pureyaml.schema.severity: error\n".write(to: project, atomically: true, encoding: .utf8)
        try client.notify(DidChangeWatchedFilesNotification.self,
                          DidChangeWatchedFilesParams(changes: [FileEvent(uri: project.absoluteURL.absoluteString, type: .created)]))
        try client.waitForServerRequest(DiagnosticRefreshRequest.self)
        XCTAssertNil(client.lastPublished(uri), "a pulling client is not pushed to")
        // Pull as a client does after a refresh: the finding has the project's severity.
        XCTAssertEqual(try pull().map(\.severity), [.error])
        XCTAssertEqual(try client.shutdown(), 0)
    }
}
