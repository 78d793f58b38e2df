import Foundation
import TestSupport
import XCTest

/// The built server over pipes on a sample of 30 real files of every kind (a multi-document Kubernetes
/// file, a CRLF file and a `lenient/` file with an indentation warning among them), checked against the command
/// line: diagnostics arrive for each file, the outline's top-level names equal the top-level keys in
/// `pureyaml events`, and the client's text after applying the formatting TextEdits (UTF-16 positions)
/// equals what `pureyaml format -` prints.
///
/// The whole corpus goes through the model in-process in `YAMLDocumentModelTests/CorpusModelTests`.
final class CorpusTests: XCTestCase {
    /// 2 files that need formatting and 1 that does not per kind (chosen at random once), plus the extras.
    static let sample = [
        "ansible/kubernetes-sigs__kubespray/roles/container-engine/docker/tasks/pre-upgrade.yml",
        "ansible/geerlingguy__ansible-for-devops/tests/deployments-rolling.yml",
        "ansible/kubernetes-sigs__kubespray/roles/kubernetes-apps/policy_controller/meta/main.yml",
        "cloudformation/aws-cloudformation__aws-cloudformation-templates/Solutions/AmazonCloudWatchAgent/ssm/centos.yaml",
        "cloudformation/aws-cloudformation__aws-cloudformation-templates/CloudFormation/StackSets/common-resources.yaml",
        "cloudformation/aws-cloudformation__aws-cloudformation-templates/CloudFormation/MacrosExamples/ExecutionRoleBuilder/macro.yaml",
        "docker-compose/open-telemetry__opentelemetry-demo/compose.agent.yaml",
        "docker-compose/docker__compose/pkg/e2e/fixtures/dotenv/development/compose.yaml",
        "docker-compose/compose-spec__compose-go/loader/testdata/compose-test-extends-with-context-url-imported.yaml",
        "github-workflows/actions__starter-workflows/code-scanning/pysa.yml",
        "github-workflows/jpsim__Yams/.github/workflows/swiftpm.yml",
        "github-workflows/actions__starter-workflows/ci/android.yml",
        "gitlab-ci/gitlabhq__omnibus-gitlab/gitlab-ci-config/gitlab-com.yml",
        "gitlab-ci/freedesktop__wayland/.gitlab-ci.yml",
        "gitlab-ci/gitlabhq__gitlab-runner/.gitlab/ci/_common.gitlab-ci.yml",
        "helm-values/grafana__helm-charts/charts/enterprise-metrics/values.yaml",
        "helm-values/grafana__helm-charts/charts/rollout-operator/values.yaml",
        "helm-values/prometheus-community__helm-charts/charts/prometheus-pushgateway/ci/podlabels-values.yaml",
        "kubernetes/GoogleCloudPlatform__microservices-demo/kustomize/components/network-policies/network-policy-loadgenerator.yaml",
        "kubernetes/kubernetes__examples/_archived/persistent-volume-provisioning/quobyte/quobyte-storage-class.yaml",
        "kubernetes/GoogleCloudPlatform__microservices-demo/kustomize/components/without-loadgenerator/kustomization.yaml",
        "misc/open-telemetry__opentelemetry-demo/src/grafana/provisioning/datasources/default.yaml",
        "misc/CircleCI-Public__circleci-yaml-language-server/pkg/services/testdata/autocomplete1.yml",
        "misc/pydata__xarray/.github/dependabot.yml",
        "openapi/digitalocean__openapi/specification/resources/apps/models/app_job_invocations.yml",
        "openapi/digitalocean__openapi/specification/resources/billing/models/product_usage_charges.yml",
        "openapi/digitalocean__openapi/specification/resources/volumes/examples/ruby/volumes_get.yml",
        // 5 documents.
        "kubernetes/GoogleCloudPlatform__microservices-demo/kubernetes-manifests/cartservice.yaml",
        // CRLF line ends.
        "kubernetes/kubernetes__examples/_archived/sysdig-cloud/sysdig-rc.yaml",
        // Invalid for a strict YAML 1.2 parser (a flow sequence's `]` under-indented).
        "lenient/github-workflows/open-telemetry__opentelemetry-demo/.github/workflows/checks.yml",
    ]

    func testSampleThroughTheLanguageServer() throws {
        let corpus = try requireSharedFolder("corpus")
        guard let binary = BuiltBinary.pureyaml else { XCTFail("the pureyaml executable was not built"); return }
        let server = try ServerProcess(executable: binary)
        let initID = try server.request("initialize", ["processId": NSNull(), "rootUri": NSNull(), "capabilities": [String: Any]()])
        _ = try server.response(to: initID)
        try server.notify("initialized", [String: Any]())
        var reformatted = 0, lenientFiles = 0
        for (i, rel) in Self.sample.enumerated() {
            let url = corpus.appendingPathComponent(rel)
            let text = try String(contentsOf: url, encoding: .utf8)
            let uri = "file:///corpus/" + rel
            try server.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "yaml", "version": i + 1, "text": text]])
            let published = try server.receive(until: {
                ($0["method"] as? String) == "textDocument/publishDiagnostics"
                    && (($0["params"] as? [String: Any])?["uri"] as? String) == uri
            }).match
            let params = published["params"] as? [String: Any] ?? [:]
            XCTAssertEqual(params["version"] as? Int, i + 1, rel)
            let diagnostics = params["diagnostics"] as? [[String: Any]] ?? []
            let errors = diagnostics.filter { $0["severity"] as? Int == 1 }
            if rel.hasPrefix("lenient/") {
                // A closing bracket at its parent key's column: invalid YAML 1.2 that libyaml accepts, so a
                // warning with the `insufficient-indentation` code rather than an error.
                let warnings = diagnostics.filter { $0["severity"] as? Int == 2 && $0["code"] as? String == "insufficient-indentation" }
                XCTAssertEqual(errors.count, 0, "\(rel): \(errors)")
                XCTAssertFalse(warnings.isEmpty, "\(rel): the lenient file gets its indentation warning")
                lenientFiles += 1
            } else {
                XCTAssertEqual(errors.count, 0, "\(rel): \(errors)")
            }

            // Outline vs. the top-level keys in the event stream.
            let symbols = try server.response(to: try server.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]]))["result"] as? [[String: Any]] ?? []
            let events = try runProcess(binary, ["events", url.path])
            if errors.isEmpty {
                XCTAssertEqual(events.status, 0, rel)
                let expected = Self.topLevelKeys(eventLines: String(decoding: events.stdout, as: UTF8.self))
                let names = symbols.map { $0["name"] as? String ?? "?" }
                if expected.count == 1 {
                    if let keys = expected[0] { XCTAssertEqual(names, keys, rel) }
                } else {
                    // One symbol per document, named by what it holds (checked against each document's kind
                    // and name in CorpusModelTests); a fallback name is the document's own number.
                    XCTAssertEqual(names.count, expected.count, rel)
                    for (j, name) in names.enumerated() {
                        XCTAssertFalse(name.isEmpty || name.hasSuffix("…"), "\(rel), document \(j + 1): \(name)")
                        if name.hasPrefix("Document ") { XCTAssertEqual(name, "Document \(j + 1)", rel) }
                    }
                    for (j, symbol) in symbols.enumerated() where j < expected.count && expected[j] != nil {
                        let children = (symbol["children"] as? [[String: Any]] ?? []).map { $0["name"] as? String ?? "?" }
                        XCTAssertEqual(children, expected[j], "\(rel), document \(j + 1)")
                    }
                }
            }

            // Formatting edits applied by the client == `pureyaml format -`.
            let formatID = try server.request("textDocument/formatting", ["textDocument": ["uri": uri], "options": ["tabSize": 2, "insertSpaces": true]])
            let edits = try server.response(to: formatID)["result"] as? [[String: Any]] ?? []
            let applied = try applyLSPTextEdits(edits, to: text)
            let cli = try runProcess(binary, ["format", "-"], stdin: Data(text.utf8))
            XCTAssertEqual(applied, String(decoding: cli.stdout, as: UTF8.self), "\(rel): LSP edits and `format -` disagree")
            if !edits.isEmpty { reformatted += 1 }
            if rel.contains("sysdig-rc") { XCTAssertTrue(applied.contains("\r\n") && !applied.replacingOccurrences(of: "\r\n", with: "").contains("\n")) }
            try server.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
        }
        XCTAssertGreaterThanOrEqual(reformatted, 15, "most of the sample needs formatting")
        XCTAssertEqual(lenientFiles, 1)
        _ = try server.response(to: try server.request("shutdown"))
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0)
    }

    /// Per document, the keys of its root mapping (names of `=VAL`/`=ALI` events at the first level),
    /// read from yaml-test-suite event notation; nil for a root that is not a mapping.
    static func topLevelKeys(eventLines: String) -> [[String]?] {
        var docs: [[String]?] = []
        var current: [String] = []
        var depth = 0, position = 0, rootIsMapping = false
        for line in eventLines.split(separator: "\n").map(String.init) {
            if line.hasPrefix("+DOC") { current = []; depth = 0; position = 0; rootIsMapping = false; continue }
            if line.hasPrefix("-DOC") { docs.append(rootIsMapping ? current : nil); continue }
            let opens = line.hasPrefix("+MAP") || line.hasPrefix("+SEQ")
            let closes = line.hasPrefix("-MAP") || line.hasPrefix("-SEQ")
            let node = opens || line.hasPrefix("=VAL") || line.hasPrefix("=ALI")
            if closes { depth -= 1; continue }
            guard node else { continue }
            if depth == 0 && line.hasPrefix("+MAP") { rootIsMapping = true }
            if depth == 1 && rootIsMapping {
                if position % 2 == 0 { current.append(label(line)) }
                position += 1
            }
            if opens { depth += 1 }
        }
        return docs
    }

    /// The outline label of a key event line: the scalar's value (escapes decoded), `*name`, or `{…}`/`[…]`.
    static func label(_ line: String) -> String {
        if line.hasPrefix("+MAP") { return "{…}" }
        if line.hasPrefix("+SEQ") { return "[…]" }
        var words = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first.map(String.init) ?? ""
        if line.hasPrefix("=ALI") { return words }
        // Properties (&anchor, <tag>) come before the value, which starts with its style character.
        while words.hasPrefix("&") || words.hasPrefix("<") {
            guard let space = words.firstIndex(of: " ") else { break }
            words = String(words[words.index(after: space)...])
        }
        var value = ""
        var chars = words.dropFirst().makeIterator()
        while let c = chars.next() {
            guard c == "\\" else { value.append(c); continue }
            switch chars.next() {
            case "n": value.append("\n")
            case "t": value.append("\t")
            case "r": value.append("\r")
            case "b": value.append("\u{8}")
            case "0": value.append("\0")
            case "\\": value.append("\\")
            case let other?: value.append("\\"); value.append(other)
            case nil: value.append("\\")
            }
        }
        if value.isEmpty { return "\"\"" }
        let first = value.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? value
        if first.count > 60 || first.count != value.count { return String(first.prefix(60)) + "…" }
        return value
    }
}
