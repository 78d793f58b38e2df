import Foundation
import TestSupport
import XCTest
import YAMLComposer
import YAMLDocumentModel
import YAMLSchema

/// Kubernetes manifests get their kind's schema by content, with default settings: per document of a
/// stream, only for a known (group, version, kind), after modelines, `--schema` and `yaml.schemas`.
final class KubernetesDetectionTests: XCTestCase {
    static let defaultFolder = "https://raw.githubusercontent.com/yannh/kubernetes-json-schema/master/v1.32.1-standalone-strict/"

    private func model(_ settingsJSON: String? = nil) throws -> DocumentModel {
        var settings = Settings()
        settings.schema.workspaceFolders = [DocumentURI(filePath: "/w")]
        if let settingsJSON { settings.apply(try SchemaText.parse(Array(settingsJSON.utf8))) }
        return DocumentModel(settings: settings)
    }

    /// `schema [rule]` per document of `uri`, `-` for none.
    private func explain(_ model: DocumentModel, _ uri: DocumentURI) -> [String] {
        (model.schemaInfo(uri)?.documents ?? []).map { d in d.schemaURI.map { "\($0) [\(d.rule.map(String.init(describing:)) ?? "")]" } ?? "-" }
    }

    func testDefaultSettingsPickTheKindsSchemaPerDocument() throws {
        let model = try model()
        let uri = DocumentURI(filePath: "/w/deploy/app.yaml")
        model.perform(.open(uri, version: 1, text: """
            apiVersion: apps/v1
            kind: Deployment
            metadata: {name: web}
            ---
            apiVersion: v1
            kind: Service
            ---
            apiVersion: networking.k8s.io/v1
            kind: NetworkPolicy
            ---
            apiVersion: autoscaling/v2
            kind: HorizontalPodAutoscaler
            ---
            name: not a manifest

            """))
        XCTAssertEqual(explain(model, uri), [
            Self.defaultFolder + "deployment-apps-v1.json [kubernetes: apps/v1 Deployment]",
            Self.defaultFolder + "service-v1.json [kubernetes: v1 Service]",
            Self.defaultFolder + "networkpolicy-networking-v1.json [kubernetes: networking.k8s.io/v1 NetworkPolicy]",
            Self.defaultFolder + "horizontalpodautoscaler-autoscaling-v2.json [kubernetes: autoscaling/v2 HorizontalPodAutoscaler]",
            "-",
        ])
    }

    /// Only a known (group, version, kind) counts: the two keys alone, a lowercase kind, a version that
    /// is no Kubernetes version, a kind of another group, a number for a string, a nested manifest.
    func testDocumentsThatOnlyLookAlikeAreNotCaught() throws {
        let model = try model(#"{"pureyaml.schema.crdCatalog": ""}"#)
        let uri = DocumentURI(filePath: "/w/x.yaml")
        let lookalikes = [
            "apiVersion: v1\nkind: Config\n",  // a kubeconfig
            "apiVersion: apps/v1\nkind: deployment\n",
            "apiVersion: apps/1.0\nkind: Deployment\n",
            "apiVersion: example.com/v1\nkind: Deployment\n",
            "apiVersion: 1\nkind: Service\n",
            "kind: Deployment\nspec: {}\n",
            "apiVersion: [apps/v1]\nkind: Deployment\n",
            "items:\n  apiVersion: v1\n  kind: Service\n",
            "on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps: [{uses: actions/checkout@v4}]\n",
            "services:\n  web:\n    image: nginx\n",
            "openapi: 3.0.0\ninfo: {title: t, version: v1}\npaths: {}\n",
            "apiVersion: v1\nkind: List\nitems: []\n",
        ]
        model.perform(.open(uri, version: 1, text: lookalikes.joined(separator: "---\n")))
        XCTAssertEqual(explain(model, uri), Array(repeating: "-", count: lookalikes.count))
    }

    func testModelineSchemaOptionAndSettingsPickAnotherSchema() throws {
        let text = "# yaml-language-server: $schema=https://example.com/mine.json\napiVersion: v1\nkind: ConfigMap\n---\napiVersion: v1\nkind: ConfigMap\n"
        let model = try model(#"{"yaml.schemas": {"https://example.com/cm.json": "cm/*.yaml"}}"#)
        let plain = DocumentURI(filePath: "/w/plain.yaml"), matched = DocumentURI(filePath: "/w/cm/a.yaml")
        model.perform(.open(plain, version: 1, text: text))
        model.perform(.open(matched, version: 1, text: "apiVersion: v1\nkind: ConfigMap\n"))
        XCTAssertEqual(explain(model, plain), ["https://example.com/mine.json [modeline]",
                                               Self.defaultFolder + "configmap-v1.json [kubernetes: v1 ConfigMap]"])
        XCTAssertEqual(explain(model, matched), [#"https://example.com/cm.json [settings glob "cm/*.yaml"]"#])
        var forced = model.settings
        forced.schema.overrideSchema = "https://example.com/forced.json"
        model.perform(.configure(forced))
        XCTAssertEqual(explain(model, plain), Array(repeating: "https://example.com/forced.json [command line --schema]", count: 2))
    }

    func testASettingTurnsDetectionOffAndOnePicksTheVersion() throws {
        let model = try model(#"{"pureyaml.schema.kubernetes": false}"#)
        let uri = DocumentURI(filePath: "/w/a.yaml")
        // ResourceClaim is served as resource.k8s.io/v1 from Kubernetes 1.34 on.
        model.perform(.open(uri, version: 1, text: "apiVersion: batch/v1\nkind: Job\n---\napiVersion: resource.k8s.io/v1\nkind: ResourceClaim\n"))
        XCTAssertEqual(explain(model, uri), ["-", "-"])
        var settings = model.settings
        settings.apply(try SchemaText.parse(Array(#"{"pureyaml.schema.kubernetes": true, "pureyaml.schema.crdCatalog": ""}"#.utf8)))
        model.perform(.configure(settings))
        XCTAssertEqual(explain(model, uri), [Self.defaultFolder + "job-batch-v1.json [kubernetes: batch/v1 Job]", "-"],
                       "resource.k8s.io/v1 is not served by the default version, 1.32")
        settings.apply(try SchemaText.parse(Array(#"{"pureyaml.schema.kubernetesVersion": "1.37.0"}"#.utf8)))
        model.perform(.configure(settings))
        let folder = "https://raw.githubusercontent.com/yannh/kubernetes-json-schema/master/v1.37.0-standalone-strict/"
        XCTAssertEqual(explain(model, uri), [folder + "job-batch-v1.json [kubernetes: batch/v1 Job]",
                                             folder + "resourceclaim-resource-v1.json [kubernetes: resource.k8s.io/v1 ResourceClaim]"])
        settings.apply(try SchemaText.parse(Array(#"{"pureyaml.schema.kubernetesSchemaBase": "/mirror/k8s"}"#.utf8)))
        model.perform(.configure(settings))
        XCTAssertEqual(model.schemaInfo(uri)?.documents.first?.schemaURI, "file:///mirror/k8s/job-batch-v1.json")
    }

    /// A `kubernetesVersion` outside the built-in kinds' table (1.25 to 1.37) detects the kinds of the
    /// nearest version known (it used to detect every kind of every version), and the settings say so: a
    /// warning on the key in a settings file, a problem reported by ``Settings/applyReportingProblems(_:nullRestoring:)``.
    func testAVersionOutsideTheTableUsesTheNearestAndSaysSo() throws {
        let stream = "apiVersion: batch/v1\nkind: Job\n---\napiVersion: resource.k8s.io/v1\nkind: ResourceClaim\n"
        for (version, detected) in [("1.20", ["job-batch-v1.json", "-"]), ("1.40.0", ["job-batch-v1.json", "resourceclaim-resource-v1.json"])] {
            let model = try model(#"{"pureyaml.schema.kubernetesVersion": "\#(version)", "pureyaml.schema.crdCatalog": ""}"#)
            let uri = DocumentURI(filePath: "/w/a.yaml")
            model.perform(.open(uri, version: 1, text: stream))
            XCTAssertEqual(model.schemaInfo(uri)?.documents.map { $0.schemaURI.map { String($0.split(separator: "/").last!) } ?? "-" }, detected, version)
        }
        var settings = Settings()
        let problems = settings.applyReportingProblems(try SchemaText.parse(Array(#"{"pureyaml.schema.kubernetesVersion": "1.20"}"#.utf8)))
        XCTAssertEqual(settings.schema.kubernetesVersion, "1.20", "the version still fills {version}")
        XCTAssertEqual(problems.map(\.message), ["`pureyaml.schema.kubernetesVersion` \"1.20\" is outside the Kubernetes versions whose "
            + "built-in kinds PureYAML knows (1.25 to 1.37): kinds are detected as in 1.25; the schemas are still taken from the "
            + "folder of the version given."])
        XCTAssertEqual(settings.applyReportingProblems(try SchemaText.parse(Array(#"{"pureyaml.schema.kubernetesVersion": "v1.30.0"}"#.utf8))), [])
        XCTAssertEqual(settings.applyReportingProblems(try SchemaText.parse(Array(#"{"pureyaml.schema.kubernetesVersion": "master"}"#.utf8))), [])
        let configuration = ProjectConfiguration(uri: DocumentURI(filePath: "/repo/.pureyaml.yaml"),
                                                 bytes: Array("pureyaml.schema.kubernetesVersion: \"1.20\"\n".utf8))
        XCTAssertEqual(configuration.diagnostics.map { "\($0.start.line):\($0.start.column) \($0.diagnostic.severity) \($0.diagnostic.code)" },
                       ["1:36 warning \(ProjectConfiguration.invalidValueCode)"])
        XCTAssertEqual(configuration.settings.schema.kubernetesVersion, "1.20")
    }

    /// The renderer's own settings (the editor's) with a `kubernetesVersion` outside the table: the model
    /// notes it for the user to see (``DocumentModel/settingsProblems``, ``SurfaceArea/settingsProblems``;
    /// it used to be a log line only), once per change of that setting: not again when other settings
    /// change, again for another version outside the table or when it comes back after one inside.
    func testAVersionOutsideTheTableFromTheRenderersSettingsIsNotedOncePerChange() throws {
        let model = DocumentModel(settings: .editorDefaults(workspaceFolders: []))
        var settings = model.settings
        func configure(_ json: String) throws -> Set<SurfaceArea> {
            settings.apply(try SchemaText.parse(Array(json.utf8)))
            return model.perform(.configure(settings))
        }
        XCTAssertFalse(try configure(#"{"pureyaml.schema.kubernetesVersion": "1.30"}"#).contains(.settingsProblems))
        XCTAssertTrue(try configure(#"{"pureyaml.schema.kubernetesVersion": "1.20"}"#).contains(.settingsProblems))
        XCTAssertEqual(model.settingsProblems.map(\.message), ["`pureyaml.schema.kubernetesVersion` \"1.20\" is outside the Kubernetes "
            + "versions whose built-in kinds PureYAML knows (1.25 to 1.37): kinds are detected as in 1.25; the schemas are still taken "
            + "from the folder of the version given."])
        XCTAssertFalse(try configure(#"{"pureyaml.format.indentWidth": 4}"#).contains(.settingsProblems))
        XCTAssertFalse(try configure(#"{"pureyaml.schema.severity": "error"}"#).contains(.settingsProblems))
        XCTAssertTrue(try configure(#"{"pureyaml.schema.kubernetesVersion": "1.99"}"#).contains(.settingsProblems))
        // Detection by content off: nothing to say; turned on again, said again.
        XCTAssertFalse(try configure(#"{"pureyaml.schema.kubernetes": false}"#).contains(.settingsProblems))
        XCTAssertTrue(try configure(#"{"pureyaml.schema.kubernetes": true}"#).contains(.settingsProblems))
        _ = try configure(#"{"pureyaml.schema.kubernetesVersion": "v1.32.1"}"#)
        XCTAssertTrue(try configure(#"{"pureyaml.schema.kubernetesVersion": "1.20"}"#).contains(.settingsProblems))
        XCTAssertEqual(model.settingsProblems.map { $0.value.jsonText }, [#""1.20""#, #""1.99""#, #""1.99""#, #""1.20""#])
    }

    /// A settings file's relative `pureyaml.schema.crds` glob may search below the file's own folder (the
    /// trust policy holds the glob's folder); an absolute glob gives the policy nothing.
    func testARelativeGlobOfASettingsFileIsTrustedInItsOwnFolder() {
        let configuration = ProjectConfiguration(uri: DocumentURI(filePath: "/repo/.pureyaml.yaml"),
                                                 bytes: Array("pureyaml.schema.crds: [\"crds/**/*.yaml\", \"/etc/*.yaml\"]\n".utf8))
        XCTAssertEqual(configuration.settings.schema.customResourceDefinitions, ["/repo/crds/**/*.yaml", "/etc/*.yaml"])
        XCTAssertEqual(configuration.settings.schema.projectOwnFolderGlobs, ["/repo/crds/**/*.yaml"])
        let overlaid = Settings().overlaid(with: configuration)
        XCTAssertTrue(overlaid.schema.trustPolicy.readableFolders.contains("/repo/crds"), "\(overlaid.schema.trustPolicy.readableFolders)")
        XCTAssertFalse(overlaid.schema.trustPolicy.readableFolders.contains("/etc"))
    }

    /// In a `.pureyaml.yaml`, the folder (with `{version}`), the CRD files and a CRD catalog that is a path
    /// are relative to the settings file's folder.
    func testPathsInASettingsFileAreRelativeToIt() throws {
        let text = """
            pureyaml.schema.kubernetesSchemaBase: mirror/{version}/
            pureyaml.schema.kubernetesVersion: 1.30.0
            pureyaml.schema.crds: [crds/widgets.yaml, https://example.com/crds.yaml]
            pureyaml.schema.crdCatalog: catalog/{group}/{kind}_{version}.json
            """
        let configuration = ProjectConfiguration(uri: DocumentURI(filePath: "/repo/sub dir/.pureyaml.yaml"), bytes: Array(text.utf8))
        XCTAssertEqual(configuration.diagnostics.map(\.diagnostic.message), [])
        XCTAssertEqual(configuration.settings.schema.customResourceDefinitions,
                       ["file:///repo/sub%20dir/crds/widgets.yaml", "https://example.com/crds.yaml"])
        let model = DocumentModel(settings: configuration.settings)
        let uri = DocumentURI(filePath: "/repo/sub dir/app.yaml")
        model.perform(.open(uri, version: 1, text: "apiVersion: apps/v1\nkind: Deployment\n---\napiVersion: cert-manager.io/v1\nkind: Issuer\nmetadata: {name: i}\n"))
        XCTAssertEqual(Set(model.schemaLoadRequests), ["file:///repo/sub%20dir/crds/widgets.yaml", "https://example.com/crds.yaml",
                                                       "file:///repo/sub%20dir/mirror/v1.30.0/deployment-apps-v1.json"])
        XCTAssertEqual(model.schemaInfo(uri)?.documents.last?.schemaURI, nil, "the CRD catalog waits for the CRD files")
        var edge = SchemaTestEdge()
        edge.serve(model)
        XCTAssertEqual(model.schemaInfo(uri)?.documents.map { $0.schemaURI ?? "-" },
                       ["file:///repo/sub%20dir/mirror/v1.30.0/deployment-apps-v1.json",
                        "file:///repo/sub%20dir/catalog/cert-manager.io/issuer_v1.json"])
        XCTAssertEqual(edge.requested.last, "file:///repo/sub%20dir/catalog/cert-manager.io/issuer_v1.json")
    }

    /// With the real schema (../shared), a Deployment whose `replicas` is a string gets a finding, and
    /// the rule says why.
    func testADeploymentGetsItsSchemaFindings() throws {
        let schemas = try requireSharedFolder("schemas")
        let model = try model(#"{"pureyaml.schema.kubernetesVersion": "v1.37.0", "pureyaml.schema.kubernetesSchemaBase": "\#(schemas.path)/kubernetes/{version}-standalone-strict/"}"#)
        let uri = DocumentURI(filePath: "/w/web.yaml")
        model.perform(.open(uri, version: 1, text: """
            apiVersion: apps/v1
            kind: Deployment
            metadata:
              name: web
            spec:
              replicas: "three"
              selector: {matchLabels: {app: web}}
              template:
                metadata: {labels: {app: web}}
                spec:
                  containers: [{name: web, image: nginx}]

            """))
        var edge = SchemaTestEdge()
        edge.serve(model)
        let info = try XCTUnwrap(model.schemaInfo(uri)?.documents.first)
        XCTAssertEqual(info.status, .loaded)
        XCTAssertEqual(info.rule?.description, "kubernetes: apps/v1 Deployment")
        let findings = (model.diagnostics(uri)?.diagnostics ?? []).filter { $0.source == "pureyaml-schema" }
        XCTAssertEqual(findings.map(\.code), ["schema-type"])
        XCTAssertEqual(findings.first.map { model.snapshot(uri)?.humanPosition(of: $0.range.start).line }, 6)
        XCTAssertEqual(edge.requested, ["file://\(schemas.path)/kubernetes/v1.37.0-standalone-strict/deployment-apps-v1.json"])
    }

    /// Every built-in kind's file name follows yannh/kubernetes-json-schema's layout: the 20 kinds in
    /// ../shared are named so there.
    func testSchemaFileNamesMatchTheSharedSchemas() throws {
        let folder = try requireSharedFolder("schemas").appendingPathComponent("kubernetes/v1.37.0-standalone-strict")
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        let model = try model(#"{"pureyaml.schema.kubernetesVersion": "1.37.0", "pureyaml.schema.kubernetesSchemaBase": "/k/"}"#)
        let kinds = ["v1 ConfigMap", "apps/v1 Deployment", "batch/v1 CronJob", "rbac.authorization.k8s.io/v1 ClusterRole",
                     "autoscaling/v2 HorizontalPodAutoscaler", "networking.k8s.io/v1 Ingress", "policy/v1 PodDisruptionBudget",
                     "v1 PersistentVolumeClaim", "v1 ServiceAccount", "apps/v1 StatefulSet"]
        let uri = DocumentURI(filePath: "/w/all.yaml")
        model.perform(.open(uri, version: 1, text: kinds.map {
            let p = $0.split(separator: " ")
            return "apiVersion: \(p[0])\nkind: \(p[1])\n"
        }.joined(separator: "---\n")))
        let names = (model.schemaInfo(uri)?.documents ?? []).compactMap { $0.schemaURI?.split(separator: "/").last.map(String.init) }
        XCTAssertEqual(names.count, kinds.count)
        for name in names { XCTAssertTrue(files.contains(name), name) }
    }
}
