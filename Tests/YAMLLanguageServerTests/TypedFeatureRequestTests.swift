import Foundation
import JSONRPC
import LanguageServerProtocol
import LanguageServerTestSupport
import XCTest

/// Language-feature requests through the in-process client, typed: each request's params and result
/// are the `LanguageServerProtocol` types the server's handler table registers.
final class TypedFeatureRequestTests: XCTestCase {
    private let uri = "file:///w/doc.yaml"
    private var document: TextDocumentIdentifier { TextDocumentIdentifier(uri: uri) }

    /// A started, initialized server with `text` open as ``uri``.
    private func start(_ text: String, _ capabilities: ClientCapabilities = ClientCapabilities()) throws -> TestLSPClient {
        let client = try TestLSPClient()
        try client.initialize(capabilities)
        try client.open(uri, text)
        return client
    }

    private func at(_ line: Int, _ character: Int) -> TextDocumentPositionParams {
        TextDocumentPositionParams(textDocument: document, position: Position(line: line, character: character))
    }

    private func range(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> LSPRange {
        LSPRange(start: Position(line: l1, character: c1), end: Position(line: l2, character: c2))
    }

    func testAnchorRequests() throws {
        let client = try start("base: &b {x: 1}\na: *b\n")
        XCTAssertEqual(try client.send(DefinitionRequest.self, at(1, 4)), [Location(uri: uri, range: range(0, 6, 0, 8))])
        XCTAssertEqual(try client.send(ReferencesRequest.self, ReferenceParams(textDocument: document, position: Position(line: 0, character: 7),
                                                                               context: ReferenceContext(includeDeclaration: false))),
                       [Location(uri: uri, range: range(1, 3, 1, 5))])
        XCTAssertEqual(try client.send(DocumentHighlightRequest.self, at(1, 4)),
                       [DocumentHighlight(range: range(0, 6, 0, 8), kind: .write), DocumentHighlight(range: range(1, 3, 1, 5), kind: .read)])
        XCTAssertEqual(try client.send(PrepareRenameRequest.self, at(0, 7)), PrepareRenameResult(range: range(0, 7, 0, 8), placeholder: "b"))
        XCTAssertNil(try client.send(PrepareRenameRequest.self, at(0, 1)))
        XCTAssertEqual(try client.send(RenameRequest.self, RenameParams(textDocument: document, position: Position(line: 1, character: 4), newName: "base")),
                       WorkspaceEdit(changes: [uri: [TextEdit(range: range(0, 7, 0, 8), newText: "base"),
                                                     TextEdit(range: range(1, 4, 1, 5), newText: "base")]]))
        XCTAssertThrowsError(try client.send(RenameRequest.self, RenameParams(textDocument: document, position: Position(line: 1, character: 4),
                                                                              newName: "a b"))) { error in
            XCTAssertEqual((error as? ResponseError)?.code, .requestFailed)
            XCTAssertTrue((error as? ResponseError)?.message.contains("not a valid anchor name") == true, "\(error)")
        }
        XCTAssertEqual(try client.send(LinkedEditingRangeRequest.self, at(0, 7)),
                       LinkedEditingRanges(ranges: [range(0, 7, 0, 8), range(1, 4, 1, 5)], wordPattern: "[^\\s,\\[\\]{}]+"))
        XCTAssertEqual(try client.shutdown(), 0)
    }

    func testStructureRequests() throws {
        let text = "# yaml-language-server: $schema=https://example.com/s.json\nroot:\n  key: [1,\n    2]\n  other: x\n"
        var linesOnly = ClientCapabilities()
        linesOnly.textDocument = ClientCapabilities.TextDocument(foldingRange: .init(lineFoldingOnly: true))
        let client = try start(text, linesOnly)
        let folds = try client.send(FoldingRangeRequest.self, FoldingRangeParams(textDocument: document))
        XCTAssertEqual(folds?.map { [$0.startLine, $0.endLine] }, [[1, 4], [2, 3]])
        XCTAssertEqual(folds?.compactMap(\.startCharacter), [], "lines only")
        let selection = try client.send(SelectionRangeRequest.self, SelectionRangeParams(textDocument: document,
                                                                                         positions: [Position(line: 4, character: 10)]))
        XCTAssertEqual(selection?.first?.ranges.prefix(3).map { $0 }, [range(4, 9, 4, 10), range(4, 2, 4, 10), range(2, 2, 4, 10)])
        XCTAssertEqual(try client.send(DocumentLinkRequest.self, DocumentLinkParams(textDocument: document)),
                       [DocumentLink(range: range(0, 32, 0, 58), target: "https://example.com/s.json", tooltip: "Open the JSON Schema")])
        XCTAssertEqual(try client.send(WorkspaceSymbolRequest.self, WorkspaceSymbolParams(query: "oth")),
                       [SymbolInformation(name: "other", kind: .string, location: Location(uri: uri, range: range(4, 2, 4, 7)),
                                          containerName: "root")])
        XCTAssertEqual(try client.shutdown(), 0)
        // Characters when the client folds by character; the client's rangeLimit is honoured.
        var limited = ClientCapabilities()
        limited.textDocument = ClientCapabilities.TextDocument(foldingRange: .init(rangeLimit: 1))
        let chars = try start(text, limited)
        XCTAssertEqual(try chars.send(FoldingRangeRequest.self, FoldingRangeParams(textDocument: document)),
                       [FoldingRange(startLine: 1, startCharacter: 5, endLine: 4, endCharacter: 10)])
        XCTAssertEqual(try chars.shutdown(), 0)
    }

    func testSemanticTokensRelativeEncoding() throws {
        let text = "é: 😀x\nb: |\n  l1\n  l2\n"
        let client = try start(text)
        // UTF-16: `😀x` is 3 units; the block scalar is split per line.
        XCTAssertEqual(try client.send(SemanticTokensFullRequest.self, SemanticTokensParams(textDocument: document))?.data,
                       [0, 0, 1, 0, 0,  0, 3, 3, 1, 0,  1, 0, 1, 0, 0,  0, 3, 1, 8, 0,  1, 2, 2, 1, 0,  1, 2, 2, 1, 0])
        XCTAssertEqual(try client.send(SemanticTokensRangeRequest.self, SemanticTokensRangeParams(textDocument: document, range: range(1, 0, 1, 2)))?.data,
                       [1, 0, 1, 0, 0])
        XCTAssertEqual(try client.shutdown(), 0)
        // UTF-8 columns and a client that accepts multi-line tokens.
        var capabilities = ClientCapabilities(general: .init(positionEncodings: [.utf8]))
        capabilities.textDocument = ClientCapabilities.TextDocument(semanticTokens: .init(multilineTokenSupport: true))
        let utf8 = try start(text, capabilities)
        XCTAssertEqual(try utf8.send(SemanticTokensFullRequest.self, SemanticTokensParams(textDocument: document))?.data,
                       [0, 0, 2, 0, 0,  0, 4, 5, 1, 0,  1, 0, 1, 0, 0,  0, 3, 1, 8, 0,  1, 0, 9, 1, 0])
        XCTAssertEqual(try utf8.shutdown(), 0)
    }

    func testCompletionResolveAndHover() throws {
        let client = try start("base: &base\n  a: 1\nuse: *ba\nfull: *base\n")
        let completion = try client.send(CompletionRequest.self, CompletionParams(textDocument: document, position: Position(line: 2, character: 8),
                                                                                  context: CompletionContext(triggerKind: 1)))
        XCTAssertEqual(completion?.isIncomplete, false)
        let item = try XCTUnwrap(completion?.items.first)
        XCTAssertEqual(completion?.items.count, 1)
        XCTAssertEqual([item.label, item.detail], ["base", "&base on line 1"])
        XCTAssertEqual(item.kind, .reference)
        XCTAssertEqual(item.textEdit, TextEdit(range: range(2, 6, 2, 8), newText: "base"))
        XCTAssertEqual(try client.send(CompletionItemResolveRequest.self, item).documentation,
                       MarkupContent(kind: .markdown, value: "```yaml\na: 1\n```"))
        // Anywhere in the text, an answer and never an error.
        for (line, character) in [(0, 0), (0, 11), (1, 2), (2, 0), (3, 0), (9, 9)] {
            XCTAssertNoThrow(try client.send(CompletionRequest.self, CompletionParams(textDocument: document,
                                                                                       position: Position(line: line, character: character))),
                             "\(line):\(character)")
        }
        XCTAssertEqual(try client.send(HoverRequest.self, HoverParams(textDocument: document, position: Position(line: 3, character: 7))),
                       Hover(contents: MarkupContent(kind: .markdown, value: "Alias of `&base` (line 1).\n\n```yaml\na: 1\n```"),
                             range: range(3, 6, 3, 11)))
        XCTAssertNil(try client.send(HoverRequest.self, HoverParams(textDocument: document, position: Position(line: 1, character: 2))))
        XCTAssertEqual(try client.shutdown(), 0)
    }

    func testPullDiagnosticsReplacePushForClientsThatPull() throws {
        var capabilities = ClientCapabilities()
        capabilities.textDocument = ClientCapabilities.TextDocument(diagnostic: .init(dynamicRegistration: false))
        let client = try start("a: 1\na: 2\n", capabilities)
        func pull(_ previous: String?) throws -> DocumentDiagnosticReport {
            try client.send(DocumentDiagnosticRequest.self, DocumentDiagnosticParams(textDocument: document, previousResultId: previous))
        }
        guard case .full("1", let items) = try pull(nil) else { return XCTFail("a full report with result id 1") }
        XCTAssertEqual(items.map(\.code), ["duplicate-key"])
        XCTAssertEqual(items.map(\.severity), [.error])
        XCTAssertEqual(try pull("1"), .unchanged(resultId: "1"))
        try client.notify(DidChangeTextDocumentNotification.self, DidChangeTextDocumentParams(
            textDocument: VersionedTextDocumentIdentifier(uri: uri, version: 2), contentChanges: [TextDocumentContentChangeEvent(text: "a: 1\n")]))
        XCTAssertEqual(try pull("1"), .full(resultId: "2", items: []))
        let unchanged = try client.send(WorkspaceDiagnosticRequest.self, WorkspaceDiagnosticParams(previousResultIds: [PreviousResultId(uri: uri, value: "2")]))
        XCTAssertEqual(unchanged.items.map { [$0.uri, "\($0.version ?? -1)"] }, [[uri, "2"]])
        XCTAssertEqual(unchanged.items.map(\.report), [.unchanged(resultId: "2")])
        let full = try client.send(WorkspaceDiagnosticRequest.self, WorkspaceDiagnosticParams())
        XCTAssertEqual(full.items.map(\.report), [.full(resultId: "2", items: [])])
        XCTAssertEqual(client.lastPublished(uri), nil, "no push to a pulling client")
        XCTAssertEqual(try client.shutdown(), 0)
    }

    private func hover(_ client: TestLSPClient, _ line: Int, _ character: Int) throws -> MarkupContent? {
        try client.send(HoverRequest.self, HoverParams(textDocument: document, position: Position(line: line, character: character)))?.contents
    }

    /// LSP 3.17 `MarkupContent`: a `plaintext` value holds no markup. Every document hover (alias with its
    /// preview, anchor, tag, undefined alias) and alias documentation on resolve, for a client that reads
    /// plain text only; the alias's line is 1-based.
    func testPlainTextClientsGetNoMarkup() throws {
        let text = "x: &a 1\ny: *a\nz: !!str q\nw: *nope\nv: &b\n  k: \"`q`\"\nu: *b\nt: *"
        var capabilities = ClientCapabilities()
        capabilities.textDocument = ClientCapabilities.TextDocument(
            hover: .init(contentFormat: [.plaintext]), completion: .init(completionItem: .init(documentationFormat: [.plaintext])))
        let client = try start(text, capabilities)
        func plain(_ value: String) -> MarkupContent { MarkupContent(kind: .plaintext, value: value) }
        XCTAssertEqual(try hover(client, 1, 4), plain("Alias of &a (line 1).\n\n1"))
        XCTAssertEqual(try hover(client, 0, 4), plain("Anchor &a: used by 1 alias."))
        XCTAssertEqual(try hover(client, 2, 4), plain("Tag !!str resolves to tag:yaml.org,2002:str."))
        XCTAssertEqual(try hover(client, 3, 5), plain("Alias *nope: no anchor &nope is defined before it in this document."))
        XCTAssertEqual(try hover(client, 6, 4), plain("Alias of &b (line 5).\n\nk: \"`q`\""))
        let items = try client.send(CompletionRequest.self, CompletionParams(textDocument: document, position: Position(line: 7, character: 4)))?.items
        let b = try XCTUnwrap(items?.first { $0.label == "b" })
        XCTAssertEqual(try client.send(CompletionItemResolveRequest.self, b).documentation, plain("k: \"`q`\""))
        XCTAssertEqual(try client.shutdown(), 0)
    }

    /// Markdown clients get code spans and fences that hold the text whatever backticks it has.
    func testMarkdownHoverFencesHoldBackticks() throws {
        let client = try start("v: &b\n  k: \"```\"\nu: *b\n")
        XCTAssertEqual(try hover(client, 2, 4), MarkupContent(kind: .markdown, value: "Alias of `&b` (line 1).\n\n````yaml\nk: \"```\"\n````"))
        XCTAssertEqual(try client.shutdown(), 0)
    }

    func testCodeActions() throws {
        let client = try start("a: 1\na: 2\nb: &x [1, 2]\n")
        func actions(_ r: LSPRange, _ only: String) throws -> [CodeAction] {
            try client.send(CodeActionRequest.self, CodeActionParams(textDocument: document, range: r,
                                                                     context: CodeActionContext(diagnostics: [], only: [only]))) ?? []
        }
        let fixes = try actions(range(1, 0, 1, 1), "quickfix")
        XCTAssertEqual(fixes.map(\.title), ["Remove this duplicate entry"])
        XCTAssertEqual(fixes.first?.kind, "quickfix")
        XCTAssertEqual(fixes.first?.diagnostics?.map(\.code), ["duplicate-key"])
        XCTAssertEqual(fixes.first?.diagnostics?.map(\.range), [range(1, 0, 1, 1)])
        XCTAssertEqual(fixes.first?.edit, WorkspaceEdit(changes: [uri: [TextEdit(range: range(1, 0, 2, 0), newText: "")]]))
        // The flow sequence under the cursor to block style, and the block mapping around it to flow style.
        let rewrite = try actions(range(2, 8, 2, 8), "refactor")
        XCTAssertEqual(rewrite.map(\.title), ["Convert to block style", "Convert to flow style"])
        XCTAssertEqual(rewrite.map(\.kind), ["refactor.rewrite", "refactor.rewrite"])
        XCTAssertEqual(rewrite.first?.edit, WorkspaceEdit(changes: [uri: [TextEdit(range: range(2, 5, 2, 12), newText: "\n  - 1\n  - 2")]]))
        let fixAll = try actions(range(0, 0, 0, 0), "source.fixAll")
        XCTAssertEqual(fixAll.map(\.kind), ["source.fixAll.pureyaml"])
        XCTAssertEqual(fixAll.first?.edit, WorkspaceEdit(changes: [uri: [TextEdit(range: range(2, 3, 2, 6), newText: "")]]))
        XCTAssertEqual(try client.shutdown(), 0)
    }
}
