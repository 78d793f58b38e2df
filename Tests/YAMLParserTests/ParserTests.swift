import XCTest
import YAMLParser
import YAMLSyntax

/// Focused parser checks for YAML 1.2.2 details real files hit. Each case is data: input text and the
/// expected yaml-test-suite events (without the `+STR`/`-STR` lines).
final class ParserTests: XCTestCase {
    /// Parses `input` and compares its events (one per line, `+STR`/`-STR` omitted) with `expected`;
    /// also checks the lossless round trip and that no error was reported.
    func check(_ input: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        let result = Parser.parse(input)
        XCTAssertEqual(result.tree.printedBytes, Array(input.utf8), "round trip", file: file, line: line)
        let lines = Event.testSuiteEvents(result.events).split(separator: "\n").dropFirst().dropLast()
        XCTAssertEqual(lines.joined(separator: "\n"), expected, file: file, line: line)
        let errors = result.errors.filter { $0.severity == .error }
        XCTAssertTrue(errors.isEmpty, "unexpected errors: \(errors.map { "\($0.code): \($0.message)" })",
                      file: file, line: line)
    }

    /// Parses `input` and returns its errors as `line:column code` strings (1-based lines and columns in
    /// UTF-8 bytes), after checking the round trip.
    func errors(_ input: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        let result = Parser.parse(input)
        XCTAssertEqual(result.tree.printedBytes, Array(input.utf8), "round trip", file: file, line: line)
        let index = LineIndex(input)
        return result.errors.map {
            let p = index.position(of: $0.range.start, encoding: .utf8)
            return "\(p.line + 1):\(p.column + 1) \($0.code)"
        }
    }

    func testBlockCollectionsAndScalarStyles() {
        check("a: 1\nb:\n  - x\n  - 'y'\nc: \"z\"\n", """
        +DOC
        +MAP
        =VAL :a
        =VAL :1
        =VAL :b
        +SEQ
        =VAL :x
        =VAL 'y
        -SEQ
        =VAL :c
        =VAL "z
        -MAP
        -DOC
        """)
    }

    func testCRLFLineBreaks() {
        check("a: |\r\n  x\r\n  y\r\nb: >\r\n  p\r\n  q\r\n", """
        +DOC
        +MAP
        =VAL :a
        =VAL |x\\ny\\n
        =VAL :b
        =VAL >p q\\n
        -MAP
        -DOC
        """)
        check("k: \"a\r\n  b\"\r\n", "+DOC\n+MAP\n=VAL :k\n=VAL \"a b\n-MAP\n-DOC")
    }

    func testByteOrderMark() {
        let input = "\u{FEFF}a: 1\n"
        check(input, "+DOC\n+MAP\n=VAL :a\n=VAL :1\n-MAP\n-DOC")
        let result = Parser.parse(input)
        XCTAssertEqual(result.tree.tokens.first?.kind, .byteOrderMark)
        XCTAssertEqual(result.tree.tokens.first?.range, TextRange(start: 0, end: 3))
    }

    func testByteOrderMarkBetweenDocuments() {
        // §5.2 and [211]: a BOM may begin a document prefix after a `...` line or stand before a `---`
        // (concatenated files each starting with a BOM); anywhere else it is inside a document.
        let twoDocuments = "+DOC\n+MAP\n=VAL :a\n=VAL :1\n-MAP\n-DOC ...\n+DOC ---\n+MAP\n=VAL :b\n=VAL :2\n-MAP\n-DOC"
        check("a: 1\n...\n\u{FEFF}---\nb: 2\n", twoDocuments)
        check("a: 1\r\n...\r\n\u{FEFF}---\r\nb: 2\r\n", twoDocuments)
        check("a: 1\n... # end\n\u{FEFF}b: 2\n",
              "+DOC\n+MAP\n=VAL :a\n=VAL :1\n-MAP\n-DOC ...\n+DOC\n+MAP\n=VAL :b\n=VAL :2\n-MAP\n-DOC")
        check("a: 1\n\u{FEFF}--- b\n", "+DOC\n+MAP\n=VAL :a\n=VAL :1\n-MAP\n-DOC\n+DOC ---\n=VAL :b\n-DOC")
        XCTAssertEqual(errors("a: 1\n\u{FEFF}b: 2\n"), ["2:1 non-printable-character"])
        XCTAssertEqual(errors("a: x\u{FEFF}y\n"), ["1:5 non-printable-character"])
        XCTAssertTrue(errors("a: '1\n...x'\n\u{FEFF}b: 2\n").contains("3:1 non-printable-character"))
        // §5.2: a BOM inside a quoted scalar is content (JSON compatibility); in a plain one it is not.
        check("a: \"x\u{FEFF}y\"\nb: 'p\u{FEFF}q'\nc: [\"\u{FEFF}\", 1]\n",
              "+DOC\n+MAP\n=VAL :a\n=VAL \"x\u{FEFF}y\n=VAL :b\n=VAL 'p\u{FEFF}q\n=VAL :c\n+SEQ []\n=VAL \"\u{FEFF}\n=VAL :1\n-SEQ\n-MAP\n-DOC")
        XCTAssertEqual(errors("a: x\u{FEFF}y\n# \u{FEFF}\n"), ["1:5 non-printable-character", "2:3 non-printable-character"])
        let message = Parser.parse("a: 1\n\u{FEFF}b: 2\n").errors.first?.message ?? ""
        XCTAssertTrue(message.contains("byte order mark"), message)
    }

    /// [202] `l-document-prefix ::= c-byte-order-mark? l-comment*` and [211] `l-yaml-stream ::=
    /// l-document-prefix* l-any-document? ( l-document-suffix+ l-document-prefix* l-any-document? |
    /// l-document-prefix* l-explicit-document? )*`: after a document, marks and comment lines may come before
    /// a `---` line, a `...` line or the end; after the stream start or a `...` line, before any document.
    /// Each mark is a `byteOrderMark` token of the lossless tree.
    func testByteOrderMarksInDocumentPrefixes() {
        let twoDocuments = "+DOC\n+MAP\n=VAL :a\n=VAL :1\n-MAP\n-DOC\n+DOC ---\n+MAP\n=VAL :b\n=VAL :2\n-MAP\n-DOC"
        // A mark, then comment lines, then `---`, between documents (the case that was refused).
        check("a: 1\n\u{FEFF}# next file\n---\nb: 2\n", twoDocuments)
        check("a: 1\r\n\u{FEFF}# next file\r\n\r\n  # indented\r\n---\r\nb: 2\r\n", twoDocuments)
        // Several prefixes in a row: `BOM BOM` is two prefixes without comment lines.
        check("a: 1\n\u{FEFF}\u{FEFF}# c\n\u{FEFF}\n---\nb: 2\n", twoDocuments)
        check("\u{FEFF}\u{FEFF}---\na: 1\n", "+DOC ---\n+MAP\n=VAL :a\n=VAL :1\n-MAP\n-DOC")
        check("\u{FEFF}# c\n\u{FEFF}---\na: 1\n", "+DOC ---\n+MAP\n=VAL :a\n=VAL :1\n-MAP\n-DOC")
        check("\u{FEFF}\u{FEFF}a: 1\n", "+DOC\n+MAP\n=VAL :a\n=VAL :1\n-MAP\n-DOC")
        // At the start of the stream or after `...`, any document may follow: bare, or with directives.
        check("# c\n\u{FEFF}a: 1\n", "+DOC\n+MAP\n=VAL :a\n=VAL :1\n-MAP\n-DOC")
        check("a\n...\n# c\n\n\u{FEFF}b\n", "+DOC\n=VAL :a\n-DOC ...\n+DOC\n=VAL :b\n-DOC")
        check("a\n...\n\u{FEFF}%YAML 1.2\n---\nb\n", "+DOC\n=VAL :a\n-DOC ...\n+DOC ---\n=VAL :b\n-DOC")
        // Prefixes at the end of the stream, or before a `...` line. The mark ends a plain or block scalar
        // (ns-char and nb-char exclude it): it is never content.
        check("a: 1\n\u{FEFF}# end\n", "+DOC\n+MAP\n=VAL :a\n=VAL :1\n-MAP\n-DOC")
        check("a\n\u{FEFF}\n...\n", "+DOC\n=VAL :a\n-DOC ...")
        check("plain\n\u{FEFF}# c\n", "+DOC\n=VAL :plain\n-DOC")
        check("--- |\ntext\n\u{FEFF}# c\n", "+DOC ---\n=VAL |text\\n\n-DOC")
        let tree = Parser.parse("a: 1\n\u{FEFF}\u{FEFF}# c\n\u{FEFF}---\nb: 2\n").tree
        XCTAssertEqual(tree.tokens.filter { $0.kind == .byteOrderMark }.map(\.range),
                       [TextRange(start: 5, end: 8), TextRange(start: 8, end: 11), TextRange(start: 15, end: 18)])
    }

    /// Marks that [211] does not derive keep their error: a prefix after a document that is followed by more
    /// content (a bare document needs a `...` before it), a prefix between directives and their `---`
    /// ([209] `l-directive-document ::= l-directive+ l-explicit-document`), directives after a prefix that
    /// follows a document, and marks that do not start their line.
    func testByteOrderMarksOutsideDocumentPrefixes() {
        XCTAssertEqual(errors("a: 1\n\u{FEFF}# c\nb: 2\n"), ["2:1 non-printable-character"])
        XCTAssertEqual(errors("a: 1\n\u{FEFF}\u{FEFF}\n# c\n  b: 2\n").filter { $0.hasSuffix("non-printable-character") },
                       ["2:1 non-printable-character", "2:4 non-printable-character"])
        XCTAssertEqual(errors("%YAML 1.2\n\u{FEFF}---\na\n"), ["2:1 non-printable-character"])
        XCTAssertEqual(errors("%YAML 1.2\n# c\n\u{FEFF}# d\n---\na\n"), ["3:1 non-printable-character"])
        XCTAssertTrue(errors("a\n\u{FEFF}%YAML 1.2\n---\nb\n").contains("2:1 non-printable-character"))
        XCTAssertEqual(errors("---\u{FEFF}\na\n").first, "1:4 non-printable-character")
        XCTAssertEqual(errors("a: 1\n \u{FEFF}---\n").first, "2:2 non-printable-character")
        XCTAssertEqual(errors("a: x\u{FEFF}\u{FEFF}\n"), ["1:5 non-printable-character", "1:8 non-printable-character"])
        XCTAssertEqual(errors("- a\n\u{FEFF}\n- b\n").first, "2:1 non-printable-character")
    }

    func testBlockScalarHeaderIndicatorsInEitherOrder() {
        check("a: |2-\n   x\nb: |-2\n   y\n", """
        +DOC
        +MAP
        =VAL :a
        =VAL | x
        =VAL :b
        =VAL | y
        -MAP
        -DOC
        """)
    }

    func testChompingAndDetectedIndentation() {
        check("s: |-\n  x\n\nk: |+\n  x\n\nc: >\n\n  folded\n  text\n\n  more\n", """
        +DOC
        +MAP
        =VAL :s
        =VAL |x
        =VAL :k
        =VAL |x\\n\\n
        =VAL :c
        =VAL >\\nfolded text\\nmore\\n
        -MAP
        -DOC
        """)
    }

    func testDoubleQuotedEscapes() {
        check(#"a: "\x41\u00e9\U0001F600\t\\ \"q\" end\#n  next\\#n  line""# + "\n", """
        +DOC
        +MAP
        =VAL :a
        =VAL "Aé😀\\t\\\\ "q" end nextline
        -MAP
        -DOC
        """)
    }

    func testTagResolution() {
        check("%TAG !e! tag:example.com,2000:\n---\n- !!str a\n- !e!foo b\n- !<tag:x> c\n- ! d\n- !local e\n", """
        +DOC ---
        +SEQ
        =VAL <tag:yaml.org,2002:str> :a
        =VAL <tag:example.com,2000:foo> :b
        =VAL <tag:x> :c
        =VAL <!> :d
        =VAL <!local> :e
        -SEQ
        -DOC
        """)
    }

    func testPropertiesOnEmptyNodesAndCommentsBetweenKeyAndValue() {
        check("a: &x\nb: !!str\nc: # comment\n  d\n", """
        +DOC
        +MAP
        =VAL :a
        =VAL &x :
        =VAL :b
        =VAL <tag:yaml.org,2002:str> :
        =VAL :c
        =VAL :d
        -MAP
        -DOC
        """)
    }

    func testFlowCollectionsSpanningLinesAndImplicitPairs() {
        check("a: [b: c, {d, e: f},\n  \"g\":h, ? i]\n", """
        +DOC
        +MAP
        =VAL :a
        +SEQ []
        +MAP {}
        =VAL :b
        =VAL :c
        -MAP
        +MAP {}
        =VAL :d
        =VAL :
        =VAL :e
        =VAL :f
        -MAP
        +MAP {}
        =VAL "g
        =VAL :h
        -MAP
        +MAP {}
        =VAL :i
        =VAL :
        -MAP
        -SEQ
        -MAP
        -DOC
        """)
    }

    func testFlowMappingKeysMaySpanLines() {
        check("{ [x,\n  y]: z, \"a\n  b\": c }\n", """
        +DOC
        +MAP {}
        +SEQ []
        =VAL :x
        =VAL :y
        -SEQ
        =VAL :z
        =VAL "a b
        =VAL :c
        -MAP
        -DOC
        """)
        XCTAssertEqual(errors("[ \"a\n  b\": c ]\n"), ["2:5 missing-flow-separator"])
    }

    func testPlainScalarsWithColonAndHash() {
        check("url: http://x.org/a#b\nt: a:b # c\n", """
        +DOC
        +MAP
        =VAL :url
        =VAL :http://x.org/a#b
        =VAL :t
        =VAL :a:b
        -MAP
        -DOC
        """)
    }

    func testDocumentsMarkersAndDirectivesAfterDocumentEnd() {
        check("a\n...\n%YAML 1.2\n---\nb\n--- c\n", """
        +DOC
        =VAL :a
        -DOC ...
        +DOC ---
        =VAL :b
        -DOC
        +DOC ---
        =VAL :c
        -DOC
        """)
    }

    func testYAMLVersionDirectives() {
        // §6.8.1: 1.1 is read as 1.2 without complaint, a later 1.x gets a warning, 2.0 is rejected.
        XCTAssertEqual(errors("%YAML 1.1\n---\na: yes\n"), [])
        let result = Parser.parse("%YAML 1.3\n---\na\n")
        XCTAssertTrue(result.isValid)
        XCTAssertEqual(result.errors.map(\.code), ["unsupported-yaml-version"])
        XCTAssertEqual(result.errors.first?.severity, .warning)
        XCTAssertEqual(errors("%YAML 2.0\n---\na\n"), ["1:1 unsupported-yaml-version"])
        XCTAssertFalse(Parser.parse("%YAML 2.0\n---\na\n").isValid)
    }

    func testImplicitKeyLengthLimit() {
        let long = String(repeating: "k", count: 1100)
        // The error covers the key; the ':' still ends it, so the entry and the keys after it survive.
        XCTAssertEqual(errors("\(long): v\nnext: 1\n"), ["1:1 invalid-mapping-value"])
        XCTAssertTrue(Event.testSuiteEvents(Parser.parse("\(long): v\nnext: 1\n").events)
            .hasSuffix("=VAL :v\n=VAL :next\n=VAL :1\n-MAP\n-DOC\n-STR\n"))
        check(String(repeating: "k", count: 1000) + ": v\n",
              "+DOC\n+MAP\n=VAL :\(String(repeating: "k", count: 1000))\n=VAL :v\n-MAP\n-DOC")
    }

    func testTabsSeparateButDoNotIndent() {
        check("- a:\t1\n-\tb\n", "+DOC\n+SEQ\n+MAP\n=VAL :a\n=VAL :1\n-MAP\n=VAL :b\n-SEQ\n-DOC")
        XCTAssertEqual(errors("a:\n\tb: 1\n"), ["2:1 tab-indentation"])
        XCTAssertEqual(errors("key: [a,\n\tb]\nnext: 1\n"), ["2:1 tab-indentation"])
        check("key: [a,\n \tb]\n", "+DOC\n+MAP\n=VAL :key\n+SEQ []\n=VAL :a\n=VAL :b\n-SEQ\n-MAP\n-DOC")
    }

    func testUnclosedFlowSequenceMessageNamesTheOpeningLine() {
        let result = Parser.parse("a: 1\nb: 2\nc: [x,\n  y\nd: 4\n")
        XCTAssertEqual(result.errors.count, 1)
        XCTAssertEqual(result.errors.first?.code, "unclosed-flow-sequence")
        XCTAssertEqual(result.errors.first?.range, TextRange(start: 13, end: 14))
        XCTAssertEqual(result.errors.first?.message,
                       "Expected ']' to close the flow sequence opened at line 3; line 5 is not indented enough to continue it.")
        XCTAssertEqual(Parser.parse("a: [x,\n").errors.first?.message,
                       "Expected ']' to close the flow sequence opened at line 1, but the text ended.")
        XCTAssertEqual(Parser.parse("a: {x: 1\n---\nb: 2\n").errors.first?.message,
                       "Expected '}' to close the flow mapping opened at line 1 before the document marker on line 2.")
        // Recovery: `d: 4` is still an entry of the root mapping.
        let lines = Event.testSuiteEvents(result.events).split(separator: "\n")
        XCTAssertEqual(lines.suffix(6), ["-SEQ", "=VAL :d", "=VAL :4", "-MAP", "-DOC", "-STR"])
    }

    func testSeveralIndependentErrorsWithoutCascade() {
        let input = "a: 1\nb: @x\nc: [1, 2\nd: \"open\ne: 5\nf:\n\t- g\nh: 8\n"
        XCTAssertEqual(errors(input), [
            "2:4 reserved-indicator",
            "3:4 unclosed-flow-sequence",
            "4:4 unclosed-quoted-scalar",
            "7:1 tab-indentation",
        ])
        let events = Event.testSuiteEvents(Parser.parse(input).events)
        XCTAssertTrue(events.contains("=VAL :e\n=VAL :5\n"), events)
        XCTAssertTrue(events.contains("=VAL :h\n=VAL :8\n"), events)
    }

    func testEventRanges() {
        let input = "k: &a !!map\n  x: [1, 2]\ns: |\n  t\n"
        let result = Parser.parse(input)
        func text(_ r: TextRange) -> String { String(decoding: Array(input.utf8)[r.start..<r.end], as: UTF8.self) }
        let described = result.events.map { "\($0.testSuiteNotation) \(text($0.range).debugDescription)" }
        XCTAssertEqual(described, [
            "+STR \"\"",
            "+DOC \"\"",
            "+MAP \"k: &a !!map\\n  x: [1, 2]\\ns: |\\n  t\\n\"",
            "=VAL :k \"k\"",
            "+MAP &a <tag:yaml.org,2002:map> \"&a !!map\\n  x: [1, 2]\"",
            "=VAL :x \"x\"",
            "+SEQ [] \"[1, 2]\"",
            "=VAL :1 \"1\"",
            "=VAL :2 \"2\"",
            "-SEQ \"\"",
            "-MAP \"\"",
            "=VAL :s \"s\"",
            "=VAL |t\\n \"|\\n  t\\n\"",
            "-MAP \"\"",
            "-DOC \"\"",
            "-STR \"\"",
        ])
    }

    func testTreeShape() {
        let result = Parser.parse("# c\n- a: 1\n  ? b\n- [x, y: z]\n")
        func shape(_ n: SyntaxNode) -> String {
            let kids = n.children.map(shape)
            return kids.isEmpty ? "\(n.kind)" : "\(n.kind)(\(kids.joined(separator: " ")))"
        }
        XCTAssertEqual(shape(result.tree.root), "stream(document(blockSequence("
            + "sequenceItem(blockMapping(mappingEntry(key(scalar) value(scalar)) mappingEntry(key(scalar)))) "
            + "sequenceItem(flowSequence(scalar flowPair(mappingEntry(key(scalar) value(scalar))))))))")
        XCTAssertEqual(result.tree.tokens.first?.kind, .comment)
    }

    func testRecoveryResynchronisesAtTheNextLineOfLowerIndentation() {
        let input = """
        server:
          host: example.com
          port: 80: 90
          paths:
            - /a
           - /b
          name: 'unclosed
          other: value
        end: true

        """
        XCTAssertEqual(errors(input), [
            "3:11 invalid-mapping-value",
            "6:4 expected-mapping-key",
            "7:9 unclosed-quoted-scalar",
        ])
        let events = Event.testSuiteEvents(Parser.parse(input).events)
        XCTAssertTrue(events.hasSuffix("=VAL :other\n=VAL :value\n-MAP\n=VAL :end\n=VAL :true\n-MAP\n-DOC\n-STR\n"), events)
        XCTAssertTrue(events.contains("=VAL :name\n=VAL 'unclosed\n"), events)
    }

    func testStrayDocumentEndMarkersAndEmptyDocuments() {
        check("...\n---\n---\n# only a comment\n...\n...\n", """
        +DOC ---
        =VAL :
        -DOC
        +DOC ---
        =VAL :
        -DOC ...
        """)
        let result = Parser.parse("...\n---\n---\n# only a comment\n...\n...\n")
        XCTAssertEqual(result.tree.root.children.map(\.kind), [.document, .document])
        XCTAssertEqual(result.tree.root.directTokens.filter { !$0.kind.isTrivia }.map(\.kind), [.documentEnd, .documentEnd])
    }

    func testMessagesExplainCommonMistakes() {
        let result = Parser.parse("a: value\n  nested: x\nc: [1, 2]]\nd: x\n")
        XCTAssertEqual(result.errors.map(\.code), ["expected-mapping-key", "unexpected-token"])
        XCTAssertEqual(result.errors[0].message, "Expected a mapping key ('key: value') at column 1, the indentation of "
                       + "the mapping opened at line 1, but this 'key: value' entry starts at column 3; check its indentation.")
        XCTAssertEqual(result.errors[1].message, "']' has no matching '['.")
        XCTAssertTrue(Parser.parse("a: value\n  more text\n").isValid, "a plain scalar continues on a more indented line")
        XCTAssertTrue(Parser.parse("a: b: c\n").errors[0].message.contains("a value cannot itself be a 'key: value'"))
    }

    func testNonPrintableCharactersAndInvalidUTF8() {
        XCTAssertEqual(errors("a: x\u{1B}y\nb: ok\n"), ["1:5 non-printable-character"])
        let bytes: [UInt8] = Array("a: ".utf8) + [0xC3, 0x28] + Array("\nb: \u{E9}\u{1F600}\n".utf8)
        let result = Parser.parse(bytes)
        XCTAssertEqual(result.tree.printedBytes, bytes)
        XCTAssertEqual(result.errors.map(\.code), ["invalid-utf8"])
        XCTAssertEqual(result.errors.first?.range, TextRange(start: 3, end: 4))
        XCTAssertTrue(Parser.parse("tab\there: ok\r\n").isValid)
    }

    func testControlCharactersFoundAtEveryPositionOfAWord() {
        // The character check reads eight bytes at a time and lets tabs, LF and CR through: a control
        // character or DEL is still found at every offset, next to any of them.
        let line = Array("k: a\tb\r\nc: d\ne: fghij\n".utf8)
        for bad: UInt8 in [0x00, 0x01, 0x08, 0x0B, 0x0C, 0x1F, 0x7F] {
            for at in [4, 5, 7, 8, 12, 16, 17, 18, 19, 20, 21] {
                var bytes = line
                bytes.insert(bad, at: at)
                let found = Parser.parse(bytes).errors.filter { $0.code == "non-printable-character" }.map(\.range.start)
                XCTAssertEqual(found, [at], "byte \(bad) at \(at)")
            }
        }
        XCTAssertFalse(Parser.parse(line).errors.contains { $0.code == "non-printable-character" })
    }

    func testMissingColonCoversTheKey() {
        let result = Parser.parse("a: 1\nsome key\nc: 3\n")
        XCTAssertEqual(result.errors.map(\.code), ["missing-colon"])
        XCTAssertEqual(result.errors.first?.range, TextRange(start: 5, end: 13))
        XCTAssertTrue(Event.testSuiteEvents(result.events).hasSuffix("=VAL :c\n=VAL :3\n-MAP\n-DOC\n-STR\n"))
    }

    // MARK: Spec details real files hit

    func testFoldedAndKeepingBlockScalarHeadersInEitherOrder() {
        check("a: >-2\n  x\n  y\nb: >2-\n  z\nc: |+1\n w\n\nd: |1+\n v\n", "+DOC\n+MAP\n=VAL :a\n=VAL >x y\n=VAL :b\n=VAL >z\n=VAL :c\n=VAL |w\\n\\n\n=VAL :d\n=VAL |v\\n\n-MAP\n-DOC")
    }

    func testMultiLinePlainScalars() {
        check("a: one\n  two\n\n  three\nb: x:y z\n", "+DOC\n+MAP\n=VAL :a\n=VAL :one two\\nthree\n=VAL :b\n=VAL :x:y z\n-MAP\n-DOC")
    }

    func testMultiLinePlainScalarsInSequencesAndAtTheRoot() {
        check("- a\n  b\n- c\n", "+DOC\n+SEQ\n=VAL :a b\n=VAL :c\n-SEQ\n-DOC")
        check("plain\ntext # comment\n", "+DOC\n=VAL :plain text\n-DOC")
    }

    func testMultiLineQuotedScalars() {
        check("s: 'one\n  two\n\n  three'\nd: \"x\\\n  y\n  z\"\n", "+DOC\n+MAP\n=VAL :s\n=VAL 'one two\\nthree\n=VAL :d\n=VAL \"xy z\n-MAP\n-DOC")
    }

    func testExplicitKeysInBlockMappings() {
        check("? a\n: 1\n? [b, c]\n: 2\n? |\n  block key\n: 3\n?\n: empty\n? no value\n", "+DOC\n+MAP\n=VAL :a\n=VAL :1\n+SEQ []\n=VAL :b\n=VAL :c\n-SEQ\n=VAL :2\n=VAL |block key\\n\n=VAL :3\n=VAL :\n=VAL :empty\n=VAL :no value\n=VAL :\n-MAP\n-DOC")
    }

    func testPropertiesOnEmptyNodesInSequencesAndFlowCollections() {
        check("- &a\n- !!str\n- &b !!null\n- [&c , !!str , d]\n- {&e : f, g: !!str }\n", "+DOC\n+SEQ\n=VAL &a :\n=VAL <tag:yaml.org,2002:str> :\n=VAL &b <tag:yaml.org,2002:null> :\n+SEQ []\n=VAL &c :\n=VAL <tag:yaml.org,2002:str> :\n=VAL :d\n-SEQ\n+MAP {}\n=VAL &e :\n=VAL :f\n=VAL :g\n=VAL <tag:yaml.org,2002:str> :\n-MAP\n-SEQ\n-DOC")
    }

    func testCommentsBetweenKeysAndValues() {
        check("a:\n  # about b\n  b\nc: # list follows\n  - 1\nd:\t# tab before comment\n  e: 2\n", "+DOC\n+MAP\n=VAL :a\n=VAL :b\n=VAL :c\n+SEQ\n=VAL :1\n-SEQ\n=VAL :d\n+MAP\n=VAL :e\n=VAL :2\n-MAP\n-MAP\n-DOC")
    }

    func testTagDirectivesRedefineHandles() {
        check("%TAG ! tag:example.com,2000:app/\n%TAG !! tag:other.org,2001:\n---\n- !foo a\n- !!bar b\n", "+DOC ---\n+SEQ\n=VAL <tag:example.com,2000:app/foo> :a\n=VAL <tag:other.org,2001:bar> :b\n-SEQ\n-DOC")
    }

    func testDocumentEndMarkerWithoutDocumentStart() {
        check("a: 1\n...\nb: 2\n...\n", "+DOC\n+MAP\n=VAL :a\n=VAL :1\n-MAP\n-DOC ...\n+DOC\n+MAP\n=VAL :b\n=VAL :2\n-MAP\n-DOC ...")
    }

    func testImplicitKeyLimitCountsCharactersNotBytes() {
        let wide = String(repeating: "é", count: 1024)
        XCTAssertEqual(errors("\(wide): v\n"), [])
        XCTAssertEqual(errors("\(wide)é: v\n"), ["1:1 invalid-mapping-value"])
    }
}

extension ParserTests {
    /// JSON's surrogate-pair escape (what Python's `json.dumps` writes for an emoji) is one character;
    /// a lone surrogate, or a high one followed by anything but a low one, stays an error (§5.7).
    func testJSONSurrogatePairEscapesAreOneCharacter() {
        check(#"{"a": "\ud83d\ude00"}"# + "\n", "+DOC\n+MAP {}\n=VAL \"a\n=VAL \"😀\n-MAP\n-DOC")
        check(#"x: "\uD83D\uDE00 and \u00e9""# + "\n", "+DOC\n+MAP\n=VAL :x\n=VAL \"😀 and é\n-MAP\n-DOC")
        XCTAssertEqual(errors(#"a: "\ud83d""# + "\n"), ["1:5 invalid-escape"])
        XCTAssertEqual(errors(#"a: "\ude00\ud83d""# + "\n").first, "1:5 invalid-escape", "a low surrogate first is no pair")
        XCTAssertEqual(errors(#"a: "\ud83d\u0041""# + "\n"), ["1:5 invalid-escape"])
        XCTAssertEqual(errors(#"a: "\ud83d\ude0""# + "\n").first, "1:5 invalid-escape")
    }
}
