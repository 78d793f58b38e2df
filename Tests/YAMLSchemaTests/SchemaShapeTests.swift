import Foundation
import TestSupport
import XCTest
import YAMLComposer
import YAMLSchema

/// ``JSONSchema/shapeProblems``: a root that is not an object or a boolean (JSON Schema 2020-12 Core
/// §4.3.1) and keyword values of a shape the draft's meta-schema does not allow are found, with the
/// keyword and its JSON Pointer; unknown keywords and every real schema stay accepted.
final class SchemaShapeTests: XCTestCase {
    private func problems(_ text: String) throws -> [SchemaShapeProblem] {
        try JSONSchema(jsonText: Array(text.utf8), uri: "https://example.com/s.json").shapeProblems
    }

    func testARootThatIsNotAnObjectOrABooleanIsNotASchema() throws {
        for text in ["[1, 2]", #""hello""#, "42", "null", "1.5"] {
            let found = try problems(text)
            XCTAssertEqual(found.map(\.pointer), [""], text)
            XCTAssertEqual(found.first?.keyword, nil, text)
            XCTAssertTrue(found.first?.message.hasPrefix("expected a schema (an object or a boolean), found ") == true, text)
        }
        XCTAssertEqual(try problems("true"), [])
        XCTAssertEqual(try problems("false"), [])
        XCTAssertEqual(try problems("{}"), [])
    }

    func testKeywordValuesOfTheWrongShapeNameTheKeywordAndItsPointer() throws {
        let cases: [(schema: String, pointer: String, keyword: String?)] = [
            (#"{"required": "a"}"#, "/required", "required"),
            (#"{"required": ["a", 1]}"#, "/required", "required"),
            (#"{"properties": []}"#, "/properties", "properties"),
            (#"{"properties": {"a": 5}}"#, "/properties/a", nil),
            (#"{"type": 5}"#, "/type", "type"),
            (#"{"type": "objectx"}"#, "/type", "type"),
            (#"{"type": []}"#, "/type", "type"),
            (#"{"type": ["string", "nul"]}"#, "/type", "type"),
            (#"{"minLength": -1}"#, "/minLength", "minLength"),
            (#"{"maxItems": 1.5}"#, "/maxItems", "maxItems"),
            (#"{"multipleOf": 0}"#, "/multipleOf", "multipleOf"),
            (#"{"minimum": "3"}"#, "/minimum", "minimum"),
            (#"{"pattern": 5}"#, "/pattern", "pattern"),
            (#"{"uniqueItems": "yes"}"#, "/uniqueItems", "uniqueItems"),
            (#"{"enum": "a"}"#, "/enum", "enum"),
            (#"{"allOf": []}"#, "/allOf", "allOf"),
            (#"{"anyOf": {"type": "string"}}"#, "/anyOf", "anyOf"),
            (#"{"oneOf": [{"type": "string"}, 3]}"#, "/oneOf/1", nil),
            (#"{"not": "string"}"#, "/not", "not"),
            (#"{"additionalProperties": "no"}"#, "/additionalProperties", "additionalProperties"),
            (#"{"dependencies": {"a": 5}}"#, "/dependencies", "dependencies"),
            (#"{"$ref": 5}"#, "/$ref", "$ref"),
            (#"{"definitions": {"a": {"properties": {"b": {"items": {"required": true}}}}}}"#,
             "/definitions/a/properties/b/items/required", "required"),
            (#"{"$schema": "https://json-schema.org/draft/2020-12/schema", "items": [{"type": "string"}]}"#, "/items", "items"),
            (#"{"$schema": "https://json-schema.org/draft/2020-12/schema", "prefixItems": {}}"#, "/prefixItems", "prefixItems"),
            (#"{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"a": {"dependentRequired": {"b": "c"}}}}"#,
             "/$defs/a/dependentRequired", "dependentRequired"),
        ]
        for c in cases {
            let found = try problems(c.schema)
            XCTAssertEqual(found.first?.pointer, c.pointer, c.schema)
            XCTAssertEqual(found.first?.keyword, c.keyword, c.schema)
            XCTAssertEqual(found.first?.documentURI, "https://example.com/s.json", c.schema)
        }
        let type = try problems(#"{"properties": {"port": {"type": "int"}}}"#)
        XCTAssertEqual(type.map(\.description), [
            #""type" must be a type name (array, boolean, integer, null, number, object or string) or a non-empty array of them, found "int" at #/properties/port/type"#,
        ])
    }

    /// Unknown keywords may hold anything (2020-12 Core §6.5), and a keyword a draft does not define is
    /// unknown in that draft; the loosened rules (draft 4 `exclusiveMaximum` in any draft, empty `enum`
    /// and `required`) hold.
    func testUnknownKeywordsAndLoosenedFormsAreAccepted() throws {
        for text in [
            #"{"x-anything": 5, "frobnicate": [1], "markdownDescription": {"a": 1}, "type": "object"}"#,
            #"{"prefixItems": 5, "$defs": "x", "dependentRequired": 1, "unevaluatedProperties": "no"}"#,  // draft 7 by default
            // `contains` and `if` are honoured (so checked) in draft 4 too: SchemaDraft.laterKeywordsHonoured.
            #"{"$schema": "http://json-schema.org/draft-04/schema#", "prefixItems": 5, "$defs": 1, "$id": 3}"#,
            #"{"exclusiveMaximum": true, "exclusiveMinimum": 3, "enum": [], "required": []}"#,
            ##"{"$ref": "#/definitions/a", "type": 5, "definitions": {"a": {}}}"##,  // draft 7 ignores $ref's siblings
            #"{"items": [{"type": "string"}], "additionalItems": false, "maxLength": 2.0}"#,
            #"{"dependencies": {"a": ["b"], "c": {"required": ["d"]}}}"#,
        ] {
            XCTAssertEqual(try problems(text), [], text)
        }
    }

    /// A keyword of the wrong shape is left out and the rest of the schema still validates (draft-3 style
    /// `"required": true` and `"type": "any"` in a draft-04 schema, `"additionalProperties": "false"`): the
    /// other keywords report, the malformed ones neither report nor say `expected nothing`. Only a schema
    /// with nothing left (a root that is not a schema, a root whose every keyword is malformed) is
    /// ``JSONSchema/isNotASchema``.
    func testAMalformedKeywordIsLeftOutAndTheRestStillValidates() throws {
        let text = #"""
            {"$schema": "http://json-schema.org/draft-04/schema#", "additionalProperties": "false",
             "properties": {"port": {"type": "integer", "required": true},
                            "name": {"type": "any", "minLength": 3},
                            "tags": {"items": 5, "maxItems": 1}}}
            """#
        let schema = try JSONSchema(jsonText: Array(text.utf8), uri: "https://example.com/s.json")
        XCTAssertEqual(schema.shapeProblems.map(\.pointer),
                       ["/additionalProperties", "/properties/port/required", "/properties/name/type", "/properties/tags/items"])
        XCTAssertFalse(schema.isNotASchema)
        let document = JSONValue.object([("port", .string("abc")), ("name", .string("ab")),
                                         ("tags", .array([.integer(1), .integer(2)])), ("extra", .bool(true))])
        let found = schema.validate(YAMLNodeFromJSON.node(document)).map { "\($0.instancePath) \($0.keyword)" }
        XCTAssertEqual(found.sorted(), ["/name minLength", "/port type", "/tags maxItems"])

        for text in ["[1, 2]", #"{"type": 5}"#, #"{"$ref": 5, "title": "t"}"#, #"{"properties": [], "description": "d"}"#] {
            XCTAssertTrue(try JSONSchema(jsonText: Array(text.utf8)).isNotASchema, text)
        }
        for text in ["{}", "true", #"{"type": 5, "minimum": 3}"#, #"{"properties": {"a": 5}}"#, #"{"$ref": "other.json"}"#] {
            XCTAssertFalse(try JSONSchema(jsonText: Array(text.utf8)).isNotASchema, text)
        }
    }

    /// A problem in a document the schema references is found there, with that document's URI.
    func testProblemsInAReferencedDocumentNameThatDocument() throws {
        let other = JSONValue.object([("properties", .array([]))])
        let schema = try JSONSchema(jsonText: Array(#"{"$ref": "other.json"}"#.utf8), uri: "https://example.com/s.json",
                                    resolver: { $0 == "https://example.com/other.json" ? other : nil })
        XCTAssertEqual(schema.shapeProblems.map { "\($0.documentURI) \($0.pointer)" }, ["https://example.com/other.json /properties"])
    }

    /// Every schema in ../shared/schemas (SchemaStore's, Kubernetes, OpenAPI 3.0 and 3.1 in JSON and YAML,
    /// Compose, GitLab, CircleCI, Ansible) has no shape problem, with the documents it `$ref`s on disk.
    func testEverySharedSchemaIsASchema() throws {
        let root = try requireSharedFolder("schemas")
        var checked = 0
        var failures: [String] = []
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard ["json", "yaml", "yml"].contains(url.pathExtension), !url.path.contains("/tests/"),
                  !url.path.contains("schemastore-tests"), url.lastPathComponent != "catalog.json" else { continue }
            let schema = try JSONSchema(schemaText: [UInt8](Data(contentsOf: url)), uri: url.absoluteString) { uri in
                guard let file = URL(string: uri), file.isFileURL, let data = try? Data(contentsOf: file) else { return nil }
                return try? JSONTextParser.parse(data)
            }
            checked += 1
            if let problem = schema.shapeProblems.first {
                failures.append("\(url.path): \(problem.documentURI) \(problem)")
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 55)
        XCTAssertEqual(failures, [])
    }
}
