import Foundation
import TestSupport
import XCTest

/// The server's stderr log (which editors show: Kate's Output view, Eglot's stderr buffer, Neovim's
/// `lsp.log`) says only what happened, through the built binary.
final class ServerLogTests: XCTestCase {
    /// Requests answered once leave no "a second answer was dropped" line (each answered request used to
    /// log one when its reply was released). The whole session goes in at once and stderr is read to its
    /// end, so a line written at any time before the server exits is seen.
    func testAnsweredRequestsLogNoDroppedSecondAnswer() throws {
        guard let binary = BuiltBinary.pureyaml else {
            XCTFail("the built pureyaml binary was not found")
            throw XCTSkip("no binary")
        }
        let uri = "file:///tmp/pureyaml-server-log/a.yaml"
        var messages: [[String: Any]] = [
            ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["processId": NSNull(), "capabilities": [String: Any]()]],
            ["jsonrpc": "2.0", "method": "initialized", "params": [String: Any]()],
            ["jsonrpc": "2.0", "method": "textDocument/didOpen",
             "params": ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1, "text": "a: &x 1\nb: *x\n"]]],
        ]
        for id in 2...4 {
            messages.append(["jsonrpc": "2.0", "id": id, "method": "textDocument/documentSymbol", "params": ["textDocument": ["uri": uri]]])
        }
        messages.append(["jsonrpc": "2.0", "id": 5, "method": "shutdown"])
        messages.append(["jsonrpc": "2.0", "method": "exit"])
        var input = Data()
        for message in messages {
            let body = try JSONSerialization.data(withJSONObject: message)
            input += Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        }
        let run = try runProcess(binary, ["lsp"], stdin: input, timeout: 60)
        let stdout = String(decoding: run.stdout, as: UTF8.self), stderr = String(decoding: run.stderr, as: UTF8.self)
        XCTAssertEqual(run.status, 0, stderr)
        XCTAssertEqual(stdout.components(separatedBy: "\"name\":\"a\"").count - 1, 3, "three answered outlines: \(stdout.suffix(600))")
        XCTAssertFalse(stderr.contains("a second answer was dropped"), stderr)
    }
}
