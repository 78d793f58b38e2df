import XCTest
import YAMLDocumentModel
import YAMLSyntax

/// Completion from small local schemas associated through `yaml.schemas`: member names (required first,
/// with type and description), skeletons, values, and the schema keywords that lead there.
final class SchemaCompletionTests: XCTestCase {
    static let schemaURI = "https://example.test/schema.json"

    /// A model holding `t` as `/w/test.yaml` with `schema` associated and delivered.
    static func model(_ t: MarkedText, schema: String, indentWidth: Int? = nil) -> DocumentModel {
        var settings = Settings()
        settings.apply(.object([(key: "yaml.schemas", value: .object([(key: schemaURI, value: .string("*.yaml"))]))]))
        if let indentWidth { settings.apply(.object([(key: "pureyaml.format.indentWidth", value: .integer(Int64(indentWidth)))])) }
        let model = t.model(testURI, settings: settings)
        var edge = SchemaTestEdge([schemaURI: schema])
        edge.serve(model)
        return model
    }

    private func complete(_ marked: String, _ schema: String, snippets: Bool = false) -> (MarkedText, CompletionSurface?) {
        let t = MarkedText(marked)
        return (t, Self.model(t, schema: schema).completion(testURI, at: t["1️⃣"], snippets: snippets))
    }

    static let server = """
    {"type": "object", "required": ["name", "port"],
     "properties": {
       "host": {"type": "string", "description": "Where it listens.", "markdownDescription": "Where it **listens**."},
       "port": {"type": "integer", "default": 8080},
       "name": {"type": "string", "description": "The name."},
       "mode": {"enum": ["fast", "safe", "8080"]},
       "debug": {"type": "boolean"},
       "tls": {"type": "object", "required": ["cert", "key"],
               "properties": {"cert": {"type": "string"}, "key": {"type": "string"}, "ca": {"type": "string"}}},
       "routes": {"type": "array", "items": {"type": "object", "required": ["path"], "properties": {"path": {"type": "string"}}}},
       "tags": {"type": "array", "items": {"type": "string"}, "examples": [["a"]]}
     }}
    """

    func testMembersRequiredFirstWithTypeAndDescription() {
        let (t, s) = complete("host: x\n1️⃣", Self.server)
        XCTAssertEqual(s?.candidates.map(\.label), ["name", "port", "mode", "debug", "tls", "routes", "tags"])
        let name = s?.candidates.first
        XCTAssertEqual(name?.detail, "string (required)")
        XCTAssertEqual(name?.documentation, "The name.")
        XCTAssertEqual(name?.insertText, "name: ")
        XCTAssertEqual(name?.replaceRange, TextRange(empty: t["1️⃣"]))
        XCTAssertEqual(s?.candidates.first { $0.label == "port" }?.insertText, "port: 8080")
        let sortKeys = s?.candidates.map { $0.sortText ?? "" } ?? []
        XCTAssertEqual(sortKeys, sortKeys.sorted())
    }

    func testMarkdownDescriptionIsPreferredWhenTheClientRendersIt() {
        let t = MarkedText("1️⃣")
        let model = Self.model(t, schema: Self.server)
        let host = { (markdown: Bool) in model.completion(testURI, at: 0, markdown: markdown)?.candidates.first { $0.label == "host" } }
        XCTAssertEqual(host(true)?.documentation, "Where it **listens**.")
        XCTAssertEqual(host(false)?.documentation, "Where it listens.")
    }

    func testSkeletonsForObjectsAndArrays() {
        let (_, plain) = complete("a: 1\nroutes_x: 2\n1️⃣", Self.server)
        XCTAssertEqual(plain?.candidates.first { $0.label == "tls" }?.insertText, "tls:\n  cert: \n  key: ")
        XCTAssertEqual(plain?.candidates.first { $0.label == "routes" }?.insertText, "routes:\n  - path: ")
        XCTAssertEqual(plain?.candidates.first { $0.label == "tags" }?.insertText, "tags:\n  - ")
        XCTAssertEqual(plain?.candidates.first { $0.label == "tls" }?.isSnippet, false)
        let (_, snippet) = complete("1️⃣", Self.server, snippets: true)
        let tls = snippet?.candidates.first { $0.label == "tls" }
        XCTAssertEqual(tls?.insertText, "tls:\n  cert: $1\n  key: $2")
        XCTAssertEqual(tls?.isSnippet, true)
        XCTAssertEqual(snippet?.candidates.first { $0.label == "port" }?.insertText, "port: ${1:8080}")
        XCTAssertEqual(snippet?.candidates.first { $0.label == "routes" }?.insertText, "routes:\n  - path: $1")
    }

    /// In a CRLF file a skeleton's lines end in `\r\n` too (a client that inserts the text as it is
    /// would otherwise make a file with mixed line breaks).
    func testSkeletonsUseTheFilesLineBreaks() {
        let (_, s) = complete("a: 1\r\nroutes_x: 2\r\n1️⃣", Self.server)
        XCTAssertEqual(s?.candidates.first { $0.label == "tls" }?.insertText, "tls:\r\n  cert: \r\n  key: ")
        XCTAssertEqual(s?.candidates.first { $0.label == "port" }?.insertText, "port: 8080")
    }

    func testSkeletonsFollowTheKeyColumnAndIndentWidth() {
        let schema = #"{"properties": {"outer": {"properties": {"tls": {"type": "object", "required": ["cert"]}}}}}"#
        let t = MarkedText("outer:\n    a: 1\n    1️⃣")
        let s = Self.model(t, schema: schema, indentWidth: 4).completion(testURI, at: t["1️⃣"])
        XCTAssertEqual(s?.candidates.first { $0.label == "tls" }?.insertText, "tls:\n        cert: ")
    }

    func testPresentKeysAreLeftOutAndAnExistingColonIsKept() {
        let (_, s) = complete("name: a\npo1️⃣: 1\n", Self.server)
        XCTAssertFalse(s?.candidates.contains { $0.label == "name" } ?? true)
        XCTAssertEqual(s?.candidates.first { $0.label == "port" }?.insertText, "port")
    }

    func testValuesFromEnumDefaultExamplesAndTypes() {
        XCTAssertEqual(complete("mode: 1️⃣", Self.server).1?.candidates.map(\.label), ["fast", "safe", "\"8080\""])
        XCTAssertEqual(complete("debug: 1️⃣", Self.server).1?.candidates.map(\.label), ["true", "false"])
        XCTAssertEqual(complete("port: 1️⃣", Self.server).1?.candidates.map(\.label), ["8080"])
        let examples = #"{"properties": {"image": {"type": ["string", "null"], "default": "alpine", "examples": ["alpine", "debian:12"]}}}"#
        let s = complete("image: deb1️⃣", examples).1
        XCTAssertEqual(s?.candidates.map(\.label), ["alpine", "debian:12", "null"])
        XCTAssertEqual(s?.candidates.map(\.detail), ["default", "example", "null"])
    }

    func testItemsAfterADash() {
        let schema = #"{"properties": {"on": {"type": "array", "items": {"enum": ["push", "pull_request"]}}}}"#
        let (t, s) = complete("on:\n  - pu1️⃣", schema)
        XCTAssertEqual(s?.candidates.map(\.label), ["push", "pull_request"])
        XCTAssertEqual(s.map { t.slice($0.candidates[0].replaceRange) }, "pu")
    }

    func testRefsAllOfAndIfThenElse() {
        let schema = """
        {"$defs": {"base": {"properties": {"id": {"type": "string"}}, "required": ["id"]}},
         "allOf": [{"$ref": "#/$defs/base"}, {"properties": {"kind": {"enum": ["a", "b"]}}}],
         "if": {"properties": {"kind": {"const": "a"}}}, "then": {"properties": {"alpha": {"type": "string"}}},
         "else": {"properties": {"beta": {"type": "string"}}}}
        """
        XCTAssertEqual(complete("1️⃣", schema).1?.candidates.map(\.label), ["id", "kind", "alpha", "beta"])
    }

    func testPatternAndAdditionalPropertiesAndPrefixItems() {
        let schema = """
        {"$schema": "https://json-schema.org/draft/2020-12/schema",
         "properties": {
           "jobs": {"patternProperties": {"^[a-z]+$": {"properties": {"runs-on": {"type": "string"}}}}},
           "env": {"additionalProperties": {"properties": {"value": {"type": "string"}}}},
           "pair": {"prefixItems": [{"properties": {"first": {}}}, {"properties": {"second": {}}}]}
         }}
        """
        XCTAssertEqual(complete("jobs:\n  build:\n    1️⃣", schema).1?.candidates.map(\.label), ["runs-on"])
        XCTAssertEqual(complete("env:\n  X:\n    1️⃣", schema).1?.candidates.map(\.label), ["value"])
        // The schema's item at that index first; the keys sibling items use after it.
        XCTAssertEqual(complete("pair:\n  - first: 1\n  - 1️⃣", schema).1?.candidates.map(\.label), ["second", "first"])
    }

    func testDiscriminatedUnionPrefersTheBranchThatFits() {
        let schema = """
        {"properties": {"shape": {"oneOf": [
          {"properties": {"kind": {"const": "circle"}, "radius": {"type": "number"}}, "required": ["kind", "radius"]},
          {"properties": {"kind": {"const": "square"}, "side": {"type": "number"}}, "required": ["kind", "side"]}
        ]}}}
        """
        XCTAssertEqual(complete("shape:\n  kind: square\n  1️⃣", schema).1?.candidates.map(\.label), ["side"])
        // Nothing decided yet: the union, each name required by an alternative.
        let s = complete("shape:\n  1️⃣", schema).1
        XCTAssertEqual(s?.candidates.map(\.label), ["kind", "radius", "side"])
        XCTAssertEqual(s?.candidates.last?.detail, "number (required by an alternative)")
        // The value of the discriminator offers both constants.
        XCTAssertEqual(complete("shape:\n  kind: 1️⃣", schema).1?.candidates.map(\.label), ["circle", "square"])
    }

    func testANameOnlyAPatternAllowsGetsTheSkeletonOfItsValue() {
        let schema = """
        {"properties": {"jobs": {"patternProperties": {"^[a-z]+$": {"oneOf": [
          {"type": "object", "required": ["runs-on"], "properties": {"runs-on": {"type": "string"}, "steps": {"type": "array"}}},
          {"type": "object", "required": ["uses"], "properties": {"uses": {"type": "string"}}}
        ]}}, "additionalProperties": false}}}
        """
        let (t, s) = complete("jobs:\n  bui1️⃣", schema)
        XCTAssertEqual(s?.candidates.first?.label, "bui")
        XCTAssertEqual(s?.candidates.first?.detail, "new entry: object")
        // The first alternative of the undecided union gives the skeleton.
        XCTAssertEqual(s?.candidates.first?.insertText, "bui:\n    runs-on: ")
        XCTAssertEqual(s.map { t.slice($0.candidates[0].replaceRange) }, "bui")
        let (_, snippet) = complete("jobs:\n  bui1️⃣", schema, snippets: true)
        XCTAssertEqual(snippet?.candidates.first?.insertText, "bui:\n    runs-on: $1")
        // Not for names the pattern rejects, nor without a typed word.
        XCTAssertEqual(complete("jobs:\n  B1️⃣", schema).1?.candidates.map(\.label), [])
        XCTAssertEqual(complete("jobs:\n  1️⃣", schema).1?.candidates.map(\.label), [])
    }

    func testFlowCollectionsAndTheEndOfAFileWithoutNewline() {
        let (_, flow) = complete("tls: {cert: a, 1️⃣}", Self.server)
        XCTAssertEqual(flow?.candidates.map(\.label), ["key", "ca"])
        XCTAssertEqual(flow?.candidates.first?.insertText, "key: ")
        let (_, end) = complete("name: x\nde1️⃣", Self.server)
        XCTAssertEqual(end?.candidates.first { $0.label == "debug" }?.insertText, "debug: ")
        let (_, value) = complete("mode: [1️⃣", #"{"properties": {"mode": {"items": {"enum": ["a,b", "c"]}}}}"#)
        XCTAssertEqual(value?.candidates.map(\.label), ["\"a,b\"", "c"])
    }

    func testSiblingKeysStillFollowTheSchemaCandidates() {
        let (_, s) = complete("routes:\n  - path: a\n    extra: 1\n  - 1️⃣", Self.server)
        XCTAssertEqual(s?.candidates.map(\.label), ["path", "extra"])
        let sortKeys = s?.candidates.map { $0.sortText ?? "" } ?? []
        XCTAssertEqual(sortKeys, sortKeys.sorted())
    }

    func testEveryOffsetOfHalfTypedBuffersAnswersWithTheSchema() {
        let buffers = [
            "tls:\n  cert: \"unterminated\n  ke",
            "routes: [ {path: a}, {",
            "- - name\n  port: [",
            "mode: &a\n  - *a\n  -",
            "tls: {cert: x\nrou",
            "",
            "é: 😀\n  - x: 'it''s'\n  y: \"\\\"",
        ]
        for text in buffers {
            let model = Self.model(MarkedText(text), schema: Self.server)
            for offset in 0...text.utf8.count {
                let s = model.completion(testURI, at: offset, snippets: true)
                XCTAssertNotNil(s, "\(text) @\(offset)")
                for c in s?.candidates ?? [] { XCTAssertTrue(c.replaceRange.touches(offset), "\(text) @\(offset)") }
                _ = model.hover(testURI, at: offset)
            }
        }
    }

    func testRecursiveBooleanAndUnresolvableSchemasStayBounded() {
        let recursive = ##"{"properties": {"child": {"$ref": "#"}, "no": false, "gone": {"$ref": "missing.json"}}, "required": ["child"]}"##
        let (_, s) = complete("child:\n  child:\n    1️⃣", recursive)
        XCTAssertEqual(s?.candidates.map(\.label), ["child", "gone"])
        XCTAssertEqual(s?.candidates.first?.insertText, "child:\n      child:\n        child:\n          child: ")
        let (_, t) = complete("1️⃣", #"true"#)
        XCTAssertEqual(t?.candidates, [])
    }
}
