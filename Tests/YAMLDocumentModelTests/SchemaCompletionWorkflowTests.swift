import Foundation
import TestSupport
import XCTest
import YAMLDocumentModel
import YAMLSyntax

/// The "done when": typing a GitHub workflow from an empty file with SchemaStore's workflow schema
/// associated by `yaml.schemas`, taking keys and values from completion the way an editor applies them
/// (the candidate's text replaces its range; the cursor goes after it), until the document validates.
final class SchemaCompletionWorkflowTests: XCTestCase {
    /// An editor session: the text, the cursor (UTF-8 bytes) and the model it keeps in sync.
    private final class Session {
        let model: DocumentModel
        let uri = DocumentURI(filePath: "/repo/.github/workflows/ci.yml")
        var text = ""
        var cursor = 0
        var version = 1

        init() throws {
            let schema = try requireSharedFolder("schemas").appendingPathComponent("schemastore/github-workflow.json")
            var settings = Settings()
            settings.schema.workspaceFolders = [DocumentURI(filePath: "/repo")]
            settings.apply(.object([(key: "yaml.schemas", value: .object([(key: schema.path, value: .string("**/.github/workflows/*.yml"))]))]))
            model = DocumentModel(settings: settings)
            model.perform(.open(uri, version: version, text: text))
            var edge = SchemaTestEdge()
            edge.serve(model)
        }

        /// Replaces `range` by `newText` and moves the cursor after it (a full-text change, as a client may send).
        func edit(_ range: TextRange, _ newText: String) {
            var bytes = Array(text.utf8)
            bytes.replaceSubrange(range.start..<range.end, with: Array(newText.utf8))
            text = String(decoding: bytes, as: UTF8.self)
            cursor = range.start + newText.utf8.count
            version += 1
            model.perform(.change(uri, version: version, changes: [TextChange(range: nil, text: text)], encoding: .utf16))
        }

        /// Types `s` at the cursor.
        func type(_ s: String) { edit(TextRange(empty: cursor), s) }

        /// The labels completion offers at the cursor.
        func labels() -> [String] { model.completion(uri, at: cursor)?.candidates.map(\.label) ?? [] }

        /// Applies the candidate labelled `label`; fails when completion does not offer it.
        func pick(_ label: String, file: StaticString = #filePath, line: UInt = #line) {
            guard let c = model.completion(uri, at: cursor)?.candidates.first(where: { $0.label == label }) else {
                return XCTFail("\(label) not offered at \(cursor) in \(text.debugDescription): \(labels())", file: file, line: line)
            }
            XCTAssertTrue(c.replaceRange.touches(cursor), file: file, line: line)
            edit(c.replaceRange, c.insertText)
        }

        var schemaDiagnostics: [YAMLDiagnostic] { model.diagnostics(uri)?.diagnostics.filter { $0.source == "pureyaml-schema" } ?? [] }
    }

    func testTypingAWorkflowFromAnEmptyFile() throws {
        let s = try Session()
        // The top level: the workflow's keys, the required `on` and `jobs` first.
        XCTAssertEqual(Array(s.labels().prefix(2)), ["on", "jobs"])
        XCTAssertFalse(s.labels().contains("runs-on"))
        s.pick("on")
        XCTAssertEqual(s.text, "on: ")
        // The value of `on`: event names.
        XCTAssertTrue(s.labels().contains("pull_request"))
        s.pick("push")
        s.type("\n")
        XCTAssertFalse(s.labels().contains("on"), "present keys are not offered again")
        s.pick("jobs")
        XCTAssertEqual(s.text, "on: push\njobs:\n  ")
        // A job id is made up: completing it inserts the skeleton of a (normal) job.
        s.type("build")
        s.pick("build")
        XCTAssertEqual(s.text, "on: push\njobs:\n  build:\n    runs-on: ")
        s.type("ubuntu-latest\n    ")
        // `runs-on` is written: the normal job's keys only (`uses` belongs to reusable workflow calls).
        XCTAssertTrue(s.labels().contains("timeout-minutes"))
        XCTAssertFalse(s.labels().contains("uses"), "\(s.labels())")
        XCTAssertFalse(s.labels().contains("runs-on"))
        s.pick("steps")
        // The skeleton follows the first kind of step, an action.
        XCTAssertEqual(s.text, "on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: ")
        s.type("actions/checkout@v4")
        XCTAssertEqual(s.text, "on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4")
        XCTAssertEqual(s.model.diagnostics(s.uri)?.diagnostics, [])
        // A second job, its keys typed by hand: they come from both job kinds until one is chosen.
        s.type("\n  test:\n    ")
        XCTAssertTrue(s.labels().contains("runs-on"))
        XCTAssertTrue(s.labels().contains("uses"))
        XCTAssertFalse(s.labels().contains("jobs"))
        s.pick("runs-on")
        s.type("ubuntu-latest\n    ")
        s.pick("steps")
        s.edit(TextRange(start: s.cursor - "uses: ".utf8.count, end: s.cursor), "")
        // A step's keys, one completed mid-word at the end of the file without a final newline.
        XCTAssertTrue(s.labels().contains("run"))
        s.type("na")
        s.pick("name")
        s.type("Build")
        s.type("\n        ru")
        s.pick("run")
        s.type("make")
        XCTAssertEqual(s.schemaDiagnostics, [])
        XCTAssertEqual(s.model.diagnostics(s.uri)?.diagnostics, [])
    }

    /// Completion and hover at every offset of a real workflow, half of it cut off mid-line, answer in
    /// bounded time with ranges around the offset.
    func testEveryOffsetOfAWorkflowAnswers() throws {
        let s = try Session()
        let text = """
        name: CI
        on:
          push:
            branches: [main]
          pull_request:
        env:
          A: 1
        jobs:
          build:
            runs-on: ${{ matrix.os }}
            strategy:
              matrix:
                os: [ubuntu-latest, macos-latest]
            steps:
              - uses: actions/checkout@v4
                with: {fetch-depth: 0}
              - name: Test
                run: |
                  swift test
              - na
          deploy:
            needs: build
            uses: ./.github/workflows/deploy.yml
            with:
              env: prod
            secr
        """
        s.edit(TextRange(start: 0, end: 0), text)
        for offset in 0...text.utf8.count {
            let surface = s.model.completion(s.uri, at: offset, snippets: offset % 2 == 0)
            XCTAssertNotNil(surface)
            for c in surface?.candidates ?? [] { XCTAssertTrue(c.replaceRange.touches(offset), "@\(offset) \(c.label)") }
            _ = s.model.hover(s.uri, at: offset)
        }
        // Spot check: the job calling a reusable workflow offers its keys mid-word, not a normal job's.
        let labels = s.model.completion(s.uri, at: text.utf8.count)?.candidates.map(\.label) ?? []
        XCTAssertTrue(labels.contains("secrets"))
        XCTAssertFalse(labels.contains("runs-on"))
    }
}
