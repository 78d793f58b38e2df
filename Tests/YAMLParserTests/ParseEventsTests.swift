import XCTest
@testable import YAMLParser
import YAMLSyntax

/// The compact event stream reads back as the `Event` values the parser means.
final class ParseEventsTests: XCTestCase {
    func testValuesFromTheTextAndFromTheDecodedBuffer() {
        let text = """
        %TAG !e! tag:example.com,2000:
        --- &root
        plain: one line with  spaces
        folded: first
          second
        quoted: "a\\tb"
        verbatim: "as is"
        single: 'it''s'
        tagged: !e!thing value
        block: |
          line
        alias: *root
        ...

        """
        let parse = Parser.parse(text)
        XCTAssertTrue(parse.isValid, "\(parse.errors)")
        let values = parse.events.compactMap { e -> String? in
            if case .scalar(let value, _, _, _) = e.kind { return value }
            return nil
        }
        XCTAssertEqual(values, ["plain", "one line with  spaces", "folded", "first second", "quoted", "a\tb",
                                "verbatim", "as is", "single", "it's", "tagged", "value", "block", "line\n", "alias"])
        guard case .documentStart(true, nil, let directives) = parse.events[1].kind else {
            return XCTFail("\(parse.events[1])")
        }
        XCTAssertEqual(directives, [TagDirective(handle: "!e!", prefix: "tag:example.com,2000:")])
        XCTAssertEqual(parse.events[2].kind, .mappingStart(anchor: "root", tag: nil, style: .block))
        XCTAssertTrue(parse.events.contains { $0.kind == .scalar(value: "value", style: .plain, anchor: nil, tag: "tag:example.com,2000:thing") })
        XCTAssertTrue(parse.events.contains { $0.kind == .alias(anchor: "root") })
        XCTAssertTrue(parse.events.contains { $0.kind == .documentEnd(explicit: true) })
        for i in parse.events.indices { XCTAssertEqual(parse.events.range(at: i), parse.events[i].range) }
    }

    func testEventsGivenAsValuesReadBackUnchanged() {
        let parse = Parser.parse("a: [1, {b: c}]\n")
        let array = Array(parse.events)
        let wrapped = ParseEvents(array)
        XCTAssertEqual(Array(wrapped), array)
        XCTAssertEqual(wrapped.count, parse.events.count)
        XCTAssertEqual(Event.testSuiteEvents(wrapped), Event.testSuiteEvents(parse.events))
        XCTAssertEqual(MemoryLayout<ParseEvents.Record>.stride, 16)
    }

    func testScalarValuesOfEveryRecordShape() {
        // Text ranges implied by the event range (plain, quoted on one line, alias) and kept apart
        // (escapes, folding, properties, a quoted scalar with an anchor).
        let text = "- plain\n- 'single'\n- \"double\"\n- \"esc\\tx\"\n- folded\n  line\n- &a 'q'\n- *a\n- !!str t\n- ''\n"
        let values = Parser.parse(text).events.compactMap { e -> String? in
            switch e.kind {
            case .scalar(let value, _, _, _): return value
            case .alias(let anchor): return "*" + anchor
            default: return nil
            }
        }
        XCTAssertEqual(values, ["plain", "single", "double", "esc\tx", "folded line", "q", "*a", "t", ""])
    }

    /// ``ParseEvents/nesting(at:)`` says what each event's kind says, for parsed records and for events
    /// given as values: block mappings (also with properties, in sequences, compact), flow mappings and
    /// sequences, scalars, aliases, stream and document events.
    func testNestingIsWhatTheEventsKindSays() {
        func expected(_ kind: Event.Kind) -> ParseEvents.Nesting {
            switch kind {
            case .mappingStart(_, _, let style): return style == .block ? .opensBlockMapping : .opensCollection
            case .sequenceStart: return .opensCollection
            case .scalar, .alias: return .node
            case .mappingEnd, .sequenceEnd: return .closes
            default: return .none
            }
        }
        let text = """
        --- &m !!map
        a: {b: [1, *x], c: d}
        e:
          - f: g
            h: &x i
          - [j, {k: l}]
          - !!seq
            - m
        ? n
        : o
        ---
        - p: q
        ...

        """
        let parse = Parser.parse(text)
        XCTAssertTrue(parse.isValid || parse.errors.allSatisfy { $0.severity != .error }, "\(parse.errors)")
        let given = ParseEvents(Array(parse.events))
        var seen: Set<String> = []
        for i in parse.events.indices {
            XCTAssertEqual(parse.events.nesting(at: i), expected(parse.events[i].kind), "\(parse.events[i])")
            XCTAssertEqual(given.nesting(at: i), expected(given[i].kind), "\(given[i])")
            seen.insert("\(parse.events.nesting(at: i))")
        }
        XCTAssertEqual(seen, ["opensBlockMapping", "opensCollection", "node", "closes", "none"])
    }
}
