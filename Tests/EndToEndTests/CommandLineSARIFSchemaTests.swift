import Foundation
import TestSupport
import XCTest
import YAMLComposer
import YAMLParser
import YAMLSchema

/// `check --format sarif` output validated against the official SARIF 2.1.0 JSON schema
/// (``CommandLineSARIFSchema``) with PureYAML's own JSON Schema validator; JSON is YAML 1.2, so the log
/// is read by PureYAML's parser.
final class CommandLineSARIFSchemaTests: XCTestCase {
    typealias H = CommandLineCIHarness

    static let schema: JSONSchema = {
        do { return try JSONSchema(jsonText: Array(CommandLineSARIFSchema.text.utf8)) } catch {
            fatalError("the embedded SARIF schema is not JSON: \(error)")
        }
    }()

    /// Schema violations of a SARIF log text (errors and warnings alike: a warning would mean the
    /// validator could not finish).
    private func violations(_ log: String) throws -> [String] {
        let parse = Parser.parse(Array(log.utf8))
        XCTAssertEqual(parse.errors.filter { $0.severity == .error }.map(\.message), [], "the log is not valid JSON/YAML")
        let root = try XCTUnwrap(Composer.compose(parse).documents.first?.root)
        return Self.schema.validate(root).map { "\($0.instancePath): \($0.message) [\($0.keyword)]" }
    }

    func testTheEmbeddedSchemaCompilesCleanly() {
        XCTAssertEqual(Self.schema.draft, .draft4)
        XCTAssertEqual(Self.schema.schemaProblems, [])
        XCTAssertEqual(Self.schema.unresolvedReferences, [])
    }

    func testSARIFOutputConformsToTheSchema() throws {
        let corpus = try requireSharedFolder("corpus")
        let folder = try H.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try H.write("x: \"😀\\q\"\n", to: "sub dir/a file.yaml", in: folder)
        try H.write("%YAML 1.3\n---\na: 1\n", to: "warn.yaml", in: folder)
        try H.write("? |\n  x\n  y\n: 1\n? |\n  x\n  y\n: 2\n", to: "multiline.yaml", in: folder)
        try H.write("format: [\n", to: "cfg/.pureyaml.yaml", in: folder)
        try H.write("a: 1\n", to: "cfg/ok.yaml", in: folder)
        let runs: [[String]] = [
            [corpus.appendingPathComponent("gitlab-ci").path],
            [corpus.appendingPathComponent("lenient").path],
            ["."],
            [corpus.appendingPathComponent("lenient").path, "warn.yaml"],
        ]
        var results = 0
        for arguments in runs {
            let r = try H.run(["check", "--format", "sarif"] + arguments, in: folder)
            XCTAssertNotEqual(r.status, 2, r.stderr)
            XCTAssertEqual(try violations(r.stdout), [], "\(arguments)")
            results += r.stdout.components(separatedBy: "\"ruleId\"").count - 1
        }
        XCTAssertGreaterThanOrEqual(results, 8, "the runs should produce results of several kinds")
        let stdin = try H.run(["check", "--format", "sarif", "-"], stdin: "a: 1\na: 2\n")
        XCTAssertEqual(try violations(stdin.stdout), [])
    }

    /// A schema that could not be had is a tool execution notification of the run's invocation.
    func testAMissingSchemaNotificationConforms() throws {
        let folder = try H.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try H.write("pureyaml.schema.kubernetesSchemaBase: http://127.0.0.1:9/pureyaml-missing-\(UUID().uuidString)/\n",
                    to: ".pureyaml.yaml", in: folder)
        try H.write(KubernetesFixtures.deploymentWithStringReplicas, to: "a.yaml", in: folder)
        let log = try H.run(["check", "--offline", "--format", "sarif", "a.yaml"], in: folder).stdout
        XCTAssertTrue(log.contains("toolExecutionNotifications"), log)
        XCTAssertEqual(try violations(log), [])
    }

    func testTheSchemaRejectsWhatSARIFForbids() throws {
        let good = try H.run(["check", "--format", "sarif", "-"], stdin: "a: 1\na: 2\n").stdout
        XCTAssertEqual(try violations(good), [])
        let broken = [
            good.replacingOccurrences(of: "\"level\" : \"error\"", with: "\"level\" : \"fatal\""),
            good.replacingOccurrences(of: "\"version\" : \"2.1.0\"", with: "\"version\" : \"2.0.0\""),
            good.replacingOccurrences(of: "\"startLine\" : 2", with: "\"startLine\" : 0"),
            good.replacingOccurrences(of: "\"columnKind\"", with: "\"columnUnits\""),
            good.replacingOccurrences(of: "\"ruleIndex\" : 0", with: "\"ruleIndex\" : \"0\""),
        ]
        for (i, text) in broken.enumerated() {
            XCTAssertNotEqual(text, good, "case \(i) changed nothing")
            XCTAssertFalse(try violations(text).isEmpty, "case \(i) should violate the schema")
        }
    }
}
