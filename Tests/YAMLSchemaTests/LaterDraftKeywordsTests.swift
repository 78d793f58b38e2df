import XCTest
import YAMLComposer
import YAMLSchema

/// Keywords a later draft added, honoured in schemas of earlier drafts as the common validators do
/// (``SchemaDraft/laterKeywordsHonoured``, listed in docs/schemas.md): each one, in every draft before the
/// one that added it, accepts what it allows and rejects what it does not.
final class LaterDraftKeywordsTests: XCTestCase {
    /// Per keyword: a schema using it (without `$schema`), an instance it accepts and one it rejects
    /// (flow YAML).
    static let cases: [String: (schema: String, valid: String, invalid: String)] = [
        "const": (#"{"properties": {"kind": {"const": "Deployment"}}}"#, "{kind: Deployment}", "{kind: Service}"),
        "contains": (#"{"contains": {"type": "integer"}}"#, "[a, 1]", "[a, b]"),
        "propertyNames": (#"{"propertyNames": {"maxLength": 3}}"#, "{abc: 1}", "{abcd: 1}"),
        "if": (#"{"if": {"required": ["a"]}, "then": {"required": ["b"]}}"#, "{a: 1, b: 2}", "{a: 1}"),
        "then": (#"{"if": {"required": ["a"]}, "then": {"required": ["b"]}}"#, "{c: 1}", "{a: 1}"),
        "else": (#"{"if": {"required": ["a"]}, "else": {"required": ["b"]}}"#, "{b: 1}", "{c: 1}"),
    ]

    func testEachKeywordIsHonouredInTheDraftsBeforeTheOneThatAddedIt() throws {
        XCTAssertFalse(SchemaDraft.laterKeywordsHonoured.isEmpty)
        for (keyword, since) in SchemaDraft.laterKeywordsHonoured {
            let c = try XCTUnwrap(Self.cases[keyword], "no test case for \(keyword)")
            for draft in SchemaDraft.allCases where draft < since {
                let text = "{\"$schema\": \"\(draft.metaSchemaURI)#\", " + c.schema.dropFirst()
                let schema = try JSONSchema(jsonText: Array(text.utf8))
                XCTAssertEqual(schema.draft, draft, text)
                XCTAssertEqual(schema.validate(FlowYAML.compose(c.valid)).map(\.message), [], "\(keyword) in \(draft): \(c.valid)")
                XCTAssertFalse(schema.validate(FlowYAML.compose(c.invalid)).isEmpty, "\(keyword) in \(draft): \(c.invalid)")
            }
        }
    }

    /// A draft-04 schema as SchemaStore has them: `const` inside `oneOf` branches picks the branch.
    func testConstInADraft04OneOfPicksTheBranch() throws {
        let schema = try JSONSchema(jsonText: Array(#"""
            {"$schema": "http://json-schema.org/draft-04/schema#",
             "oneOf": [{"properties": {"type": {"const": "a"}, "size": {"type": "integer"}}, "required": ["type"]},
                       {"properties": {"type": {"const": "b"}, "size": {"type": "string"}}, "required": ["type"]}]}
            """#.utf8))
        XCTAssertEqual(schema.validate(FlowYAML.compose("{type: a, size: 3}")).map(\.message), [])
        XCTAssertEqual(schema.validate(FlowYAML.compose("{type: b, size: big}")).map(\.message), [])
        XCTAssertFalse(schema.validate(FlowYAML.compose("{type: a, size: big}")).isEmpty)
    }
}
