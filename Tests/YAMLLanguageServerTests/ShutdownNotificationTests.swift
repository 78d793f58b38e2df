import Foundation
import TestSupport
import XCTest

/// A client that sends `shutdown` as a notification (Kate 22.12 does) still shuts the server down: the
/// built binary logs it, refuses requests after it, and exits 0 on `exit` (LSP 3.17 §"exit").
final class ShutdownNotificationTests: XCTestCase {
    private func session(_ messages: [[String: Any]]) throws -> (status: Int32, stdout: String, stderr: String) {
        guard let binary = BuiltBinary.pureyaml else {
            XCTFail("the built pureyaml binary was not found")
            throw XCTSkip("no binary")
        }
        var input = Data()
        for message in messages {
            let body = try JSONSerialization.data(withJSONObject: message)
            input += Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        }
        let run = try runProcess(binary, ["lsp"], stdin: input, timeout: 60)
        return (run.status, String(decoding: run.stdout, as: UTF8.self), String(decoding: run.stderr, as: UTF8.self))
    }

    private let start: [[String: Any]] = [
        ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["processId": NSNull(), "capabilities": [String: Any]()]],
        ["jsonrpc": "2.0", "method": "initialized", "params": [String: Any]()],
    ]

    func testShutdownNotificationThenExitEndsWithZero() throws {
        let run = try session(start + [
            ["jsonrpc": "2.0", "method": "shutdown"],
            ["jsonrpc": "2.0", "id": 2, "method": "textDocument/documentSymbol", "params": ["textDocument": ["uri": "file:///w/a.yaml"]]],
            ["jsonrpc": "2.0", "method": "exit"],
        ])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("'shutdown' arrived as a notification"), run.stderr)
        // Nothing answers the notification; the request after it is refused as after a shutdown request.
        XCTAssertTrue(run.stdout.contains("\"code\":-32600"), run.stdout)
        XCTAssertFalse(run.stdout.contains("\"result\":null"), "an answer to the notification: \(run.stdout)")
    }

    /// Without any `shutdown`, `exit` still ends with 1.
    func testExitWithoutShutdownEndsWithOne() throws {
        let run = try session(start + [["jsonrpc": "2.0", "method": "exit"]])
        XCTAssertEqual(run.status, 1, run.stderr)
    }
}
