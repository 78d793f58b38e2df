import Foundation
import TestSupport
import XCTest

/// A misbehaving client, through the built binary over pipes: broken framing, broken JSON, requests about
/// documents that are not open, impossible edits, lifecycle mistakes and stray cancellations. The server
/// answers what LSP 3.17 / JSON-RPC 2.0 say (or ignores what they say to ignore), logs to stderr, and keeps
/// serving.
final class ProtocolAbuseTests: XCTestCase {
    private func start() throws -> ServerProcess {
        guard let binary = BuiltBinary.pureyaml else {
            XCTFail("the pureyaml executable was not built")
            throw XCTSkip("no binary")
        }
        let server = try ServerProcess(executable: binary)
        let id = try server.request("initialize", ["processId": NSNull(), "rootUri": NSNull(), "capabilities": [String: Any]()])
        _ = try server.response(to: id)
        try server.notify("initialized", [String: Any]())
        return server
    }

    /// The server still answers a request: the liveness probe after each abuse.
    private func assertServing(_ server: ServerProcess, file: StaticString = #filePath, line: UInt = #line) throws {
        let id = try server.request("workspace/symbol", ["query": ""])
        let r = try server.response(to: id)
        XCTAssertNotNil(r["result"] as? [Any], "still serving: \(r)", file: file, line: line)
    }

    private func errorCode(_ response: [String: Any]) -> Int? { (response["error"] as? [String: Any])?["code"] as? Int }

    private func frame(_ json: String) -> Data { Data("Content-Length: \(json.utf8.count)\r\n\r\n\(json)".utf8) }

    private func open(_ server: ServerProcess, _ uri: String, _ text: String, version: Int = 1) throws {
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "yaml", "version": version, "text": text]])
    }

    private func finish(_ server: ServerProcess, file: StaticString = #filePath, line: UInt = #line) throws {
        _ = try server.response(to: try server.request("shutdown"))
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0, file: file, line: line)
    }

    /// An emoji typed as two `didChange` events sends each UTF-16 half alone (`\ud83d`, then `\ude00`):
    /// valid JSON syntax (RFC 8259 §8.2). Each lone half is read as U+FFFD, one UTF-16 code unit like the
    /// half, so the edits are applied and later positions stay where the client means them.
    func testLoneSurrogatesInEditsKeepTheTextInStep() throws {
        let server = try start()
        let uri = "file:///w/emoji.yaml"
        try open(server, uri, "a: 1\n")
        func change(_ version: Int, _ character: Int, _ escapedText: String) {
            let range = #"{"start":{"line":0,"character":\#(character)},"end":{"line":0,"character":\#(character)}}"#
            server.writeRaw(frame(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":"#
                                  + #"{"uri":"\#(uri)","version":\#(version)},"contentChanges":[{"range":\#(range),"text":"\#(escapedText)"}]}}"#))
        }
        change(2, 0, #"\ud83d"#)
        change(3, 1, #"\ude00: x\nb"#)
        // The client's text is now "😀: x\nba: 1"; the server's is "\u{FFFD}\u{FFFD}: x\nba: 1", the same in
        // UTF-16 positions.
        let symbols = try server.response(to: try server.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]]))
        let names = (symbols["result"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        XCTAssertEqual(names, ["\u{FFFD}\u{FFFD}", "ba"], "\(symbols)")
        let ranges = (symbols["result"] as? [[String: Any]])?.compactMap { $0["selectionRange"] as? [String: Any] }
        XCTAssertEqual((ranges?.last?["end"] as? [String: Any])?["character"] as? Int, 2, "\(symbols)")
        // A message with a lone surrogate in the method name is still a message (method not found), not -32700.
        server.writeRaw(frame(#"{"jsonrpc":"2.0","id":77,"method":"x\udc00","params":{}}"#))
        XCTAssertEqual(errorCode(try server.response(to: 77)), -32601)
        try finish(server)
    }

    func testGarbageBetweenMessagesIsSkipped() throws {
        let server = try start()
        server.writeRaw(Data("\u{0}\u{1}garbage that is no header\r\n\r\nmore junk".utf8) + Data([0xFF, 0xFE, 0x80]))
        server.writeRaw(frame(#"{"jsonrpc":"2.0","id":900,"method":"workspace/symbol","params":{"query":""}}"#))
        XCTAssertNotNil(try server.response(to: 900)["result"])
        XCTAssertTrue(server.waitForStderr(containing: "protocol:"), "framing problems are logged to stderr")
        try finish(server)
    }

    /// A header whose lines end in a bare `\n` (LSP 3.17 asks for `\r\n`) is read leniently, so its message
    /// and the valid request right after it are both answered; before, the request after it was lost.
    func testBareLineFeedHeaderDoesNotLoseTheNextMessage() throws {
        let server = try start()
        server.writeRaw(Data("Content-Length:2\n\n{}".utf8)
                        + frame(#"{"jsonrpc":"2.0","id":31,"method":"workspace/symbol","params":{"query":""}}"#))
        // `{}` is a message, but no request: JSON-RPC 2.0 "Invalid Request" with a null id.
        let invalid = try server.receive(until: { self.errorCode($0) != nil }).match
        XCTAssertEqual(errorCode(invalid), -32600, "\(invalid)")
        XCTAssertTrue(invalid["id"] is NSNull, "\(invalid)")
        XCTAssertNotNil(try server.response(to: 31)["result"] as? [Any])
        let body = #"{"jsonrpc":"2.0","id":32,"method":"workspace/symbol","params":{"query":""}}"#
        server.writeRaw(Data("Content-Length: \(body.utf8.count)\nContent-Type: application/vscode-jsonrpc; charset=utf-8\n\n\(body)".utf8))
        XCTAssertNotNil(try server.response(to: 32)["result"] as? [Any])
        try finish(server)
    }

    func testMissingWrongAndNegativeContentLength() throws {
        let server = try start()
        // No Content-Length at all, a non-number, a negative number, one that overflows, two that disagree.
        server.writeRaw(Data("Content-Type: application/vscode-jsonrpc\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1}".utf8))
        server.writeRaw(Data("Content-Length: twelve\r\n\r\n{}".utf8))
        server.writeRaw(Data("Content-Length: -5\r\n\r\n{}".utf8))
        server.writeRaw(Data("Content-Length: 99999999999999999999999999\r\n\r\n{}".utf8))
        server.writeRaw(Data("Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}".utf8))
        // A Content-Length shorter than the JSON: the frame is truncated JSON (-32700), the rest is junk.
        server.writeRaw(Data("Content-Length: 20\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"shutdown\"}".utf8))
        let parse = try server.receive(until: { self.errorCode($0) == -32700 }).match
        XCTAssertTrue(parse["id"] is NSNull)
        try assertServing(server)
        try finish(server)
    }

    func testHugeContentLengthIsNeverAllocatedUpFront() throws {
        let server = try start()
        let pid = server.process.processIdentifier
        let before = try XCTUnwrap(Self.residentKilobytes(pid))
        // 200 MB announced (under the 256 MiB limit) but only a few bytes sent.
        let sent = Data("Content-Length: 200000000\r\n\r\n{\"jsonrpc\"".utf8)
        let readBefore = try XCTUnwrap(Self.bytesRead(pid))
        server.writeRaw(sent)
        // Wait until the server has read what was sent (its read count in /proc), not for a fixed time.
        for _ in 0..<1_000 where (Self.bytesRead(pid) ?? .max) < readBefore + sent.count { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(Self.bytesRead(pid)), readBefore + sent.count, "the server read the frame")
        let after = try XCTUnwrap(Self.residentKilobytes(pid))
        XCTAssertLessThan(after - before, 50_000, "resident memory grew by \(after - before) kB")
        // Above the limit: reported and skipped; the server stays up and exits cleanly at end of input.
        let other = try start()
        other.writeRaw(Data("Content-Length: 1000000000000\r\n\r\nxyz".utf8))
        // Wait for the report on stderr (the observable signal), not for a fixed time.
        XCTAssertTrue(other.waitForStderr(containing: "exceeds the limit"), other.stderrText)
        XCTAssertTrue(other.process.isRunning)
        other.closeInput()
        XCTAssertEqual(other.waitForExit(), 1, "end of input without shutdown")
        server.closeInput()
        XCTAssertEqual(server.waitForExit(), 1)
    }

    /// A client that closes both pipes while its request is unanswered, as Neovim 0.11 does when it quits
    /// (`shutdown` sent, its ends closed before the answer): the answer cannot be written, and the server
    /// still exits at end of input (it hung here: the failed write was logged under the lock its handler held).
    func testTheServerExitsWhenTheClientLeavesWithARequestUnanswered() throws {
        for method in ["shutdown", "workspace/symbol"] {
            let server = try start()
            server.closeOutput()
            _ = try server.request(method, method == "shutdown" ? nil : ["query": ""])
            server.closeInput()
            XCTAssertNotNil(server.waitForExit(timeout: 20), "\(method): the server is still running; stderr: \(server.stderrText)")
            if server.process.isRunning { server.process.terminate() }
        }
    }

    func testTruncatedAndMalformedJSON() throws {
        let server = try start()
        for body in [#"{"jsonrpc":"2.0","id":3,"method":"textDocument/hov"#, "{", "[", #""just a string""#, "nul",
                     #"{"jsonrpc":"2.0","id":{"x":1},"method":"a"}"#, "\u{FEFF}{}"] {
            server.writeRaw(frame(body))
        }
        // JSON nested 100,000 levels deep is refused as a parse error (-32700), without a stack overflow.
        let deep = #"{"jsonrpc":"2.0","id":8,"method":"workspace/symbol","params":{"query":"","x":"#
            + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}}"
        server.writeRaw(frame(deep))
        let refused = try server.receive(until: { self.errorCode($0) == -32700 }).match
        XCTAssertTrue(refused["id"] is NSNull)
        // A well-formed request with params of the wrong shape keeps its id: -32602.
        try server.send(["jsonrpc": "2.0", "id": 41, "method": "textDocument/hover", "params": ["textDocument": 5]])
        XCTAssertEqual(errorCode(try server.response(to: 41)), -32602)
        try assertServing(server)
        try finish(server)
    }

    /// The four JSON-RPC 2.0 error codes over the wire, each with a message in plain words (no Swift type
    /// name, no Foundation text), and the server serving after each.
    func testErrorCodesAndPlainMessages() throws {
        let server = try start()
        func error(_ response: [String: Any]) -> (code: Int?, message: String) {
            let e = response["error"] as? [String: Any]
            return (e?["code"] as? Int, e?["message"] as? String ?? "")
        }
        server.writeRaw(frame(#"{"jsonrpc":"2.0","id":70,"method":"textDocument/hover","params":{"#))
        let parse = error(try server.receive(until: { self.errorCode($0) == -32700 }).match)
        XCTAssertTrue(parse.message.hasPrefix("parse error"), parse.message)
        try assertServing(server)
        server.writeRaw(frame(#"{"jsonrpc":"2.0","id":71,"method":5}"#))
        XCTAssertEqual(error(try server.response(to: 71)).code, -32600)
        try assertServing(server)
        XCTAssertEqual(error(try server.response(to: try server.request("textDocument/unknown", [String: Any]()))).code, -32601)
        try assertServing(server)
        let hover = try server.request("textDocument/hover", ["textDocument": ["uri": "file:///a.yaml"],
                                                              "position": ["line": 2.5, "character": 0]])
        let invalid = error(try server.response(to: hover))
        XCTAssertEqual(invalid.code, -32602)
        XCTAssertEqual(invalid.message, "invalid params for textDocument/hover: params.position.line: expected an integer, found 2.5")
        for text in ["Swift", "Int", "Dictionary", "The given data"] { XCTAssertFalse(invalid.message.contains(text), invalid.message) }
        try assertServing(server)
        try finish(server)
    }

    /// Every request the server advertises answers a defined empty value for a document that is not open.
    func testEveryRequestAboutAnUnknownDocumentAnswersEmpty() throws {
        let server = try start()
        let doc = ["uri": "file:///never/opened.yaml"]
        let position = ["line": 3, "character": 4]
        let range = ["start": ["line": 0, "character": 0], "end": ["line": 9, "character": 0]]
        let requests: [(String, [String: Any])] = [
            ("textDocument/documentSymbol", ["textDocument": doc]),
            ("textDocument/formatting", ["textDocument": doc, "options": ["tabSize": 2, "insertSpaces": true]]),
            ("textDocument/hover", ["textDocument": doc, "position": position]),
            ("textDocument/completion", ["textDocument": doc, "position": position]),
            ("textDocument/definition", ["textDocument": doc, "position": position]),
            ("textDocument/references", ["textDocument": doc, "position": position, "context": ["includeDeclaration": true]]),
            ("textDocument/documentHighlight", ["textDocument": doc, "position": position]),
            ("textDocument/prepareRename", ["textDocument": doc, "position": position]),
            ("textDocument/rename", ["textDocument": doc, "position": position, "newName": "x"]),
            ("textDocument/linkedEditingRange", ["textDocument": doc, "position": position]),
            ("textDocument/selectionRange", ["textDocument": doc, "positions": [position]]),
            ("textDocument/foldingRange", ["textDocument": doc]),
            ("textDocument/documentLink", ["textDocument": doc]),
            ("textDocument/semanticTokens/full", ["textDocument": doc]),
            ("textDocument/semanticTokens/range", ["textDocument": doc, "range": range]),
            ("textDocument/codeAction", ["textDocument": doc, "range": range, "context": ["diagnostics": [Any]()]]),
            ("textDocument/diagnostic", ["textDocument": doc]),
            ("workspace/diagnostic", ["previousResultIds": [Any]()]),
            ("workspace/symbol", ["query": "nothing"]),
            ("completionItem/resolve", ["label": "x", "data": ["uri": doc["uri"]!, "offset": 99, "alias": "a"]]),
        ]
        for (method, params) in requests {
            let id = try server.request(method, params)
            let r = try server.response(to: id)
            XCTAssertNil(r["error"], "\(method) answered an error: \(r)")
            let result = r["result"]
            let empty = result is NSNull || (result as? [Any])?.isEmpty == true
                || ((result as? [String: Any])?["items"] as? [Any])?.isEmpty == true
                || ((result as? [String: Any])?["data"] as? [Any])?.isEmpty == true
                || method == "completionItem/resolve"
            XCTAssertTrue(empty, "\(method) for an unknown document: \(String(describing: result))")
        }
        try finish(server)
    }

    /// Out-of-bounds ranges clamp (LSP 3.17 §"Position"); versions are taken as sent, even going backwards:
    /// the changes describe the client's text whatever its number, so they are applied, and diagnostics
    /// carry the version the client gave.
    func testDidChangeOutOfBoundsAndBackwardVersions() throws {
        let server = try start()
        let uri = "file:///w/c.yaml"
        try open(server, uri, "a: 1\n", version: 5)
        func change(_ version: Int, _ sl: Int, _ sc: Int, _ el: Int, _ ec: Int, _ text: String) throws {
            try server.notify("textDocument/didChange", [
                "textDocument": ["uri": uri, "version": version],
                "contentChanges": [["range": ["start": ["line": sl, "character": sc], "end": ["line": el, "character": ec]], "text": text]],
            ])
        }
        try change(6, 99, 0, 120, 7, "b: 2\n")   // past the last line: appended
        try change(3, 0, 50, 0, 99, " # one")    // past the line end, and an older version
        try change(4, 1, 3, 0, 0, "X")           // end before start: inserted at the start
        // Diagnostics carry the version as sent (awaited first: waiting for a response drops other messages).
        _ = try server.receive(until: {
            ($0["method"] as? String) == "textDocument/publishDiagnostics" && (($0["params"] as? [String: Any])?["version"] as? Int) == 4
        })
        let id = try server.request("textDocument/formatting", ["textDocument": ["uri": uri], "options": ["tabSize": 2, "insertSpaces": true]])
        let r = try server.response(to: id)
        XCTAssertNotNil(r["result"], "\(r)")
        let symbols = try server.response(to: try server.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]]))
        let names = (symbols["result"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        XCTAssertEqual(names, ["a", "b"])
        // The server's text is the client's: a fresh document with that text looks the same token by token.
        try open(server, "file:///w/expected.yaml", "a: 1 # one\nb: X2\n")
        let tokens = try [uri, "file:///w/expected.yaml"].map { u in
            try server.response(to: try server.request("textDocument/semanticTokens/full", ["textDocument": ["uri": u]]))
        }.map { ($0["result"] as? [String: Any])?["data"] as? [Int] }
        XCTAssertNotNil(tokens[0])
        XCTAssertEqual(tokens[0], tokens[1])
        try finish(server)
    }

    func testShutdownTwiceAndRequestsAfterShutdown() throws {
        let server = try start()
        let first = try server.response(to: try server.request("shutdown"))
        XCTAssertTrue(first["result"] is NSNull)
        // LSP 3.17 §"Shutdown Request": requests after shutdown error with InvalidRequest.
        XCTAssertEqual(errorCode(try server.response(to: try server.request("shutdown"))), -32600)
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": "file:///z.yaml", "languageId": "yaml", "version": 1, "text": "a"]])
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0)
    }

    func testExitWithoutShutdownAndMessagesAfterExit() throws {
        let server = try start()
        // exit, then a request in the same write: the request is never answered and the process ends with 1.
        server.writeRaw(frame(#"{"jsonrpc":"2.0","method":"exit"}"#) + frame(#"{"jsonrpc":"2.0","id":77,"method":"shutdown"}"#))
        XCTAssertEqual(server.waitForExit(), 1)
        while let m = try server.receive(timeout: 5) {
            XCTAssertNotEqual(m["id"] as? Int, 77, "nothing is served after exit")
        }
    }

    func testCancelForUnknownAndFinishedRequests() throws {
        let server = try start()
        try server.notify("$/cancelRequest", ["id": 12345])
        try server.notify("$/cancelRequest", ["id": "no-such-id"])
        try server.notify("$/cancelRequest", ["nonsense": true])
        let done = try server.request("workspace/symbol", ["query": ""])
        _ = try server.response(to: done)
        try server.notify("$/cancelRequest", ["id": done])  // already answered: nothing happens
        // An id cancelled before it was ever used is forgotten once the cancellation is handled, so a later
        // request that happens to reuse it is answered normally.
        try server.send(["jsonrpc": "2.0", "id": 12345, "method": "workspace/symbol", "params": ["query": ""]])
        XCTAssertNotNil(try server.response(to: 12345)["result"] as? [Any])
        try assertServing(server)
        try finish(server)
    }

    /// A reply that echoes client JSON is encoded once, straight into the message: data nested 100 levels
    /// deep comes back whole, and data nested almost as deep as the decoder accepts (510 levels; the
    /// reply adds two) still gets an answer — an internal error (-32603) when the encoder refuses the
    /// depth — and the server keeps serving.
    func testDeeplyNestedDataIsEchoedBackOrRefusedWithAnAnswer() throws {
        let server = try start()
        for depth in [100, 510] {
            let data = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
            server.writeRaw(frame(#"{"jsonrpc":"2.0","id":\#(depth),"method":"completionItem/resolve","params":{"label":"x","data":\#(data)}}"#))
            let r = try server.response(to: depth)
            if depth == 100 || r["error"] == nil {
                var level: Any? = (r["result"] as? [String: Any])?["data"]
                var seen = 0
                while let array = level as? [Any] {
                    seen += 1
                    level = array.first
                }
                XCTAssertEqual(seen, depth, "data of depth \(depth) comes back whole: \(r)")
            } else {
                XCTAssertEqual((r["error"] as? [String: Any])?["code"] as? Int, -32603, "\(r)")
            }
        }
        try assertServing(server)
        try finish(server)
    }

    /// Resident memory of a process in kB (Linux /proc), or nil elsewhere.
    /// Bytes process `pid` has read through `read`-like system calls so far (`rchar` in `/proc/<pid>/io`).
    static func bytesRead(_ pid: Int32) -> Int? {
        guard let io = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8) else { return nil }
        for line in io.split(separator: "\n") where line.hasPrefix("rchar:") {
            return Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    static func residentKilobytes(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        }
        return nil
    }
}
