import Foundation
import TestSupport
import XCTest
import YAMLDocumentModel

/// The validator's messages survive association and reach the diagnostics surface, at the right places:
/// SchemaStore's real GitHub workflow schema applied by a settings glob to block YAML. `⏩…⏪` in the
/// text marks where each expected diagnostic starts and ends.
final class SchemaWorkflowDiagnosticTests: XCTestCase {
    private func check(_ marked: String, _ expected: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let schema = try requireSharedFolder("schemas").appendingPathComponent("schemastore/github-workflow.json")
        var text = "", ranges: [Range<Int>] = [], start = 0
        for ch in marked {
            if ch == "⏩" { start = text.utf8.count } else if ch == "⏪" { ranges.append(start..<text.utf8.count) } else { text.append(ch) }
        }
        var settings = Settings()
        settings.schema.workspaceFolders = [DocumentURI(filePath: "/repo")]
        settings.apply(.object([(key: "yaml.schemas", value: .object([(key: schema.path, value: .string("**/.github/workflows/*.yml"))]))]))
        let model = DocumentModel(settings: settings)
        let uri = DocumentURI(filePath: "/repo/.github/workflows/ci.yml")
        model.perform(.open(uri, version: 1, text: text))
        var edge = SchemaTestEdge()
        edge.serve(model)
        let diagnostics = (model.diagnostics(uri)?.diagnostics ?? []).filter { $0.source == "pureyaml-schema" }
        XCTAssertEqual(diagnostics.map(\.message), expected, file: file, line: line)
        XCTAssertEqual(diagnostics.map { $0.range.start..<$0.range.end }, ranges, "ranges", file: file, line: line)
        XCTAssertEqual(Set(diagnostics.compactMap(\.schemaURI)), [DocumentURI(filePath: schema.path).string], file: file, line: line)
    }

    func testMissingAndMisspelledRunsOn() throws {
        try check("""
            on: push
            jobs:
              ⏩build⏪:
                ⏩runs_on⏪: ubuntu-latest
                steps:
                  - run: make
              test:
                runs-on: ubuntu-latest
                steps:
                  - run: make test
            """, [
                #"missing required property "runs-on""#,
                #"property "runs_on" is not allowed; did you mean "runs-on"?"#,
            ])
    }

    func testEveryDocumentOfAStreamIsValidatedOnItsOwn() throws {
        try check("""
            on: push
            jobs:
              a:
                runs-on: x
                steps: [{run: a}]
            ---
            ⏩jobs⏪: ⏩{}⏪
            """, [#"missing required property "on""#, "expected at least 1 property, found 0"])
    }
}
