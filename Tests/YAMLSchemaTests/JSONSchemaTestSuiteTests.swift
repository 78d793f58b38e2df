import Foundation
import TestSupport
import XCTest
import YAMLComposer
import YAMLSchema

/// Runs the official JSON-Schema-Test-Suite (drafts 4, 6, 7, 2019-09, 2020-12) against the validator.
/// Required tests must all pass (except the allow-list below); optional ones are counted and printed.
final class JSONSchemaTestSuiteTests: XCTestCase {
    /// Required tests known to fail, as "draft/file: case / test" -> reason. Keep this empty if at all
    /// possible.
    static let knownFailures: [String: String] = [:]

    /// Optional test files that must nevertheless pass in full: the URI-family formats, which
    /// `FormatChecker` relaxes for variable references (`${NAME}`) and must keep strict otherwise.
    static let assertedOptionalFiles: Set<String> = [
        "optional/format/uri.json", "optional/format/uri-reference.json", "optional/format/iri.json",
        "optional/format/iri-reference.json", "optional/format/uri-template.json",
    ]

    /// Set `PUREYAML_SHOW_OPTIONAL=1` to list failing optional tests.
    static let showOptionalFailures = ProcessInfo.processInfo.environment["PUREYAML_SHOW_OPTIONAL"] == "1"

    private struct Counts {
        var requiredPassed = 0, requiredTotal = 0, optionalPassed = 0, optionalTotal = 0
    }

    func testTestSuite() throws {
        let root = try requireSharedFolder("json-schema-test-suite")
        let remotes = try loadRemotes(root.appendingPathComponent("remotes"))
        let drafts: [(folder: String, draft: SchemaDraft)] = [
            ("draft4", .draft4), ("draft6", .draft6), ("draft7", .draft7),
            ("draft2019-09", .draft2019_09), ("draft2020-12", .draft2020_12),
        ]
        var failures: [String] = []
        for (folder, draft) in drafts {
            var counts = Counts()
            let dir = root.appendingPathComponent("tests").appendingPathComponent(folder)
            for file in try jsonFiles(in: dir) {
                let relative = String(file.path.dropFirst(dir.path.count + 1))
                let optional = relative.hasPrefix("optional/")
                // Format is an annotation unless asked for (2019-09 and later); the optional format tests
                // assume assertion, which is our validator's default.
                let options = ValidationOptions(formatAssertion: optional || draft <= .draft7)
                guard case .array(let cases) = try JSONTextParser.parse(Data(contentsOf: file)) else { continue }
                for testCase in cases {
                    guard let schemaJSON = testCase["schema"], case .array(let tests)? = testCase["tests"],
                          case .string(let caseName)? = testCase["description"] else { continue }
                    let schema = JSONSchema(json: schemaJSON, defaultDraft: draft, resolver: { remotes[$0] })
                    // Every schema of the suite is a schema: the shape check must not reject one.
                    if let problem = schema.shapeProblems.first {
                        failures.append("\(folder)/\(relative): \(caseName): taken for not a schema: \(problem.documentURI) \(problem)")
                    }
                    for test in tests {
                        guard let data = test["data"], case .bool(let expected)? = test["valid"],
                              case .string(let testName)? = test["description"] else { continue }
                        let violations = schema.validate(YAMLNodeFromJSON.node(data), options: options)
                        let valid = !violations.contains { $0.severity == .error }
                        let passed = valid == expected
                        if optional {
                            counts.optionalTotal += 1
                            if !passed && Self.assertedOptionalFiles.contains(relative) {
                                failures.append("\(folder)/\(relative): \(caseName) / \(testName): expected \(expected ? "valid" : "invalid")")
                            }
                            if passed { counts.optionalPassed += 1 } else if Self.showOptionalFailures {
                                print("optional failure \(folder)/\(relative): \(caseName) / \(testName)")
                            }
                        } else {
                            counts.requiredTotal += 1
                            if passed { counts.requiredPassed += 1 }
                            let id = "\(folder)/\(relative): \(caseName) / \(testName)"
                            if !passed && Self.knownFailures[id] == nil {
                                failures.append("\(id): expected \(expected ? "valid" : "invalid"); got \(violations.map(\.description))")
                            }
                        }
                    }
                }
            }
            print("JSON-Schema-Test-Suite \(folder): required \(counts.requiredPassed)/\(counts.requiredTotal), optional \(counts.optionalPassed)/\(counts.optionalTotal)")
        }
        for failure in failures { XCTFail(failure) }
    }

    private func jsonFiles(in dir: URL) throws -> [URL] {
        guard let e = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil) else { return [] }
        return e.compactMap { $0 as? URL }.filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
    }

    /// Every file under `remotes/`, keyed by the URL the suite serves it from.
    private func loadRemotes(_ dir: URL) throws -> [String: JSONValue] {
        var table: [String: JSONValue] = [:]
        for file in try jsonFiles(in: dir) {
            let relative = String(file.path.dropFirst(dir.path.count + 1))
            table["http://localhost:1234/" + relative] = try JSONTextParser.parse(Data(contentsOf: file))
        }
        return table
    }
}
