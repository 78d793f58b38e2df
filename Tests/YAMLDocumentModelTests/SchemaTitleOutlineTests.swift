import XCTest
import YAMLSyntax
@testable import YAMLDocumentModel

/// Documents of a stream named by the title of the schema that applies to them, where their own content
/// names them no better (docs/outline.md; issue 20, deliverable 1).
final class SchemaTitleOutlineTests: XCTestCase {
    let uri = DocumentURI(filePath: "/repo/ci.yaml")
    let workflow = #"{"title": "GitHub\n  Workflow\n", "type": "object"}"#

    func names(_ model: DocumentModel) throws -> [String] {
        try XCTUnwrap(model.outline(uri)).symbols.map(\.name)
    }

    /// A local schema is read during the open: its title names the documents without a `name`, with the
    /// first key as detail; a document's own `name` and a Kubernetes kind and name win over it; a schema
    /// without a title, or no schema, leaves the first key.
    func testDocumentsWithoutANameAreNamedByTheirSchemasTitle() throws {
        let model = DocumentModel(environment: .inMemory(texts: [
            "/repo/workflow.json": workflow,
            "/repo/untitled.json": #"{"type": "object"}"#,
            "/repo/referenced.json": ##"{"$ref": "#/$defs/playbook", "$defs": {"playbook": {"title": "Playbook", "type": "array"}}}"##,
        ]))
        model.perform(.open(uri, version: 1, text: """
            # yaml-language-server: $schema=workflow.json
            on: push
            jobs: {}
            ---
            # yaml-language-server: $schema=workflow.json
            name: CI
            on: pull_request
            ---
            # yaml-language-server: $schema=workflow.json
            apiVersion: v1
            kind: ConfigMap
            metadata: {name: settings}
            ---
            # yaml-language-server: $schema=untitled.json
            on: push
            ---
            on: push
            ---
            # yaml-language-server: $schema=referenced.json
            - hosts: all
            ---
            # yaml-language-server: $schema=workflow.json

            """))
        let symbols = try XCTUnwrap(model.outline(uri)).symbols
        XCTAssertEqual(symbols.map(\.name), ["GitHub Workflow", "CI", "ConfigMap settings", "on", "on", "Playbook", "Document 7"])
        XCTAssertEqual(symbols.map(\.detail), ["on", nil, nil, nil, nil, "1 item", nil])
        XCTAssertEqual(symbols.map(\.kind), [.mapping, .mapping, .mapping, .mapping, .mapping, .sequence, .document])
        // Workspace symbols use the same names.
        XCTAssertEqual(model.workspaceSymbols("github workflow").map { "\($0.name)@\($0.range.start)" },
                       ["GitHub Workflow@46"])
        XCTAssertEqual(model.workspaceSymbols("playbook").map(\.name), ["Playbook"])
    }

    /// A schema that arrives after the open renames the documents of the same snapshot: the schema load
    /// reports `.outline`, and the outline kept for the snapshot is not served again. A schema without a
    /// title, or one for a one-document file, changes no name and reports no `.outline`.
    func testTheNameChangesWhenTheSchemaArrives() throws {
        let url = "https://schemas.example/workflow.json"
        let model = DocumentModel(environment: .none)
        model.perform(.open(uri, version: 1, text: """
            # yaml-language-server: $schema=\(url)
            on: push
            ---
            # yaml-language-server: $schema=\(url)
            name: CI

            """))
        XCTAssertEqual(model.schemaLoadRequests, [url])
        XCTAssertEqual(try names(model), ["on", "CI"])
        XCTAssertEqual(model.workspaceSymbols("workflow"), [])
        let areas = model.perform(.schemaLoaded(url, .success(Array(workflow.utf8))))
        XCTAssertTrue(areas.contains(.outline(uri)), "\(areas)")
        XCTAssertEqual(try names(model), ["GitHub Workflow", "CI"])
        XCTAssertEqual(model.workspaceSymbols("workflow").map(\.name), ["GitHub Workflow"])

        let untitled = "https://schemas.example/untitled.json"
        let other = DocumentURI(filePath: "/repo/other.yaml")
        let single = DocumentURI(filePath: "/repo/single.yaml")
        let titled = "https://schemas.example/titled.json"
        model.perform(.open(other, version: 1, text: "# yaml-language-server: $schema=\(untitled)\non: push\n---\na: 1\n"))
        model.perform(.open(single, version: 1, text: "# yaml-language-server: $schema=\(titled)\non: push\n"))
        let quiet = model.perform(.schemaLoaded(untitled, .success(Array(#"{"type": "object"}"#.utf8))))
            .union(model.perform(.schemaLoaded(titled, .success(Array(workflow.utf8)))))
        XCTAssertFalse(quiet.contains(.outline(other)), "\(quiet)")
        XCTAssertFalse(quiet.contains(.outline(single)), "\(quiet)")
        XCTAssertEqual(model.outline(other)?.symbols.map(\.name), ["on", "a"])
        XCTAssertEqual(model.outline(single)?.symbols.map(\.name), ["on"])
    }

    /// The name follows the schema: a schema that fails to load leaves the first key, and an edit that
    /// gives the document a `name` takes the name from it again.
    func testTheNameFollowsTheSchemaAndTheText() throws {
        let url = "https://schemas.example/workflow.json"
        let model = DocumentModel(environment: .none)
        let text = "# yaml-language-server: $schema=\(url)\non: push\n---\nkind: x\n"
        model.perform(.open(uri, version: 1, text: text))
        model.perform(.schemaLoaded(url, .success(Array(workflow.utf8))))
        XCTAssertEqual(try names(model), ["GitHub Workflow", "kind"])
        let named = model.perform(.change(uri, version: 2, changes: [TextChange(range: nil, text: text.replacingOccurrences(of: "on: push", with: "name: Build\non: push"))],
                                          encoding: .utf8))
        XCTAssertTrue(named.contains(.outline(uri)))
        XCTAssertEqual(try names(model), ["Build", "kind"])

        let failing = "https://schemas.example/missing.json"
        let second = DocumentURI(filePath: "/repo/second.yaml")
        model.perform(.open(second, version: 1, text: "# yaml-language-server: $schema=\(failing)\non: push\n---\na: 1\n"))
        let areas = model.perform(.schemaLoaded(failing, .failure(SchemaLoadFailure("HTTP 404"))))
        XCTAssertFalse(areas.contains(.outline(second)), "\(areas)")
        XCTAssertEqual(model.outline(second)?.symbols.map(\.name), ["on", "a"])
    }
}
