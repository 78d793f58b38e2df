import Foundation
import JSONRPC
import LanguageServerProtocol
import LanguageServerTestSupport
import TestSupport
import XCTest
import YAMLLanguageServer

/// Every request in the server's handler table is answered exactly once: before `initialize` (-32002),
/// with valid params, with invalid params (-32602), cancelled (-32800), superseded by an edit (-32801),
/// unknown (-32601) and after `shutdown` (-32600). The count is taken after the server has exited and
/// closed its output, so a late second answer would be seen.
final class ExactlyOneReplyTests: XCTestCase {
    static let uri = "file:///tmp/pureyaml-exactly-once/a.yaml"

    /// Params that satisfy every request of the table at once (members a request does not know are ignored).
    static let validParams: LSPAny = {
        let position: LSPAny = .object(["line": .integer(0), "character": .integer(1)])
        let range: LSPAny = .object(["start": .object(["line": .integer(0), "character": .integer(0)]),
                                     "end": .object(["line": .integer(1), "character": .integer(0)])])
        return .object([
            "textDocument": .object(["uri": .string(uri)]),
            "position": position, "positions": .array([position]), "range": range,
            "context": .object(["includeDeclaration": .bool(true), "diagnostics": .array([]), "triggerKind": .integer(1)]),
            "newName": .string("renamed"), "ch": .string("\n"), "reason": .integer(1), "query": .string(""),
            "options": .object(["tabSize": .integer(2), "insertSpaces": .bool(true)]),
            "previousResultIds": .array([]), "title": .string("an action"), "label": .string("an item"),
            "capabilities": .object([:]),
        ])
    }()

    /// Params that no request with params accepts.
    static let invalidParams: LSPAny = .array([.bool(true)])

    func testEveryRequestInTheTableIsAnsweredExactlyOnce() throws {
        let methods = LanguageServerMain.handledMethods.requests
        XCTAssertTrue(methods.contains("textDocument/hover") && methods.contains("shutdown") && methods.count >= 25, "\(methods)")
        let client = try TestLSPClient()
        var sent: [RequestID: String] = [:]
        func send(_ method: String, _ params: LSPAny?, _ why: String) -> RequestID {
            let id = client.sendRequest(method, params: params)
            sent[id] = "\(method) (\(why))"
            return id
        }
        func code(_ id: RequestID) throws -> ErrorCode? {
            if case .failure(let e) = try client.response(to: id).result { return e.code }
            return nil
        }

        // Before initialize: -32002.
        for method in methods where method != "initialize" {
            XCTAssertEqual(try code(send(method, Self.validParams, "before initialize")), .serverNotInitialized, method)
        }
        let initialize = send("initialize", .object(["capabilities": .object([:])]), "initialize")
        XCTAssertNil(try code(initialize))
        client.notify("initialized", params: .object([:]))
        try client.open(Self.uri, "key: &a value\nother: *a\nlist:\n  - 1\n")

        for method in methods where method != "shutdown" {
            let valid = try code(send(method, Self.validParams, "valid"))
            let allowed: Set<ErrorCode?> = method == "initialize" ? [.invalidRequest] : method == "textDocument/rename" ? [nil, .requestFailed] : [nil]
            XCTAssertTrue(allowed.contains(valid), "\(method) with valid params: \(String(describing: valid))")
            let invalid = try code(send(method, Self.invalidParams, "invalid"))
            XCTAssertEqual(invalid, .invalidParams, "\(method) with invalid params")
        }
        XCTAssertEqual(try code(send("textDocument/noSuchThing", Self.validParams, "unknown")), .methodNotFound)

        // Cancelled before it is handled, or answered first: one answer either way.
        let hover = send("textDocument/hover", Self.validParams, "cancelled")
        client.notify("$/cancelRequest", params: .object(["id": try LSPAny(encoding: hover)]))
        XCTAssertTrue([nil, .requestCancelled].contains(try code(hover)))
        // Superseded by an edit queued behind it (-32801), or answered first.
        let symbols = send("textDocument/documentSymbol", Self.validParams, "superseded")
        try client.notify(DidChangeTextDocumentNotification.self, DidChangeTextDocumentParams(
            textDocument: VersionedTextDocumentIdentifier(uri: Self.uri, version: 2),
            contentChanges: [TextDocumentContentChangeEvent(text: "key: value\n")]))
        XCTAssertTrue([nil, .contentModified].contains(try code(symbols)))

        XCTAssertNil(try code(send("shutdown", nil, "shutdown")))
        for method in methods {
            XCTAssertEqual(try code(send(method, Self.validParams, "after shutdown")), .invalidRequest, method)
        }
        client.notify("exit", params: nil)
        XCTAssertEqual(try client.waitForExit(), 0)

        // The server has closed its output: every answer it will ever send is in.
        var answers: [RequestID: Int] = [:]
        for response in client.receivedResponses {
            guard let id = response.id else { XCTFail("a response without id: \(response)"); continue }
            answers[id, default: 0] += 1
        }
        for (id, what) in sent {
            XCTAssertEqual(answers[id], 1, "\(what): \(answers[id] ?? 0) answers")
        }
        XCTAssertEqual(Set(answers.keys), Set(sent.keys), "answers to requests never sent")
    }

    /// Every client-to-server request of the protocol registry is in the table (the registry's
    /// server-to-client requests are not).
    func testTheTableCoversTheRegistry() {
        let serverToClient: Set<String> = ["workspace/configuration", "client/registerCapability", "workspace/diagnostic/refresh",
                                           "workspace/semanticTokens/refresh", "workspace/foldingRange/refresh",
                                           "window/workDoneProgress/create"]
        let expected = Set(MessageRegistry.requests.map { $0.method.rawValue }).subtracting(serverToClient)
        XCTAssertEqual(Set(LanguageServerMain.handledMethods.requests), expected)
    }
}

/// A pull held open while a schema downloads (a client without `workspace/diagnostic/refresh`) is
/// answered exactly once: when the hold times out with what is known, or at `shutdown`.
final class HeldPullReplyTests: XCTestCase {
    /// A listener on 127.0.0.1 that accepts connections and never answers (python3), so a download
    /// from it stays in flight.
    private func silentServer() throws -> (process: Process, port: Int) {
        try startLoopbackPythonServer(arguments: ["-c", """
            import socket
            s = socket.socket(); s.bind(('127.0.0.1', 0)); s.listen(8)
            print(s.getsockname()[1], flush=True)
            held = []
            while True:
                c, _ = s.accept(); held.append(c)
            """], what: "a silent server")
    }

    private func pullingClient(schemaPort port: Int, uri: String) throws -> TestLSPClient {
        let client = try TestLSPClient()
        var capabilities = ClientCapabilities()
        capabilities.textDocument = ClientCapabilities.TextDocument(diagnostic: .init())
        try client.initialize(capabilities, initializationOptions: ["yaml": ["schemaStore": ["enable": false]]])
        try client.open(uri, "# yaml-language-server: $schema=http://127.0.0.1:\(port)/s.json\na: 1\n")
        return client
    }

    func testAHeldPullIsAnsweredOnceWhenTheHoldEnds() throws {
        let (listener, port) = try silentServer()
        defer { listener.terminate() }
        let uri = "file:///tmp/pureyaml-held/a.yaml"
        let client = try pullingClient(schemaPort: port, uri: uri)
        let report = try client.send(DocumentDiagnosticRequest.self, DocumentDiagnosticParams(textDocument: TextDocumentIdentifier(uri: uri)))
        guard case .full(_, let items) = report else { return XCTFail("\(report)") }
        XCTAssertEqual(items.map(\.message), [], "answered with what is known while the schema still loads")
        let held = try client.sendRequest(DocumentDiagnosticRequest.self, DocumentDiagnosticParams(textDocument: TextDocumentIdentifier(uri: uri)))
        XCTAssertEqual(try client.shutdown(), 0)
        XCTAssertEqual(client.receivedResponses.filter { $0.id == held }.count, 1, "released once at shutdown (or by its timer)")
        XCTAssertEqual(client.receivedResponses.count, 4, "initialize, two pulls, shutdown: \(client.receivedResponses)")
    }
}
