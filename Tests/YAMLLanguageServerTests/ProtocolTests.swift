import Foundation
import TestSupport
import XCTest

/// The server driven through the built binary over pipes, as an editor drives it.
final class ProtocolTests: XCTestCase {
    private func start() throws -> ServerProcess {
        guard let binary = BuiltBinary.pureyaml else {
            XCTFail("the pureyaml executable was not built")
            throw XCTSkip("no binary")
        }
        return try ServerProcess(executable: binary)
    }

    private func initialize(_ server: ServerProcess, encodings: [String]? = nil, options: [String: Any]? = nil) throws -> [String: Any] {
        var caps: [String: Any] = [:]
        if let encodings { caps["general"] = ["positionEncodings": encodings] }
        var params: [String: Any] = ["processId": NSNull(), "rootUri": NSNull(), "capabilities": caps]
        if let options { params["initializationOptions"] = options }
        let id = try server.request("initialize", params)
        let response = try server.response(to: id)
        try server.notify("initialized", [String: Any]())
        return response
    }

    private func shutdownAndExit(_ server: ServerProcess) throws -> Int32? {
        let id = try server.request("shutdown")
        let response = try server.response(to: id)
        XCTAssertTrue(response["result"] is NSNull, "shutdown answers null")
        try server.notify("exit")
        return server.waitForExit()
    }

    private func diagnostics(_ server: ServerProcess, uri: String) throws -> [String: Any] {
        let m = try server.receive(until: {
            ($0["method"] as? String) == "textDocument/publishDiagnostics"
                && (($0["params"] as? [String: Any])?["uri"] as? String) == uri
        }).match
        return m["params"] as? [String: Any] ?? [:]
    }

    func testRequestsBeforeInitializeAreRefusedAndNotificationsDropped() throws {
        let server = try start()
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": "file:///x.yaml", "languageId": "yaml", "version": 1, "text": "a: 1\n"]])
        let id = try server.request("textDocument/documentSymbol", ["textDocument": ["uri": "file:///x.yaml"]])
        let r = try server.response(to: id)
        XCTAssertEqual((r["error"] as? [String: Any])?["code"] as? Int, -32002)
        _ = try initialize(server)
        // The didOpen before initialize was dropped: the document is unknown, so no outline.
        let id2 = try server.request("textDocument/documentSymbol", ["textDocument": ["uri": "file:///x.yaml"]])
        XCTAssertTrue(try server.response(to: id2)["result"] is NSNull)
        XCTAssertEqual(try shutdownAndExit(server), 0)
    }

    func testJSONRPCErrorsKeepTheServerServing() throws {
        let server = try start()
        _ = try initialize(server)
        // Invalid JSON -> -32700 with id null.
        server.writeRaw(Data("Content-Length: 9\r\n\r\n{\"a\": ]}x".utf8))
        let parse = try server.receive(until: { ($0["error"] as? [String: Any])?["code"] as? Int == -32700 }).match
        XCTAssertTrue(parse["id"] is NSNull)
        // Not a request -> -32600.
        try server.send(["jsonrpc": "2.0", "id": 77, "method": 5])
        let invalid = try server.response(to: 77)
        XCTAssertEqual((invalid["error"] as? [String: Any])?["code"] as? Int, -32600)
        // Unknown method -> -32601; unknown notifications and `$/` ones are ignored.
        try server.notify("$/unknownThing", ["x": 1])
        try server.notify("custom/notification")
        let unknown = try server.request("custom/request")
        XCTAssertEqual((try server.response(to: unknown)["error"] as? [String: Any])?["code"] as? Int, -32601)
        // Bad params -> -32602 with the id kept.
        let bad = try server.request("textDocument/formatting", ["textDocument": ["uri": 3]])
        let badResponse = try server.response(to: bad)
        XCTAssertEqual((badResponse["error"] as? [String: Any])?["code"] as? Int, -32602)
        // A second initialize is refused.
        let again = try server.request("initialize", ["capabilities": [String: Any]()])
        XCTAssertEqual((try server.response(to: again)["error"] as? [String: Any])?["code"] as? Int, -32600)
        XCTAssertEqual(try shutdownAndExit(server), 0)
    }

    func testExitWithoutShutdownExitsWithOne() throws {
        let server = try start()
        _ = try initialize(server)
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 1)
    }

    func testEndOfInputEndsTheProcess() throws {
        let server = try start()
        _ = try initialize(server)
        let id = try server.request("shutdown")
        _ = try server.response(to: id)
        server.closeInput()
        XCTAssertEqual(server.waitForExit(), 0)
        let other = try start()
        other.closeInput()
        XCTAssertEqual(other.waitForExit(), 1, "end of input without shutdown")
    }

    func testRequestsAfterShutdownAreInvalid() throws {
        let server = try start()
        _ = try initialize(server)
        _ = try server.response(to: try server.request("shutdown"))
        let id = try server.request("textDocument/documentSymbol", ["textDocument": ["uri": "file:///x.yaml"]])
        XCTAssertEqual((try server.response(to: id)["error"] as? [String: Any])?["code"] as? Int, -32600)
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0)
    }

    func testPositionEncodingNegotiation() throws {
        let utf8 = try start()
        let r8 = try initialize(utf8, encodings: ["utf-32", "utf-8", "utf-16"])
        XCTAssertEqual(((r8["result"] as? [String: Any])?["capabilities"] as? [String: Any])?["positionEncoding"] as? String, "utf-8")
        _ = try shutdownAndExit(utf8)
        let utf16 = try start()
        let r16 = try initialize(utf16)
        XCTAssertEqual(((r16["result"] as? [String: Any])?["capabilities"] as? [String: Any])?["positionEncoding"] as? String, "utf-16")
        _ = try shutdownAndExit(utf16)
    }

    func testDiagnosticsArePublishedWithVersionAndClearedOnClose() throws {
        let server = try start()
        _ = try initialize(server)
        let uri = "file:///tmp/doc.yaml"
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "yaml", "version": 3, "text": "a: 1\n"]])
        let first = try diagnostics(server, uri: uri)
        XCTAssertEqual(first["version"] as? Int, 3)
        try server.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 9],
                                                     "contentChanges": [["range": ["start": ["line": 0, "character": 3], "end": ["line": 0, "character": 4]], "text": "2"]]])
        XCTAssertEqual(try diagnostics(server, uri: uri)["version"] as? Int, 9)
        try server.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
        let closed = try diagnostics(server, uri: uri)
        XCTAssertEqual((closed["diagnostics"] as? [Any])?.count, 0)
        XCTAssertNil(closed["version"])
        XCTAssertEqual(try shutdownAndExit(server), 0)
    }

    func testABurstOfChangesIsAppliedInOrderAndTheFinalVersionIsPublished() throws {
        let server = try start()
        _ = try initialize(server)
        let uri = "file:///tmp/burst.yaml"
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1, "text": "a: 1\n"]])
        XCTAssertEqual(try diagnostics(server, uri: uri)["version"] as? Int, 1)
        // 29 keystrokes prefix the key with x, then a 30th adds the same key again: a duplicate key is
        // reported only if every change was applied once and in order. All are written at once, so the
        // server sees them queued and may analyse only the last.
        var burst = Data()
        func frame(_ version: Int, _ line: Int, _ text: String) throws {
            let body = try JSONSerialization.data(withJSONObject: [
                "jsonrpc": "2.0", "method": "textDocument/didChange",
                "params": ["textDocument": ["uri": uri, "version": version],
                           "contentChanges": [["range": ["start": ["line": line, "character": 0], "end": ["line": line, "character": 0]],
                                               "text": text]]]] as [String: Any])
            burst.append(Data("Content-Length: \(body.count)\r\n\r\n".utf8))
            burst.append(body)
        }
        for version in 2...30 { try frame(version, 0, "x") }
        try frame(31, 1, String(repeating: "x", count: 29) + "a: 2\n")
        server.writeRaw(burst)
        let (final, skipped) = try server.receive(until: {
            ($0["method"] as? String) == "textDocument/publishDiagnostics"
                && (($0["params"] as? [String: Any])?["version"] as? Int) == 31
        })
        let versions = skipped.compactMap { ($0["params"] as? [String: Any])?["version"] as? Int }
        XCTAssertEqual(versions, versions.sorted(), "publishes come in version order")
        let codes = ((final["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        XCTAssertEqual(codes, ["duplicate-key"])
        XCTAssertEqual(try shutdownAndExit(server), 0)
    }

    func testStdoutCarriesOnlyProtocolBytes() throws {
        // Everything the server writes to stdout must parse as frames; logs go to stderr.
        let server = try start()
        _ = try initialize(server)
        _ = try server.response(to: try server.request("custom/request"))
        XCTAssertEqual(try shutdownAndExit(server), 0)
        while let m = try server.receive(timeout: 5) { XCTAssertEqual(m["jsonrpc"] as? String, "2.0") }
    }
}
