import Foundation
import JSONRPC
import LanguageServerProtocol
import XCTest

/// LSP 3.17 wire types: each JSON below has the spec's shape; decoding must give the value and encoding
/// the value must give exactly that JSON back (so absent optionals are omitted, never `null`).
final class LanguageServerProtocolTests: XCTestCase {
    private func check<T: Codable & Equatable>(_ json: String, _ value: T, file: StaticString = #filePath, line: UInt = #line) throws {
        let data = Data(json.utf8)
        XCTAssertEqual(try JSONDecoder().decode(T.self, from: data), value, "decoding", file: file, line: line)
        XCTAssertEqual(try LSPAny(encoding: value), try LSPAny(jsonData: data), "encoding", file: file, line: line)
    }

    private let range = LSPRange(start: Position(line: 1, character: 2), end: Position(line: 3, character: 4))
    private let rangeJSON = #"{"start":{"line":1,"character":2},"end":{"line":3,"character":4}}"#

    func testBasicStructures() throws {
        try check(#"{"line":0,"character":5}"#, Position(line: 0, character: 5))
        try check(rangeJSON, range)
        try check(#"{"uri":"file:///a.yaml","range":\#(rangeJSON)}"#, Location(uri: "file:///a.yaml", range: range))
        try check(#"{"uri":"file:///a.yaml","version":3}"#, VersionedTextDocumentIdentifier(uri: "file:///a.yaml", version: 3))
        try check(#"{"range":\#(rangeJSON),"newText":"x: 1\n"}"#, TextEdit(range: range, newText: "x: 1\n"))
        XCTAssertLessThan(Position(line: 1, character: 9), Position(line: 2, character: 0))
    }

    func testInitializeParamsFromAClient() throws {
        let json = #"""
        {"processId":1234,"clientInfo":{"name":"Neovim","version":"0.10"},"rootUri":null,
         "initializationOptions":{"yaml":{"format":{"enable":true}}},
         "capabilities":{"general":{"positionEncodings":["utf-8","utf-16"]},
                         "workspace":{"configuration":true,"didChangeConfiguration":{"dynamicRegistration":false}},
                         "textDocument":{"publishDiagnostics":{"versionSupport":true,"tagSupport":{"valueSet":[1,2]}},
                                         "diagnostic":{"dynamicRegistration":true},
                                         "documentSymbol":{"hierarchicalDocumentSymbolSupport":true}}},
         "trace":"off","workspaceFolders":[{"uri":"file:///w","name":"w"}],"unknownMember":[1]}
        """#
        let params = try JSONDecoder().decode(InitializeParams.self, from: Data(json.utf8))
        XCTAssertEqual(params.processId, 1234)
        XCTAssertNil(params.rootUri)
        XCTAssertEqual(params.clientInfo, .init(name: "Neovim", version: "0.10"))
        XCTAssertEqual(params.initializationOptions?["yaml"]?["format"]?["enable"], .bool(true))
        XCTAssertEqual(params.capabilities.general?.positionEncodings, [.utf8, .utf16])
        XCTAssertEqual(params.capabilities.textDocument?.publishDiagnostics?.versionSupport, true)
        XCTAssertNotNil(params.capabilities.textDocument?.diagnostic)
        XCTAssertEqual(params.capabilities.workspace?.configuration, true)
        XCTAssertEqual(params.workspaceFolders, [WorkspaceFolder(uri: "file:///w", name: "w")])
        // A minimal client sends only processId, rootUri and empty capabilities.
        let minimal = try JSONDecoder().decode(InitializeParams.self, from: Data(#"{"processId":null,"rootUri":null,"capabilities":{}}"#.utf8))
        XCTAssertNil(minimal.capabilities.general)
        XCTAssertNil(minimal.capabilities.textDocument?.diagnostic)
    }

    func testInitializeResultOmitsAbsentCapabilities() throws {
        let result = InitializeResult(
            capabilities: ServerCapabilities(
                positionEncoding: .utf8,
                textDocumentSync: TextDocumentSyncOptions(openClose: true, change: .incremental, save: SaveOptions(includeText: false)),
                documentSymbolProvider: true, documentFormattingProvider: true,
                diagnosticProvider: DiagnosticOptions(interFileDependencies: false, workspaceDiagnostics: false)),
            serverInfo: ServerInfo(name: "pureyaml", version: "0.1"))
        try check(#"""
        {"capabilities":{"positionEncoding":"utf-8",
                         "textDocumentSync":{"openClose":true,"change":2,"save":{"includeText":false}},
                         "documentSymbolProvider":true,"documentFormattingProvider":true,
                         "diagnosticProvider":{"interFileDependencies":false,"workspaceDiagnostics":false}},
         "serverInfo":{"name":"pureyaml","version":"0.1"}}
        """#, result)
    }

    func testDocumentSynchronisation() throws {
        try check(#"{"textDocument":{"uri":"file:///a.yaml","languageId":"yaml","version":1,"text":"a: 1\n"}}"#,
                  DidOpenTextDocumentParams(textDocument: TextDocumentItem(uri: "file:///a.yaml", languageId: "yaml",
                                                                            version: 1, text: "a: 1\n")))
        try check(#"{"textDocument":{"uri":"u","version":2},"contentChanges":[{"range":\#(rangeJSON),"text":"b"},{"text":"all"}]}"#,
                  DidChangeTextDocumentParams(textDocument: VersionedTextDocumentIdentifier(uri: "u", version: 2),
                                              contentChanges: [TextDocumentContentChangeEvent(range: range, text: "b"),
                                                               TextDocumentContentChangeEvent(text: "all")]))
        try check(#"{"textDocument":{"uri":"u"}}"#, DidCloseTextDocumentParams(textDocument: TextDocumentIdentifier(uri: "u")))
        try check(#"{"textDocument":{"uri":"u"},"text":"t"}"#,
                  DidSaveTextDocumentParams(textDocument: TextDocumentIdentifier(uri: "u"), text: "t"))
    }

    func testDiagnostics() throws {
        let diagnostic = Diagnostic(
            range: range, severity: .warning, code: "duplicate-key", source: "pureyaml", message: "duplicate key \"a\"",
            tags: [.unnecessary],
            relatedInformation: [DiagnosticRelatedInformation(location: Location(uri: "u", range: range), message: "first")],
            data: .object(["fix": .integer(1)]))
        let json = #"{"range":\#(rangeJSON),"severity":2,"code":"duplicate-key","source":"pureyaml","message":"duplicate key \"a\"","tags":[1],"relatedInformation":[{"location":{"uri":"u","range":\#(rangeJSON)},"message":"first"}],"data":{"fix":1}}"#
        try check(json, diagnostic)
        try check(#"{"uri":"u","version":4,"diagnostics":[\#(json)]}"#,
                  PublishDiagnosticsParams(uri: "u", version: 4, diagnostics: [diagnostic]))
        try check(#"{"uri":"u","diagnostics":[]}"#, PublishDiagnosticsParams(uri: "u", diagnostics: []))
        // An integer code is accepted and read as its decimal string.
        let numeric = try JSONDecoder().decode(Diagnostic.self, from: Data(#"{"range":\#(rangeJSON),"code":42,"message":"m"}"#.utf8))
        XCTAssertEqual(numeric.code, "42")
        try check(#"{"kind":"full","resultId":"7","items":[\#(json)]}"#, DocumentDiagnosticReport.full(resultId: "7", items: [diagnostic]))
        try check(#"{"kind":"full","items":[]}"#, DocumentDiagnosticReport.full(resultId: nil, items: []))
        try check(#"{"kind":"unchanged","resultId":"7"}"#, DocumentDiagnosticReport.unchanged(resultId: "7"))
        XCTAssertEqual(DiagnosticSeverity.allCases.map(\.rawValue), [1, 2, 3, 4])
    }

    func testDocumentSymbolsAndKinds() throws {
        let child = DocumentSymbol(name: "b", detail: "1", kind: .number, range: range, selectionRange: range)
        try check(#"{"name":"a","kind":2,"range":\#(rangeJSON),"selectionRange":\#(rangeJSON),"children":[{"name":"b","detail":"1","kind":16,"range":\#(rangeJSON),"selectionRange":\#(rangeJSON)}]}"#,
                  DocumentSymbol(name: "a", kind: .module, range: range, selectionRange: range, children: [child]))
        XCTAssertEqual(SymbolKind.allCases.map(\.rawValue), Array(1...26))
        XCTAssertEqual(SymbolKind.key.rawValue, 20)
        XCTAssertEqual(CompletionItemKind.allCases.map(\.rawValue), Array(1...25))
    }

    func testFormattingAndConfiguration() throws {
        try check(#"{"textDocument":{"uri":"u"},"options":{"tabSize":2,"insertSpaces":true,"trimTrailingWhitespace":true}}"#,
                  DocumentFormattingParams(textDocument: TextDocumentIdentifier(uri: "u"),
                                           options: FormattingOptions(tabSize: 2, insertSpaces: true, trimTrailingWhitespace: true)))
        try check(#"{"settings":{"yaml":{"validate":false}}}"#,
                  DidChangeConfigurationParams(settings: .object(["yaml": .object(["validate": .bool(false)])])))
        try check(#"{"settings":null}"#, DidChangeConfigurationParams(settings: .null))
        XCTAssertEqual(try JSONDecoder().decode(DidChangeConfigurationParams.self, from: Data("{}".utf8)).settings, .null)
        try check(#"{"items":[{"section":"yaml"},{"scopeUri":"u","section":"editor"}]}"#,
                  ConfigurationParams(items: [ConfigurationItem(section: "yaml"), ConfigurationItem(scopeUri: "u", section: "editor")]))
        try check(#"{"id":"r1"}"#, CancelParams(id: .string("r1")))
        try check(#"{"id":5}"#, CancelParams(id: .number(5)))
        try check(#"{"type":3,"message":"hi"}"#, LogMessageParams(type: .info, message: "hi"))
        try check(#"{"type":1,"message":"bad"}"#, ShowMessageParams(type: .error, message: "bad"))
    }

    /// `client/registerCapability` for `workspace/didChangeWatchedFiles`, and the notification's file events
    /// (an unknown change type is kept, not rejected); the client capability that allows the registration.
    func testWatchedFilesRegistrationAndEvents() throws {
        let options = DidChangeWatchedFilesRegistrationOptions(watchers: [
            FileSystemWatcher(globPattern: "**/.yamllint", kind: .all), FileSystemWatcher(globPattern: "*.yml"),
        ])
        try check(#"{"watchers":[{"globPattern":"**/.yamllint","kind":7},{"globPattern":"*.yml"}]}"#, options)
        try check(#"{"registrations":[{"id":"w","method":"workspace/didChangeWatchedFiles","registerOptions":{"watchers":[]}}]}"#,
                  RegistrationParams(registrations: [Registration(id: "w", method: "workspace/didChangeWatchedFiles",
                                                                  registerOptions: .object(["watchers": .array([])]))]))
        XCTAssertEqual(WatchKind(rawValue: 5), [.create, .delete])
        try check(#"{"changes":[{"uri":"file:///p/.yamllint","type":2},{"uri":"file:///q","type":9}]}"#,
                  DidChangeWatchedFilesParams(changes: [FileEvent(uri: "file:///p/.yamllint", type: .changed),
                                                        FileEvent(uri: "file:///q", type: FileChangeType(rawValue: 9))]))
        let capabilities = try JSONDecoder().decode(ClientCapabilities.self, from: Data(
            #"{"workspace":{"didChangeWatchedFiles":{"dynamicRegistration":true,"relativePatternSupport":true}}}"#.utf8))
        XCTAssertEqual(capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration, true)
        XCTAssertTrue(MessageRegistry.request(for: "client/registerCapability") == RegistrationRequest.self)
    }

    func testHoverCompletionFolding() throws {
        try check(#"{"textDocument":{"uri":"u"},"position":{"line":1,"character":2}}"#,
                  HoverParams(textDocument: TextDocumentIdentifier(uri: "u"), position: Position(line: 1, character: 2)))
        try check(#"{"contents":{"kind":"markdown","value":"**a**"}}"#, Hover(contents: MarkupContent(kind: .markdown, value: "**a**")))
        try check(#"{"textDocument":{"uri":"u"},"position":{"line":0,"character":0},"context":{"triggerKind":2,"triggerCharacter":":"}}"#,
                  CompletionParams(textDocument: TextDocumentIdentifier(uri: "u"), position: Position(line: 0, character: 0),
                                   context: CompletionContext(triggerKind: 2, triggerCharacter: ":")))
        try check(#"{"isIncomplete":false,"items":[{"label":"name","kind":10,"insertText":"name: ","insertTextFormat":1}]}"#,
                  CompletionList(isIncomplete: false, items: [CompletionItem(label: "name", kind: .property, insertText: "name: ",
                                                                             insertTextFormat: .plainText)]))
        try check(#"[{"startLine":0,"endLine":3},{"startLine":4,"endLine":5,"kind":"comment"}]"#,
                  [FoldingRange(startLine: 0, endLine: 3), FoldingRange(startLine: 4, endLine: 5, kind: .comment)])
    }

    /// A markup kind the server does not know (a later protocol version, a client extension) in
    /// `hover.contentFormat` or `completionItem.documentationFormat` is skipped, not a reason to refuse the
    /// whole `initialize`; the known kinds keep their order (preferred first).
    func testUnknownMarkupKindsInClientCapabilitiesAreSkipped() throws {
        let capabilities = try JSONDecoder().decode(ClientCapabilities.self, from: Data(#"""
            {"textDocument":{"hover":{"contentFormat":["asciidoc","plaintext","markdown"]},
             "completion":{"completionItem":{"snippetSupport":true,"documentationFormat":["html","plaintext"]}}}}
            """#.utf8))
        XCTAssertEqual(capabilities.textDocument?.hover?.contentFormat, [.plaintext, .markdown])
        XCTAssertEqual(capabilities.textDocument?.completion?.completionItem?.documentationFormat, [.plaintext])
        XCTAssertEqual(capabilities.textDocument?.completion?.completionItem?.snippetSupport, true)
        let none = try JSONDecoder().decode(ClientCapabilities.TextDocument.Hover.self, from: Data("{}".utf8))
        XCTAssertNil(none.contentFormat)
    }

    /// `codeActionProvider` is `boolean | CodeActionOptions`; the resolve capability and a code action's
    /// `data` (LSP 3.17 §"Code Action Resolve Request").
    func testCodeActionResolveShapes() throws {
        try check("true", CodeActionProvider.enabled(true))
        try check(#"{"resolveProvider":true}"#, CodeActionProvider.options(CodeActionOptions(resolveProvider: true)))
        try check(#"{"dataSupport":true,"resolveSupport":{"properties":["edit"]}}"#,
                  ClientCapabilities.TextDocument.CodeAction(dataSupport: true, resolveSupport: .init(properties: ["edit"])))
        try check(#"{"title":"Fix","kind":"quickfix","data":{"uri":"u","version":2,"id":1}}"#,
                  CodeAction(title: "Fix", kind: "quickfix", data: .object(["uri": .string("u"), "version": .integer(2), "id": .integer(1)])))
        XCTAssertTrue(CodeActionResolveRequest.Params.self == CodeAction.self && CodeActionResolveRequest.Response.self == CodeAction.self)
        XCTAssertEqual(CodeActionResolveRequest.method.rawValue, "codeAction/resolve")
    }

    /// -32602 messages say, in plain words, which member is wrong and why, never a Swift type name nor
    /// Foundation's "The given data was not valid JSON." (which it gives, without a path, for a number that
    /// does not fit); the same whether the params come as received bytes or as a value.
    func testInvalidParamsMessagesNameTheMemberInPlainWords() throws {
        let cases: [(params: String, message: String)] = [
            (#"{"line":-1,"character":0}"#, "params.position.line: expected a non-negative integer, found -1"),
            (#"{"line":0,"character":-2}"#, "params.position.character: expected a non-negative integer, found -2"),
            (#"{"line":1.5,"character":0}"#, "params.position.line: expected an integer, found 1.5"),
            (#"{"line":1e30,"character":0}"#, "params.position.line: expected an integer in range, found 1e+30"),
            (#"{"line":99999999999999999999,"character":0}"#, "params.position.line: expected an integer in range, found 1e+20"),
            (#"{"line":"3","character":0}"#, "params.position.line: expected an integer, found a string"),
            (#"{"line":null,"character":0}"#, "params.position.line: expected an integer, found null"),
            (#"{"character":0}"#, "params.position.line: missing"),
            (#"[1,2]"#, "params.position: expected an object, found an array"),
            (#"true"#, "params.position: expected an object, found true"),
        ]
        for c in cases {
            let params = #"{"textDocument":{"uri":"file:///a.yaml"},"position":"# + c.params + "}"
            let body = #"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":"# + params + "}"
            guard case .request(let received) = try Message.decode(Data(body.utf8)) else { return XCTFail(body) }
            let value = RequestMessage(id: .number(1), method: "textDocument/hover", params: try LSPAny(jsonData: Data(params.utf8)))
            for request in [received, value] {
                XCTAssertThrowsError(try request.decodeParams(HoverRequest.self), c.params) { error in
                    XCTAssertEqual((error as? ResponseError)?.code, .invalidParams)
                    XCTAssertEqual((error as? ResponseError)?.message, "invalid params for textDocument/hover: " + c.message)
                }
            }
        }
        let wrongDocument = RequestMessage(id: .number(1), method: "textDocument/hover",
                                           params: .object(["textDocument": .integer(5), "position": .object(["line": .integer(0), "character": .integer(0)])]))
        XCTAssertThrowsError(try wrongDocument.decodeParams(HoverRequest.self)) { error in
            XCTAssertEqual((error as? ResponseError)?.message, "invalid params for textDocument/hover: params.textDocument: expected an object, found 5")
        }
        // Positions in range decode as before.
        let good = RequestMessage(id: .number(1), method: "textDocument/hover",
                                  params: .object(["textDocument": .object(["uri": .string("u")]),
                                                   "position": .object(["line": .integer(3), "character": .integer(0)])]))
        XCTAssertEqual(try good.decodeParams(HoverRequest.self).position, Position(line: 3, character: 0))
    }

    func testTypedParamsDecodingReportsInvalidParams() throws {
        let good = RequestMessage(id: .number(1), method: "textDocument/documentSymbol",
                                  params: .object(["textDocument": .object(["uri": .string("u")])]))
        XCTAssertEqual(try good.decodeParams(DocumentSymbolRequest.self), DocumentSymbolParams(textDocument: TextDocumentIdentifier(uri: "u")))
        let bad = RequestMessage(id: .number(2), method: "textDocument/documentSymbol",
                                 params: .object(["textDocument": .object(["uri": .integer(3)])]))
        XCTAssertThrowsError(try bad.decodeParams(DocumentSymbolRequest.self)) { error in
            XCTAssertEqual((error as? ResponseError)?.code, .invalidParams)
            XCTAssertTrue((error as? ResponseError)?.message.contains("textDocument.uri") == true, "\(error)")
        }
        let missing = RequestMessage(id: .number(3), method: "textDocument/hover")
        XCTAssertThrowsError(try missing.decodeParams(HoverRequest.self)) { error in
            XCTAssertEqual((error as? ResponseError)?.code, .invalidParams)
        }
        // Requests without params accept absent params.
        XCTAssertEqual(try RequestMessage(id: .number(4), method: "shutdown").decodeParams(ShutdownRequest.self), EmptyParams())
        XCTAssertEqual(try NotificationMessage(method: "initialized", params: .object([:])).decodeParams(InitializedNotification.self),
                       EmptyParams())
    }

    func testTypedResponsesAndMessages() throws {
        // `null` results are written explicitly.
        XCTAssertEqual(try ResponseMessage(ShutdownRequest.self, id: .number(1), result: NullResult()).result, .success(.null))
        XCTAssertEqual(try ResponseMessage(HoverRequest.self, id: .number(2), result: nil).result, .success(.null))
        let encoded = try Message.response(ResponseMessage(HoverRequest.self, id: .number(2), result: nil)).encodedJSON()
        XCTAssertEqual(String(decoding: encoded, as: UTF8.self), #"{"id":2,"jsonrpc":"2.0","result":null}"#)
        // A request without params has no params member.
        XCTAssertEqual(try Message.request(ShutdownRequest.self, id: .number(3), params: EmptyParams()),
                       .request(RequestMessage(id: .number(3), method: "shutdown")))
        XCTAssertEqual(try Message.notification(LogMessageNotification.self, params: LogMessageParams(type: .log, message: "m")),
                       .notification(NotificationMessage(method: "window/logMessage",
                                                         params: .object(["type": .integer(4), "message": .string("m")]))))
        // The answer to workspace/configuration decodes as [LSPAny]; an error response rethrows its error.
        let answer = ResponseMessage(id: .string("c1"), result: .array([.object(["indent": .integer(2)]), .null]))
        XCTAssertEqual(try answer.decodeResult(ConfigurationRequest.self), [.object(["indent": .integer(2)]), .null])
        XCTAssertThrowsError(try ResponseMessage(id: .string("c2"), error: .requestCancelled).decodeResult(ConfigurationRequest.self)) {
            XCTAssertEqual($0 as? ResponseError, .requestCancelled)
        }
    }

    func testRegistryListsEveryMethodOnce() {
        let methods = MessageRegistry.requests.map { $0.method } + MessageRegistry.notifications.map { $0.method }
        XCTAssertEqual(Set(methods).count, methods.count, "a method is registered twice")
        XCTAssertEqual(Set(methods), Set(LSPMethod.allCases), "LSPMethod and the registry disagree")
        XCTAssertTrue(MessageRegistry.request(for: "textDocument/formatting") == DocumentFormattingRequest.self)
        XCTAssertTrue(MessageRegistry.notification(for: "$/cancelRequest") == CancelRequestNotification.self)
        XCTAssertNil(MessageRegistry.request(for: "textDocument/didOpen"))
    }
}
