import Foundation
import JSONRPC
import LanguageServerProtocol
import LanguageServerTestSupport
import XCTest

/// Schema-driven completion, resolve, hover and quick fixes through the typed in-process client: item
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
    private var client: TestLSPClient!

    /// Starts a server with the schema associated to `config/*.yaml` and `files` open (the client declares
    /// `capabilities`, written as JSON); waits until the schema is loaded for each.
    private func start(capabilities: LSPAny, files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-lsp-complete-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("schemas"), withIntermediateDirectories: true)
        try Self.schema.write(to: root.appendingPathComponent("schemas/app.json"), atomically: true, encoding: .utf8)
        client = try TestLSPClient()
        try client.initialize(try capabilities.decode(ClientCapabilities.self), rootURI: root.absoluteURL.absoluteString,
                              initializationOptions: ["yaml": ["schemas": ["schemas/app.json": ["config/*.yaml"]], "schemaStore": ["enable": false]]])
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            try client.open(uri(name), text)
            var status: LSPAny?
            for _ in 0..<200 where status != "loaded" {
                let info = try client.send(SchemaInfoRequest.self, SchemaInfoParams(textDocument: TextDocumentIdentifier(uri: uri(name))))
                if case .object(let o) = info, case .array(let documents)? = o["documents"], case .object(let first)? = documents.first {
                    status = first["status"]
                }
                if status != "loaded" { Thread.sleep(forTimeInterval: 0.02) }
            }
            XCTAssertEqual(status, "loaded")
        }
    }

    override func tearDownWithError() throws {
        if let client { XCTAssertEqual(try client.shutdown(), 0) }
        if let root { try? FileManager.default.removeItem(at: root) }
    }

    private func uri(_ name: String) -> String { root.appendingPathComponent("config/\(name)").absoluteURL.absoluteString }

    private func position(_ name: String, _ line: Int, _ character: Int) -> (TextDocumentIdentifier, Position) {
        (TextDocumentIdentifier(uri: uri(name)), Position(line: line, character: character))
    }

    private func items(_ name: String, _ line: Int, _ character: Int) throws -> [CompletionItem] {
        let (document, at) = position(name, line, character)
        return try client.send(CompletionRequest.self, CompletionParams(textDocument: document, position: at))?.items ?? []
    }

    private func hover(_ name: String, _ line: Int, _ character: Int) throws -> Hover? {
        let (document, at) = position(name, line, character)
        return try client.send(HoverRequest.self, HoverParams(textDocument: document, position: at))
    }

    private func range(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> LSPRange {
        LSPRange(start: Position(line: l1, character: c1), end: Position(line: l2, character: c2))
    }

    func testSnippetsMarkdownAndUTF16Ranges() throws {
        try start(capabilities: ["textDocument": [
            "completion": ["completionItem": ["snippetSupport": true, "documentationFormat": ["markdown", "plaintext"]]],
            "hover": ["contentFormat": ["markdown"]],
        ]], files: ["a.yaml": "{t: 😀, po}\n", "b.yaml": "port: 1\nmode: slow\n"])
        // In a flow mapping after an astral character: the range counts UTF-16 units.
        let port = try XCTUnwrap(try items("a.yaml", 0, 10).first { $0.label == "port" })
        XCTAssertEqual(port.kind, .property)
        XCTAssertEqual(port.detail, "integer")
        XCTAssertEqual(port.insertTextFormat, .snippet)
        XCTAssertEqual(port.documentation, MarkupContent(kind: .markdown, value: "The **port**."))
        XCTAssertEqual(port.textEdit, TextEdit(range: range(0, 8, 0, 10), newText: "port: $1"))
        // Resolve keeps what the item already has.
        XCTAssertEqual(try client.send(CompletionItemResolveRequest.self, port), port)
        // A skeleton in block context.
        let tls = try items("b.yaml", 2, 0).first { $0.label == "tls" }
        XCTAssertEqual(tls?.insertTextFormat, .snippet)
        XCTAssertEqual(tls?.textEdit, TextEdit(range: range(2, 0, 2, 0), newText: "tls:\n  cert: $1"))
        // Values.
        XCTAssertEqual(try items("b.yaml", 1, 8).map(\.label), ["fast", "safe"])
        // Hover in Markdown.
        XCTAssertEqual(try hover("b.yaml", 0, 1), Hover(contents: MarkupContent(kind: .markdown, value: "The **port**.\n\nType: `integer`  \nDefault: `8080`"),
                                                        range: range(0, 0, 0, 4)))
        // A quick fix for the enum finding.
        let actions = try client.send(CodeActionRequest.self, CodeActionParams(textDocument: TextDocumentIdentifier(uri: uri("b.yaml")),
                                                                               range: range(1, 7, 1, 7), context: CodeActionContext(diagnostics: [])))
        let change = try XCTUnwrap(actions?.first { $0.title.hasPrefix("Change to") })
        XCTAssertEqual([change.title, change.kind], ["Change to safe", "quickfix"])
        XCTAssertEqual(change.edit, WorkspaceEdit(changes: [uri("b.yaml"): [TextEdit(range: range(1, 6, 1, 10), newText: "safe")]]))
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
        XCTAssertEqual(try hover("d.yaml", 0, 1)?.contents, MarkupContent(kind: .markdown, value: "**Work \\*dir\\***\n\n" + escaped
                                                                           + "\n\nType: `string`\n\n**Deprecated: use \\`root\\` \\[now\\]**"))
        let item = try items("e.yaml", 1, 0).first { $0.label == "dir" }
        XCTAssertEqual(item?.documentation, MarkupContent(kind: .markdown, value: escaped + "\n\nDeprecated: use \\`root\\` \\[now\\]"))
    }

    func testPlainSchemaTextStaysAsWrittenInPlainText() throws {
        try start(capabilities: ["textDocument": ["hover": ["contentFormat": ["plaintext"]]]], files: ["d.yaml": "dir: x\n"])
        XCTAssertEqual(try hover("d.yaml", 0, 1)?.contents,
                       MarkupContent(kind: .plaintext, value: "Work *dir*\n\nPath to <dir>, e.g. a_b_c.\n# not a heading\n1. not a list"
                                     + "\n\nType: string\n\nDeprecated: use `root` [now]"))
    }

    /// LSP 3.17 InsertTextMode: an item whose text spans lines (later lines indented absolutely) is
    /// inserted as is by a client that accepts the mode, so it does not add the cursor line's indentation
    /// (its adjustIndentation default) to lines that already carry theirs; one-line items carry no mode.
    func testMultiLineItemsAreInsertedAsIsWhenTheClientAcceptsIt() throws {
        try start(capabilities: ["textDocument": [
            "completion": ["completionItem": ["snippetSupport": false, "insertTextModeSupport": ["valueSet": [1, 2]]]],
        ]], files: ["b.yaml": "port: 1\n"])
        let top = try items("b.yaml", 1, 0)
        let tlsTop = top.first { $0.label == "tls" }
        XCTAssertEqual(tlsTop?.insertTextMode, .asIs)
        XCTAssertEqual(tlsTop?.textEdit?.newText, "tls:\n  cert: ")
        let t = try XCTUnwrap(top.first { $0.label == "t" })
        XCTAssertNil(t.insertTextMode, "a one-line text needs no mode")
    }

    /// A client that accepts only adjustIndentation gets no mode either (asIs is what the text needs).
    func testClientsWithoutAsIsGetNoMode() throws {
        try start(capabilities: ["textDocument": [
            "completion": ["completionItem": ["insertTextModeSupport": ["valueSet": [2, 7]]]],
        ]], files: ["b.yaml": "port: 1\n"])
        let tls = try items("b.yaml", 1, 0).first { $0.label == "tls" }
        XCTAssertEqual(tls?.textEdit?.newText, "tls:\n  cert: ")
        XCTAssertNil(tls?.insertTextMode)
    }

    func testPlainTextClients() throws {
        try start(capabilities: ["textDocument": [
            "completion": ["completionItem": ["snippetSupport": false, "documentationFormat": ["plaintext"]]],
            "hover": ["contentFormat": ["plaintext"]],
        ]], files: ["b.yaml": "port: 1\n"])
        let list = try items("b.yaml", 1, 0)
        let tls = try XCTUnwrap(list.first { $0.label == "tls" })
        XCTAssertEqual(tls.textEdit, TextEdit(range: range(1, 0, 1, 0), newText: "tls:\n  cert: "))
        XCTAssertNil(tls.insertTextFormat)
        // Without insertTextModeSupport, no mode: the client follows its own default.
        XCTAssertNil(tls.insertTextMode)
        XCTAssertEqual(list.first?.label, "t")
        XCTAssertFalse(list.contains { $0.label == "port" })
        XCTAssertEqual(try hover("b.yaml", 0, 1)?.contents, MarkupContent(kind: .plaintext, value: "The port.\n\nType: integer\nDefault: 8080"))
        // Never an error, anywhere.
        for (line, character) in [(0, 0), (0, 5), (0, 7), (1, 0), (5, 5)] {
            XCTAssertNoThrow(try items("b.yaml", line, character), "\(line):\(character)")
        }
    }
}
