import Foundation
import JSONRPC
import LanguageServerProtocol
import LanguageServerTestSupport
import XCTest

/// The areas the model reports dirty become the protocol's own refresh requests, for the clients that
/// declare them: a settings change (not the client's own edit) re-pulls semantic tokens and folding
/// ranges; an edit does not (the client asks again by itself); a client without the capabilities is
/// sent none.
final class SurfaceSignalTests: XCTestCase {
    private let uri = "file:///tmp/pureyaml-signals/a.yaml"

    private func start(refresh: Bool) throws -> TestLSPClient {
        let client = try TestLSPClient()
        var capabilities = ClientCapabilities(workspace: ClientCapabilities.Workspace())
        if refresh {
            capabilities.workspace?.semanticTokens = .init(refreshSupport: true)
            capabilities.workspace?.foldingRange = .init(refreshSupport: true)
        }
        try client.initialize(capabilities)
        try client.open(uri, "a:\n  b: 1\n")
        _ = try client.nextPublished(uri)
        return client
    }

    private func configure(_ client: TestLSPClient, maxItems: Int) throws {
        try client.notify(DidChangeConfigurationNotification.self,
                          DidChangeConfigurationParams(settings: ["pureyaml": ["maxItemsComputed": .integer(maxItems)]]))
    }

    private func refreshes(_ client: TestLSPClient) -> [String] {
        client.receivedServerRequests.map(\.method).filter { $0.hasSuffix("/refresh") }
    }

    func testSettingsChangeRefreshesStructureForClientsThatSupportIt() throws {
        let client = try start(refresh: true)
        try client.notify(DidChangeTextDocumentNotification.self, DidChangeTextDocumentParams(
            textDocument: VersionedTextDocumentIdentifier(uri: uri, version: 2),
            contentChanges: [TextDocumentContentChangeEvent(text: "a:\n  b: 2\n")]))
        _ = try client.nextPublished(uri)
        XCTAssertEqual(refreshes(client), [], "an edit is followed by the client's own requests")
        try configure(client, maxItems: 10)
        try client.waitForServerRequest(SemanticTokensRefreshRequest.self)
        try client.waitForServerRequest(FoldingRangeRefreshRequest.self)
        XCTAssertEqual(try client.shutdown(), 0)
    }

    func testNoRefreshForClientsWithoutTheCapabilities() throws {
        let client = try start(refresh: false)
        try configure(client, maxItems: 10)
        // Something the server answers after handling the configuration: every signal it sent is in.
        _ = try client.send(ShutdownRequest.self, EmptyParams())
        XCTAssertEqual(refreshes(client), [])
    }
}
