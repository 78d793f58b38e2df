import Foundation
import JSONRPC
import LanguageServerProtocol
import LanguageServerTestSupport
import XCTest

/// `codeAction/resolve` through the protocol (LSP 3.17 §"Code Action Resolve Request"), with the typed
/// in-process client: a client that declares `codeAction.resolveSupport` for `edit` and `dataSupport` gets
/// `resolveProvider: true`, actions without edits, and the verified edit on resolve; any other client gets
/// today's answers. A stale or unverifiable action is answered with -32803 and a message saying why.
final class CodeActionResolveProtocolTests: XCTestCase {
    private let uri = "file:///w/resolve.yaml"
    private typealias CodeActionCapability = ClientCapabilities.TextDocument.CodeAction

    /// A running server with lint on, `text` open at version `version`, and the capabilities the
    /// client declared; returns the client and the `codeActionProvider` the server advertised.
    private func start(codeAction: CodeActionCapability?, documentChanges: Bool = false, text: String,
                       version: Int = 1) throws -> (TestLSPClient, CodeActionProvider?) {
        let client = try TestLSPClient()
        var capabilities = ClientCapabilities(workspace: ClientCapabilities.Workspace(), textDocument: ClientCapabilities.TextDocument())
        capabilities.textDocument?.codeAction = codeAction
        if documentChanges { capabilities.workspace?.workspaceEdit = .init(documentChanges: true) }
        let result = try client.initialize(capabilities, initializationOptions: ["pureyaml": ["lint": ["enable": true]]])
        try client.open(uri, text, version: version)
        try waitForDiagnostics(client, version: version)
        return (client, result.capabilities.codeActionProvider)
    }

    private func waitForDiagnostics(_ client: TestLSPClient, version: Int) throws {
        _ = try client.waitFor(PublishDiagnosticsNotification.self) { [uri] in $0.uri == uri && $0.version == version }
    }

    private func actions(_ client: TestLSPClient, line: Int) throws -> [CodeAction] {
        let range = LSPRange(start: Position(line: line, character: 0), end: Position(line: line + 1, character: 0))
        return try client.send(CodeActionRequest.self, CodeActionParams(textDocument: TextDocumentIdentifier(uri: uri), range: range,
                                                                        context: CodeActionContext(diagnostics: [], only: ["quickfix"]))) ?? []
    }

    private func resolveFailure(_ client: TestLSPClient, _ action: CodeAction) -> ResponseError? {
        do {
            let resolved = try client.send(CodeActionResolveRequest.self, action)
            XCTFail("resolved: \(resolved)")
            return nil
        } catch {
            return error as? ResponseError
        }
    }

    private var resolving: CodeActionCapability { CodeActionCapability(dataSupport: true, resolveSupport: .init(properties: ["edit"])) }
    private static let text = "---\nitems:\n  - key:  word #c  \n  - other: 1\n"

    /// Without resolve support (no capability, or `resolveSupport` without `dataSupport`) the server
    /// advertises `true` and sends edits; with it, `{resolveProvider: true}`, the same actions without
    /// edits but with `data`, and resolving each gives the edit the other client got (versioned for a
    /// client that takes `documentChanges`).
    func testBothCapabilityVariants() throws {
        var eager: [CodeAction] = []
        for codeAction in [nil, CodeActionCapability(resolveSupport: .init(properties: ["edit"]))] {
            let (client, provider) = try start(codeAction: codeAction, text: Self.text)
            XCTAssertEqual(provider, .enabled(true))
            let listed = try actions(client, line: 2)
            XCTAssertEqual(listed.count, 4, "\(listed)")
            XCTAssertTrue(listed.allSatisfy { $0.edit != nil && $0.data == nil })
            eager = listed
            XCTAssertEqual(try client.shutdown(), 0)
        }

        for documentChanges in [false, true] {
            let (client, provider) = try start(codeAction: resolving, documentChanges: documentChanges, text: Self.text, version: 3)
            guard case .options(let options)? = provider else { return XCTFail("\(String(describing: provider))") }
            XCTAssertEqual(options.resolveProvider, true)
            let listed = try actions(client, line: 2)
            XCTAssertEqual(listed.map(\.title), eager.map(\.title))
            XCTAssertTrue(listed.allSatisfy { $0.edit == nil }, "\(listed)")
            for (action, expected) in zip(listed, eager) {
                guard case .object(let data)? = action.data else { return XCTFail("no data: \(action)") }
                XCTAssertEqual(data["uri"], .string(uri))
                XCTAssertEqual(data["version"], 3)
                guard case .integer? = data["id"] else { return XCTFail("no id: \(data)") }
                let resolved = try client.send(CodeActionResolveRequest.self, action)
                XCTAssertEqual(resolved.title, action.title)
                XCTAssertEqual(resolved.data, action.data, "the action comes back as sent, with its edit")
                let expectedEdits = try XCTUnwrap(expected.edit?.changes?[uri])
                if documentChanges {
                    XCTAssertEqual(resolved.edit, WorkspaceEdit(documentChanges: [
                        TextDocumentEdit(textDocument: VersionedTextDocumentIdentifier(uri: uri, version: 3), edits: expectedEdits)]))
                } else {
                    XCTAssertEqual(resolved.edit, WorkspaceEdit(changes: [uri: expectedEdits]))
                }
            }
            XCTAssertEqual(try client.shutdown(), 0)
        }
    }

    /// The resolve is stateless: the action's `data` carries the document, version, range, kinds and the
    /// action's place and title, so a server that never listed code actions (a second server with the same
    /// text open at the same version) resolves an action the first one listed to the same edit.
    func testResolveWorksWithNoListingBefore() throws {
        let (lister, _) = try start(codeAction: resolving, text: Self.text)
        let listed = try actions(lister, line: 2)
        XCTAssertEqual(listed.count, 4, "\(listed)")
        var expected: [WorkspaceEdit?] = []
        for action in listed { expected.append(try lister.send(CodeActionResolveRequest.self, action).edit) }
        XCTAssertEqual(try lister.shutdown(), 0)

        let (resolver, _) = try start(codeAction: resolving, text: Self.text)
        for (action, edit) in zip(listed, expected) {
            let resolved = try resolver.send(CodeActionResolveRequest.self, action)
            XCTAssertNotNil(resolved.edit, action.title)
            XCTAssertEqual(resolved.edit, edit, action.title)
        }
        XCTAssertEqual(try resolver.shutdown(), 0)
    }

    /// An action offered for version 1 and resolved after the document moved to version 2 is refused with
    /// -32803 RequestFailed and a message asking for code actions again; one resolved at its version is
    /// not. An action without the server's `data` comes back unchanged.
    func testStaleVersionIsRequestFailed() throws {
        let (client, _) = try start(codeAction: resolving, text: Self.text)
        let first = try XCTUnwrap(try actions(client, line: 2).first)
        try client.notify(DidChangeTextDocumentNotification.self, DidChangeTextDocumentParams(
            textDocument: VersionedTextDocumentIdentifier(uri: uri, version: 2),
            contentChanges: [TextDocumentContentChangeEvent(text: Self.text + "more: 1\n")]))
        try waitForDiagnostics(client, version: 2)
        let error = try XCTUnwrap(resolveFailure(client, first))
        XCTAssertEqual(error.code, .requestFailed)
        XCTAssertEqual(error.message, "The document changed since this action was offered (version 1, now 2); ask for code actions again.")
        let fresh = try XCTUnwrap(try actions(client, line: 2).first)
        XCTAssertNotNil(try client.send(CodeActionResolveRequest.self, fresh).edit)

        let foreign = CodeAction(title: "Someone else's", kind: "quickfix", data: ["other": 1])
        XCTAssertEqual(try client.send(CodeActionResolveRequest.self, foreign), foreign)
        XCTAssertEqual(try client.shutdown(), 0)
    }

    /// A listed fix that fails verification (narrowing the space after `-` would make a syntax error) is
    /// answered with -32803 and the reason; the next list at that version leaves it out.
    func testUnverifiableFixIsRequestFailedWithTheReason() throws {
        let (client, _) = try start(codeAction: resolving, text: "---\ns:\n  -   x: 1\n      y: 2\n")
        let listed = try actions(client, line: 2)
        let hyphens = try XCTUnwrap(listed.first { $0.title.hasSuffix("(hyphens)") }, "\(listed)")
        let error = try XCTUnwrap(resolveFailure(client, hyphens))
        XCTAssertEqual(error.code, .requestFailed)
        XCTAssertEqual(error.message, "\"\(hyphens.title)\" was not applied: it would add a syntax error.")
        XCTAssertFalse(try actions(client, line: 2).contains { $0.title == hyphens.title })
        XCTAssertEqual(try client.shutdown(), 0)
    }
}
