import Foundation
import JSONRPC
import XCTest

/// Decoding and encoding of JSON-RPC 2.0 envelopes, and one test per error class (JSON-RPC 2.0 §5).
final class MessageTests: XCTestCase {
    private func decode(_ json: String) throws(InvalidMessage) -> Message {
        try Message.decode(Data(json.utf8))
    }

    /// Checks that `json` is rejected with `code` and `id`.
    private func checkInvalid(_ json: String, code: ErrorCode, id: RequestID?,
                              file: StaticString = #filePath, line: UInt = #line) {
        do {
            let message = try decode(json)
            XCTFail("decoded \(message) from \(json)", file: file, line: line)
        } catch {
            XCTAssertEqual(error.error.code, code, json, file: file, line: line)
            XCTAssertEqual(error.id, id, json, file: file, line: line)
        }
    }

    /// Encodes `message` and compares with `json` as parsed values (member order ignored).
    private func checkEncoding(_ message: Message, _ json: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let encoded = try LSPAny(jsonData: message.encodedJSON())
        XCTAssertEqual(encoded, try LSPAny(jsonData: Data(json.utf8)), file: file, line: line)
        XCTAssertEqual(try Message.decode(message.encodedJSON()), message, "round trip", file: file, line: line)
    }

    func testRequestWithIntegerAndStringIDs() throws {
        XCTAssertEqual(try decode(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":null}}"#),
                       .request(RequestMessage(id: .number(1), method: "initialize", params: .object(["rootUri": .null]))))
        XCTAssertEqual(try decode(#"{"jsonrpc":"2.0","id":"abc","method":"shutdown"}"#),
                       .request(RequestMessage(id: .string("abc"), method: "shutdown")))
        // `params: null` is treated as absent.
        XCTAssertEqual(try decode(#"{"jsonrpc":"2.0","id":2,"method":"shutdown","params":null}"#),
                       .request(RequestMessage(id: .number(2), method: "shutdown")))
    }

    func testNotification() throws {
        XCTAssertEqual(try decode(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#),
                       .notification(NotificationMessage(method: "initialized", params: .object([:]))))
        XCTAssertEqual(try decode(#"{"method":"exit","jsonrpc":"2.0"}"#), .notification(NotificationMessage(method: "exit")))
    }

    func testResponses() throws {
        XCTAssertEqual(try decode(#"{"jsonrpc":"2.0","id":7,"result":[{"section":"yaml"}]}"#),
                       .response(ResponseMessage(id: .number(7), result: .array([.object(["section": .string("yaml")])]))))
        XCTAssertEqual(try decode(#"{"jsonrpc":"2.0","id":"x","result":null}"#),
                       .response(ResponseMessage(id: .string("x"), result: .null)))
        XCTAssertEqual(try decode(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"bad","data":[1.5]}}"#),
                       .response(ResponseMessage(id: nil, error: ResponseError(code: .parseError, message: "bad",
                                                                               data: .array([.double(1.5)])))))
    }

    func testParseErrorHasNullID() {
        checkInvalid(#"{"jsonrpc":"2.0","id":1,"method":"#, code: .parseError, id: nil)
        checkInvalid("", code: .parseError, id: nil)
        checkInvalid("\u{FF}", code: .parseError, id: nil)
    }

    func testInvalidRequestKeepsTheIDWhenReadable() {
        checkInvalid(#"{"id":3,"method":"x"}"#, code: .invalidRequest, id: .number(3))                   // no jsonrpc
        checkInvalid(#"{"jsonrpc":"1.0","id":"a","method":"x"}"#, code: .invalidRequest, id: .string("a"))
        checkInvalid(#"{"jsonrpc":"2.0","id":4,"method":5}"#, code: .invalidRequest, id: .number(4))     // method type
        checkInvalid(#"{"jsonrpc":"2.0","id":4,"method":"x","params":3}"#, code: .invalidRequest, id: .number(4))
        checkInvalid(#"{"jsonrpc":"2.0","id":1.5,"method":"x"}"#, code: .invalidRequest, id: nil)         // id type
        checkInvalid(#"{"jsonrpc":"2.0","id":true,"method":"x"}"#, code: .invalidRequest, id: nil)
        checkInvalid(#"{"jsonrpc":"2.0","id":{},"result":1}"#, code: .invalidRequest, id: nil)
        checkInvalid(#"[{"jsonrpc":"2.0","id":1,"method":"x"}]"#, code: .invalidRequest, id: nil)        // batch
        checkInvalid(#""hello""#, code: .invalidRequest, id: nil)
        checkInvalid(#"{"jsonrpc":"2.0"}"#, code: .invalidRequest, id: nil)                               // nothing
        checkInvalid(#"{"jsonrpc":"2.0","id":9}"#, code: .invalidRequest, id: .number(9))                 // neither
        checkInvalid(#"{"jsonrpc":"2.0","id":9,"result":1,"error":{"code":1,"message":"m"}}"#,
                     code: .invalidRequest, id: .number(9))
        checkInvalid(#"{"jsonrpc":"2.0","id":9,"error":{"code":"x","message":"m"}}"#,
                     code: .invalidRequest, id: .number(9))
    }

    func testEncodingOmitsAbsentParamsAndKeepsNullResultAndID() throws {
        try checkEncoding(.request(RequestMessage(id: .string("s1"), method: "workspace/configuration",
                                                  params: .object(["items": .array([])]))),
                          #"{"jsonrpc":"2.0","id":"s1","method":"workspace/configuration","params":{"items":[]}}"#)
        try checkEncoding(.notification(NotificationMessage(method: "exit")), #"{"jsonrpc":"2.0","method":"exit"}"#)
        try checkEncoding(.response(ResponseMessage(id: .number(1), result: .null)), #"{"jsonrpc":"2.0","id":1,"result":null}"#)
        try checkEncoding(.response(ResponseMessage(id: nil, error: .parseError("p"))),
                          #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"p"}}"#)
        try checkEncoding(.response(ResponseMessage(id: .number(2), error: ResponseError(code: .contentModified, message: "c",
                                                                                         data: .bool(true)))),
                          #"{"jsonrpc":"2.0","id":2,"error":{"code":-32801,"message":"c","data":true}}"#)
    }

    func testErrorCodeValues() {
        let codes: [(ErrorCode, Int)] = [
            (.parseError, -32700), (.invalidRequest, -32600), (.methodNotFound, -32601), (.invalidParams, -32602),
            (.internalError, -32603), (.serverNotInitialized, -32002), (.unknownErrorCode, -32001),
            (.requestFailed, -32803), (.serverCancelled, -32802), (.contentModified, -32801), (.requestCancelled, -32800),
        ]
        for (code, value) in codes { XCTAssertEqual(code.rawValue, value) }
    }

    func testLSPAnyKeepsNumberKindsAndDecodesTypedValues() throws {
        let value = try LSPAny(jsonData: Data(#"{"i":3,"d":2.5,"b":false,"s":"x","n":null,"a":[1,"2"]}"#.utf8))
        XCTAssertEqual(value, .object(["i": .integer(3), "d": .double(2.5), "b": .bool(false), "s": .string("x"),
                                       "n": .null, "a": .array([.integer(1), .string("2")])]))
        struct Typed: Decodable, Equatable { var i: Int; var s: String }
        XCTAssertEqual(try value.decode(Typed.self), Typed(i: 3, s: "x"))
        XCTAssertThrowsError(try LSPAny.string("x").decode(Typed.self))
        XCTAssertEqual(String(decoding: try LSPAny.string("a/b").encodedJSON(), as: UTF8.self), #""a/b""#)
    }

    func testDeepNestingAndLargeMessagesDoNotCrash() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        checkInvalid(#"{"jsonrpc":"2.0","id":1,"method":"x","params":"# + deep + "}", code: .parseError, id: nil)
        let text = String(repeating: "key: value # comment é\n", count: 50_000)
        let big = try LSPAny.object(["jsonrpc": .string("2.0"), "method": .string("textDocument/didOpen"),
                                     "params": .object(["text": .string(text)])]).encodedJSON()
        guard case .notification(let notification) = try Message.decode(big) else { return XCTFail("not a notification") }
        XCTAssertEqual(notification.params?["text"]?.stringValue, text)
    }

    func testLiteralsBuildTheSameValues() {
        let literal: LSPAny = ["s": "x", "i": 1, "d": 1.5, "b": true, "a": [1, "2"], "n": .null]
        XCTAssertEqual(literal, .object(["s": .string("x"), "i": .integer(1), "d": .double(1.5), "b": .bool(true),
                                         "a": .array([.integer(1), .string("2")]), "n": .null]))
    }
}
