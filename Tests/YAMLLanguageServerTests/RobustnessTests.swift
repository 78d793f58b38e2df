import Foundation
import TestSupport
import XCTest

/// Responsiveness and fidelity through the built binary: queued work is dropped when the client cancels
/// it or edits the document under it, memory stays flat under a stream of edits, hostile documents get
/// diagnostics, and the server's text always equals the client's.
final class RobustnessTests: XCTestCase {
    private func start(pullDiagnostics: Bool = false) throws -> ServerProcess {
        guard let binary = BuiltBinary.pureyaml else {
            XCTFail("the pureyaml executable was not built")
            throw XCTSkip("no binary")
        }
        let server = try ServerProcess(executable: binary)
        let caps: [String: Any] = pullDiagnostics ? ["textDocument": ["diagnostic": ["dynamicRegistration": false]]] : [:]
        _ = try server.response(to: try server.request("initialize", ["processId": NSNull(), "capabilities": caps]))
        try server.notify("initialized", [String: Any]())
        return server
    }

    private func frame(_ object: [String: Any]) throws -> Data {
        let body = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    private func didOpen(_ uri: String, _ text: String, version: Int = 1) throws -> Data {
        try frame(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                   "params": ["textDocument": ["uri": uri, "languageId": "yaml", "version": version, "text": text]]])
    }

    private func errorCode(_ response: [String: Any]) -> Int? { (response["error"] as? [String: Any])?["code"] as? Int }

    private func finish(_ server: ServerProcess, file: StaticString = #filePath, line: UInt = #line) throws {
        _ = try server.response(to: try server.request("shutdown"), timeout: 120)
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0, file: file, line: line)
    }

    /// A document big enough that opening it keeps the handler busy while later messages queue up.
    private var slowDocument: String {
        (0..<20_000).map { "key\($0): [value, {nested: \($0)}] # comment\n" }.joined()
    }

    /// LSP 3.17 "Cancellation Support": a request cancelled while still queued is answered with -32800
    /// (RequestCancelled) instead of being computed.
    func testCancelledQueuedRequestIsAnsweredWithRequestCancelled() throws {
        let server = try start(pullDiagnostics: true)
        let symbols: [String: Any] = ["jsonrpc": "2.0", "id": 501, "method": "textDocument/documentSymbol",
                                    "params": ["textDocument": ["uri": "file:///w/slow.yaml"]]]
        let cancel: [String: Any] = ["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": 501]]
        server.writeRaw(try didOpen("file:///w/slow.yaml", slowDocument) + frame(symbols) + frame(cancel))
        let r = try server.response(to: 501, timeout: 120)
        XCTAssertEqual(errorCode(r), -32800, "\(r)")
        // An uncancelled request for the same document is answered.
        let again = try server.response(to: try server.request("textDocument/foldingRange", ["textDocument": ["uri": "file:///w/slow.yaml"]]), timeout: 120)
        XCTAssertNotNil(again["result"] as? [Any])
        try finish(server)
    }

    /// LSP 3.17 "Cancellation Support" for work already running: fix-all on a big file stops when its
    /// `$/cancelRequest` arrives and is answered with -32800; the server serves the next request.
    func testCancellingARunningFixAllAnswersRequestCancelled() throws {
        let server = try start()
        try server.notify("workspace/didChangeConfiguration", ["settings": ["pureyaml": ["lint": ["enable": true]]]])
        let uri = "file:///w/fix.yaml"
        // Every line has five lint findings: fix-all takes seconds here in a debug build.
        let text = "---\n" + (0..<8_000).map { "key\($0):   [ a,b ]  #c\n" }.joined()
        server.writeRaw(try didOpen(uri, text))
        _ = try server.receive(until: { ($0["method"] as? String) == "textDocument/publishDiagnostics" }, timeout: 120)
        let all: [String: Any] = ["start": ["line": 0, "character": 0], "end": ["line": 8_001, "character": 0]]
        // On a loaded machine the handler may not have started when the cancel arrives (then it is cancelled
        // while queued, another path): wait longer on each attempt until one is cancelled while running.
        var cancelledWhileRunning = false
        for delay in [0.3, 1.0, 2.5] where !cancelledWhileRunning {
            let id = try server.request("textDocument/codeAction", ["textDocument": ["uri": uri], "range": all,
                                                                     "context": ["diagnostics": [Any](), "only": ["source.fixAll.pureyaml"]]])
            Thread.sleep(forTimeInterval: delay)
            try server.notify("$/cancelRequest", ["id": id])
            let r = try server.response(to: id, timeout: 120)
            XCTAssertEqual(errorCode(r), -32800, "fix-all finished within \(delay) s or failed: \(r)")
            cancelledWhileRunning = server.waitForStderr(containing: "textDocument/codeAction \(id) cancelled while running", timeout: 3)
        }
        XCTAssertTrue(cancelledWhileRunning, server.stderrText)
        // Still serving the document.
        let next = try server.response(to: try server.request("textDocument/foldingRange", ["textDocument": ["uri": uri]]), timeout: 120)
        XCTAssertNotNil(next["result"] as? [Any], "\(next)")
        try finish(server)
    }

    /// LSP 3.17 "ContentModified": a request about a document whose `didChange` is already queued behind it
    /// is answered with -32801; requests about other documents, and requests after the change, are served.
    func testChangeSupersedesQueuedRequestsOnThatDocument() throws {
        let server = try start(pullDiagnostics: true)
        let b = "file:///w/b.yaml", other = "file:///w/other.yaml"
        server.writeRaw(try didOpen(b, "a: 1\n") + didOpen(other, "c: 3\n"))
        func symbols(_ id: Int, _ uri: String) throws -> Data {
            try frame(["jsonrpc": "2.0", "id": id, "method": "textDocument/documentSymbol", "params": ["textDocument": ["uri": uri]]])
        }
        let change = try frame(["jsonrpc": "2.0", "method": "textDocument/didChange",
                                "params": ["textDocument": ["uri": b, "version": 2],
                                           "contentChanges": [["text": "a: 1\nb: 2\n"]]]])
        server.writeRaw(try didOpen("file:///w/slow.yaml", slowDocument) + symbols(601, b) + symbols(602, other) + change + symbols(603, b))
        XCTAssertEqual(errorCode(try server.response(to: 601, timeout: 120)), -32801)
        let unaffected = try server.response(to: 602, timeout: 120)
        XCTAssertEqual((unaffected["result"] as? [Any])?.count, 1)
        let after = try server.response(to: 603, timeout: 120)
        XCTAssertEqual((after["result"] as? [Any])?.count, 2, "served for the new version")
        try finish(server)
    }

    /// 10,000 consecutive `didChange` notifications leave the server's memory flat (a generous bound on
    /// the growth of its resident set between 2,000 and 10,000 changes, not a timing).
    func testTenThousandChangesKeepMemoryFlat() throws {
        let server = try start(pullDiagnostics: true)
        let uri = "file:///w/typing.yaml"
        let text = "root:\n  list: [1, 2, 3]\n  name: value\n"
        server.writeRaw(try didOpen(uri, text))
        var rss: [Int] = []
        var version = 1
        for _ in 0..<10 {
            var data = Data()
            for i in 0..<1_000 {
                version += 1
                // Type a character at the end of line 2, or delete it again.
                let typing = i % 2 == 0
                let column = typing ? 13 : 14
                let edit: [String: Any] = ["range": ["start": ["line": 2, "character": 13], "end": ["line": 2, "character": column]],
                                           "text": typing ? "x" : ""]
                data += try frame(["jsonrpc": "2.0", "method": "textDocument/didChange",
                                   "params": ["textDocument": ["uri": uri, "version": version], "contentChanges": [edit]]])
            }
            server.writeRaw(data)
            // A request after the batch: answered once every change before it was applied.
            _ = try server.response(to: try server.request("textDocument/foldingRange", ["textDocument": ["uri": uri]]), timeout: 120)
            if let kb = ProtocolAbuseTests.residentKilobytes(server.process.processIdentifier) { rss.append(kb) }
        }
        if rss.count == 10 {
            XCTAssertLessThan(rss[9] - rss[1], 30_000, "resident memory (kB) after each 1,000 changes: \(rss)")
        }
        let final = try server.response(to: try server.request("textDocument/diagnostic", ["textDocument": ["uri": uri]]))
        XCTAssertEqual(((final["result"] as? [String: Any])?["items"] as? [Any])?.count, 0, "the text is back to the original")
        try finish(server)
    }

    func testHostileDocumentsGetDiagnosticsThroughTheServer() throws {
        let server = try start(pullDiagnostics: true)
        var block = ""
        for i in 0..<1_200 { block += String(repeating: " ", count: i) + "k:\n" }
        let documents: [(String, String, String)] = [
            ("file:///w/brackets.yaml", String(repeating: "[", count: 100_000), "nesting-too-deep"),
            ("file:///w/block.yaml", block, "nesting-too-deep"),
            ("file:///w/nul.yaml", "a: \u{0}\u{7}\nb: 1\n", "non-printable-character"),
        ]
        for (uri, text, code) in documents {
            server.writeRaw(try didOpen(uri, text))
            let r = try server.response(to: try server.request("textDocument/diagnostic", ["textDocument": ["uri": uri]]), timeout: 120)
            let items = ((r["result"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []
            XCTAssertTrue(items.contains { $0["code"] as? String == code }, "\(code) for \(uri): \(items.prefix(3))")
            for method in ["textDocument/documentSymbol", "textDocument/foldingRange", "textDocument/semanticTokens/full"] {
                let answer = try server.response(to: try server.request(method, ["textDocument": ["uri": uri]]), timeout: 120)
                XCTAssertNil(answer["error"], "\(method) on \(uri)")
            }
            let hover = try server.response(to: try server.request("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 0, "character": 50_000]]), timeout: 120)
            XCTAssertNil(hover["error"])
        }
        // NUL: the diagnostic sits on the NUL and BEL (line 0, UTF-16 columns 3 to 5).
        let r = try server.response(to: try server.request("textDocument/diagnostic", ["textDocument": ["uri": "file:///w/nul.yaml"]]))
        let items = ((r["result"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []
        let nul = try XCTUnwrap(items.first { $0["code"] as? String == "non-printable-character" })
        XCTAssertNil(jsonMismatch(expected: ["start": ["line": 0, "character": 3], "end": ["line": 0, "character": 5]], actual: nul["range"]))
        try finish(server)
    }

    /// `pureyaml.maxFileSize` from the client's settings: a larger document gets syntax checks and a note.
    func testMaxFileSizeFromInitializationOptions() throws {
        guard let binary = BuiltBinary.pureyaml else { return XCTFail("the pureyaml executable was not built") }
        let server = try ServerProcess(executable: binary)
        _ = try server.response(to: try server.request("initialize", [
            "processId": NSNull(), "capabilities": ["textDocument": ["diagnostic": ["dynamicRegistration": false]]],
            "initializationOptions": ["pureyaml": ["maxFileSize": 64]],
        ]))
        let uri = "file:///w/large.yaml"
        server.writeRaw(try didOpen(uri, "a: 1\na: 2\n" + String(repeating: "# filler line\n", count: 10) + "b: [\n"))
        let r = try server.response(to: try server.request("textDocument/diagnostic", ["textDocument": ["uri": uri]]))
        let items = ((r["result"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []
        let codes = items.compactMap { $0["code"] as? String }
        XCTAssertEqual(codes.first, "file-too-large", "\(codes)")
        XCTAssertEqual(items.first?["severity"] as? Int, 3)
        XCTAssertTrue(codes.contains("unclosed-flow-sequence"))
        XCTAssertFalse(codes.contains("duplicate-key"))
        try finish(server)
    }

    /// Random edits through `didChange` over the wire; after each batch the edited document and a fresh
    /// document opened with the client's text must look identical (semantic tokens, outline, diagnostics).
    func testRandomEditsOverTheWireKeepTheTextsEqual() throws {
        let server = try start(pullDiagnostics: true)
        let uri = "file:///w/random.yaml"
        var client = "a: 1\r\nb: 😀 x\r\nlist:\n  - [c, d]\n"
        server.writeRaw(try didOpen(uri, client))
        var rng = SeededGenerator(seed: 99)
        let fragments = ["k: v\n", "\r\n", "\r", "\n", "😀", "é", "- ", ": ", "[", "]", "#", " ", "x", ""]
        var version = 1
        for round in 0..<25 {
            var data = Data()
            for _ in 0..<8 {
                version += 1
                let lines = client.utf16.reduce(1) { $1 == 0x0A || $1 == 0x0D ? $0 + 1 : $0 }
                let a = (Int.random(in: 0...lines, using: &rng), Int.random(in: 0...12, using: &rng))
                let b = Bool.random(using: &rng) ? a : (a.0, a.1 + Int.random(in: 0...4, using: &rng))
                let text = fragments[Int.random(in: 0..<fragments.count, using: &rng)]
                client = UTF16TextEdits.apply(client, start: a, end: b, newText: text)
                data += try frame(["jsonrpc": "2.0", "method": "textDocument/didChange",
                                   "params": ["textDocument": ["uri": uri, "version": version],
                                              "contentChanges": [["range": ["start": ["line": a.0, "character": a.1],
                                                                            "end": ["line": b.0, "character": b.1]], "text": text]]]])
            }
            let fresh = "file:///w/fresh\(round).yaml"
            server.writeRaw(data + (try didOpen(fresh, client)))
            for method in ["textDocument/semanticTokens/full", "textDocument/documentSymbol", "textDocument/diagnostic"] {
                let answers = try [uri, fresh].map { u in
                    try server.response(to: try server.request(method, ["textDocument": ["uri": u]]))
                }
                var results = answers.map { $0["result"] ?? NSNull() }
                if method == "textDocument/diagnostic" {  // result ids differ between documents
                    results = results.map { ($0 as? [String: Any])?["items"] ?? NSNull() }
                }
                XCTAssertNil(jsonMismatch(expected: results[1], actual: results[0]), "round \(round) \(method), client text \(client.debugDescription)")
            }
            server.writeRaw(try frame(["jsonrpc": "2.0", "method": "textDocument/didClose", "params": ["textDocument": ["uri": fresh]]]))
        }
        try finish(server)
    }

    /// Formatting edits, applied by the client to its own text, give a document that needs no more edits.
    func testFormattingEditsAppliedByTheClientOverTheWire() throws {
        let server = try start()
        let uri = "file:///w/format.yaml"
        let text = "a:    1\r\nb:\r\n    - 😀   \r\n    -   é\r\nc: {d:  1,   e: [x,y]}\r\n"
        server.writeRaw(try didOpen(uri, text))
        let options: [String: Any] = ["tabSize": 2, "insertSpaces": true]
        let r = try server.response(to: try server.request("textDocument/formatting", ["textDocument": ["uri": uri], "options": options]))
        let edits = try XCTUnwrap(r["result"] as? [[String: Any]])
        XCTAssertFalse(edits.isEmpty)
        let formatted = try XCTUnwrap(UTF16TextEdits.apply(text, edits: edits))
        XCTAssertTrue(formatted.contains("\r\n") && !formatted.contains("    - "), formatted.debugDescription)
        server.writeRaw(try didOpen("file:///w/formatted.yaml", formatted))
        let again = try server.response(to: try server.request("textDocument/formatting", ["textDocument": ["uri": "file:///w/formatted.yaml"], "options": options]))
        XCTAssertEqual((again["result"] as? [Any])?.count, 0, "formatting the formatted text changes nothing: \(formatted.debugDescription)")
        try finish(server)
    }
}
