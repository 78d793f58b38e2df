import Foundation
import LanguageServerTestSupport
import TestSupport
import XCTest

/// `textDocument/formatting` over pipes on text where positions are hard: non-ASCII characters before
/// and inside the edited spans, CRLF line ends, emoji (two UTF-16 code units, four UTF-8 bytes). The
/// edits, applied by a client in the negotiated encoding, must give exactly the formatted text.
final class FormattingEditTests: XCTestCase {
    static let text = "# é 中 😀\r\nnamé:   \"中文 😀\"   \r\nliste:\r\n    - 😀😀:    é\r\n      中:  [a, b]\r\n\r\n\r\n    - fin   \r\n"
    static let formatted = "# é 中 😀\r\nnamé: \"中文 😀\"\r\nliste:\r\n  - 😀😀: é\r\n    中: [a, b]\r\n\r\n  - fin\r\n"

    func start(encodings: [String]?) throws -> ServerProcess {
        let server = ServerProcess.inProcess()
        var caps: [String: Any] = [:]
        if let encodings { caps["general"] = ["positionEncodings": encodings] }
        _ = try server.response(to: try server.request("initialize", ["processId": NSNull(), "capabilities": caps]))
        try server.notify("initialized", [String: Any]())
        return server
    }

    func format(_ server: ServerProcess, uri: String, tabSize: Int = 2) throws -> [[String: Any]] {
        let id = try server.request("textDocument/formatting", ["textDocument": ["uri": uri], "options": ["tabSize": tabSize, "insertSpaces": true]])
        let response = try server.response(to: id)
        return try XCTUnwrap(response["result"] as? [[String: Any]], "\(response)")
    }

    func open(_ server: ServerProcess, uri: String, text: String) throws {
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1, "text": text]])
    }

    func testEditsInUTF16AndUTF8GiveTheFormattedText() throws {
        for encoding in ["utf-16", "utf-8"] {
            let server = try start(encodings: encoding == "utf-8" ? ["utf-8"] : nil)
            let uri = "file:///tmp/unicode-\(encoding).yaml"
            try open(server, uri: uri, text: Self.text)
            let edits = try format(server, uri: uri)
            XCTAssertFalse(edits.isEmpty)
            XCTAssertEqual(try applyLSPTextEdits(edits, to: Self.text, encoding: encoding), Self.formatted, encoding)
            // After the client applied them (as one full change), there is nothing left to do.
            try server.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2],
                                                         "contentChanges": [["text": Self.formatted]]])
            XCTAssertEqual(try format(server, uri: uri).count, 0, encoding)
            _ = try server.response(to: try server.request("shutdown"))
            try server.notify("exit")
            XCTAssertEqual(server.waitForExit(), 0)
        }
    }

    func testEditsDifferBetweenEncodings() throws {
        // The same request in both encodings gives different character offsets on lines with non-ASCII
        // text (a wrong encoding would corrupt the document when applied).
        var all: [String: [[String: Any]]] = [:]
        for encoding in ["utf-16", "utf-8"] {
            let server = try start(encodings: encoding == "utf-8" ? ["utf-8"] : nil)
            try open(server, uri: "file:///tmp/x.yaml", text: Self.text)
            all[encoding] = try format(server, uri: "file:///tmp/x.yaml")
            server.closeInput()
            _ = server.waitForExit()
        }
        let u16 = try XCTUnwrap(all["utf-16"]), u8 = try XCTUnwrap(all["utf-8"])
        XCTAssertNotEqual(u16 as NSArray, u8 as NSArray)
        XCTAssertNotEqual(try applyLSPTextEdits(u8, to: Self.text, encoding: "utf-16"), Self.formatted,
                          "UTF-8 offsets read as UTF-16 must not give the right text (the test would prove nothing)")
    }

    func testTabSizeFromTheRequestAndInvalidDocuments() throws {
        let server = try start(encodings: nil)
        try open(server, uri: "file:///tmp/a.yaml", text: "a:\n  b:\n  - c\n")
        XCTAssertEqual(try applyLSPTextEdits(try format(server, uri: "file:///tmp/a.yaml", tabSize: 4), to: "a:\n  b:\n  - c\n"),
                       "a:\n    b:\n    - c\n")
        try open(server, uri: "file:///tmp/bad.yaml", text: "a:    [1\nb:    2\n")
        XCTAssertEqual(try format(server, uri: "file:///tmp/bad.yaml").count, 0, "no edits for a document with syntax errors")
        let unknown = try server.response(to: try server.request("textDocument/formatting", ["textDocument": ["uri": "file:///nope.yaml"], "options": ["tabSize": 2, "insertSpaces": true]]))
        XCTAssertTrue(unknown["result"] is NSNull, "\(unknown)")
        _ = try server.response(to: try server.request("shutdown"))
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0)
    }
}
