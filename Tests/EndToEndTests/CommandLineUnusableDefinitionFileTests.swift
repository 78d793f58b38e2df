import Foundation
import TestSupport
import XCTest

/// A `pureyaml.schema.crds` entry that cannot be used is said once after `check`'s summary, naming the
/// entry, the settings file that set it and why, through the built binary: a file that does not exist, a
/// file outside the folders files may be read from, a URL that answers 404. Each used to be silent (the
/// custom resources fell back to the CRD catalog with no word).
final class CommandLineUnusableDefinitionFileTests: XCTestCase {
    typealias H = CommandLineCIHarness

    private static let resource = "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: big}\n"

    func testAMissingARefusedAndA404EntryAreEachSaidOnce() throws {
        let root = try H.scratchFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let www = root.appendingPathComponent("www")
        try FileManager.default.createDirectory(at: www, withIntermediateDirectories: true)
        let http = try LocalHTTPServer(root: www)
        defer { http.stop() }
        let folder = root.appendingPathComponent("project")
        try H.write(KubernetesFixtures.widgetDefinition(), to: "outside/widget.yaml", in: root)
        try H.write("""
            pureyaml.schema.crds: [crds/missing.yaml, ../outside/widget.yaml, \(http.url("gone.yaml"))]
            pureyaml.schema.crdCatalog: ""
            """, to: ".pureyaml.yaml", in: folder)
        try H.write(Self.resource, to: "a.yaml", in: folder)
        try H.write(Self.resource, to: "b.yaml", in: folder)
        let r = try H.run(["check", "a.yaml", "b.yaml"], in: folder)
        XCTAssertEqual(r.status, 0, r.stderr)
        let settings = folder.appendingPathComponent(".pureyaml.yaml").path
        let lines = r.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "checked 2 files: 0 errors, 0 warnings", r.stderr)
        let notes = Array(lines.dropFirst())
        XCTAssertEqual(notes.count, 3, r.stderr)
        let tail = "; the custom resources it defines get no schema from it (the CRD catalog's, where it has one)"
        XCTAssertTrue(notes.contains("pureyaml.schema.crds entry file://\(folder.path)/crds/missing.yaml (set in \(settings)) cannot be used: "
                                     + "no such file\(tail)"), r.stderr)
        XCTAssertTrue(notes.contains { $0.hasPrefix("pureyaml.schema.crds entry file://\(root.path)/outside/widget.yaml (set in \(settings)) cannot be used: the file is outside the folders") && $0.hasSuffix(tail) },
                      r.stderr)
        XCTAssertTrue(notes.contains { $0.hasPrefix("pureyaml.schema.crds entry \(http.url("gone.yaml")) (set in \(settings)) cannot be used: HTTP 404") }, r.stderr)
    }

    /// In SARIF, each is a tool execution notification with the id `unusable-crd-file`.
    func testSARIFNamesTheEntry() throws {
        let folder = try H.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try H.write("pureyaml.schema.crds: [crds/missing.yaml]\npureyaml.schema.crdCatalog: \"\"\n", to: ".pureyaml.yaml", in: folder)
        try H.write(Self.resource, to: "a.yaml", in: folder)
        let r = try H.run(["check", "--format", "sarif", "a.yaml"], in: folder)
        XCTAssertEqual(r.status, 0, r.stderr)
        let log = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let invocation = ((log?["runs"] as? [[String: Any]])?.first?["invocations"] as? [[String: Any]])?.first
        let notes = invocation?["toolExecutionNotifications"] as? [[String: Any]] ?? []
        XCTAssertEqual(notes.compactMap { ($0["descriptor"] as? [String: Any])?["id"] as? String }, ["unusable-crd-file"])
        XCTAssertTrue(((notes.first?["message"] as? [String: Any])?["text"] as? String)?.contains("crds/missing.yaml") == true)
    }
}
