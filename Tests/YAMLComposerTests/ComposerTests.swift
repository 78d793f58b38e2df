import TestSupport
import XCTest
import YAMLComposer
import YAMLParser
import YAMLSyntax

/// Composition from hand-built event streams (yaml-test-suite notation, see ``EventNotation``).
final class ComposerTests: XCTestCase {
    /// Composes `notation` and returns its documents' roots and the errors as `code@line: message`.
    private func compose(_ notation: String) -> (roots: [YAMLNode], errors: [String], notation: EventNotation) {
        let n = EventNotation(notation)
        let c = n.compose()
        let index = LineIndex(n.bytes)
        let errors = c.errors.map { "\($0.code)@\(index.line(containing: $0.range.start) + 1): \($0.message)" }
        return (c.documents.map(\.root), errors, n)
    }

    private func scalar(_ node: YAMLNode) -> String? {
        if case .scalar(let s, _) = node.resolved.content { return s }
        return nil
    }

    func testTagsFollowTheCoreSchema() {
        let (roots, errors, _) = compose("""
            +DOC
            +SEQ
            =VAL :12
            =VAL '12
            =VAL :yes
            =VAL :
            =VAL <!> :12
            =VAL <tag:yaml.org,2002:str> :12
            =VAL <!local> :x
            =VAL |text
            +MAP <!>
            -MAP
            +SEQ <tag:example.com,2000:list>
            -SEQ
            -SEQ
            -DOC
            """)
        XCTAssertEqual(errors, [])
        guard case .sequence(let items) = roots[0].content else { return XCTFail("not a sequence") }
        XCTAssertEqual(items.map(\.tag), [CoreSchema.intTag, CoreSchema.strTag, CoreSchema.strTag, CoreSchema.nullTag,
                                          CoreSchema.strTag, CoreSchema.strTag, "!local", CoreSchema.strTag,
                                          CoreSchema.mapTag, "tag:example.com,2000:list"])
        XCTAssertEqual(items.map(\.hasExplicitTag), [false, false, false, false, false, true, true, false, false, true])
        XCTAssertEqual(roots[0].tag, CoreSchema.seqTag)
    }

    func testRangesAndVersion() {
        let n = EventNotation("""
            +DOC --- %YAML 1.2
            +MAP {}
            =VAL :a
            =VAL :b
            -MAP
            -DOC
            """)
        let c = n.compose()
        XCTAssertEqual(c.documents.count, 1)
        let doc = c.documents[0]
        XCTAssertEqual(doc.version, "1.2")
        XCTAssertEqual(doc.root.collectionStyle, .flow)
        // The mapping spans from its start line to the end of its `-MAP` line.
        let text = n.text
        let start = text.utf8.count - text.drop { $0 != "{" }.utf8.count - 5  // "+MAP " precedes "{}"
        XCTAssertEqual(doc.root.range.start, start)
        XCTAssertEqual(String(decoding: n.bytes[doc.root.range.start..<doc.root.range.end], as: UTF8.self),
                       "+MAP {}\n=VAL :a\n=VAL :b\n-MAP")
        XCTAssertTrue(doc.range.contains(doc.root.range))
    }

    func testAliasIsTheAnchoredNodeAndAnchorsMayBeRedefined() {
        let (roots, errors, _) = compose("""
            +DOC
            +SEQ
            +MAP &a
            =VAL :k
            =VAL :v
            -MAP
            =ALI *a
            =VAL &a :second
            =ALI *a
            -SEQ
            -DOC
            """)
        XCTAssertEqual(errors, [])
        guard case .sequence(let items) = roots[0].content else { return XCTFail("not a sequence") }
        XCTAssertTrue(items[1].resolved === items[0])
        XCTAssertEqual(items[1].tag, CoreSchema.mapTag)
        XCTAssertTrue(items[3].resolved === items[2])
        XCTAssertEqual(scalar(items[3]), "second")
        if case .alias(let name, _) = items[3].content { XCTAssertEqual(name, "a") } else { XCTFail("not an alias") }
    }

    func testUndefinedAndRecursiveAliases() {
        let (roots, errors, _) = compose("""
            +DOC
            +SEQ &s
            =ALI *nothing
            =ALI *s
            -SEQ
            -DOC
            +DOC ---
            =ALI *s
            -DOC
            """)
        XCTAssertEqual(errors, [
            "undefined-alias@4: The alias '*nothing' refers to no anchor '&nothing' defined before it in this document.",
            "recursive-alias@5: The alias '*s' refers to a node that contains it; recursive aliases are not supported.",
            // Anchors do not carry over to the next document.
            "undefined-alias@9: The alias '*s' refers to no anchor '&s' defined before it in this document.",
        ])
        XCTAssertEqual(roots.count, 2)
        XCTAssertEqual(roots[1].tag, CoreSchema.nullTag)
        if case .alias(_, let target) = roots[1].content { XCTAssertNil(target) } else { XCTFail("not an alias") }
    }

    func testDuplicateKeysCompareByResolvedValue() {
        let (_, errors, _) = compose("""
            +DOC
            +MAP
            =VAL :a
            =VAL :1
            =VAL "a
            =VAL :2
            =VAL :1
            =VAL :x
            =VAL :0x1
            =VAL :y
            =VAL :1.0
            =VAL :not a duplicate of the int 1
            =VAL '1
            =VAL :the string 1 is not the int 1
            =VAL :~
            =VAL :null key
            =VAL :
            =VAL :empty is null too
            =VAL :true
            =VAL :t
            =VAL :True
            =VAL :t
            =VAL <tag:yaml.org,2002:int> "0o1
            =VAL :tagged int
            -MAP
            -DOC
            """)
        XCTAssertEqual(errors, [
            "duplicate-key@6: Duplicate key 'a' in this mapping; it was first defined on line 4.",
            "duplicate-key@10: Duplicate key '0x1' in this mapping; it was first defined on line 8.",
            "duplicate-key@18: Duplicate key '' in this mapping; it was first defined on line 16.",
            "duplicate-key@22: Duplicate key 'True' in this mapping; it was first defined on line 20.",
            "duplicate-key@24: Duplicate key '0o1' in this mapping; it was first defined on line 8.",
        ])
    }

    func testComplexKeysCompareStructurally() {
        let (_, errors, _) = compose("""
            +DOC
            +MAP
            +SEQ []
            =VAL :1
            =VAL :2
            -SEQ
            =VAL :first
            +SEQ
            =VAL :0x1
            =VAL "2
            -SEQ
            =VAL :differs in the second entry's type
            +SEQ []
            =VAL :1
            =VAL :0x2
            -SEQ
            =VAL :same
            +MAP {}
            =VAL :a
            =VAL :1
            =VAL :b
            =VAL :2
            -MAP
            =VAL :map
            +MAP &m
            =VAL :b
            =VAL :2
            =VAL :a
            =VAL :1
            -MAP
            =VAL :same map in another order
            =ALI *m
            =VAL :alias of the same key
            -MAP
            -DOC
            """)
        XCTAssertEqual(errors, [
            "duplicate-key@14: Duplicate key '+SEQ [] =VAL :1 =VAL :0x2 -SEQ' in this mapping; it was first defined on line 4.",
            "duplicate-key@26: Duplicate key '+MAP &m =VAL :b =VAL :2 =VAL :a =VAL :1…' in this mapping; it was first defined on line 19.",
            "duplicate-key@33: Duplicate key '*m' in this mapping; it was first defined on line 19.",
        ])
    }

    func testManyKeysUseTheHashedPath() {
        var lines = ["+DOC", "+MAP"]
        for i in 0..<50 { lines += ["=VAL :k\(i)", "=VAL :\(i)"] }
        lines += ["=VAL :k7", "=VAL :again", "=VAL :k49", "=VAL :again", "-MAP", "-DOC"]
        let (_, errors, _) = compose(lines.joined(separator: "\n"))
        XCTAssertEqual(errors, [
            "duplicate-key@104: Duplicate key 'k7' in this mapping; it was first defined on line 18.",
            "duplicate-key@106: Duplicate key 'k49' in this mapping; it was first defined on line 102.",
        ])
    }

    func testEmptyAndMultipleDocuments() {
        let n = EventNotation("""
            +DOC ---
            -DOC
            +DOC ---
            =VAL :x
            -DOC ...
            """)
        let c = n.compose()
        XCTAssertEqual(c.documents.count, 2)
        XCTAssertEqual(c.documents[0].root.tag, CoreSchema.nullTag)
        if case .scalar(let s, let style) = c.documents[0].root.content {
            XCTAssertEqual(s, "")
            XCTAssertEqual(style, .plain)
        } else {
            XCTFail("empty document root is not a scalar")
        }
        XCTAssertTrue(c.documents[0].root.range.isEmpty)
        XCTAssertEqual(c.documents[0].range.start, 5)  // the `+DOC ---` line
        XCTAssertEqual(scalar(c.documents[1].root), "x")
        XCTAssertTrue(Composer.compose(events: []).documents.isEmpty)
    }

    func testRecoveredStreamsAreClosed() {
        // Missing -MAP/-SEQ/-DOC, a key without value, and a stray end: no crash, sensible nodes.
        let (roots, errors, _) = compose("""
            -SEQ
            +DOC
            +SEQ
            +MAP
            =VAL :k
            """)
        XCTAssertEqual(errors, [])
        XCTAssertEqual(roots.count, 1)
        guard case .sequence(let items) = roots[0].content, case .mapping(let pairs)? = items.first?.content else {
            return XCTFail("unexpected shape")
        }
        XCTAssertEqual(pairs.count, 1)
        XCTAssertEqual(pairs.first?.value.tag, CoreSchema.nullTag)
    }

    func testDeepNestingNeitherRecursesNorCrashesOnRelease() {
        let depth = 200_000
        var events = [Event(.streamStart, range: TextRange(empty: 0)),
                      Event(.documentStart(explicit: false, version: nil, tagDirectives: []), range: TextRange(empty: 0))]
        for i in 0..<depth {
            events.append(Event(.sequenceStart(anchor: nil, tag: nil, style: .flow), range: TextRange(start: i, end: i + 1)))
        }
        for i in 0..<depth { events.append(Event(.sequenceEnd, range: TextRange(empty: depth + i + 1))) }
        events.append(Event(.documentEnd(explicit: false), range: TextRange(empty: 2 * depth)))
        events.append(Event(.streamEnd, range: TextRange(empty: 2 * depth)))
        var c: Composition? = Composer.compose(events: events)
        var node = c?.documents.first?.root
        var levels = 0
        while case .sequence(let items)? = node?.content { levels += 1; node = items.first }
        XCTAssertEqual(levels, depth)
        node = nil
        c = nil  // releasing 200,000 nested nodes must not overflow the stack
        XCTAssertNil(c)
    }
}

extension ComposerTests {
    func testLargeMappingComposesAndProjectsInLinearTime() {
        var events = [Event(.streamStart, range: TextRange(empty: 0)),
                      Event(.documentStart(explicit: false, version: nil, tagDirectives: []), range: TextRange(empty: 0)),
                      Event(.mappingStart(anchor: nil, tag: nil, style: .block), range: TextRange(start: 0, end: 1))]
        let count = 100_000
        for i in 0..<count {
            events.append(Event(.scalar(value: "key\(i)", style: .plain, anchor: nil, tag: nil), range: TextRange(empty: 0)))
            events.append(Event(.scalar(value: "\(i)", style: .plain, anchor: nil, tag: nil), range: TextRange(empty: 0)))
        }
        events.append(Event(.mappingEnd, range: TextRange(empty: 1)))
        // Hang guard (quadratic composition or projection of 100,000 entries), not a speed goal.
        let (c, projection) = assertNoHang(cpuSecondsAtMost: 60, "composing 100,000 entries") {
            let c = Composer.compose(events: events)
            return (c, c.documents.first.map { JSONProjection.project($0.root) })
        }
        guard case .success(let json)? = projection else { return XCTFail("no projection") }
        XCTAssertEqual(c.errors, [])
        XCTAssertEqual(json["key99999"], .integer(99_999))
    }
}
