import Foundation
import TestSupport
import XCTest

/// `pureyaml check --explain` on Kubernetes manifests through the built binary: kinds found by content
/// (the kind schemas of ../shared/schemas as a local folder), a custom resource validated against a
/// `pureyaml.schema.crds` file named relative to `.pureyaml.yaml`, and a GitHub workflow left alone.
/// The kind schemas' folder is outside the checked tree, so the run allows it (`--allow-schema-folder`).
final class CommandLineKubernetesTests: XCTestCase {
    typealias H = CommandLineCIHarness

    func testKindsAndCustomResourcesAreFoundAndExplained() throws {
        let kinds = try requireSharedFolder("schemas").appendingPathComponent("kubernetes")
        let folder = try H.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try H.write("""
            pureyaml.schema.kubernetesVersion: 1.37.0
            pureyaml.schema.kubernetesSchemaBase: \(kinds.path)/{version}-standalone-strict/
            pureyaml.schema.crds: [crds/widget.yaml]
            pureyaml.schema.crdCatalog: ""
            """, to: ".pureyaml.yaml", in: folder)
        try H.write(KubernetesFixtures.widgetDefinition(), to: "crds/widget.yaml", in: folder)
        try H.write(KubernetesFixtures.deploymentWithStringReplicas + "---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: big}\n",
                    to: "app/all.yaml", in: folder)
        try H.write("on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps: [{run: make}]\n", to: ".github/workflows/ci.yml", in: folder)
        // The kind schemas are outside the checked tree: a project file cannot open that folder, the user can.
        let r = try H.run(["check", "--explain", "--allow-schema-folder", kinds.path, "app/all.yaml", ".github/workflows/ci.yml"], in: folder)
        XCTAssertEqual(r.status, 0, r.stderr)
        let crd = "file://\(folder.path)/crds/widget.yaml"
        XCTAssertEqual(r.lines, [
            "app/all.yaml: document 1 (line 1): file://\(kinds.path)/v1.37.0-standalone-strict/deployment-apps-v1.json [kubernetes: apps/v1 Deployment] loaded",
            "app/all.yaml: document 2 (line 8): \(crd)#example.com/v1/Widget [kubernetes: example.com/v1 Widget (CustomResourceDefinition in \(crd))] loaded",
            ".github/workflows/ci.yml: document 1 (line 1): no schema",
            #"app/all.yaml:5:13: warning: expected integer or null, found string "three" [schema-type]"#,
            #"app/all.yaml:12:14: warning: expected integer, found string "big" [schema-type]"#,
        ])
    }
}
