import Foundation
import TestSupport
import XCTest

/// `pureyaml check` on files whose schema cannot be had (`--offline`, no copy in the cache), through the
/// built binary: one line per schema in the summary, not one per file, with the number of files and the
/// command that would fetch it; the same line on stderr beside a JSON report, and a tool execution
/// notification in SARIF.
final class CommandLineMissingSchemaTests: XCTestCase {
    typealias H = CommandLineCIHarness

    /// Two Deployments and a project file naming a Kubernetes schema folder no cache holds (a fresh URL).
    private func project() throws -> (folder: URL, schema: String) {
        let folder = try H.scratchFolder()
        let base = "http://127.0.0.1:9/pureyaml-missing-\(UUID().uuidString)/"
        try H.write("pureyaml.schema.kubernetesSchemaBase: \(base)\npureyaml.schema.crdCatalog: \"\"\n", to: ".pureyaml.yaml", in: folder)
        try H.write(KubernetesFixtures.deploymentWithStringReplicas, to: "k8s/a.yaml", in: folder)
        try H.write(KubernetesFixtures.deploymentWithStringReplicas, to: "k8s/b.yaml", in: folder)
        return (folder, base + "deployment-apps-v1.json")
    }

    private static let offline = "downloads are disabled (the setting yaml.schemaDownload.enable is false, or check --offline) and no cached copy exists"

    func testTwoFilesOneSummaryLine() throws {
        let (folder, schema) = try project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = try H.run(["check", "--offline", "k8s"], in: folder)
        // The documents stay quiet (a Kubernetes kind without its schema), so the check passes.
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.stderr, """
            checked 2 files: 0 errors, 0 warnings
            missing schema \(schema) (kubernetes: apps/v1 Deployment) for 2 files: \(Self.offline); fetch it with `pureyaml schemas fetch k8s/a.yaml k8s/b.yaml`

            """)
    }

    func testJSONReportKeepsItsShapeAndTheLineGoesToStderr() throws {
        let (folder, schema) = try project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = try H.run(["check", "--offline", "--format", "json", "k8s/a.yaml", "k8s/b.yaml"], in: folder)
        XCTAssertEqual(r.status, 0, r.stderr)
        let report = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]]
        XCTAssertEqual(report?.compactMap { $0["path"] as? String }, ["k8s/a.yaml", "k8s/b.yaml"])
        XCTAssertEqual(r.stderr.split(separator: "\n").map(String.init), [
            "missing schema \(schema) (kubernetes: apps/v1 Deployment) for 2 files: \(Self.offline); fetch it with `pureyaml schemas fetch k8s/a.yaml k8s/b.yaml`",
        ])
    }

    func testSARIFHasOneToolExecutionNotification() throws {
        let (folder, schema) = try project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = try H.run(["check", "--offline", "--format", "sarif", "k8s"], in: folder)
        XCTAssertEqual(r.status, 0, r.stderr)
        let log = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let run = (log?["runs"] as? [[String: Any]])?.first
        let invocation = (run?["invocations"] as? [[String: Any]])?.first
        XCTAssertEqual(invocation?["executionSuccessful"] as? Bool, true)
        let notes = invocation?["toolExecutionNotifications"] as? [[String: Any]] ?? []
        XCTAssertEqual(notes.count, 1)
        XCTAssertEqual(notes.first?["level"] as? String, "warning")
        XCTAssertEqual((notes.first?["descriptor"] as? [String: Any])?["id"] as? String, "missing-schema")
        XCTAssertTrue(((notes.first?["message"] as? [String: Any])?["text"] as? String)?.hasPrefix("missing schema \(schema) ") == true)
    }

    /// GitHub Actions: one file-less warning annotation per schema, after the files' annotations.
    func testGitHubHasOneFilelessWarning() throws {
        let (folder, schema) = try project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = try H.run(["check", "--offline", "--format", "github", "k8s"], in: folder)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "::warning title=missing-schema::missing schema \(schema) (kubernetes: apps/v1 Deployment) for 2 files: "
                       + "\(Self.offline); fetch it with `pureyaml schemas fetch k8s/a.yaml k8s/b.yaml`\n")
    }

    /// A schema that is there prints no such line (and a check without schemas none either).
    func testNoLineWithoutMissingSchemas() throws {
        let folder = try H.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try H.write("a: 1\n", to: "a.yaml", in: folder)
        let r = try H.run(["check", "--offline", "a.yaml"], in: folder)
        XCTAssertEqual(r.stderr, "checked 1 file: 0 errors, 0 warnings\n")
    }

    /// Many missing schemas (a stream of documents with a modeline each, seen in a new-user trial with 300)
    /// give one line each for the first five and one line counting the rest, as the server's notice does.
    func testManyMissingSchemasAreCappedAtFiveLines() throws {
        let folder = try H.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = "http://127.0.0.1:9/pureyaml-many-\(UUID().uuidString)/"
        for i in 1...8 {
            try H.write("# yaml-language-server: $schema=\(base)s\(i).json\na: 1\n", to: "f\(i).yaml", in: folder)
        }
        let r = try H.run(["check", "--offline", "."], in: folder)
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 7, r.stderr)
        // A modeline's schema that cannot be loaded is also a warning on the modeline, in each file.
        XCTAssertEqual(lines.first, "checked 8 files: 0 errors, 8 warnings")
        XCTAssertEqual(lines.dropFirst().prefix(5).filter { $0.hasPrefix("missing schema \(base)s") }.count, 5, r.stderr)
        XCTAssertEqual(lines.last, "missing schemas: 3 more for 3 files; fetch them with `pureyaml schemas fetch f6.yaml f7.yaml f8.yaml`")
    }
}
