import Foundation
import JSONRPC
import LanguageServerProtocol
import XCTest

/// Replies encoded straight into the message body (``MessageBody``) and params
/// decoded straight from the received bytes must give what the earlier path gave: the result encoded with
/// `JSONEncoder`, read back as ``LSPAny`` and encoded again (sorted keys, unescaped slashes).
final class DirectMessageCodingTests: XCTestCase {
    /// The earlier path for a response: `JSONEncoder` -> `LSPAny` -> `JSONEncoder`.
    private func earlierResponse<T: Encodable>(id: RequestID, _ result: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let value = LSPAny.object(["id": id.jsonValue, "jsonrpc": .string("2.0"),
                                   "result": try LSPAny(jsonData: encoder.encode(result))])
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// The reply `MessageBody` writes for `result` is the earlier path's: byte for byte, or for the hot-path
    /// types that ``JSONWriter`` writes (``JSONWritable``), the same JSON value once the earlier path's empty
    /// `children`, `tags` and `relatedInformation` are left out.
    private func assertSameResponse<T: Encodable>(_ result: T, id: RequestID = .number(7),
                                                  file: StaticString = #filePath, line: UInt = #line) throws {
        let direct = try MessageBody.response(id: id, result: result)
        let earlier = try earlierResponse(id: id, result)
        if result is any JSONWritable {
            XCTAssertEqual(try LSPAny(jsonData: direct), Self.leavingOutEmptyOptionalArrays(try LSPAny(jsonData: Data(earlier.utf8))),
                           String(decoding: direct, as: UTF8.self), file: file, line: line)
        } else {
            XCTAssertEqual(String(decoding: direct, as: UTF8.self), earlier, file: file, line: line)
        }
    }

    /// `value` without the members `children`, `tags` and `relatedInformation` that hold an empty array.
    static func leavingOutEmptyOptionalArrays(_ value: LSPAny) -> LSPAny {
        switch value {
        case .array(let items): return .array(items.map(leavingOutEmptyOptionalArrays))
        case .object(let members):
            var kept: [String: LSPAny] = [:]
            for (key, member) in members where !(["children", "tags", "relatedInformation"].contains(key) && member == .array([])) {
                kept[key] = leavingOutEmptyOptionalArrays(member)
            }
            return .object(kept)
        default: return value
        }
    }

    private func range(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> LSPRange {
        LSPRange(start: Position(line: a, character: b), end: Position(line: c, character: d))
    }

    func testRepliesMatchTheEarlierPath() throws {
        let leaf = DocumentSymbol(name: "clé 中 😀", kind: .string, range: range(1, 2, 1, 9), selectionRange: range(1, 2, 1, 5))
        let symbols = [DocumentSymbol(name: "doc/0", detail: "Deployment \"x\"", kind: .module, tags: [1],
                                      range: range(0, 0, 5, 0), selectionRange: range(0, 0, 0, 3),
                                      children: [leaf, DocumentSymbol(name: "", kind: .array, range: range(2, 0, 4, 1),
                                                                      selectionRange: range(2, 0, 2, 0), children: [])])]
        try assertSameResponse(symbols)
        try assertSameResponse(symbols, id: .string("a/b"))
        // Edits whose text needs every kind of escape, and non-ASCII left as UTF-8.
        let text = "a:\t\"b\" \\ /c\r\n\u{0}\u{1}\u{8}\u{B}\u{C}\u{1F}\u{7F} é\u{2028}😀\n"
        try assertSameResponse([TextEdit(range: range(0, 0, 3, 0), newText: text)])
        // Nulls: a nil optional result, nil members (omitted), explicit nulls inside LSPAny.
        try assertSameResponse(nil as [DocumentSymbol]?)
        try assertSameResponse(NullResult())
        try assertSameResponse(Hover(contents: MarkupContent(kind: .markdown, value: "**x**"), range: nil))
        try assertSameResponse(CompletionList(isIncomplete: false, items: [
            CompletionItem(label: "name", kind: .property, detail: nil, insertText: "name: ", insertTextFormat: .snippet,
                           data: .object(["uri": .string("file:///a.yaml"), "offset": .integer(12), "none": .null,
                                          "list": .array([.null, .bool(true), .double(1.5), .double(2), .integer(-3)]),
                                          "B": .string("upper before lower"), "a10": .bool(false), "a9": .bool(true)])),
        ]))
        try assertSameResponse([FoldingRange(startLine: 0, endLine: 3), FoldingRange(startLine: 4, endLine: 5, kind: .comment)])
        try assertSameResponse(InitializeResult(capabilities: ServerCapabilities(positionEncoding: .utf16, documentSymbolProvider: true),
                                                serverInfo: ServerInfo(name: "pureyaml", version: "1")))
        try assertSameResponse(WorkspaceEdit(changes: ["file:///b": [TextEdit(range: range(0, 0, 0, 1), newText: "x")],
                                                       "file:///a": []]))
        try assertSameResponse([Diagnostic(range: range(0, 0, 0, 1), severity: .error, code: "E1", source: "pureyaml",
                                           message: "bad ✗", data: .object(["k": .array([])]))])
        // A report that encodes another value with the same encoder, then adds members (and an empty array).
        let report = DocumentDiagnosticReport.full(resultId: "1", items: [Diagnostic(range: range(0, 0, 0, 1), message: "m")])
        try assertSameResponse(WorkspaceDiagnosticReport(items: [
            WorkspaceDocumentDiagnosticReport(uri: "file:///a", version: 2, report: report),
            WorkspaceDocumentDiagnosticReport(uri: "file:///b", version: nil, report: .full(resultId: nil, items: [])),
            WorkspaceDocumentDiagnosticReport(uri: "file:///c", version: 1, report: .unchanged(resultId: "4")),
        ]))
        // The hot-path types with every member; `text` (above) needs every kind of escape.
        let full = Diagnostic(range: range(0, 1, 2, 3), severity: .hint, code: text, codeDescription: .init(href: "https://x/\(text)"),
                              source: text, message: text, tags: [.deprecated, .unnecessary],
                              relatedInformation: [DiagnosticRelatedInformation(location: Location(uri: "file:///a", range: range(0, 0, 0, 0)), message: text)],
                              data: .object(["schemaURI": .string(text), "n": .integer(-12), "d": .double(0.25), "b": .bool(true), "z": .null]))
        try assertSameResponse([full, Diagnostic(range: range(0, 0, 0, 0), message: "", tags: [], relatedInformation: [])])
        try assertSameResponse(DocumentDiagnosticReport.full(resultId: "r\n", items: [full]))
        try assertSameResponse(DocumentDiagnosticReport.full(resultId: nil, items: []))
        try assertSameResponse(DocumentDiagnosticReport.unchanged(resultId: "9"))
        try assertSameResponse(SemanticTokens(resultId: "5", data: [0, 1, 9, 10, 99, 100, UInt32.max]))
        try assertSameResponse(SemanticTokens(data: []) as SemanticTokens?)
        try assertSameResponse(nil as SemanticTokens?)
        try assertSameResponse([FoldingRange(startLine: 0, startCharacter: 4, endLine: 9, endCharacter: 0, kind: .region, collapsedText: text)])
        try assertSameResponse([DocumentSymbol(name: text, detail: "", kind: .key, tags: [], range: range(0, 0, 0, 0),
                                               selectionRange: range(0, 0, 0, 0), children: nil)])
        try assertSameResponse(LSPAny.object([:]))
        try assertSameResponse(EmptyParams())
    }

    func testNotificationsAndRequestsMatchTheEarlierMessages() throws {
        let params = PublishDiagnosticsParams(uri: "file:///é.yaml", version: nil, diagnostics: [
            Diagnostic(range: range(1, 0, 1, 4), severity: .warning, message: "line\nbreak"),
        ])
        XCTAssertEqual(try MessageBody.notification(method: "textDocument/publishDiagnostics", params: params),
                       try Message.notification(PublishDiagnosticsNotification.self, params: params).encodedJSON())
        XCTAssertEqual(String(decoding: try MessageBody.notification(method: "exit", params: nil as EmptyParams?), as: UTF8.self),
                       #"{"jsonrpc":"2.0","method":"exit"}"#)
        let configuration = ConfigurationParams(items: [ConfigurationItem(section: "yaml")])
        XCTAssertEqual(try MessageBody.request(id: .number(3), method: "workspace/configuration", params: configuration),
                       try Message.request(ConfigurationRequest.self, id: .number(3), params: configuration).encodedJSON())
    }

    func testNonFiniteNumbersAreRefusedNotWritten() throws {
        XCTAssertThrowsError(try MessageBody.response(id: .number(1), result: ["x": Double.infinity])) { error in
            guard case EncodingError.invalidValue = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try MessageBody.notification(method: "m", params: [Double.nan]))
    }

    func testParamsDecodeStraightFromTheReceivedBytes() throws {
        let text = "key: \"中文\" # é\n" + String(repeating: "- item\\x\n", count: 1000)
        let body = try MessageBody.notification(method: "textDocument/didOpen", params: DidOpenTextDocumentParams(
            textDocument: TextDocumentItem(uri: "file:///a.yaml", languageId: "yaml", version: 3, text: text)))
        guard case .notification(let notification) = try Message.decode(body) else { return XCTFail("not a notification") }
        let params = try notification.decodeParams(DidOpenTextDocumentNotification.self)
        XCTAssertEqual(params.textDocument.text, text)
        XCTAssertEqual(params.textDocument.version, 3)
        // The value view still works, and a message built from values compares equal to the received one.
        XCTAssertEqual(notification.params?["textDocument"]?["uri"], .string("file:///a.yaml"))
        XCTAssertEqual(notification, NotificationMessage(method: "textDocument/didOpen", params: try LSPAny(jsonData: body)["params"]))
    }

    func testInvalidParamsFromReceivedBytesStillAnswerInvalidParams() throws {
        let bodies = [
            #"{"jsonrpc":"2.0","id":2,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":3}}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"textDocument/documentSymbol","params":{"textDocument":{}}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"textDocument/documentSymbol","params":[1]}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"textDocument/documentSymbol"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"textDocument/documentSymbol","params":null}"#,
        ]
        var messages: [String] = []
        for body in bodies {
            guard case .request(let request) = try Message.decode(Data(body.utf8)) else { return XCTFail("not a request: \(body)") }
            XCTAssertEqual(request.id, .number(2))
            XCTAssertThrowsError(try request.decodeParams(DocumentSymbolRequest.self), body) { error in
                XCTAssertEqual((error as? ResponseError)?.code, .invalidParams, body)
                messages.append((error as? ResponseError)?.message ?? "")
            }
        }
        // The member path is relative to the params, as it was for params held as a value.
        XCTAssertEqual(messages.first, "invalid params for textDocument/documentSymbol: params.textDocument.uri: expected a string, found 3")
        XCTAssertEqual(messages.dropFirst().first, "invalid params for textDocument/documentSymbol: params.textDocument.uri: missing")
        let value = RequestMessage(id: .number(2), method: "textDocument/documentSymbol",
                                   params: .object(["textDocument": .object(["uri": .integer(3)])]))
        XCTAssertThrowsError(try value.decodeParams(DocumentSymbolRequest.self)) { error in
            XCTAssertEqual((error as? ResponseError)?.message, messages.first)
        }
    }

    func testEnvelopeErrorsAreUnchanged() {
        func code(_ body: String) -> ErrorCode? {
            do {
                _ = try Message.decode(Data(body.utf8))
                return nil
            } catch {
                return error.error.code
            }
        }
        XCTAssertEqual(code(#"{"jsonrpc":"2.0","id":1,"method":"m","params":{"a":[}}"#), .parseError)
        XCTAssertEqual(code(#"{"jsonrpc":"2.0","id":1,"method":"m","params":"text"}"#), .invalidRequest)
        XCTAssertEqual(code(#"{"jsonrpc":"2.0","id":1,"method":"m","params":3}"#), .invalidRequest)
        XCTAssertEqual(code(#"{"jsonrpc":"2.0","id":true,"method":"m"}"#), .invalidRequest)
        XCTAssertEqual(code(#"{"jsonrpc":"1.0","method":"m"}"#), .invalidRequest)
        XCTAssertEqual(code(#"[{"jsonrpc":"2.0","method":"m"}]"#), .invalidRequest)
        XCTAssertEqual(code(#"{"jsonrpc":"2.0","id":1,"method":"m","params":{"x":"#
                            + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000) + "}}"), .parseError)
        XCTAssertNil(code(#"{"jsonrpc":"2.0","id":1,"method":"m","params":[1,{"a":null}]}"#))
    }

    /// Strings inside `params` are not built when the message arrives, but they are checked as building
    /// them would: bytes that are not UTF-8 and raw control characters are still parse errors (-32700),
    /// as they were when the whole message was read as an `LSPAny`.
    func testInvalidStringsInsideParamsAreStillParseErrors() {
        func code(_ inside: [UInt8], lone: Bool = false) -> ErrorCode? {
            let body = Array(#"{"jsonrpc":"2.0","id":1,"method":"m","params":{"text":"a long enough run of text "#.utf8)
                + inside + Array(#" and more text after it","n":[1,2.5e3,"\"\\\/\b\f\n\r\t"]}}"#.utf8)
            // Lone surrogates were refused by the earlier path too; they are now read as U+FFFD.
            let old = (try? LSPAny(jsonData: Data(body))) == nil && !lone ? ErrorCode.parseError : nil
            do {
                _ = try Message.decode(Data(body))
                XCTAssertNil(old, "the earlier path refused \(inside)")
                return nil
            } catch {
                XCTAssertEqual(old, error.error.code, "as the earlier path for \(inside)")
                return error.error.code
            }
        }
        XCTAssertNil(code(Array("é 中 😀 \\u00e9 \\ud83d\\ude00".utf8)))
        for bad: [UInt8] in [[0xFF], [0xC3], [0x80], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x01], [0x0A]] {
            XCTAssertEqual(code(bad), .parseError, "\(bad)")
        }
        for lone in ["\\ud800x", "\\udc00", "\\ud83d\\u0041", "\\ud83d\\ud83d\\ude00", "\\ud83d"] {
            XCTAssertNil(code(Array(lone.utf8), lone: true), lone)
        }
    }

    /// A lone surrogate escape (valid JSON syntax, RFC 8259 §8.2) is read as U+FFFD, one UTF-16 code unit
    /// like the surrogate, in `params` and in the members the envelope builds; an escaped backslash before
    /// `u` is not an escape, and a high–low pair stays one scalar.
    func testLoneSurrogatesAreReadAsReplacementCharacters() throws {
        struct Params: Decodable { var text: String }
        func text(_ escaped: String) throws -> String {
            let body = #"{"jsonrpc":"2.0","method":"m","params":{"text":""# + escaped + #""}}"#
            guard case .notification(let n) = try Message.decode(Data(body.utf8)) else { throw XCTSkip("not a notification") }
            return try n.decodeParams(as: Params.self).text
        }
        XCTAssertEqual(try text(#"\ud83d"#), "\u{FFFD}")
        XCTAssertEqual(try text(#"a\ude00b"#), "a\u{FFFD}b")
        XCTAssertEqual(try text(#"\ud83d\ud83d\ude00"#), "\u{FFFD}😀")
        XCTAssertEqual(try text(#"\\ud83d"#), #"\ud83d"#)
        XCTAssertEqual(try text(#"\ud83d\ude00"#).utf16.count, 2)
        guard case .notification(let n) = try Message.decode(Data(#"{"jsonrpc":"2.0","method":"x\udc00"}"#.utf8)) else {
            return XCTFail("not a notification")
        }
        XCTAssertEqual(n.method, "x\u{FFFD}")
    }
}
