import Foundation
import LanguageServerTestSupport
import TestSupport
import XCTest

/// The server asks the client to watch the yamllint configuration files and the project settings files (`client/registerCapability` for
/// `workspace/didChangeWatchedFiles`, LSP 3.17 §"Register Capability") after `initialized`, but only when the
/// client declared `workspace.didChangeWatchedFiles.dynamicRegistration`; Neovim and Helix report no file
/// changes without it. Tested through the server in process (its log through the built binary).
final class WatchedFilesRegistrationTests: XCTestCase {
    private static let registerMethod = "client/registerCapability"

    /// The `params` the server's registration must carry.
    private static var expectedRegistration: [String: Any] { ["registrations": [[
        "id": "pureyaml-lint-configuration-files",
        "method": "workspace/didChangeWatchedFiles",
        "registerOptions": ["watchers": [
            ["globPattern": "**/.yamllint", "kind": 7],
            ["globPattern": "**/.yamllint.yaml", "kind": 7],
            ["globPattern": "**/.yamllint.yml", "kind": 7],
            ["globPattern": "**/.pureyaml.yaml", "kind": 7],
            ["globPattern": "**/.pureyaml.yml", "kind": 7],
        ]],
    ]]] }

    /// An initialized server: in process, or the built binary where a test reads its log (stderr).
    private func start(capabilities: [String: Any], binary: Bool = false) throws -> ServerProcess {
        let server: ServerProcess
        if binary {
            guard let executable = BuiltBinary.pureyaml else {
                XCTFail("the pureyaml executable was not built")
                throw XCTSkip("no binary")
            }
            server = try ServerProcess(executable: executable)
        } else {
            server = ServerProcess.inProcess()
        }
        _ = try server.response(to: try server.request("initialize", ["processId": NSNull(), "rootUri": NSNull(),
                                                                      "capabilities": capabilities]))
        try server.notify("initialized", [String: Any]())
        return server
    }

    /// Shuts the server down and returns the messages it sent before answering `shutdown`.
    private func shutDown(_ server: ServerProcess, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        let id = try server.request("shutdown")
        let skipped = try server.receive(until: { ($0["id"] as? Int) == id && $0["method"] == nil }).skipped
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0, file: file, line: line)
        return skipped
    }

    func testRegistersTheLintConfigurationFilesAndRelintsWhenTheyChange() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent(".yamllint")
        let uri = "file://" + dir.appendingPathComponent("a.yaml").path

        let server = try start(capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]])
        let request = try server.receive(until: { ($0["method"] as? String) == Self.registerMethod }).match
        XCTAssertNil(jsonMismatch(expected: Self.expectedRegistration, actual: request["params"]))
        let registrations = (request["params"] as? [String: Any])?["registrations"] as? [[String: Any]]
        XCTAssertEqual(registrations?.first.map { Set($0.keys) }, ["id", "method", "registerOptions"])
        let id = try XCTUnwrap(request["id"] as? Int, "\(request)")
        try server.send(["jsonrpc": "2.0", "id": id, "result": NSNull()])

        try server.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1,
                                                                     "text": "key: a fairly long value\n"]])
        XCTAssertEqual(try server.publishedDiagnostics(for: uri).count, 0, "no configuration: no lint")
        // The watcher reports a created `.yamllint`, a change of it, then its deletion.
        try Data("extends: relaxed\nrules:\n  line-length: {max: 10}\n".utf8).write(to: config)
        try server.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": "file://" + config.path, "type": 1]]])
        XCTAssertEqual(try server.publishedDiagnostics(for: uri).compactMap { $0["code"] as? String }, ["line-length"])
        try Data("extends: relaxed\nrules:\n  document-start: {present: true}\n".utf8).write(to: config)
        try server.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": "file://" + config.path, "type": 2]]])
        XCTAssertEqual(try server.publishedDiagnostics(for: uri).compactMap { $0["code"] as? String }, ["document-start"])
        try FileManager.default.removeItem(at: config)
        try server.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": "file://" + config.path, "type": 3]]])
        XCTAssertEqual(try server.publishedDiagnostics(for: uri).count, 0)

        let after = try shutDown(server)
        XCTAssertFalse(after.contains { ($0["method"] as? String) == Self.registerMethod }, "registered once: \(after)")
    }

    /// A client that refuses the registration gets no retry, and the server keeps serving.
    func testARefusedRegistrationIsLoggedAndServingGoesOn() throws {
        let server = try start(capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]], binary: true)
        let request = try server.receive(until: { ($0["method"] as? String) == Self.registerMethod }).match
        let id = try XCTUnwrap(request["id"] as? Int, "\(request)")
        try server.send(["jsonrpc": "2.0", "id": id, "error": ["code": -32601, "message": "no file watching here"]])
        XCTAssertTrue(server.waitForStderr(containing: "client/registerCapability failed: no file watching here"))
        let symbols = try server.response(to: try server.request("workspace/symbol", ["query": ""]))
        XCTAssertNotNil(symbols["result"] as? [Any], "\(symbols)")
        let after = try shutDown(server)
        XCTAssertFalse(after.contains { ($0["method"] as? String) == Self.registerMethod }, "\(after)")
    }

    /// Nothing is registered with a client that did not declare dynamic registration of watched files.
    func testNothingIsRegisteredWithoutTheClientCapability() throws {
        for capabilities: [String: Any] in [
            [:],
            ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": false]]],
            ["workspace": ["didChangeConfiguration": ["dynamicRegistration": true], "didChangeWatchedFiles": [:]]],
        ] {
            let server = try start(capabilities: capabilities)
            let sent = try shutDown(server)
            XCTAssertFalse(sent.contains { ($0["method"] as? String) == Self.registerMethod }, "\(capabilities): \(sent)")
        }
    }
}
