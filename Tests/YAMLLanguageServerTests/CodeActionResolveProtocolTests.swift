import Foundation
import LanguageServerTestSupport
import TestSupport
import XCTest

/// `codeAction/resolve` through the protocol (LSP 3.17 §"Code Action Resolve Request"), with the server in
/// process: a client that declares `codeAction.resolveSupport` for `edit` and `dataSupport` gets
/// `resolveProvider: true`, actions without edits, and the verified edit on resolve; any other client gets
/// today's answers. A stale or unverifiable action is answered with -32803 and a message saying why.
final class CodeActionResolveProtocolTests: XCTestCase {
    private let uri = "file:///w/resolve.yaml"

    /// A running server with lint on, `text` open at version `version`, and the capabilities the
    /// client declared; returns the server and the `codeActionProvider` it advertised.
    private func start(codeAction: [String: Any]?, documentChanges: Bool = false, text: String,
                       version: Int = 1) throws -> (ServerProcess, Any?) {
        let server = ServerProcess.inProcess()
        var capabilities: [String: Any] = [:]
        if let codeAction { capabilities["textDocument"] = ["codeAction": codeAction] }
        if documentChanges { capabilities["workspace"] = ["workspaceEdit": ["documentChanges": true]] }
        let result = try server.response(to: try server.request("initialize", [
            "processId": NSNull(), "rootUri": NSNull(), "capabilities": capabilities,
            "initializationOptions": ["pureyaml": ["lint": ["enable": true]]],
        ]))["result"] as? [String: Any]
        try server.notify("initialized", [String: Any]())
        try open(server, text: text, version: version)
        return (server, (result?["capabilities"] as? [String: Any])?["codeActionProvider"])
    }

    private func open(_ server: ServerProcess, text: String, version: Int) throws {
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "yaml", "version": version, "text": text]])
        try waitForDiagnostics(server, version: version)
    }

    private func waitForDiagnostics(_ server: ServerProcess, version: Int) throws {
        _ = try server.receive(until: {
            let p = $0["params"] as? [String: Any]
            return ($0["method"] as? String) == "textDocument/publishDiagnostics" && p?["uri"] as? String == uri && p?["version"] as? Int == version
        })
    }

    private func actions(_ server: ServerProcess, line: Int, only: [String] = ["quickfix"]) throws -> [[String: Any]] {
        try server.response(to: try server.request("textDocument/codeAction", [
            "textDocument": ["uri": uri],
            "range": ["start": ["line": line, "character": 0], "end": ["line": line + 1, "character": 0]],
            "context": ["diagnostics": [Any](), "only": only],
        ]))["result"] as? [[String: Any]] ?? []
    }

    private func stop(_ server: ServerProcess) throws {
        _ = try server.response(to: try server.request("shutdown"))
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0)
    }

    private var resolving: [String: Any] { ["resolveSupport": ["properties": ["edit"]], "dataSupport": true] }
    private static let text = "---\nitems:\n  - key:  word #c  \n  - other: 1\n"

    /// Without resolve support (no capability, or `resolveSupport` without `dataSupport`) the server
    /// advertises `true` and sends edits; with it, `{resolveProvider: true}`, the same actions without
    /// edits but with `data`, and resolving each gives the edit the other client got (versioned for a
    /// client that takes `documentChanges`).
    func testBothCapabilityVariants() throws {
        var eager: [[String: Any]] = []
        for codeAction: [String: Any]? in [nil, ["resolveSupport": ["properties": ["edit"]]]] {
            let (server, provider) = try start(codeAction: codeAction, text: Self.text)
            XCTAssertEqual(provider as? Bool, true)
            let listed = try actions(server, line: 2)
            XCTAssertEqual(listed.count, 4, "\(listed)")
            XCTAssertTrue(listed.allSatisfy { $0["edit"] != nil && $0["data"] == nil })
            eager = listed
            try stop(server)
        }

        for documentChanges in [false, true] {
            let (server, provider) = try start(codeAction: resolving, documentChanges: documentChanges, text: Self.text, version: 3)
            XCTAssertNil(jsonMismatch(expected: ["resolveProvider": true], actual: provider))
            let listed = try actions(server, line: 2)
            XCTAssertEqual(listed.compactMap { $0["title"] as? String }, eager.compactMap { $0["title"] as? String })
            XCTAssertTrue(listed.allSatisfy { $0["edit"] == nil }, "\(listed)")
            for (action, expected) in zip(listed, eager) {
                let data = try XCTUnwrap(action["data"] as? [String: Any])
                XCTAssertNil(jsonMismatch(expected: ["uri": uri, "version": 3], actual: data))
                XCTAssertNotNil(data["id"] as? Int)
                let answer = try server.response(to: try server.request("codeAction/resolve", action))
                let resolved = try XCTUnwrap(answer["result"] as? [String: Any], "\(answer)")
                XCTAssertEqual(resolved["title"] as? String, action["title"] as? String)
                XCTAssertNotNil(resolved["data"], "the action comes back as sent, with its edit")
                let edit = try XCTUnwrap(resolved["edit"] as? [String: Any])
                let expectedEdits = ((expected["edit"] as? [String: Any])?["changes"] as? [String: Any])?[uri]
                if documentChanges {
                    let change = (edit["documentChanges"] as? [[String: Any]])?.first
                    XCTAssertNil(jsonMismatch(expected: ["textDocument": ["uri": uri, "version": 3], "edits": expectedEdits as Any],
                                              actual: change), "\(edit)")
                } else {
                    XCTAssertNil(jsonMismatch(expected: ["changes": [uri: expectedEdits as Any]], actual: edit))
                }
            }
            try stop(server)
        }
    }

    /// An action offered for version 1 and resolved after the document moved to version 2 is refused with
    /// -32803 RequestFailed and a message asking for code actions again; one resolved at its version is
    /// not. An action without the server's `data` comes back unchanged.
    func testStaleVersionIsRequestFailed() throws {
        let (server, _) = try start(codeAction: resolving, text: Self.text)
        let listed = try actions(server, line: 2)
        let first = try XCTUnwrap(listed.first)
        try server.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2],
                                                      "contentChanges": [["text": Self.text + "more: 1\n"]]])
        try waitForDiagnostics(server, version: 2)
        let answer = try server.response(to: try server.request("codeAction/resolve", first))
        XCTAssertNil(answer["result"])
        let error = try XCTUnwrap(answer["error"] as? [String: Any])
        XCTAssertEqual(error["code"] as? Int, -32803)
        XCTAssertEqual(error["message"] as? String,
                       "The document changed since this action was offered (version 1, now 2); ask for code actions again.")
        let fresh = try XCTUnwrap(try actions(server, line: 2).first)
        XCTAssertNotNil((try server.response(to: try server.request("codeAction/resolve", fresh)))["result"])

        let foreign: [String: Any] = ["title": "Someone else's", "kind": "quickfix", "data": ["other": 1]]
        let echoed = try server.response(to: try server.request("codeAction/resolve", foreign))
        XCTAssertNil(jsonMismatch(expected: foreign, actual: echoed["result"]))
        try stop(server)
    }

    /// A listed fix that fails verification (narrowing the space after `-` would make a syntax error) is
    /// answered with -32803 and the reason; the next list at that version leaves it out.
    func testUnverifiableFixIsRequestFailedWithTheReason() throws {
        let (server, _) = try start(codeAction: resolving, text: "---\ns:\n  -   x: 1\n      y: 2\n")
        let listed = try actions(server, line: 2)
        let hyphens = try XCTUnwrap(listed.first { ($0["title"] as? String)?.hasSuffix("(hyphens)") == true }, "\(listed)")
        let answer = try server.response(to: try server.request("codeAction/resolve", hyphens))
        let error = try XCTUnwrap(answer["error"] as? [String: Any], "\(answer)")
        XCTAssertEqual(error["code"] as? Int, -32803)
        XCTAssertEqual(error["message"] as? String,
                       "\"\(hyphens["title"] as? String ?? "")\" was not applied: it would add a syntax error.")
        let again = try actions(server, line: 2)
        XCTAssertFalse(again.contains { $0["title"] as? String == hyphens["title"] as? String }, "\(again)")
        try stop(server)
    }
}
