import Foundation
import TestSupport
import XCTest
import YAMLComposer
import YAMLDocumentModel
import YAMLSchema

/// Which schema applies to which document (modeline > settings > catalog), and the diagnostics that
/// result, through intents only.
final class SchemaAssociationTests: XCTestCase {
    let person = #"{"type": "object", "properties": {"age": {"type": "integer"}, "old": {"deprecated": true}}, "required": ["name"]}"#
    let tag = #"{"type": "object", "required": ["tag"]}"#

    private func model(_ settingsJSON: String? = nil, folder: String = "/w") throws -> DocumentModel {
        var settings = Settings()
        settings.schema.workspaceFolders = [DocumentURI(filePath: folder)]
        if let settingsJSON { settings.apply(try SchemaText.parse(Array(settingsJSON.utf8))) }
        return DocumentModel(settings: settings)
    }

    private func schemaDiagnostics(_ model: DocumentModel, _ uri: DocumentURI) -> [String] {
        (model.diagnostics(uri)?.diagnostics ?? []).filter { $0.source == "pureyaml-schema" }.map {
            "\($0.code) \($0.severity.label) \(model.snapshot(uri)?.humanPosition(of: $0.range.start).line ?? 0): \($0.message)"
        }
    }

    func testModelineAppliesToItsOwnDocumentAndNoneDisables() throws {
        let model = try model()
        var edge = SchemaTestEdge(["https://example.com/person.json": person, "file:///w/tag.json": tag])
        let uri = DocumentURI(filePath: "/w/app/data.yaml")
        let areas = model.perform(.open(uri, version: 1, text: """
            # yaml-language-server: $schema=https://example.com/person.json
            age: "8080"
            ---
            # $schema: ../tag.json
            name: x
            ---
            # yaml-language-server: $schema=none
            anything: 1
            ---
            plain: 2
            """))
        XCTAssertTrue(areas.contains(.schemaLoads), "the model asks for the schemas")
        XCTAssertEqual(model.schemaLoadRequests, ["https://example.com/person.json", "file:///w/tag.json"])
        XCTAssertEqual(schemaDiagnostics(model, uri), [], "no schema findings before the schemas arrive")
        XCTAssertEqual(model.diagnostics(uri)?.diagnostics.count, 0)
        edge.serve(model)
        XCTAssertEqual(schemaDiagnostics(model, uri), [
            #"schema-required warning 2: missing required property "name""#,
            #"schema-type warning 2: expected integer, found string "8080""#,
            #"schema-required warning 5: missing required property "tag""#,
        ])
        let info = try XCTUnwrap(model.schemaInfo(uri))
        XCTAssertEqual(info.documents.map { $0.schemaURI }, ["https://example.com/person.json", "file:///w/tag.json", nil, nil])
        XCTAssertEqual(info.documents.map { $0.rule?.description ?? "-" }, ["modeline", "modeline", "-", "-"])
        XCTAssertEqual(info.documents.map(\.disabled), [false, false, true, false])
        XCTAssertEqual(info.documents.map { $0.status?.description ?? "-" }, ["loaded", "loaded", "-", "-"])
        let d = try XCTUnwrap(model.diagnostics(uri)?.diagnostics.first)
        XCTAssertEqual(d.source, "pureyaml-schema")
        XCTAssertEqual(d.schemaURI, "https://example.com/person.json")
    }

    func testSettingsGlobsCatalogAndPrecedence() throws {
        let model = try model("""
            {"yaml": {"schemas": {"https://example.com/person.json": ["people/*.yaml", "!people/skip.yaml"],
                                  "schemas/tag.json": "/tagged/**/*.yml"},
                      "schemaStore": {"enable": true, "url": "file:///w/catalog.json"}}}
            """)
        var edge = SchemaTestEdge([
            "https://example.com/person.json": person,
            "file:///w/schemas/tag.json": tag,
            "file:///w/catalog.json": #"{"schemas": [{"name": "Tags", "url": "file:///w/schemas/tag.json", "fileMatch": ["*.tags.yml", "*.tags.json"]}, {"name": "JSON only", "url": "https://x/y.json", "fileMatch": ["*.json"]}]}"#,
        ])
        let person1 = DocumentURI(filePath: "/w/people/ann.yaml")
        let skipped = DocumentURI(filePath: "/w/people/skip.yaml")
        let tagged = DocumentURI(filePath: "/w/tagged/a/b/c.yml")
        let catalogued = DocumentURI(filePath: "/w/deep/x.tags.yml")
        let modeline = DocumentURI(filePath: "/w/people/bob.yaml")
        for u in [person1, skipped, tagged, catalogued] { model.perform(.open(u, version: 1, text: "age: 1\n")) }
        model.perform(.open(modeline, version: 1, text: "# yaml-language-server: $schema=../schemas/tag.json\nage: 1\n"))
        edge.serve(model)
        func rule(_ u: DocumentURI) -> String { model.schemaInfo(u)?.documents.first?.rule?.description ?? "none" }
        XCTAssertEqual(rule(person1), #"settings glob "people/*.yaml""#)
        XCTAssertEqual(rule(skipped), "none")
        XCTAssertEqual(rule(tagged), #"settings glob "/tagged/**/*.yml""#)
        XCTAssertEqual(rule(catalogued), #"catalog entry "Tags" (fileMatch "*.tags.yml")"#)
        XCTAssertEqual(rule(modeline), "modeline", "a modeline beats the settings glob that matches too")
        XCTAssertEqual(model.schemaInfo(catalogued)?.catalogStatus, .loaded)
        XCTAssertEqual(schemaDiagnostics(model, person1), [#"schema-required warning 1: missing required property "name""#])
        XCTAssertEqual(schemaDiagnostics(model, catalogued), [#"schema-required warning 1: missing required property "tag""#])
        XCTAssertEqual(schemaDiagnostics(model, modeline), [#"schema-required warning 2: missing required property "tag""#])
        XCTAssertEqual(schemaDiagnostics(model, skipped), [])
    }

    /// Several `yaml.schemas` entries whose globs match one file all apply, as in yaml-language-server:
    /// diagnostics from each (and a load problem of any), completion and hover from all of them.
    func testEveryMatchingSettingsSchemaApplies() throws {
        let model = try model("""
            {"yaml": {"schemas": {"https://example.com/person.json": "app/*.yaml",
                                  "https://example.com/tag.json": ["app/*.yaml"],
                                  "https://example.com/missing.json": "app/x.yaml"}}}
            """)
        let tagSchema = #"{"type": "object", "properties": {"tag": {"type": "string", "description": "The release tag."}}, "required": ["tag"]}"#
        var edge = SchemaTestEdge(["https://example.com/person.json": person, "https://example.com/tag.json": tagSchema])
        let uri = DocumentURI(filePath: "/w/app/x.yaml")
        let text = "age: \"8080\"\ntag: v1\n"
        model.perform(.open(uri, version: 1, text: text + "\n"))
        edge.serve(model)
        XCTAssertEqual(schemaDiagnostics(model, uri), [
            #"schema-required warning 1: missing required property "name""#,
            "schema-load-failed warning 1: cannot load schema https://example.com/missing.json: HTTP 404",
            #"schema-type warning 1: expected integer, found string "8080""#,
        ])
        let info = try XCTUnwrap(model.schemaInfo(uri)?.documents.first)
        XCTAssertEqual(info.schemaURI, "https://example.com/person.json")
        XCTAssertEqual(info.additionalSchemaURIs, ["https://example.com/tag.json", "https://example.com/missing.json"])
        XCTAssertEqual(info.status, .loaded)
        // Without `tag`, the second schema's requirement shows.
        model.perform(.close(uri))
        model.perform(.open(uri, version: 2, text: "age: \"8080\"\n\n"))
        edge.serve(model)
        XCTAssertTrue(schemaDiagnostics(model, uri).contains(#"schema-required warning 1: missing required property "tag""#),
                      "\(schemaDiagnostics(model, uri))")
        // Completion offers the members of both schemas; hover explains a member of the second.
        let labels = Set(model.completion(uri, at: 12)?.candidates.map(\.label) ?? [])
        XCTAssertTrue(labels.isSuperset(of: ["name", "old", "tag"]), "\(labels)")
        model.perform(.close(uri))
        model.perform(.open(uri, version: 3, text: "age: \"8080\"\ntag: v2\n"))
        edge.serve(model)
        XCTAssertTrue(model.hover(uri, at: 13)?.sections.sketch.contains { $0.contains("The release tag.") } == true, "\(String(describing: model.hover(uri, at: 13)))")
    }

    func testSeveritySettingAndDeprecatedHint() throws {
        let model = try model(#"{"pureyaml": {"schema": {"severity": "error"}}, "yaml": {"schemas": {"https://example.com/person.json": "*.yaml"}}}"#)
        var edge = SchemaTestEdge(["https://example.com/person.json": person])
        let uri = DocumentURI(filePath: "/w/p.yaml")
        model.perform(.open(uri, version: 1, text: "name: n\nold: 1\nage: x\n"))
        edge.serve(model)
        let diags = (model.diagnostics(uri)?.diagnostics ?? []).filter { $0.source == "pureyaml-schema" }
        XCTAssertEqual(diags.map(\.severity), [.hint, .error])
        XCTAssertEqual(diags.first?.tags, [.deprecated])
        // A new severity setting re-reports the same finding at the new severity.
        var s = model.settings
        s.apply(.object([(key: "pureyaml.schema.severity", value: .string("information"))]))
        let areas = model.perform(.configure(s))
        XCTAssertTrue(areas.contains(.diagnostics(uri)))
        XCTAssertEqual(model.diagnostics(uri)?.diagnostics.filter { $0.source == "pureyaml-schema" }.map(\.severity), [.hint, .information])
    }

    func testAFailedOrInvalidSchemaGivesOneDiagnosticAtTheModeline() throws {
        let model = try model(#"{"yaml": {"schemas": {"https://example.com/missing.json": "*.yaml"}}}"#)
        var edge = SchemaTestEdge(["https://example.com/bad.json": "{\"type\": "])
        let a = DocumentURI(filePath: "/w/a.yaml")
        model.perform(.open(a, version: 1, text: "x: 1\n---\ny: 2\n---\n# yaml-language-server: $schema=https://example.com/bad.json\nz: 3\n"))
        edge.serve(model)
        XCTAssertEqual(schemaDiagnostics(model, a), [
            "schema-load-failed warning 1: cannot load schema https://example.com/missing.json: HTTP 404",
            // Downloaded bytes are never quoted (docs/security.md): what was wrong, not what was there.
            "schema-invalid warning 5: schema https://example.com/bad.json is not valid JSON or YAML (the response is not a JSON or YAML schema; its content is not shown)",
        ])
        XCTAssertEqual(model.schemaInfo(a)?.documents.map { $0.status?.description ?? "-" },
                       ["failed: HTTP 404", "failed: HTTP 404",
                        "invalid: not valid JSON or YAML (the response is not a JSON or YAML schema; its content is not shown)"])
    }

    /// Valid JSON that is not a JSON Schema (an array, `null`, `{"type": 5}` with nothing else) validates
    /// nothing: it is one `schema-invalid` finding at the modeline naming the keyword and its pointer, and
    /// its status is `invalid`, not `loaded`; no `expected nothing` finding follows from it. A schema with a
    /// malformed keyword deep inside is still used: one `schema-keyword-ignored` warning, the rest checks.
    func testAJSONValueThatIsNotASchemaIsInvalidNotLoaded() throws {
        let model = try model()
        var edge = SchemaTestEdge([
            "file:///w/arr.json": "[1, 2]",
            "file:///w/type.json": #"{"type": 5}"#,
            "file:///w/deep.json": #"{"properties": {"port": {"type": "integer", "required": true}, "n": {"type": "objectx"}}}"#,
            "file:///w/null.json": "null",
        ])
        let a = DocumentURI(filePath: "/w/a.yaml")
        model.perform(.open(a, version: 1, text: """
            # yaml-language-server: $schema=./arr.json
            port: abc
            ---
            # yaml-language-server: $schema=./type.json
            port: abc
            ---
            # yaml-language-server: $schema=./deep.json
            port: abc
            ---
            # yaml-language-server: $schema=./null.json
            port: abc

            """))
        edge.serve(model)
        XCTAssertEqual(schemaDiagnostics(model, a), [
            "schema-invalid warning 1: schema file:///w/arr.json is not a JSON Schema: expected a schema (an object or a boolean), found [1, 2] at the root",
            #"schema-invalid warning 4: schema file:///w/type.json is not a JSON Schema: "type" must be a type name (array, boolean, integer, null, number, object or string) or a non-empty array of them, found 5 at #/type"#,
            #"schema-keyword-ignored info 7: schema file:///w/deep.json: "required" must be an array of strings, found true at #/properties/port/required; the keyword is ignored (and 1 more problem ignored the same way); the rest of the schema is used"#,
            #"schema-type warning 8: expected integer, found string "abc""#,
            "schema-invalid warning 10: schema file:///w/null.json is not a JSON Schema: expected a schema (an object or a boolean), found null at the root",
        ])
        XCTAssertEqual(model.schemaInfo(a)?.documents.map { $0.status?.description.prefix(26) ?? "-" },
                       ["invalid: not a JSON Schema", "invalid: not a JSON Schema", "loaded", "invalid: not a JSON Schema"])
    }

    func testReferencedSchemasAreFetchedBeforeValidation() throws {
        let model = try model()
        var edge = SchemaTestEdge([
            "https://example.com/root.json": #"{"properties": {"step": {"$ref": "defs/step.json"}}}"#,
            "https://example.com/defs/step.json": #"{"type": "object", "required": ["run"], "properties": {"next": {"$ref": "https://example.com/gone.json"}}}"#,
        ])
        let uri = DocumentURI(filePath: "/w/x.yaml")
        model.perform(.open(uri, version: 1, text: "# $schema: https://example.com/root.json\nstep:\n  name: a\n"))
        edge.serve(model)
        XCTAssertEqual(edge.requested, ["https://example.com/root.json", "https://example.com/defs/step.json", "https://example.com/gone.json"])
        XCTAssertEqual(schemaDiagnostics(model, uri), [#"schema-required warning 2: missing required property "run""#])
    }

    func testKubernetesKeyPicksASchemaPerDocumentByKind() throws {
        let model = try model(#"{"yaml": {"schemas": {"kubernetes": "k8s/*.yaml"}}, "pureyaml.schema.kubernetesSchemaBase": "https://k/v1/"}"#)
        let uri = DocumentURI(filePath: "/w/k8s/all.yaml")
        model.perform(.open(uri, version: 1, text: "apiVersion: apps/v1\nkind: Deployment\n---\napiVersion: v1\nkind: Service\n---\napiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\n---\nfoo: 1\n"))
        XCTAssertEqual(model.schemaInfo(uri)?.documents.map { $0.schemaURI ?? "-" },
                       ["https://k/v1/deployment-apps-v1.json", "https://k/v1/service-v1.json",
                        "https://k/v1/networkpolicy-networking-v1.json", "-"])
        var edge = SchemaTestEdge()
        edge.serve(model)
        XCTAssertEqual(schemaDiagnostics(model, uri), [], "a kind without a published schema stays quiet")
    }

    func testSettingsCopiedFromAYAMLLanguageServerSetup() throws {
        // The shape of a typical Neovim lspconfig / VS Code `yaml.schemas` block, unchanged.
        var settings = Settings()
        settings.apply(try SchemaText.parse(Array("""
            {"yaml": {"schemas": {
                "https://json.schemastore.org/github-workflow.json": "/.github/workflows/*",
                "https://raw.githubusercontent.com/compose-spec/compose-spec/master/schema/compose-spec.json":
                    ["docker-compose*.yml", "docker-compose*.yaml", "compose*.yml", "compose*.yaml"],
                "https://json.schemastore.org/kustomization.json": "kustomization.yaml"},
              "schemaStore": {"enable": false, "url": ""}, "schemaDownload": {"enable": false}}}
            """.utf8)))
        XCTAssertEqual(settings.schema.associations.map(\.schema), [
            "https://json.schemastore.org/github-workflow.json",
            "https://raw.githubusercontent.com/compose-spec/compose-spec/master/schema/compose-spec.json",
            "https://json.schemastore.org/kustomization.json",
        ])
        XCTAssertFalse(settings.schema.schemaStoreEnabled)
        XCTAssertFalse(settings.schema.downloadEnabled)
        XCTAssertEqual(settings.schema.schemaStoreURL, SchemaSettings.defaultSchemaStoreURL, "an empty url keeps the default")
        let model = DocumentModel(settings: settings)
        let cases = [
            ("/home/u/proj/.github/workflows/ci.yml", "https://json.schemastore.org/github-workflow.json"),
            ("/home/u/proj/docker-compose.prod.yml", "https://raw.githubusercontent.com/compose-spec/compose-spec/master/schema/compose-spec.json"),
            ("/home/u/proj/deploy/kustomization.yaml", "https://json.schemastore.org/kustomization.json"),
            ("/home/u/proj/other.yaml", "-"),
        ]
        for (path, expected) in cases {
            let uri = DocumentURI(filePath: path)
            model.perform(.open(uri, version: 1, text: "a: 1\n"))
            XCTAssertEqual(model.schemaInfo(uri)?.documents.first?.schemaURI ?? "-", expected, path)
        }
    }

    func testTheRealSchemaStoreCatalogFromALocalPath() throws {
        let schemas = try requireSharedFolder("schemas")
        let model = try model(#"{"yaml": {"schemaStore": {"enable": true, "url": "\#(schemas.path)/catalog.json"}}}"#)
        let workflow = try String(contentsOf: schemas.appendingPathComponent("schemastore/github-workflow.json"), encoding: .utf8)
        var edge = SchemaTestEdge(["https://www.schemastore.org/github-workflow.json": workflow,
                                   "https://json.schemastore.org/github-workflow.json": workflow])
        let ci = DocumentURI(filePath: "/w/.github/workflows/ci.yml")
        model.perform(.open(ci, version: 1, text: "on: push\njobs:\n  b:\n    steps: []\n"))
        edge.serve(model)
        let info = try XCTUnwrap(model.schemaInfo(ci))
        XCTAssertEqual(info.catalogURL, DocumentURI(filePath: schemas.path + "/catalog.json").string)
        XCTAssertEqual(info.catalogStatus, .loaded)
        XCTAssertEqual(info.documents.first?.rule?.description.hasPrefix(#"catalog entry "GitHub Workflow""#), true,
                       info.documents.first?.rule?.description ?? "no rule")
        XCTAssertEqual(schemaDiagnostics(model, ci), [#"schema-required warning 3: missing required property "runs-on""#,
                                                "schema-minItems warning 4: expected at least 1 item, found 0"])
        // JSON-only entries are not used for YAML files; unknown names get no schema.
        let other = DocumentURI(filePath: "/w/notes/random-name.yaml")
        model.perform(.open(other, version: 1, text: "a: 1\n"))
        XCTAssertNil(model.schemaInfo(other)?.documents.first?.schemaURI)
        // Typing in the workflow keeps the catalog match (its speed is measured by pureyaml-bench, not here).
        for v in 2...30 { model.perform(.change(ci, version: v, changes: [.full("on: push\njobs: {}\n# \(v)\n")], encoding: .utf16)) }
        XCTAssertEqual(model.schemaInfo(ci)?.documents.first?.schemaURI, info.documents.first?.schemaURI)
    }

    func testListFormAndValidateOff() throws {
        let model = try model(#"{"yaml": {"schemas": [{"fileMatch": ["*.person.yaml"], "url": "https://example.com/person.json"}]}}"#)
        var edge = SchemaTestEdge(["https://example.com/person.json": person])
        let uri = DocumentURI(filePath: "/w/ann.person.yaml")
        model.perform(.open(uri, version: 1, text: "age: 1\n"))
        edge.serve(model)
        XCTAssertEqual(schemaDiagnostics(model, uri), [#"schema-required warning 1: missing required property "name""#])
        var s = model.settings
        s.apply(.object([(key: "yaml", value: .object([(key: "validate", value: .bool(false))]))]))
        XCTAssertTrue(model.perform(.configure(s)).contains(.diagnostics(uri)))
        XCTAssertEqual(schemaDiagnostics(model, uri), [])
    }

    func testACommentLikeLineInABlockScalarIsNoModeline() throws {
        let model = try model()
        let uri = DocumentURI(filePath: "/w/s.yaml")
        model.perform(.open(uri, version: 1, text: "script: |\n  # yaml-language-server: $schema=x.json\n  echo\n"))
        XCTAssertNil(model.schemaInfo(uri)?.documents.first?.schemaURI)
        XCTAssertEqual(model.schemaLoadRequests, [])
    }

    func testSavingASchemaFileRevalidatesItsDocuments() throws {
        let model = try model()
        var edge = SchemaTestEdge(["file:///w/s.json": tag])
        let doc = DocumentURI(filePath: "/w/d.yaml")
        model.perform(.open(doc, version: 1, text: "# $schema: s.json\nname: 1\n"))
        edge.serve(model)
        XCTAssertEqual(schemaDiagnostics(model, doc), [#"schema-required warning 2: missing required property "tag""#])
        edge.table["file:///w/s.json"] = #"{"required": ["name"]}"#
        let areas = model.perform(.save(DocumentURI("file:///w/s.json"), text: nil))
        XCTAssertTrue(areas.contains(.schemaLoads))
        XCTAssertEqual(model.schemaInfo(doc)?.documents.first?.status, .loading)
        edge.serve(model)
        XCTAssertEqual(schemaDiagnostics(model, doc), [])
        XCTAssertEqual(model.perform(.save(DocumentURI("file:///w/other.json"), text: nil)), [])
    }
}
