import Foundation
import TestSupport
import XCTest

/// The wire shape of every language-feature request, through the built binary over pipes.
final class FeatureRequestTests: XCTestCase {
    private let uri = "file:///w/doc.yaml"

    /// A started, initialized server with `text` open as ``uri`` (version 1), its initialize result, and
    /// the messages received up to the first diagnostics push (when the client does not pull).
    private func start(_ text: String, capabilities: [String: Any] = [:], encodings: [String]? = nil) throws
        -> (server: ServerProcess, capabilities: [String: Any]) {
        guard let binary = BuiltBinary.pureyaml else {
            XCTFail("the pureyaml executable was not built")
            throw XCTSkip("no binary")
        }
        let server = try ServerProcess(executable: binary)
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

    func testAnchorRequests() throws {
        let (server, _) = try start("base: &b {x: 1}\na: *b\n")
        assertMatches(["result": [["uri": uri, "range": range(0, 6, 0, 8)]]], try call(server, "textDocument/definition", at(1, 4)))
        assertMatches(["result": [["uri": uri, "range": range(1, 3, 1, 5)]]],
                      try call(server, "textDocument/references", at(0, 7, ["context": ["includeDeclaration": false]])))
        assertMatches(["result": [["range": range(0, 6, 0, 8), "kind": 3], ["range": range(1, 3, 1, 5), "kind": 2]]],
                      try call(server, "textDocument/documentHighlight", at(1, 4)))
        assertMatches(["result": ["range": range(0, 7, 0, 8), "placeholder": "b"]], try call(server, "textDocument/prepareRename", at(0, 7)))
        XCTAssertTrue(try call(server, "textDocument/prepareRename", at(0, 1))["result"] is NSNull)
        assertMatches(["result": ["changes": [uri: [["range": range(0, 7, 0, 8), "newText": "base"],
                                                    ["range": range(1, 4, 1, 5), "newText": "base"]]]]],
                      try call(server, "textDocument/rename", at(1, 4, ["newName": "base"])))
        let refused = try call(server, "textDocument/rename", at(1, 4, ["newName": "a b"]))
        XCTAssertEqual((refused["error"] as? [String: Any])?["code"] as? Int, -32803)
        XCTAssertTrue(((refused["error"] as? [String: Any])?["message"] as? String)?.contains("not a valid anchor name") ?? false)
        assertMatches(["result": ["ranges": [range(0, 7, 0, 8), range(1, 4, 1, 5)], "wordPattern": "[^\\s,\\[\\]{}]+"]],
                      try call(server, "textDocument/linkedEditingRange", at(0, 7)))
        try finish(server)
    }

    func testStructureRequests() throws {
        let text = "# yaml-language-server: $schema=https://example.com/s.json\nroot:\n  key: [1,\n    2]\n  other: x\n"
        let (server, _) = try start(text, capabilities: ["textDocument": ["foldingRange": ["lineFoldingOnly": true]]])
        let folds = try call(server, "textDocument/foldingRange", ["textDocument": ["uri": uri]])
        assertMatches(["result": [["startLine": 1, "endLine": 4], ["startLine": 2, "endLine": 3]]], folds)
        XCTAssertNil(((folds["result"] as? [[String: Any]])?.first)?["startCharacter"], "lines only")
        let selection = try call(server, "textDocument/selectionRange", ["textDocument": ["uri": uri],
                                                                         "positions": [["line": 4, "character": 10]]])
        assertMatches(["result": [["range": range(4, 9, 4, 10), "parent": ["range": range(4, 2, 4, 10),
                                                                           "parent": ["range": range(2, 2, 4, 10)]]]]], selection)
        assertMatches(["result": [["range": range(0, 32, 0, 58), "target": "https://example.com/s.json"]]],
                      try call(server, "textDocument/documentLink", ["textDocument": ["uri": uri]]))
        assertMatches(["result": [["name": "other", "kind": 15, "containerName": "root",
                                   "location": ["uri": uri, "range": range(4, 2, 4, 7)]]]],
                      try call(server, "workspace/symbol", ["query": "oth"]))
        try finish(server)
        // Characters when the client folds by character; the client's rangeLimit is honoured.
        let (chars, _) = try start(text, capabilities: ["textDocument": ["foldingRange": ["rangeLimit": 1]]])
        assertMatches(["result": [["startLine": 1, "startCharacter": 5, "endLine": 4, "endCharacter": 10]]],
                      try call(chars, "textDocument/foldingRange", ["textDocument": ["uri": uri]]))
        try finish(chars)
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

    func testSemanticTokensRelativeEncoding() throws {
        let text = "é: 😀x\nb: |\n  l1\n  l2\n"
        let (server, _) = try start(text)
        // UTF-16: `😀x` is 3 units; the block scalar is split per line.
        assertMatches(["result": ["data": [0, 0, 1, 0, 0,  0, 3, 3, 1, 0,  1, 0, 1, 0, 0,  0, 3, 1, 8, 0,  1, 2, 2, 1, 0,  1, 2, 2, 1, 0]]],
                      try call(server, "textDocument/semanticTokens/full", ["textDocument": ["uri": uri]]))
        assertMatches(["result": ["data": [1, 0, 1, 0, 0]]],
                      try call(server, "textDocument/semanticTokens/range", ["textDocument": ["uri": uri], "range": range(1, 0, 1, 2)]))
        try finish(server)
        // UTF-8 columns and a client that accepts multi-line tokens.
        let (utf8, _) = try start(text, capabilities: ["textDocument": ["semanticTokens": ["multilineTokenSupport": true]]],
                                  encodings: ["utf-8"])
        assertMatches(["result": ["data": [0, 0, 2, 0, 0,  0, 4, 5, 1, 0,  1, 0, 1, 0, 0,  0, 3, 1, 8, 0,  1, 0, 9, 1, 0]]],
                      try call(utf8, "textDocument/semanticTokens/full", ["textDocument": ["uri": uri]]))
        try finish(utf8)
    }

    func testCompletionResolveAndHover() throws {
        let (server, _) = try start("base: &base\n  a: 1\nuse: *ba\nfull: *base\n")
        let completion = try call(server, "textDocument/completion", at(2, 8, ["context": ["triggerKind": 1]]))
        assertMatches(["result": ["isIncomplete": false, "items": [[
            "label": "base", "kind": 18, "detail": "&base on line 1",
            "textEdit": ["range": range(2, 6, 2, 8), "newText": "base"]]]]], completion)
        let item = ((completion["result"] as? [String: Any])?["items"] as? [[String: Any]])?.first ?? [:]
        assertMatches(["result": ["label": "base", "documentation": ["kind": "markdown", "value": "```yaml\na: 1\n```"]]],
                      try call(server, "completionItem/resolve", item))
        // Anywhere in the text, an answer and never an error.
        for (line, character) in [(0, 0), (0, 11), (1, 2), (2, 0), (3, 0), (9, 9)] {
            let r = try call(server, "textDocument/completion", at(line, character))
            XCTAssertNil(r["error"], "\(line):\(character)")
        }
        assertMatches(["result": ["contents": ["kind": "markdown", "value": "Alias of `&base` (line 1).\n\n```yaml\na: 1\n```"],
                                  "range": range(3, 6, 3, 11)]],
                      try call(server, "textDocument/hover", at(3, 7)))
        XCTAssertTrue(try call(server, "textDocument/hover", at(1, 2))["result"] is NSNull)
        try finish(server)
    }

    /// LSP 3.17 `MarkupContent`: a `plaintext` value holds no markup. Every document hover (alias with its
    /// preview, anchor, tag, undefined alias) and alias documentation on resolve, for a client that reads
    /// plain text only; the alias's line is 1-based.
    func testPlainTextClientsGetNoMarkup() throws {
        let text = "x: &a 1\ny: *a\nz: !!str q\nw: *nope\nv: &b\n  k: \"`q`\"\nu: *b\nt: *"
        let (server, _) = try start(text, capabilities: ["textDocument": [
            "hover": ["contentFormat": ["plaintext"]],
            "completion": ["completionItem": ["documentationFormat": ["plaintext"]]]]])
        func hover(_ line: Int, _ character: Int) throws -> Any? {
            (try call(server, "textDocument/hover", at(line, character))["result"] as? [String: Any])?["contents"]
        }
        assertMatches(["kind": "plaintext", "value": "Alias of &a (line 1).\n\n1"], try hover(1, 4))
        assertMatches(["kind": "plaintext", "value": "Anchor &a: used by 1 alias."], try hover(0, 4))
        assertMatches(["kind": "plaintext", "value": "Tag !!str resolves to tag:yaml.org,2002:str."], try hover(2, 4))
        assertMatches(["kind": "plaintext", "value": "Alias *nope: no anchor &nope is defined before it in this document."],
                      try hover(3, 5))
        assertMatches(["kind": "plaintext", "value": "Alias of &b (line 5).\n\nk: \"`q`\""], try hover(6, 4))
        let items = (try call(server, "textDocument/completion", at(7, 4))["result"] as? [String: Any])?["items"] as? [[String: Any]]
        let b = items?.first { $0["label"] as? String == "b" } ?? [:]
        assertMatches(["documentation": ["kind": "plaintext", "value": "k: \"`q`\""]], try call(server, "completionItem/resolve", b)["result"])
        try finish(server)
    }

    /// Markdown clients get code spans and fences that hold the text whatever backticks it has.
    func testMarkdownHoverFencesHoldBackticks() throws {
        let (server, _) = try start("v: &b\n  k: \"```\"\nu: *b\n")
        assertMatches(["result": ["contents": ["kind": "markdown", "value": "Alias of `&b` (line 1).\n\n````yaml\nk: \"```\"\n````"]]],
                      try call(server, "textDocument/hover", at(2, 4)))
        try finish(server)
    }

    func testCodeActions() throws {
        let (server, _) = try start("a: 1\na: 2\nb: &x [1, 2]\n")
        let fixes = try call(server, "textDocument/codeAction", ["textDocument": ["uri": uri], "range": range(1, 0, 1, 1),
                                                                  "context": ["diagnostics": [], "only": ["quickfix"]]])
        assertMatches(["result": [["title": "Remove this duplicate entry", "kind": "quickfix",
                                   "diagnostics": [["code": "duplicate-key", "range": range(1, 0, 1, 1)]],
                                   "edit": ["changes": [uri: [["range": range(1, 0, 2, 0), "newText": ""]]]]]]], fixes)
        let rewrite = try call(server, "textDocument/codeAction", ["textDocument": ["uri": uri], "range": range(2, 8, 2, 8),
                                                                    "context": ["diagnostics": [], "only": ["refactor"]]])
        // The flow sequence under the cursor to block style, and the block mapping around it to flow style.
        assertMatches(["result": [["title": "Convert to block style", "kind": "refactor.rewrite",
                                   "edit": ["changes": [uri: [["range": range(2, 5, 2, 12), "newText": "\n  - 1\n  - 2"]]]]],
                                  ["title": "Convert to flow style", "kind": "refactor.rewrite"]]],
                      rewrite)
        let fixAll = try call(server, "textDocument/codeAction", ["textDocument": ["uri": uri], "range": range(0, 0, 0, 0),
                                                                   "context": ["diagnostics": [], "only": ["source.fixAll"]]])
        assertMatches(["result": [["kind": "source.fixAll.pureyaml",
                                   "edit": ["changes": [uri: [["range": range(2, 3, 2, 6), "newText": ""]]]]]]], fixAll)
        try finish(server)
    }

    func testPullDiagnosticsReplacePushForClientsThatPull() throws {
        let (server, _) = try start("a: 1\na: 2\n", capabilities: ["textDocument": ["diagnostic": ["dynamicRegistration": false]]])
        let id = try server.request("textDocument/diagnostic", ["textDocument": ["uri": uri]])
        let (report, skipped) = try server.receive(until: { ($0["id"] as? Int) == id })
        XCTAssertFalse(skipped.contains { ($0["method"] as? String) == "textDocument/publishDiagnostics" }, "no push to a pulling client")
        assertMatches(["result": ["kind": "full", "resultId": "1", "items": [["code": "duplicate-key", "severity": 1]]]], report)
        assertMatches(["result": ["kind": "unchanged", "resultId": "1"]],
                      try call(server, "textDocument/diagnostic", ["textDocument": ["uri": uri], "previousResultId": "1"]))
        try server.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2],
                                                     "contentChanges": [["text": "a: 1\n"]]])
        assertMatches(["result": ["kind": "full", "resultId": "2", "items": []]],
                      try call(server, "textDocument/diagnostic", ["textDocument": ["uri": uri], "previousResultId": "1"]))
        assertMatches(["result": ["items": [["kind": "unchanged", "uri": uri, "version": 2, "resultId": "2"]]]],
                      try call(server, "workspace/diagnostic", ["previousResultIds": [["uri": uri, "value": "2"]]]))
        assertMatches(["result": ["items": [["kind": "full", "uri": uri, "version": 2, "resultId": "2", "items": []]]]],
                      try call(server, "workspace/diagnostic", ["previousResultIds": [] as [Any]]))
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
