import Foundation
import LanguageServerTestSupport
import TestSupport
import XCTest

/// Schema-driven completion, resolve, hover and quick fixes through the built server over pipes: item
/// shapes with UTF-16 `textEdit` ranges, snippets only for clients that accept them, Markdown only for
/// clients that render it.
final class SchemaCompletionServerTests: XCTestCase {
    static let schema = """
    {"type": "object", "properties": {
       "t": {"type": "string"},
       "port": {"type": "integer", "default": 8080, "description": "The port.", "markdownDescription": "The **port**."},
       "tls": {"type": "object", "required": ["cert"], "properties": {"cert": {"type": "string"}}},
       "mode": {"enum": ["fast", "safe"]},
       "dir": {"type": "string", "title": "Work *dir*", "deprecated": true, "description": "Path to <dir>, e.g. a_b_c.\\n# not a heading\\n1. not a list",
               "deprecationMessage": "use `root` [now]"}
    }}
    """

    private var root: URL!
    private var server: ServerProcess!

    /// Starts a server with the schema associated to `config/*.yaml` and `files` open; waits until the
    /// schema is loaded for each.
    private func start(capabilities: [String: Any], files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-lsp-complete-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("schemas"), withIntermediateDirectories: true)
        try Self.schema.write(to: root.appendingPathComponent("schemas/app.json"), atomically: true, encoding: .utf8)
        server = ServerProcess.inProcess()
        _ = try server.response(to: try server.request("initialize", [
            "processId": NSNull(), "rootUri": root.absoluteURL.absoluteString, "capabilities": capabilities,
            "initializationOptions": ["yaml": ["schemas": ["schemas/app.json": ["config/*.yaml"]], "schemaStore": ["enable": false]]],
        ]))
        try server.notify("initialized", [String: Any]())
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            try server.notify("textDocument/didOpen", ["textDocument": ["uri": uri(name), "languageId": "yaml", "version": 1, "text": text]])
            var status: String?
            for _ in 0..<200 where status != "loaded" {
                let info = try server.response(to: try server.request("pureyaml/schemaInfo", ["textDocument": ["uri": uri(name)]]))
                status = (((info["result"] as? [String: Any])?["documents"] as? [[String: Any]])?.first)?["status"] as? String
                if status != "loaded" { Thread.sleep(forTimeInterval: 0.02) }
            }
            XCTAssertEqual(status, "loaded")
        }
    }

    override func tearDownWithError() throws {
        if let server {
            _ = try server.response(to: try server.request("shutdown"))
            try server.notify("exit")
            XCTAssertEqual(server.waitForExit(), 0)
        }
        if let root { try? FileManager.default.removeItem(at: root) }
    }

    private func uri(_ name: String) -> String { root.appendingPathComponent("config/\(name)").absoluteURL.absoluteString }

    private func call(_ method: String, _ name: String, _ line: Int, _ character: Int) throws -> Any? {
        try server.response(to: try server.request(method, ["textDocument": ["uri": uri(name)],
                                                            "position": ["line": line, "character": character]]))["result"]
    }

    private func items(_ name: String, _ line: Int, _ character: Int) throws -> [[String: Any]] {
        ((try call("textDocument/completion", name, line, character) as? [String: Any])?["items"] as? [[String: Any]]) ?? []
    }

    private func range(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> [String: Any] {
        ["start": ["line": l1, "character": c1], "end": ["line": l2, "character": c2]]
    }

    private func assertMatches(_ expected: Any, _ actual: Any?, file: StaticString = #filePath, line: UInt = #line) {
        if let mismatch = jsonMismatch(expected: expected, actual: actual) { XCTFail(mismatch, file: file, line: line) }
    }

    func testSnippetsMarkdownAndUTF16Ranges() throws {
        try start(capabilities: ["textDocument": [
            "completion": ["completionItem": ["snippetSupport": true, "documentationFormat": ["markdown", "plaintext"]]],
            "hover": ["contentFormat": ["markdown"]],
        ]], files: ["a.yaml": "{t: 😀, po}\n", "b.yaml": "port: 1\nmode: slow\n"])
        // In a flow mapping after an astral character: the range counts UTF-16 units.
        let flow = try items("a.yaml", 0, 10)
        let port = flow.first { $0["label"] as? String == "port" }
        assertMatches(["label": "port", "kind": 10, "detail": "integer", "insertTextFormat": 2,
                       "documentation": ["kind": "markdown", "value": "The **port**."],
                       "textEdit": ["range": range(0, 8, 0, 10), "newText": "port: $1"]], port)
        // Resolve keeps what the item already has.
        let resolved = try server.response(to: try server.request("completionItem/resolve", port ?? [:]))["result"]
        assertMatches(["label": "port", "documentation": ["kind": "markdown", "value": "The **port**."], "insertTextFormat": 2], resolved)
        // A skeleton in block context.
        let tls = try items("b.yaml", 2, 0).first { $0["label"] as? String == "tls" }
        assertMatches(["insertTextFormat": 2, "textEdit": ["range": range(2, 0, 2, 0), "newText": "tls:\n  cert: $1"]], tls)
        // Values.
        XCTAssertEqual(try items("b.yaml", 1, 8).compactMap { $0["label"] as? String }, ["fast", "safe"])
        // Hover in Markdown.
        assertMatches(["contents": ["kind": "markdown", "value": "The **port**.\n\nType: `integer`  \nDefault: `8080`"],
                       "range": range(0, 0, 0, 4)], try call("textDocument/hover", "b.yaml", 0, 1))
        // A quick fix for the enum finding.
        let actions = try server.response(to: try server.request("textDocument/codeAction", [
            "textDocument": ["uri": uri("b.yaml")], "range": range(1, 7, 1, 7), "context": ["diagnostics": [Any]()],
        ]))["result"] as? [[String: Any]]
        assertMatches(["title": "Change to safe", "kind": "quickfix",
                       "edit": ["changes": [uri("b.yaml"): [["range": range(1, 6, 1, 10), "newText": "safe"]]]]],
                      actions?.first { ($0["title"] as? String)?.hasPrefix("Change to") == true })
    }

    /// A plain `description`, a `title` and a `deprecationMessage` are plain text (JSON Schema 2020-12
    /// Validation §9.1): in a Markdown hover or completion documentation their Markdown characters are
    /// escaped and their line breaks kept, so `<dir>` is not swallowed as HTML, `a_b_c` or `*dir*` do not
    /// turn into emphasis and `# ...` is no heading; a plain-text client gets them as written.
    func testPlainSchemaTextIsEscapedInMarkdown() throws {
        try start(capabilities: ["textDocument": [
            "completion": ["completionItem": ["documentationFormat": ["markdown"]]],
            "hover": ["contentFormat": ["markdown"]],
        ]], files: ["d.yaml": "dir: x\n", "e.yaml": "port: 1\n"])
        let escaped = "Path to \\<dir\\>, e.g. a\\_b\\_c.  \n\\# not a heading  \n1\\. not a list"
        assertMatches(["contents": ["kind": "markdown", "value": "**Work \\*dir\\***\n\n" + escaped
                                    + "\n\nType: `string`\n\n**Deprecated: use \\`root\\` \\[now\\]**"]],
                      try call("textDocument/hover", "d.yaml", 0, 1))
        let item = try items("e.yaml", 1, 0).first { $0["label"] as? String == "dir" }
        assertMatches(["documentation": ["kind": "markdown", "value": escaped + "\n\nDeprecated: use \\`root\\` \\[now\\]"]], item)
    }

    func testPlainSchemaTextStaysAsWrittenInPlainText() throws {
        try start(capabilities: ["textDocument": ["hover": ["contentFormat": ["plaintext"]]]], files: ["d.yaml": "dir: x\n"])
        assertMatches(["contents": ["kind": "plaintext", "value": "Work *dir*\n\nPath to <dir>, e.g. a_b_c.\n# not a heading\n1. not a list"
                                    + "\n\nType: string\n\nDeprecated: use `root` [now]"]],
                      try call("textDocument/hover", "d.yaml", 0, 1))
    }

    /// LSP 3.17 InsertTextMode: an item whose text spans lines (later lines indented absolutely) is
    /// inserted as is by a client that accepts the mode, so it does not add the cursor line's indentation
    /// (its adjustIndentation default) to lines that already carry theirs; one-line items carry no mode.
    func testMultiLineItemsAreInsertedAsIsWhenTheClientAcceptsIt() throws {
        try start(capabilities: ["textDocument": [
            "completion": ["completionItem": ["snippetSupport": false, "insertTextModeSupport": ["valueSet": [1, 2]]]],
        ]], files: ["b.yaml": "port: 1\n"])
        let top = try items("b.yaml", 1, 0)
        let tlsTop = top.first { $0["label"] as? String == "tls" }
        assertMatches(["insertTextMode": 1, "textEdit": ["newText": "tls:\n  cert: "]], tlsTop)
        let t = top.first { $0["label"] as? String == "t" }
        XCTAssertNotNil(t)
        XCTAssertNil(t?["insertTextMode"], "a one-line text needs no mode")
    }

    /// A client that accepts only adjustIndentation gets no mode either (asIs is what the text needs).
    func testClientsWithoutAsIsGetNoMode() throws {
        try start(capabilities: ["textDocument": [
            "completion": ["completionItem": ["insertTextModeSupport": ["valueSet": [2, 7]]]],
        ]], files: ["b.yaml": "port: 1\n"])
        let tls = try items("b.yaml", 1, 0).first { $0["label"] as? String == "tls" }
        assertMatches(["textEdit": ["newText": "tls:\n  cert: "]], tls)
        XCTAssertNil(tls?["insertTextMode"])
    }

    func testPlainTextClients() throws {
        try start(capabilities: ["textDocument": [
            "completion": ["completionItem": ["snippetSupport": false, "documentationFormat": ["plaintext"]]],
            "hover": ["contentFormat": ["plaintext"]],
        ]], files: ["b.yaml": "port: 1\n"])
        let list = try items("b.yaml", 1, 0)
        let tls = list.first { $0["label"] as? String == "tls" }
        assertMatches(["textEdit": ["range": range(1, 0, 1, 0), "newText": "tls:\n  cert: "]], tls)
        XCTAssertNil(tls?["insertTextFormat"])
        // Without insertTextModeSupport, no mode: the client follows its own default.
        XCTAssertNil(tls?["insertTextMode"])
        XCTAssertEqual(list.first?["label"] as? String, "t")
        XCTAssertFalse(list.contains { $0["label"] as? String == "port" })
        assertMatches(["contents": ["kind": "plaintext", "value": "The port.\n\nType: integer\nDefault: 8080"]],
                      try call("textDocument/hover", "b.yaml", 0, 1))
        // Never an error, anywhere.
        for (line, character) in [(0, 0), (0, 5), (0, 7), (1, 0), (5, 5)] {
            let r = try server.response(to: try server.request("textDocument/completion", [
                "textDocument": ["uri": uri("b.yaml")], "position": ["line": line, "character": character]]))
            XCTAssertNil(r["error"], "\(line):\(character)")
        }
    }
}
