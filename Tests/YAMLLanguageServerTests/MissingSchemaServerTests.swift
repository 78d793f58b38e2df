import Foundation
import JSONRPC
import LanguageServerProtocol
import LanguageServerTestSupport
import TestSupport
import XCTest

/// A schema that cannot be had, through the server in process: said once per schema and session
/// (`window/showMessage`, not once per file), with the schema status `missing: ...`, and the documents
/// of Kubernetes kinds kept quiet; a work-done progress (`window/workDoneProgress/create`, `$/progress`)
/// while downloads run, only for a client that declares `window.workDoneProgress`.
final class MissingSchemaServerTests: XCTestCase {
    /// A temporary workspace folder; the caller removes it.
    private func workspace() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-lsp-missing-\(UUID().uuidString)")
            .resolvingSymlinksInPath()
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    /// A schema base URL on a loopback server that stopped: its port refuses the connection.
    private func unreachableBase(_ root: URL) throws -> String {
        let http = try LoopbackHTTPServer(root: root.appendingPathComponent("www"))
        http.stop()
        return http.url("kinds-\(UUID().uuidString)/")
    }

    private func started(root: URL, schemaBase: String, downloads: Bool, progress: Bool) throws -> TestLSPClient {
        let client = try TestLSPClient()
        try client.initialize(ClientCapabilities(window: progress ? .init(workDoneProgress: true) : nil),
                              rootURI: root.absoluteURL.absoluteString,
                              initializationOptions: ["yaml": ["schemaStore": ["enable": false], "schemaDownload": ["enable": .bool(downloads)]],
                                                      "pureyaml": ["schema": ["kubernetesSchemaBase": .string(schemaBase), "crdCatalog": ""]]])
        return client
    }

    private func status(_ client: TestLSPClient, _ uri: String) throws -> String? {
        let info = try client.send(SchemaInfoRequest.self, SchemaInfoParams(textDocument: TextDocumentIdentifier(uri: uri)))
        guard case .object(let o) = info, case .array(let documents)? = o["documents"], case .object(let first)? = documents.first,
              case .string(let status)? = first["status"] else { return nil }
        return status
    }

    /// Waits up to 20 s until the schema status of `uri` is no longer `loading`; returns it.
    private func settledStatus(_ client: TestLSPClient, _ uri: String) throws -> String? {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let s = try status(client, uri)
            if s != "loading" { return s }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return try status(client, uri)
    }

    private func shown(_ client: TestLSPClient) -> [String] {
        client.receivedNotifications.filter { $0.method == ShowMessageNotification.method.rawValue }
            .compactMap { try? $0.decodeParams(ShowMessageNotification.self) }.map(\.message)
    }

    private func progress(_ client: TestLSPClient) -> [ProgressParams] {
        client.receivedNotifications.filter { $0.method == ProgressNotification.method.rawValue }
            .compactMap { try? $0.decodeParams(ProgressNotification.self) }
    }

    /// Downloads off (`yaml.schemaDownload.enable: false`), two Deployments: one notice naming the schema, the
    /// rule and the fix; both statuses `missing: ...`; no finding in either document.
    func testDownloadsOffSaysOnceForTwoFiles() throws {
        let root = try workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        // A base no cache holds (a fresh path); nothing is requested from it with downloads off.
        let base = "http://127.0.0.1:9/pureyaml-missing-\(UUID().uuidString)/"
        let client = try started(root: root, schemaBase: base, downloads: false, progress: false)
        let a = root.appendingPathComponent("a.yaml").absoluteURL.absoluteString
        let b = root.appendingPathComponent("b.yaml").absoluteURL.absoluteString
        try client.open(a, KubernetesFixtures.deploymentWithStringReplicas)
        let missing = "missing: downloads are disabled (the setting yaml.schemaDownload.enable is false, or check --offline) and no cached copy exists"
        XCTAssertEqual(try settledStatus(client, a), missing)
        try client.open(b, KubernetesFixtures.deploymentWithStringReplicas)
        XCTAssertEqual(try settledStatus(client, b), missing)
        // Kinds whose schema is missing stay quiet in the document.
        XCTAssertEqual(client.lastPublished(b)?.diagnostics.map(\.code), [])
        let notice = try client.waitFor(ShowMessageNotification.self)
        XCTAssertEqual(notice.type, .warning)
        XCTAssertEqual(notice.message, "Schema \(base)deployment-apps-v1.json (kubernetes: apps/v1 Deployment) cannot be had: "
                       + "downloads are disabled (the setting yaml.schemaDownload.enable is false, or check --offline) and no cached copy exists. "
                       + "Documents it applies to are not validated against it. To fix: run `pureyaml schemas fetch \(root.path)` "
                       + "with network access, or set `pureyaml.schema.mirrors` to a local copy.")
        // A third document needing it, and a pull round trip later: still one notice.
        try client.open(root.appendingPathComponent("c.yaml").absoluteURL.absoluteString, KubernetesFixtures.deploymentWithStringReplicas)
        _ = try status(client, b)
        XCTAssertEqual(shown(client).count, 1, "\(shown(client))")
        // Nothing was downloaded, so no progress either.
        XCTAssertEqual(progress(client), [])
        XCTAssertEqual(try client.shutdown(), 0)
    }

    /// A stream of three kinds opened with downloads off: one notice naming the three schemas, once the
    /// burst of their (failed) downloads is over, not a message per schema.
    func testSchemasMissingTogetherAreSaidInOneNotice() throws {
        let root = try workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let base = "http://127.0.0.1:9/pureyaml-missing-\(UUID().uuidString)/"
        let client = try started(root: root, schemaBase: base, downloads: false, progress: false)
        let stream = root.appendingPathComponent("stream.yaml").absoluteURL.absoluteString
        try client.open(stream, KubernetesFixtures.deploymentWithStringReplicas
                        + "---\napiVersion: v1\nkind: Service\nmetadata: {name: s}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n")
        _ = try settledStatus(client, stream)
        let notice = try client.waitFor(ShowMessageNotification.self)
        // In the order the downloads failed, which the threads that ran them decide.
        XCTAssertTrue(notice.message.hasPrefix("3 schemas cannot be had: "), notice.message)
        for named in ["\(base)deployment-apps-v1.json (kubernetes: apps/v1 Deployment)", "\(base)service-v1.json (kubernetes: v1 Service)",
                      "\(base)configmap-v1.json (kubernetes: v1 ConfigMap)"] {
            XCTAssertTrue(notice.message.contains(named), "\(named): \(notice.message)")
        }
        XCTAssertTrue(notice.message.contains("; the first because downloads are disabled"), notice.message)
        XCTAssertTrue(notice.message.hasSuffix("To fix: run `pureyaml schemas fetch \(root.path)` with network access, "
                                               + "or set `pureyaml.schema.mirrors` to local copies."), notice.message)
        _ = try status(client, stream)
        XCTAssertEqual(shown(client).count, 1, "\(shown(client))")
        XCTAssertEqual(try client.shutdown(), 0)
    }

    /// A server that cannot be reached: a client that declares `window.workDoneProgress` sees the burst's
    /// progress created, begun and ended; one that does not is sent none. Both get one notice.
    func testAFailedDownloadShowsProgressOnlyToClientsThatDeclareIt() throws {
        let root = try workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let base = try unreachableBase(root)
        for declares in [true, false] {
            let client = try started(root: root, schemaBase: base, downloads: true, progress: declares)
            let a = root.appendingPathComponent("a.yaml").absoluteURL.absoluteString
            let b = root.appendingPathComponent("b.yaml").absoluteURL.absoluteString
            try client.open(a, KubernetesFixtures.deploymentWithStringReplicas)
            try client.open(b, KubernetesFixtures.deploymentWithStringReplicas)
            let status = try settledStatus(client, a)
            XCTAssertTrue(status?.hasPrefix("missing: cannot reach the server") == true, "\(status ?? "-")")
            XCTAssertEqual(try settledStatus(client, b), status)
            XCTAssertTrue(try client.waitFor(ShowMessageNotification.self).message.contains("\(base)deployment-apps-v1.json"))
            if declares {
                let create = try client.waitForServerRequest(WorkDoneProgressCreateRequest.self)
                let token = try create.decodeParams(WorkDoneProgressCreateRequest.self).token
                let end = try client.waitFor(ProgressNotification.self) { $0.value.kind == "end" }
                XCTAssertEqual(end.token, token)
                let steps = progress(client)
                XCTAssertEqual(steps.first?.value.kind, "begin")
                XCTAssertEqual(steps.first?.value.title, "Downloading schemas")
                XCTAssertEqual(steps.last?.value.kind, "end")
                XCTAssertTrue(steps.allSatisfy { $0.token == token })
            } else {
                XCTAssertEqual(progress(client), [])
                XCTAssertFalse(client.receivedServerRequests.contains { $0.method == WorkDoneProgressCreateRequest.method.rawValue })
            }
            XCTAssertEqual(shown(client).count, 1, "\(shown(client))")
            XCTAssertEqual(try client.shutdown(), 0)
        }
    }

    /// Nothing is sent with the burst's token before the client answered `window/workDoneProgress/create`:
    /// a burst over before the answer begins and ends after it; after an error answer, nothing is sent.
    func testProgressWaitsForTheClientsAnswer() throws {
        let root = try workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let base = try unreachableBase(root)
        for refuse in [false, true] {
            let client = try TestLSPClient()
            let create = WorkDoneProgressCreateRequest.method.rawValue
            if refuse { client.refusing = [create] } else { client.holding = [create] }
            try client.initialize(ClientCapabilities(window: .init(workDoneProgress: true)), rootURI: root.absoluteURL.absoluteString,
                                  initializationOptions: ["yaml": ["schemaStore": ["enable": false]],
                                                          "pureyaml": ["schema": ["kubernetesSchemaBase": .string(base), "crdCatalog": ""]]])
            let a = root.appendingPathComponent("a.yaml").absoluteURL.absoluteString
            try client.open(a, KubernetesFixtures.deploymentWithStringReplicas)
            XCTAssertTrue(try settledStatus(client, a)?.hasPrefix("missing: ") == true)
            _ = try client.waitFor(ShowMessageNotification.self)
            try client.waitForServerRequest(WorkDoneProgressCreateRequest.self)
            // The burst is over; a round trip later, still nothing was sent with its token.
            _ = try status(client, a)
            XCTAssertEqual(progress(client), [], refuse ? "refused" : "not answered yet")
            if !refuse {
                client.answerHeldRequests()
                _ = try client.waitFor(ProgressNotification.self) { $0.value.kind == "end" }
                XCTAssertEqual(progress(client).map(\.value.kind), ["begin", "end"])
            }
            XCTAssertEqual(try client.shutdown(), 0)
            if refuse { XCTAssertEqual(progress(client), []) }
        }
    }
}
