import XCTest
import YAMLComposer
@testable import YAMLSchema

/// ``JSONSchema/init(json:updating:defaultDraft:resolver:referencePolicy:)``: a schema compiled from an
/// edited version of another, taking the unchanged subschemas from the earlier compilation, validates
/// every instance exactly as the same JSON compiled afresh (violations, messages, suggestions), over a
/// chain of edits of every kind (a type, an added or removed property, an enum, a description, the
/// root), and a schema that is not self-contained (a `$ref`) is compiled afresh.
final class SchemaUpdateTests: XCTestCase {
    private static let base = #"""
    {"$schema": "http://json-schema.org/draft-04/schema#", "type": "object", "additionalProperties": false,
     "required": ["apiVersion", "spec"],
     "properties": {
       "apiVersion": {"type": "string", "enum": ["example.com/v1"]},
       "metadata": {"type": "object"},
       "spec": {"type": "object", "additionalProperties": false, "description": "The spec.",
         "properties": {
           "size": {"type": "integer", "minimum": 1},
           "mode": {"type": "string", "enum": ["fast", "slow"]},
           "ports": {"type": "array", "items": {"type": "object", "additionalProperties": false, "required": ["name"],
             "properties": {"name": {"type": "string", "pattern": "^[a-z]+$"}, "port": {"type": "integer"}}}},
           "labels": {"type": "object", "additionalProperties": {"type": "string"}},
           "choice": {"anyOf": [{"type": "integer"}, {"type": "string", "maxLength": 3}]}
         }}
     }}
    """#

    private static let instances = [
        #"{"apiVersion": "example.com/v1", "spec": {"size": 0, "mode": "fast", "ports": [{"name": "http", "port": 80}]}}"#,
        #"{"apiVersion": "example.com/v2", "spec": {"size": "three", "mod": "slow", "ports": [{"port": "x"}, {"name": "A1"}]}}"#,
        #"{"apiVersion": "example.com/v1", "spec": {"labels": {"a": 1, "b": "x"}, "choice": "long", "extra": true}, "other": 1}"#,
        #"{"spec": {"size": 5, "mode": "medium", "choice": 4.5, "ports": "none"}}"#,
    ]

    /// Edits applied in turn, each to the previous version (JSON text replacements).
    private static let edits: [(String, String)] = [
        (#""minimum": 1"#, #""minimum": 10"#),
        (#""enum": ["fast", "slow"]"#, #""enum": ["fast", "slow", "medium"]"#),
        (#""port": {"type": "integer"}"#, #""port": {"type": "string"}, "protocol": {"type": "string"}"#),
        (#""description": "The spec.""#, #""description": "The spec, edited.""#),
        (#""labels": {"type": "object", "additionalProperties": {"type": "string"}},"#, ""),
        (#""maxLength": 3"#, #""maxLength": 5"#),
        (#""required": ["apiVersion", "spec"]"#, #""required": ["apiVersion", "spec", "metadata"]"#),
        (#""pattern": "^[a-z]+$""#, #""pattern": "^[A-Za-z0-9]+$""#),
        (#""type": "object", "additionalProperties": false, "required""#, #""type": "object", "required""#),
    ]

    /// Every violation of every instance, whole (schema path, range, message, suggestions).
    private func violations(_ schema: JSONSchema) throws -> [[SchemaViolation]] {
        try Self.instances.map { text in schema.validate(YAMLNodeFromJSON.node(try JSONTextParser.parse(text))) }
    }

    func testAChainOfEditsValidatesAsAFreshCompilation() throws {
        var text = Self.base
        var schema = JSONSchema(json: try JSONTextParser.parse(text), uri: "file:///w/crd.yaml#example.com/v1/Widget")
        for (old, new) in Self.edits {
            XCTAssertTrue(text.contains(old), old)
            text = text.replacingOccurrences(of: old, with: new)
            let json = try JSONTextParser.parse(text)
            let updated = JSONSchema(json: json, updating: schema)
            let fresh = JSONSchema(json: json, uri: "file:///w/crd.yaml#example.com/v1/Widget")
            XCTAssertEqual(try violations(updated), try violations(fresh), "after replacing \(old)")
            XCTAssertEqual(updated.uri, fresh.uri)
            schema = updated
        }
        // What did not change was taken, not compiled again: an edit below `spec` leaves `apiVersion` as it was.
        let json = try JSONTextParser.parse(text.replacingOccurrences(of: #""maxLength": 5"#, with: #""maxLength": 6"#))
        let updated = JSONSchema(json: json, updating: schema)
        XCTAssertTrue(schema.isReusable)
        let place = schema.uri + "#/properties/apiVersion"
        XCTAssertTrue(try XCTUnwrap(updated.store.nodes[place]) === schema.store.nodes[place])
        XCTAssertFalse(try XCTUnwrap(updated.store.nodes[schema.uri + "#/properties/spec"]) === schema.store.nodes[schema.uri + "#/properties/spec"])
        // After the most updates allowed, the schema is compiled afresh (which drops the places edits removed).
        var chained = updated
        XCTAssertGreaterThan(chained.updates, 0)
        var steps = 0
        while chained.updates > 0 && steps <= JSONSchema.maximumUpdates {
            chained = JSONSchema(json: json, updating: chained)
            steps += 1
        }
        XCTAssertEqual(chained.updates, 0)
        XCTAssertEqual(steps, JSONSchema.maximumUpdates - updated.updates + 1)
        XCTAssertEqual(try violations(chained), try violations(JSONSchema(json: json, uri: schema.uri)))
        // The edits changed what is found (the comparison above is not between empty lists).
        XCTAssertNotEqual(try violations(schema), try violations(JSONSchema(json: try JSONTextParser.parse(Self.base))))
    }

    /// ``JSONSchema/validatesAlike(_:_:)``: versions that differ in annotations or `x-` extensions of their
    /// schema objects validate alike (and do: their findings are the same); any other difference, also
    /// one in a member named like an annotation that is not a schema's (a property called `description`,
    /// an `enum` value), or in `title` (which names alternatives in messages), does not.
    func testAnnotationOnlyEditsValidateAlike() throws {
        let base = try JSONTextParser.parse(Self.base)
        let cases: [(old: String, new: String, alike: Bool)] = [
            (#""description": "The spec.""#, #""description": "The spec, edited.""#, true),
            (#""description": "The spec.""#, #""description": "The spec.", "x-kubernetes-list-type": "map""#, true),
            (#""minimum": 1"#, #""minimum": 1, "default": 3, "examples": [4], "$comment": "c", "markdownDescription": "*m*""#, true),
            (#""maxLength": 3"#, #""maxLength": 3, "x-note": {"type": "integer"}"#, true),
            (#"{"type": "integer"}, {"type": "string""#, #"{"type": "integer", "description": "n"}, {"type": "string""#, true),
            (#""minimum": 1"#, #""minimum": 2"#, false),
            (#""minimum": 1"#, #""minimum": 1, "title": "Size""#, false),
            (#""minimum": 1"#, #""minimum": 1, "deprecated": true"#, false),
            (#""enum": ["fast", "slow"]"#, #""enum": ["fast", "description"]"#, false),
            (#""mode": {"type": "string""#, #""description": {"type": "string""#, false),
            (#""type": "object", "additionalProperties": false, "description""#, #""additionalProperties": false, "type": "object", "description""#, false),
        ]
        for (old, new, alike) in cases {
            XCTAssertTrue(Self.base.contains(old), old)
            let edited = try JSONTextParser.parse(Self.base.replacingOccurrences(of: old, with: new))
            XCTAssertEqual(JSONSchema.validatesAlike(base, edited), alike, new)
            XCTAssertEqual(JSONSchema.validatesAlike(edited, base), alike, new)
            if alike {
                XCTAssertEqual(try violations(JSONSchema(json: edited)), try violations(JSONSchema(json: base)), new)
            }
        }
        XCTAssertTrue(JSONSchema.validatesAlike(base, base))
        XCTAssertTrue(JSONSchema.validatesAlike(.bool(true), .bool(true)))
        XCTAssertFalse(JSONSchema.validatesAlike(.bool(true), .object([])))
    }

    /// An update does not look at every node to learn that nothing uses the dynamic scope (it is
    /// self-contained, as what it was made from); a fresh compilation still finds a `$recursiveAnchor`.
    func testAnUpdateUsesNoDynamicScope() throws {
        let schema = JSONSchema(json: try JSONTextParser.parse(Self.base))
        let updated = JSONSchema(json: try JSONTextParser.parse(Self.base.replacingOccurrences(of: #""minimum": 1"#, with: #""minimum": 2"#)),
                                 updating: schema)
        XCTAssertGreaterThan(updated.updates, 0)
        XCTAssertFalse(updated.store.usesDynamicScope)
        let recursive = #"{"$schema": "https://json-schema.org/draft/2019-09/schema", "$recursiveAnchor": true, "type": "object"}"#
        XCTAssertTrue(JSONSchema(json: try JSONTextParser.parse(recursive)).store.usesDynamicScope)
    }

    /// A schema with a reference is compiled afresh, its local reference resolved.
    func testASchemaWithAReferenceIsCompiledAfresh() throws {
        let earlier = JSONSchema(json: try JSONTextParser.parse(Self.base), uri: "https://example.com/s.json")
        let text = ##"{"properties": {"a": {"$ref": "#/definitions/n"}}, "definitions": {"n": {"type": "integer"}}}"##
        let updated = JSONSchema(json: try JSONTextParser.parse(text), updating: earlier)
        let found = updated.validate(YAMLNodeFromJSON.node(try JSONTextParser.parse(#"{"a": "x"}"#)))
        XCTAssertEqual(found.map(\.keyword), ["type"])
        XCTAssertTrue(updated.unresolvedReferences.isEmpty)
        // And an update of it (not reusable) still resolves.
        let again = JSONSchema(json: try JSONTextParser.parse(text.replacingOccurrences(of: "integer", with: "string")), updating: updated)
        XCTAssertTrue(again.validate(YAMLNodeFromJSON.node(try JSONTextParser.parse(#"{"a": "x"}"#))).isEmpty)
    }
}
