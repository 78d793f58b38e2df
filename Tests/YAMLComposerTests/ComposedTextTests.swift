import TestSupport
import XCTest
import YAMLComposer
import YAMLParser
import YAMLSyntax

/// Composition of real YAML text through the parser: errors at the right places, values, merges.
final class ComposedTextTests: XCTestCase {
    /// Composes `yaml`; errors as `code "text at range": message`.
    private func compose(_ yaml: String) -> (Composition, [String]) {
        let parse = Parser.parse(yaml)
        let c = Composer.compose(parse)
        let errors = c.errors.map { "\($0.code) \(parse.tree.text($0.range).debugDescription): \($0.message)" }
        return (c, errors)
    }

    private func json(_ yaml: String) -> [String] {
        compose(yaml).0.documents.map {
            switch JSONProjection.project($0.root) {
            case .success(let v): return v.jsonText
            case .failure(let f): return "\(f)"
            }
        }
    }

    func testDuplicateKeysPointAtTheLaterKey() {
        let (_, errors) = compose("""
            name: a
            other: 1
            "name": b
            0x1: one
            1: uno
            ? [a, b]
            : seq
            [a, "b"]: again
            """)
        XCTAssertEqual(errors, [
            #"duplicate-key "\"name\"": Duplicate key 'name' in this mapping; it was first defined on line 1."#,
            #"duplicate-key "1": Duplicate key '1' in this mapping; it was first defined on line 4."#,
            #"duplicate-key "[a, \"b\"]": Duplicate key '[a, "b"]' in this mapping; it was first defined on line 6."#,
        ])
    }

    func testAliasesAndUndefinedAlias() {
        let (c, errors) = compose("""
            base: &b {x: 1}
            copy: *b
            missing: *nope
            """)
        XCTAssertEqual(errors, [
            #"undefined-alias "*nope": The alias '*nope' refers to no anchor '&nope' defined before it in this document."#,
        ])
        guard case .mapping(let pairs) = c.documents[0].root.content else { return XCTFail("not a mapping") }
        XCTAssertTrue(pairs[1].value.resolved === pairs[0].value)
        XCTAssertEqual(pairs[0].value.anchor, "b")
    }

    func testDocumentsVersionsAndEmptyDocuments() {
        let (c, errors) = compose("%YAML 1.2\n---\na: 1\n...\n---\n# nothing\n---\n- x\n")
        XCTAssertEqual(errors, [])
        XCTAssertEqual(c.documents.count, 3)
        XCTAssertEqual(c.documents[0].version, "1.2")
        XCTAssertEqual(c.documents[1].root.tag, CoreSchema.nullTag)
        XCTAssertEqual(c.documents[2].root.tag, CoreSchema.seqTag)
        XCTAssertEqual(json("%YAML 1.2\n---\na: 1\n...\n---\n# nothing\n---\n- x\n"), [#"{"a":1}"#, "null", #"["x"]"#])
        XCTAssertEqual(json(""), [])
    }

    func testCoreSchemaValuesFromText() {
        XCTAssertEqual(json("""
            - [null, ~, Null]
            -
            - [true, False, yes, on, n]
            - [0o17, 0x1f, -12, +3, 1_000]
            - [1.5, .5, 1e3, -.inf, .NaN]
            - ["1", '2', !!int "3", !!str 4, ! 5, !custom 6]
            - |
              block
            """), [#"[[null,null,null],null,[true,false,"yes","on","n"],[15,31,-12,3,"1_000"],[1.5,0.5,1000.0,null,null],["1","2",3,"4","5","6"],"block\n"]"#])
    }

    func testMergeKeysFromText() {
        XCTAssertEqual(json("""
            defaults: &d {adapter: postgres, host: localhost, port: 5432}
            extra: &e {host: remote, pool: 5}
            dev:
              <<: [*d, *e]
              port: 5433
            """), [#"{"defaults":{"adapter":"postgres","host":"localhost","port":5432},"extra":{"host":"remote","pool":5},"dev":{"adapter":"postgres","host":"localhost","pool":5,"port":5433}}"#])
        // Merged entries take the place of the `<<` entry; the written `port` wins over the merged one.
    }

    func testBillionLaughsTextAnswersQuickly() {
        var yaml = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            yaml += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
            previous = name
        }
        // Hang guard (10^9 nodes unbounded), not a speed goal.
        let messages = assertNoHang(cpuSecondsAtMost: 30, "billion laughs text") { json(yaml) }
        XCTAssertEqual(messages, ["The document expands to more than 1000000 nodes once aliases are repeated (node budget exceeded)."])
    }
}
