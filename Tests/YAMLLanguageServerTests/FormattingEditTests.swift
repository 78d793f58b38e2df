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

    func format(_ server: ServerProcess, uri: String, tabSize: Int = 2, options: [String: Any] = [:]) throws -> [[String: Any]] {
        let all = options.merging(["tabSize": tabSize, "insertSpaces": true]) { mine, _ in mine }
        let id = try server.request("textDocument/formatting", ["textDocument": ["uri": uri], "options": all])
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
    /// A text without a final line break: the edit that adds it ends at `(lineCount, 0)`, one line past the
    /// last (an editor that keeps the final line break outside its buffer, Neovim, then drops the empty line
    /// it would add; others clamp the position), and applied it gives exactly `pureyaml format`'s text.
    /// `insertFinalNewline: false` and `trimFinalNewlines: false` from the client are honoured.
    func testFinalLineBreakEditsAndTheClientsFinalNewlineOptions() throws {
        let server = try start(encodings: nil)
        // Formatted already but for the final line break; then one whose last line changes too.
        for (text, formatted) in [("a: 1\nb: 2", "a: 1\nb: 2\n"), ("a: 1\nb:    2", "a: 1\nb: 2\n"),
                                  ("a: 1\r\nb:    2", "a: 1\r\nb: 2\r\n")] {
            let uri = "file:///tmp/noeol-\(text.utf8.count).yaml"
            try open(server, uri: uri, text: text)
            let edits = try format(server, uri: uri)
            XCTAssertEqual(try applyLSPTextEdits(edits, to: text), formatted, text)
            let last = try XCTUnwrap(edits.last?["range"] as? [String: Any])
            let end = last["end"] as? [String: Any]
            XCTAssertEqual(end?["line"] as? Int, 2, "\(text): the last edit ends on the line after the last one: \(edits)")
            XCTAssertEqual(end?["character"] as? Int, 0, "\(text): \(edits)")
            // The client says the file keeps no final line break: only the inner change is made.
            let kept = try format(server, uri: uri, options: ["insertFinalNewline": false])
            XCTAssertEqual(try applyLSPTextEdits(kept, to: text), String(formatted.dropLast()) /* "\r\n" is one Character */,
                           "\(text) with insertFinalNewline: false")
        }
        // A text with a final line break: edits inside the text keep their ordinary positions.
        try open(server, uri: "file:///tmp/eol.yaml", text: "a:    1\n")
        let edits = try format(server, uri: "file:///tmp/eol.yaml")
        XCTAssertEqual(try applyLSPTextEdits(edits, to: "a:    1\n"), "a: 1\n")
        XCTAssertFalse(edits.contains { (($0["range"] as? [String: Any])?["end"] as? [String: Any])?["line"] as? Int == 1 },
                       "no edit reaches past the text: \(edits)")
        // Blank lines at the end are kept when the client asks (trimFinalNewlines: false; up to
        // pureyaml.format.maxBlankLines, 1 by default), trimmed otherwise.
        try open(server, uri: "file:///tmp/blank.yaml", text: "a: 1\n\n\n")
        XCTAssertEqual(try applyLSPTextEdits(try format(server, uri: "file:///tmp/blank.yaml"), to: "a: 1\n\n\n"), "a: 1\n")
        XCTAssertEqual(try applyLSPTextEdits(try format(server, uri: "file:///tmp/blank.yaml", options: ["trimFinalNewlines": false]),
                                             to: "a: 1\n\n\n"), "a: 1\n\n")
        _ = try server.response(to: try server.request("shutdown"))
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0)
    }
}
