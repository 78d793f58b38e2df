import Foundation
import TestSupport
import XCTest
import YAMLDocumentModel
import YAMLSchema

/// End to end through association: the corpus folder is the workspace, a `yaml.schemas` setting maps the
/// real schemas to globs (the `kubernetes` key picks a schema per document from apiVersion/kind), the
/// schemas arrive as `schemaLoaded` intents, and the verdict per document must equal
/// ../shared/corpus/VALIDATION.tsv. Files over 64 KiB are left out to keep the debug run short.
final class SchemaCorpusTests: XCTestCase {
    func testWorkflowsComposeFilesAndKubernetesManifestsAgreeWithTheReference() throws {
        let corpus = try requireSharedFolder("corpus")
        let schemas = try requireSharedFolder("schemas")
        let table = try String(contentsOf: corpus.appendingPathComponent("VALIDATION.tsv"), encoding: .utf8)
        // Expected (schema file, verdict) per document, in stream order, for the kinds under test.
        var expected: [String: [(schema: String, valid: Bool)]] = [:]
        var order: [String] = []
        for line in table.split(separator: "\n").dropFirst() {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count >= 3, f[2] == "valid" || f[2] == "invalid",
                  f[1] == "schemastore/github-workflow.json" || f[1] == "compose-spec/compose-spec.json"
                    || f[1].hasPrefix("kubernetes/") else { continue }
            if expected[f[0]] == nil { order.append(f[0]) }
            expected[f[0], default: []].append((String(f[1].split(separator: "/").last ?? ""), f[2] == "valid"))
        }
        let settings = """
            {"yaml": {"schemas": {
                "\(schemas.path)/schemastore/github-workflow.json": "github-workflows/**/*.{yml,yaml}",
                "compose-spec/compose-spec.json": ["docker-compose/**/*.yaml", "docker-compose/**/*.yml"],
                "kubernetes": "kubernetes/**/*.{yml,yaml}"}},
             "pureyaml": {"schema": {"severity": "error",
                "kubernetesSchemaBase": "\(schemas.path)/kubernetes/v1.37.0-standalone-strict/"}}}
            """.replacingOccurrences(of: "\"compose-spec/", with: "\"../schemas/compose-spec/")
        var s = Settings()
        s.schema.workspaceFolders = [DocumentURI(filePath: corpus.path)]
        s.apply(try SchemaText.parse(Array(settings.utf8)))
        let model = DocumentModel(settings: s)
        var edge = SchemaTestEdge()
        var checked = 0
        var disagreements: [String] = []
        let start = Date()
        for file in order {
            let url = corpus.appendingPathComponent(file)
            let bytes = try [UInt8](Data(contentsOf: url))
            guard bytes.count <= 64 * 1024 else { continue }
            let uri = DocumentURI(filePath: url.path)
            model.perform(.openFile(uri, bytes: bytes))
            edge.serve(model)
            let info = try XCTUnwrap(model.schemaInfo(uri))
            let diagnostics = model.diagnostics(uri)?.diagnostics ?? []
            var ours: [(schema: String, valid: Bool)] = []
            for d in info.documents {
                guard let schema = d.schemaURI, d.status == .loaded else { continue }
                let invalid = diagnostics.contains { $0.source == "pureyaml-schema" && $0.severity == .error && d.range.contains($0.range.start) }
                ours.append((String(schema.split(separator: "/").last ?? ""), !invalid))
            }
            let want = expected[file] ?? []
            checked += want.count
            if ours.map(\.schema) != want.map(\.schema) || ours.map(\.valid) != want.map(\.valid) {
                disagreements.append("\(file): reference \(want), ours \(ours); \(diagnostics.filter { $0.severity == .error }.prefix(2).map(\.message))")
            }
            model.perform(.close(uri))
        }
        print("Schema corpus through association: \(checked) documents in \(Int(Date().timeIntervalSince(start) * 1000)) ms")
        XCTAssertGreaterThan(checked, 800)
        for d in disagreements { XCTFail("disagree: \(d)") }
    }
}
