import TestSupport
import XCTest
import YAMLComposer
import YAMLSchema
import YAMLSyntax

/// Schema loading (JSON text, `$schema` dialects, bundled meta-schemas, the injected resolver) and the
/// bounds on work (alias bombs, reference loops).
final class SchemaLoadingTests: XCTestCase {
    private func schema(_ text: String, resolver: @escaping SchemaResolver = { _ in nil }) throws -> JSONSchema {
        try JSONSchema(jsonText: Array(text.utf8), uri: "https://example.com/root.json", resolver: resolver)
    }

    func testJSONTextErrorsCarryTheByteOffset() {
        XCTAssertThrowsError(try JSONTextParser.parse(#"{"a": [1, 2,]}"#)) { error in
            XCTAssertEqual((error as? JSONTextParser.SyntaxError)?.offset, 12)
        }
        XCTAssertThrowsError(try JSONTextParser.parse("{} x"))
        XCTAssertThrowsError(try JSONTextParser.parse(String(repeating: "[", count: 600)))
    }

    func testJSONTextValues() throws {
        XCTAssertEqual(try JSONTextParser.parse(#"{"a": [1, 1.5, -0, 1e2, true, null, "\u00e9\ud83d\ude00\n"]}"#),
                       .object([("a", .array([.integer(1), .number(1.5), .integer(0), .number(100), .bool(true), .null,
                                              .string("é😀\n")]))]))
        XCTAssertEqual(try JSONTextParser.parse("\u{FEFF} 12345678901234567890 "), .number(1.2345678901234567e19))
    }

    func testDialectComesFromDollarSchema() throws {
        XCTAssertEqual(try schema(#"{}"#).draft, .draft7)
        XCTAssertEqual(try schema(#"{"$schema": "http://json-schema.org/draft-04/schema#"}"#).draft, .draft4)
        XCTAssertEqual(try schema(#"{"$schema": "https://json-schema.org/draft/2019-09/schema"}"#).draft, .draft2019_09)
        XCTAssertEqual(try schema(#"{"$schema": "https://json-schema.org/draft/2020-12/schema"}"#).draft, .draft2020_12)
        // Draft 4's boolean exclusiveMaximum.
        let d4 = try schema(#"{"$schema": "http://json-schema.org/draft-04/schema#", "maximum": 3, "exclusiveMaximum": true}"#)
        XCTAssertFalse(d4.isValid(FlowYAML.compose("3")))
        XCTAssertTrue(d4.isValid(FlowYAML.compose("2")))
    }

    func testBundledMetaSchemasWorkOffline() throws {
        var asked: [String] = []
        for meta in ["http://json-schema.org/draft-04/schema#", "http://json-schema.org/draft-06/schema#",
                     "http://json-schema.org/draft-07/schema#", "https://json-schema.org/draft/2019-09/schema",
                     "https://json-schema.org/draft/2020-12/schema"] {
            let s = try schema(#"{"$ref": "\#(meta)"}"#, resolver: { asked.append($0); return nil })
            XCTAssertTrue(s.unresolvedReferences.isEmpty, meta)
            XCTAssertTrue(s.isValid(FlowYAML.compose("{type: string, properties: {a: {minimum: 1}}}")), meta)
            XCTAssertFalse(s.isValid(FlowYAML.compose("{type: 5}")), meta)
            XCTAssertFalse(s.isValid(FlowYAML.compose("{properties: {a: {minLength: -1}}}")), meta)
        }
        XCTAssertEqual(asked, [])
    }

    func testResolverLoadsEachRemoteDocumentOnce() throws {
        var asked: [String] = []
        let remote = try JSONTextParser.parse(#"{"$defs": {"port": {"type": "integer"}, "name": {"type": "string"}}}"#)
        let s = try schema(#"{"properties": {"a": {"$ref": "defs.json#/$defs/port"}, "b": {"$ref": "defs.json#/$defs/name"}}}"#,
                           resolver: { asked.append($0); return $0 == "https://example.com/defs.json" ? remote : nil })
        XCTAssertEqual(asked, ["https://example.com/defs.json"])
        XCTAssertTrue(s.isValid(FlowYAML.compose("{a: 1, b: x}")))
        XCTAssertEqual(s.validate(FlowYAML.compose("{a: x, b: 1}")).map(\.message),
                       [#"expected integer, found string "x""#, "expected string, found integer 1"])
        XCTAssertEqual(s.validate(FlowYAML.compose("{a: x}")).first?.schemaURI, "https://example.com/defs.json")
        XCTAssertEqual(s.validate(FlowYAML.compose("{a: x}")).first?.schemaPath, "/$defs/port/type")
        XCTAssertEqual(s.validate(FlowYAML.compose("{a: x}")).first?.instancePath, "/a")
    }

    func testReferenceLoopsTerminate() throws {
        let s = try schema(##"{"$ref": "#", "anyOf": [{"$ref": "#/anyOf/0"}]}"##)
        XCTAssertTrue(s.isValid(FlowYAML.compose("{a: 1}")))
        let tree = try schema(##"{"type": "object", "properties": {"child": {"$ref": "#"}, "n": {"type": "integer"}}}"##)
        XCTAssertEqual(tree.validate(FlowYAML.compose("{child: {child: {n: x}}}")).map(\.instancePath), ["/child/child/n"])
    }

    func testAliasBombIsValidatedOncePerAnchor() throws {
        // 30 levels of 10 aliases each: 10^30 leaves when expanded.
        var text = "{l0: &l0 [1, 2, 3]"
        for level in 1...30 {
            text += ", l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]"
        }
        text += "}"
        let document = FlowYAML.compose(text)
        let s = try schema(##"{"additionalProperties": {"$ref": "#/$defs/nested"}, "$defs": {"nested": {"type": "array","##
                           + ##" "items": {"anyOf": [{"type": "integer", "maximum": 2}, {"$ref": "#/$defs/nested"}]}}}}"##)
        // Hang guard (an unmemoized validator revisits the anchored value exponentially often), not a speed goal.
        let violations = assertNoHang(cpuSecondsAtMost: 30, "anchored nesting validation") { s.validate(document) }
        // Reported once, where the anchored value is written, with the path of its first occurrence.
        XCTAssertEqual(violations.map(\.message), ["3 is greater than the maximum 2"])
        XCTAssertEqual(violations.map(\.range), [TextRange(start: 16, end: 17)])
        XCTAssertEqual(violations.map(\.instancePath), ["/l0/2"])
    }

    func testWorkBudgetStopsWithAWarning() throws {
        let items = (0..<2_000).map(String.init).joined(separator: ", ")
        let s = try schema(#"{"items": {"type": "integer"}}"#)
        let violations = s.validate(FlowYAML.compose("[\(items)]"), options: ValidationOptions(maximumEvaluations: 100))
        XCTAssertEqual(violations.map(\.severity), [.warning])
        // A stable keyword, so that the diagnostic code is `schema-step-limit`, not `schema-`.
        XCTAssertEqual(violations.map(\.keyword), ["step-limit"])
    }

    func testSchemaTextMayBeJSONOrYAML() throws {
        let yaml = try JSONSchema(schemaText: Array("""
            # a schema written in YAML
            $schema: https://json-schema.org/draft/2020-12/schema
            type: object
            properties:
              port: {type: integer, maximum: 0xFFFF}
            """.utf8))
        XCTAssertEqual(yaml.draft, .draft2020_12)
        XCTAssertEqual(yaml.validate(FlowYAML.compose("{port: 70000}")).map(\.message), ["70000 is greater than the maximum 65535"])
        let json = try JSONSchema(schemaText: Array(#"  {"required": ["a"]}"#.utf8))
        XCTAssertFalse(json.isValid(FlowYAML.compose("{b: 1}")))
        XCTAssertThrowsError(try JSONSchema(schemaText: Array(#"{"a": }"#.utf8))) { error in
            XCTAssertEqual((error as? SchemaTextError)?.range, TextRange(empty: 6))
        }
        XCTAssertThrowsError(try JSONSchema(schemaText: Array("a: [1, 2".utf8)))
    }

    func testDeepSchemasAndDocumentsStayBounded() throws {
        let deepSchema = String(repeating: #"{"items": "#, count: 400) + "{}" + String(repeating: "}", count: 400)
        let s = try schema(deepSchema)
        XCTAssertFalse(s.schemaProblems.isEmpty)
        let deepDocument = String(repeating: "[", count: 1_000) + "1" + String(repeating: "]", count: 1_000)
        let enumSchema = try schema(##"{"items": {"$ref": "#"}, "enum": [[[1]]]}"##)
        let violations = enumSchema.validate(FlowYAML.compose(deepDocument))
        XCTAssertTrue(violations.contains { $0.severity == .warning }, "depth limit reported")
        XCTAssertEqual(violations.filter { $0.severity == .warning }.map(\.keyword), ["depth-limit"])
    }
}
