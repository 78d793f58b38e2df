import Foundation
import LanguageServerTestSupport
import TestSupport
import XCTest

/// The wire shape of language-feature answers (the advertised capabilities, a selection chain as deep as a
/// JSON encoder nests), through the server in process over in-memory pipes; typed checks of the requests
/// are in `TypedFeatureRequestTests`.
final class FeatureRequestTests: XCTestCase {
    private let uri = "file:///w/doc.yaml"

    /// A started, initialized server with `text` open as ``uri`` (version 1), its initialize result, and
    /// the messages received up to the first diagnostics push (when the client does not pull).
    private func start(_ text: String, capabilities: [String: Any] = [:], encodings: [String]? = nil) throws
        -> (server: ServerProcess, capabilities: [String: Any]) {
        let server = ServerProcess.inProcess()
        var caps = capabilities
        if let encodings { caps["general"] = ["positionEncodings": encodings] }
        let id = try server.request("initialize", ["processId": NSNull(), "rootUri": NSNull(), "capabilities": caps])
        let result = try server.response(to: id)["result"] as? [String: Any]
        try server.notify("initialized", [String: Any]())
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1, "text": text]])
        return (server, result?["capabilities"] as? [String: Any] ?? [:])
    }

    private func call(_ server: ServerProcess, _ method: String, _ params: [String: Any]) throws -> [String: Any] {
        try server.response(to: try server.request(method, params))
    }

    private func at(_ line: Int, _ character: Int, _ extra: [String: Any] = [:]) -> [String: Any] {
        var p: [String: Any] = ["textDocument": ["uri": uri], "position": ["line": line, "character": character]]
        for (k, v) in extra { p[k] = v }
        return p
    }

    private func range(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> [String: Any] {
        ["start": ["line": l1, "character": c1], "end": ["line": l2, "character": c2]]
    }

    private func assertMatches(_ expected: Any, _ actual: Any?, file: StaticString = #filePath, line: UInt = #line) {
        if let mismatch = jsonMismatch(expected: expected, actual: actual) { XCTFail(mismatch, file: file, line: line) }
    }

    private func finish(_ server: ServerProcess) throws {
        _ = try call(server, "shutdown", [:])
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0)
    }

    func testCapabilitiesAreAdvertised() throws {
        let (server, caps) = try start("a: 1\n")
        assertMatches([
            "hoverProvider": true, "definitionProvider": true, "referencesProvider": true,
            "documentHighlightProvider": true, "renameProvider": ["prepareProvider": true],
            "linkedEditingRangeProvider": true, "foldingRangeProvider": true, "selectionRangeProvider": true,
            "documentLinkProvider": ["resolveProvider": false], "workspaceSymbolProvider": true,
            "codeActionProvider": true,
            "completionProvider": ["triggerCharacters": ["*", " ", ":"], "resolveProvider": true],
            "diagnosticProvider": ["identifier": "pureyaml", "interFileDependencies": false, "workspaceDiagnostics": true],
            "semanticTokensProvider": ["range": true, "full": true, "legend": [
                "tokenTypes": ["property", "string", "number", "keyword", "variable", "type", "comment", "macro", "operator"],
                "tokenModifiers": ["declaration"]]],
        ], caps)
        try finish(server)
    }

    /// A position 700 block mappings deep (the parser allows 1000): the selection chain is shortened to
    /// what a JSON encoder can nest (it used to fail the whole request with -32603), keeping the
    /// innermost ranges and the whole document.
    func testSelectionRangeOfADeeplyNestedPosition() throws {
        let depth = 700
        let text = (0..<depth).map { String(repeating: " ", count: $0) + "k\($0):\n" }.joined()
            + String(repeating: " ", count: depth) + "v\n"
        let (server, _) = try start(text)
        let answer = try call(server, "textDocument/selectionRange", ["textDocument": ["uri": uri],
                                                                     "positions": [["line": depth, "character": depth]]])
        XCTAssertNil(answer["error"])
        var node = (answer["result"] as? [[String: Any]])?.first
        assertMatches(["range": range(depth, depth, depth, depth + 1)], node ?? [:])
        var chain: [[String: Any]] = []
        while let n = node { chain.append(n); node = n["parent"] as? [String: Any] }
        XCTAssertEqual(chain.count, 256)
        assertMatches(["range": ["start": ["line": 0, "character": 0]]], chain.last ?? [:])
        try finish(server)
    }
}

extension FeatureRequestTests {
    /// 5,000 nested `{` (issue 23's audit: the server crashed after 6.7 GB): the parser stops at its
    /// nesting limit, and every feature request about the document is answered, the server still serving.
    func testEveryRequestAboutFiveThousandNestedBracesIsAnswered() throws {
        let text = String(repeating: "{", count: 5_000) + "\n" + String(repeating: "{a: ", count: 5_000) + "\n"
        let (server, _) = try start(text)
        let document: [String: Any] = ["textDocument": ["uri": uri]]
        let requests: [(String, [String: Any])] = [
            ("textDocument/documentSymbol", document), ("textDocument/foldingRange", document),
            ("textDocument/semanticTokens/full", document), ("textDocument/documentLink", document),
            ("textDocument/formatting", document.merging(["options": ["tabSize": 2, "insertSpaces": true]]) { a, _ in a }),
            ("textDocument/selectionRange", document.merging(["positions": [["line": 0, "character": 2_500], ["line": 1, "character": 9_000]]]) { a, _ in a }),
            ("textDocument/hover", at(0, 2_500)), ("textDocument/completion", at(1, 9_000)),
            ("textDocument/documentHighlight", at(1, 9_000)), ("textDocument/definition", at(1, 9_000)),
            ("textDocument/codeAction", document.merging(["range": range(0, 0, 1, 100), "context": ["diagnostics": []]]) { a, _ in a }),
        ]
        for (method, params) in requests {
            let answer = try call(server, method, params)
            XCTAssertNil(answer["error"], "\(method): \(answer)")
            XCTAssertNotNil(answer["result"], method)
        }
        try finish(server)
    }
}
