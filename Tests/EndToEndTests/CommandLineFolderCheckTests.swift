import Foundation
import PureYAMLCommandLine
import TestSupport
import XCTest

/// A folder check on several threads (issue 19): the output is byte for byte the same on one thread and on
/// several, run after run, with configuration files in nested folders, symbolic links, yamllint `ignore`
/// patterns, schemas that cannot be had shared by several files, and custom resources whose definitions
/// lie in some folders and not in others.
final class CommandLineFolderCheckTests: XCTestCase {
    typealias H = CommandLineCIHarness
    private var folder: URL!

    override func setUpWithError() throws { folder = try H.scratchFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Runs `pureyaml check ARGUMENTS` in process in ``folder`` on `threads` threads: status, stdout, stderr
    /// (with ``folder``'s path left out of them). Paths are named absolute, so that ``folder``'s path is left
    /// out of the output (relative paths are read from the tool's working directory:
    /// `CommandLineWorkingDirectoryTests`).
    private func check(_ arguments: [String], threads: Int) -> (status: Int32, out: String, err: String) {
        final class Text: @unchecked Sendable { var out = "", err = "" }
        let text = Text()
        var tool = CommandLineTool(out: { text.out += $0 }, err: { text.err += $0 }, workingDirectory: folder.path)
        tool.checkThreads = threads
        let status = tool.run(command: "check", arguments: ["--offline"] + arguments.map { $0 == "." ? folder.path : folder.path + "/" + $0 })
        let prefix = folder.path + "/"
        return (status, text.out.replacingOccurrences(of: prefix, with: ""), text.err.replacingOccurrences(of: prefix, with: ""))
    }

    /// The project: folders that are projects of their own (a `.pureyaml.yaml` each, naming Kubernetes and
    /// CRD catalog schema sources no cache holds), one holding a CustomResourceDefinition and a resource of it,
    /// another a resource of the same kind without the definition, Kubernetes manifests of nine kinds whose
    /// schemas are all missing (more than the summary names), a yamllint configuration with an `ignore`
    /// pattern in one folder and a nested one below it, an `.editorconfig`, and symbolic links to a file and
    /// to a folder inside the tree.
    private func writeProject() throws -> String {
        let id = UUID().uuidString
        let settings = """
            pureyaml.schema.kubernetesSchemaBase: http://127.0.0.1:9/pureyaml-folder-\(id)/
            pureyaml.schema.crdCatalog: "http://127.0.0.1:9/pureyaml-crds-\(id)/{group}/{kind}_{version}.json"

            """
        for project in ["a", "b", "k8s"] { try H.write(settings, to: "\(project)/.pureyaml.yaml", in: folder) }
        try H.write(KubernetesFixtures.widgetDefinition(), to: "a/widget-definition.yaml", in: folder)
        let widget = "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: big}\n"
        try H.write(widget, to: "a/widget.yaml", in: folder)
        try H.write(widget, to: "b/widget.yaml", in: folder)
        try H.write(widget, to: "b/nested/widget.yaml", in: folder)
        let kinds = [("v1", "ConfigMap"), ("v1", "Secret"), ("v1", "Service"), ("v1", "ServiceAccount"), ("v1", "Namespace"),
                     ("apps/v1", "Deployment"), ("batch/v1", "Job"), ("batch/v1", "CronJob"), ("apps/v1", "DaemonSet")]
        for (n, (apiVersion, kind)) in kinds.enumerated() {
            for copy in 0..<(1 + n % 3) {
                try H.write("apiVersion: \(apiVersion)\nkind: \(kind)\nmetadata: {name: x\(copy)}\n",
                            to: "k8s/\(kind.lowercased())-\(copy).yaml", in: folder)
            }
        }
        try H.write("extends: default\nignore: |\n  skipped/\n  *.generated.yaml\nrules:\n  document-start: disable\n",
                    to: "lint/.yamllint", in: folder)
        try H.write("key:   value\n", to: "lint/spaced.yaml", in: folder)
        try H.write("key:   value\n", to: "lint/x.generated.yaml", in: folder)
        try H.write("key:   value\n", to: "lint/skipped/ignored.yaml", in: folder)
        try H.write("extends: default\nrules:\n  colons: disable\n  document-start: disable\n", to: "lint/inner/.yamllint.yaml", in: folder)
        try H.write("key:   value\nother: [1,2]\n", to: "lint/inner/spaced.yaml", in: folder)
        try H.write("root = true\n[*.yaml]\nindent_size = 4\n", to: "lint/inner/.editorconfig", in: folder)
        try H.write("a: 1\na: 2\n", to: "plain/duplicate.yaml", in: folder)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("plain/link.yaml").path,
                                                   withDestinationPath: "duplicate.yaml")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("linked").path,
                                                   withDestinationPath: folder.appendingPathComponent("lint/inner").path)
        return id
    }

    func testAFolderCheckPrintsTheSameOnOneThreadAndOnSeveral() throws {
        let id = try writeProject()
        let serial = check(["."], threads: 1)
        XCTAssertEqual(serial.status, 1, serial.err)
        // The resource beside its definition is validated against it; the one in a folder without the
        // definition gets the CRD catalog's schema (missing here), not the definition of another folder
        // that an earlier file made the model search.
        XCTAssertTrue(serial.out.contains("a/widget.yaml:4:14: warning: expected integer, found string \"big\" [schema-type]"), serial.out)
        XCTAssertFalse(serial.out.contains("b/widget.yaml"), serial.out)
        XCTAssertFalse(serial.out.contains("b/nested/widget.yaml"), serial.out)
        XCTAssertTrue(serial.err.contains("missing schema http://127.0.0.1:9/pureyaml-crds-\(id)/example.com/widget_v1.json "
                                          + "(kubernetes: example.com/v1 Widget (CRD catalog)) for 2 files: "), serial.err)
        XCTAssertTrue(serial.err.contains("missing schemas: "), serial.err)
        // yamllint's ignore patterns and the nested configuration apply; the link to a file inside the folder
        // is checked once (by its first path), the linked folder's files once.
        XCTAssertTrue(serial.out.contains("lint/spaced.yaml:1:7: error: too many spaces after colon [colons]"), serial.out)
        XCTAssertFalse(serial.out.contains("generated"), serial.out)
        XCTAssertFalse(serial.out.contains("skipped"), serial.out)
        XCTAssertEqual(serial.out.components(separatedBy: "too many spaces after colon").count, 2, serial.out)
        XCTAssertEqual(serial.out.components(separatedBy: "spaced.yaml:2:11: error: too few spaces after comma [commas]").count, 2, serial.out)
        for threads in [2, 3, 4] {
            for run in 1...3 {
                let parallel = check(["."], threads: threads)
                XCTAssertEqual(parallel.status, serial.status, "\(threads) threads, run \(run)")
                XCTAssertEqual(parallel.out, serial.out, "\(threads) threads, run \(run)")
                XCTAssertEqual(parallel.err, serial.err, "\(threads) threads, run \(run)")
            }
        }
        // Named in another order, the same findings per file (each file's findings do not depend on the others').
        let reversed = check(["plain", "linked", "lint", "k8s", "b", "a"], threads: 1)
        XCTAssertEqual(Set(reversed.out.replacingOccurrences(of: "linked/", with: "lint/inner/").split(separator: "\n")),
                       Set(serial.out.split(separator: "\n")))
    }
}
