import Foundation
import TestSupport
import XCTest

/// `pureyaml check` on a custom resource alone, through the built binary: the Prometheus Operator's
/// ServiceMonitor CustomResourceDefinition (../shared/corpus/kubernetes) is found in the folder being
/// checked, with default settings, or through a glob of `pureyaml.schema.crds` in `.pureyaml.yaml`; the
/// resource's wrong field type is reported and `--explain` names the definition's file.
final class CommandLineWorkspaceDefinitionTests: XCTestCase {
    typealias H = CommandLineCIHarness

    static let serviceMonitor = KubernetesFixtures.serviceMonitorWithStringSampleLimit

    private func definition() throws -> URL {
        try requireSharedFolder("corpus").appendingPathComponent(KubernetesFixtures.serviceMonitorDefinitionPath)
    }

    private static let finding = #"monitoring/web.yaml:6:16: warning: expected integer, found string "many" [schema-type]"#

    /// The working directory is a project (it holds `.git`): it is searched whole. Without `.git` (no
    /// project), only the document's own folder is, and the definition in `deploy/crds` beside it is not found.
    func testTheDefinitionIsFoundInTheCheckedFolder() throws {
        let crd = try definition()
        let folder = try H.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("deploy/crds"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: crd, to: folder.appendingPathComponent("deploy/crds/servicemonitor.yaml"))
        try H.write(Self.serviceMonitor, to: "monitoring/web.yaml", in: folder)
        let loose = try H.run(["check", "--offline", "--explain", "monitoring/web.yaml"], in: folder)
        XCTAssertFalse(loose.stdout.contains("CustomResourceDefinition in"), loose.stdout)
        XCTAssertFalse(loose.lines.contains(Self.finding), loose.stdout)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let r = try H.run(["check", "--offline", "--explain", "monitoring/web.yaml"], in: folder)
        XCTAssertEqual(r.status, 0, r.stderr)
        let source = "file://\(folder.path)/deploy/crds/servicemonitor.yaml"
        XCTAssertEqual(r.lines, [
            "monitoring/web.yaml: document 1 (line 1): \(source)#monitoring.coreos.com/v1/ServiceMonitor "
                + "[kubernetes: monitoring.coreos.com/v1 ServiceMonitor (CustomResourceDefinition in \(source))] loaded",
            Self.finding,
        ])
        XCTAssertEqual(r.stderr, "checked 1 file: 0 errors, 1 warning\n")
    }

    /// A file named outside the current directory: its folder is searched too.
    func testTheFolderOfANamedPathIsSearched() throws {
        let crd = try definition()
        let folder = try H.scratchFolder(), elsewhere = try H.scratchFolder()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        try FileManager.default.copyItem(at: crd, to: folder.appendingPathComponent("servicemonitor.yaml"))
        let web = try H.write(Self.serviceMonitor, to: "web.yaml", in: folder)
        let r = try H.run(["check", "--offline", web.path], in: elsewhere)
        XCTAssertEqual(r.lines, [#"\#(web.path):6:16: warning: expected integer, found string "many" [schema-type]"#], r.stderr)
    }

    /// A folder of the workspace that is a symbolic link to a place outside it is not searched.
    func testASymbolicLinkOutOfTheWorkspaceIsNotFollowed() throws {
        let crd = try definition()
        let folder = try H.scratchFolder(), outside = try H.scratchFolder()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: outside)
        }
        try FileManager.default.copyItem(at: crd, to: outside.appendingPathComponent("servicemonitor.yaml"))
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("crds"), withDestinationURL: outside)
        try H.write("pureyaml.schema.crdCatalog: \"\"\n", to: ".pureyaml.yaml", in: folder)
        try H.write(Self.serviceMonitor, to: "monitoring/web.yaml", in: folder)
        let r = try H.run(["check", "--offline", "--explain", "monitoring/web.yaml"], in: folder)
        XCTAssertEqual(r.lines, ["monitoring/web.yaml: document 1 (line 1): no schema"], r.stderr)
    }

    /// The definitions live beside the project, outside the folder checked: a glob of the project file
    /// (relative to it, so inside the project file's own folder) finds them, with or without that folder
    /// allowed (it found nothing from a subfolder without `--allow-schema-folder`, seen in a new-user trial).
    func testAGlobOfTheProjectFileFindsTheDefinition() throws {
        let crd = try definition()
        let folder = try H.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try H.write("pureyaml.schema.crds: [\"vendor/**/*CustomResourceDefinition.yaml\"]\npureyaml.schema.crdCatalog: \"\"\n",
                    to: ".pureyaml.yaml", in: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("vendor/prometheus"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: crd, to: folder.appendingPathComponent("vendor/prometheus/0servicemonitorCustomResourceDefinition.yaml"))
        try H.write(Self.serviceMonitor, to: "app/monitoring/web.yaml", in: folder)
        // Checked from `app`: its folder search does not reach `vendor`; the glob does (the project folder is named).
        let r = try H.run(["check", "--offline", "--explain", "--allow-schema-folder", folder.path, "monitoring/web.yaml"],
                          in: folder.appendingPathComponent("app"))
        let source = "file://\(folder.path)/vendor/prometheus/0servicemonitorCustomResourceDefinition.yaml"
        XCTAssertEqual(r.lines, [
            "monitoring/web.yaml: document 1 (line 1): \(source)#monitoring.coreos.com/v1/ServiceMonitor "
                + "[kubernetes: monitoring.coreos.com/v1 ServiceMonitor (CustomResourceDefinition in \(source))] loaded",
            Self.finding,
        ], r.stderr)
        // Without the folder allowed: the project file's own folder is searched for its glob all the same.
        let own = try H.run(["check", "--offline", "--explain", "monitoring/web.yaml"], in: folder.appendingPathComponent("app"))
        XCTAssertEqual(own.lines, r.lines, own.stderr)
    }

    /// A project file's glob searches its own folder, but no symbolic link there that leads out of it.
    func testAGlobOfTheProjectFileFollowsNoLinkOutOfItsFolder() throws {
        let crd = try definition()
        let folder = try H.scratchFolder(), outside = try H.scratchFolder()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: outside)
        }
        try H.write("pureyaml.schema.crds: [\"vendor/**/*.yaml\"]\npureyaml.schema.crdCatalog: \"\"\n", to: ".pureyaml.yaml", in: folder)
        try FileManager.default.copyItem(at: crd, to: outside.appendingPathComponent("servicemonitor.yaml"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("vendor"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("vendor/prometheus"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("vendor/crd.yaml"),
                                                   withDestinationURL: outside.appendingPathComponent("servicemonitor.yaml"))
        try H.write(Self.serviceMonitor, to: "app/monitoring/web.yaml", in: folder)
        let r = try H.run(["check", "--offline", "--explain", "monitoring/web.yaml"], in: folder.appendingPathComponent("app"))
        XCTAssertEqual(r.lines, ["monitoring/web.yaml: document 1 (line 1): no schema"], r.stderr)
    }
}
