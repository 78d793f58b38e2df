import Foundation
import TestSupport
import XCTest
import YAMLComposer
import YAMLParser
import YAMLSchema
import YAMLSyntax

/// Messages and ranges on block YAML through the real parser and composer, against SchemaStore's GitHub
/// workflow schema from ../shared/schemas. `⏩…⏪` marks where each expected violation points.
final class WorkflowMessageTests: XCTestCase {
    private func check(_ yaml: String, _ expected: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let url = try requireSharedFolder("schemas").appendingPathComponent("schemastore/github-workflow.json")
        let schema = try JSONSchema(jsonText: Data(contentsOf: url), uri: "https://json.schemastore.org/github-workflow.json")
        let marked = RangeMarkers(yaml)
        let composition = Composer.compose(Parser.parse(marked.text))
        guard let root = composition.documents.first?.root else { return XCTFail("no document", file: file, line: line) }
        let violations = schema.validate(root)
        XCTAssertEqual(violations.map(\.message), expected, file: file, line: line)
        XCTAssertEqual(violations.map(\.range), marked.ranges, "ranges", file: file, line: line)
    }

    func testCommonMistakes() throws {
        try check("""
            on: ⏩pushh⏪
            jobs:
              ⏩build⏪:
                ⏩runs_on⏪: ubuntu-latest
                steps:
                  - uses: actions/checkout@v4
                    timeout-minutes: ⏩"5"⏪
                  - ⏩name⏪: only a name
            """, [
                #"expected "branch_protection_rule", "check_run", "check_suite", "create", "delete", "deployment", "#
                    + #""deployment_status", "discussion", "discussion_comment", "fork", "gollum" or "issue_comment", …, "#
                    + #"found string "pushh"; did you mean "push"?"#,
                #"missing required property "runs-on""#,
                #"property "runs_on" is not allowed; did you mean "runs-on"?"#,
                #"expected number or string matching "^\$\{\{(.|[\r\n])*\}\}$", found string "5""#,
                #"missing required property "uses", "run", "wait", "wait-all", "cancel" or "parallel""#,
            ])
    }

    func testAValidWorkflowWithAnchorsAndMergeKeys() throws {
        try check("""
            on: [push, pull_request]
            jobs:
              build: &job
                runs-on: ubuntu-latest
                steps:
                  - uses: actions/checkout@v4
                  - run: make
              test:
                <<: *job
                needs: build
            """, [])
    }
}
