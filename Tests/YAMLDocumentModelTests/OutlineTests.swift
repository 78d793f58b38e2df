import XCTest
import YAMLSyntax
@testable import YAMLDocumentModel

/// The outline surface: names, kinds, details and ranges (UTF-8 byte offsets) of the symbols.
final class OutlineTests: XCTestCase {
    let uri = DocumentURI("file:///tmp/outline.yaml")

    func outline(_ text: String, settings: Settings = Settings()) throws -> OutlineSurface {
        let model = DocumentModel(settings: settings)
        model.perform(.open(uri, version: 1, text: text))
        return try XCTUnwrap(model.outline(uri))
    }

    /// The byte range of the `occurrence`-th (0-based) `needle` in `text`.
    func range(of needle: String, in text: String, occurrence: Int = 0) -> TextRange {
        let hay = Array(text.utf8), n = Array(needle.utf8)
        var found = -1
        var start = 0
        for _ in 0...occurrence {
            found = -1
            var i = start
            while i + n.count <= hay.count {
                if Array(hay[i..<i + n.count]) == n { found = i; break }
                i += 1
            }
            start = found + 1
        }
        return TextRange(start: found, end: found + n.count)
    }

    func testMappingHierarchyWithKindsDetailsAndRanges() throws {
        let text = "name: ci\ncount: 3\nenabled: true\nnothing: ~\njobs:\n  build:\n    runs-on: ubuntu\n"
        let o = try outline(text)
        XCTAssertFalse(o.truncated)
        XCTAssertEqual(o.symbols.map(\.name), ["name", "count", "enabled", "nothing", "jobs"])
        XCTAssertEqual(o.symbols.map(\.kind), [.string, .number, .boolean, .null, .mapping])
        XCTAssertEqual(o.symbols.map(\.detail), ["ci", "3", "true", "~", "1 key"])
        let name = o.symbols[0]
        XCTAssertEqual(name.selectionRange, range(of: "name", in: text))
        XCTAssertEqual(name.range, range(of: "name: ci", in: text))
        let jobs = o.symbols[4]
        XCTAssertEqual(jobs.selectionRange, range(of: "jobs", in: text))
        XCTAssertEqual(jobs.children.map(\.name), ["build"])
        let build = jobs.children[0]
        XCTAssertEqual(build.children.map(\.name), ["runs-on"])
        XCTAssertEqual(build.children[0].detail, "ubuntu")
        XCTAssertEqual(build.children[0].range, range(of: "runs-on: ubuntu", in: text))
        XCTAssertTrue(jobs.range.contains(build.range))
        XCTAssertTrue(jobs.range.contains(jobs.selectionRange))
    }

    func testSequenceItemsAreNamedByWhatIdentifiesThem() throws {
        let text = """
        steps:
          - uses: actions/checkout@v4
          - name: Build
            run: make
          - run: make test
          - plain item
          - other: thing
            more: 1
          - [nested]

        """
        let o = try outline(text)
        let steps = o.symbols[0]
        XCTAssertEqual(steps.kind, .sequence)
        XCTAssertEqual(steps.detail, "6 items")
        XCTAssertEqual(steps.children.map(\.name),
                       ["actions/checkout@v4", "Build", "make test", "plain item", "other: thing", "[5]"])
        XCTAssertEqual(steps.children.map(\.kind), [.mapping, .mapping, .mapping, .string, .mapping, .sequence])
        // A mapping item's selection is its first key; a scalar item's is the item itself.
        XCTAssertEqual(steps.children[1].selectionRange, range(of: "name", in: text))
        XCTAssertEqual(steps.children[3].selectionRange, range(of: "plain item", in: text))
        XCTAssertEqual(steps.children[1].children.map(\.name), ["name", "run"])
    }

    func testDocumentsAreNamedByWhatTheyHold() throws {
        let text = """
        apiVersion: v1
        kind: Service
        metadata:
          name: web
          namespace: shop
        ---
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: api
        spec:
          replicas: 2
        ---
        just: data
        ---
        on: push
        name: CI
        ---
        - a
        - b
        ---
        apiVersion: batch/v1
        kind: Job
        metadata:
          generateName: pi-
        ---
        kind: List

        """
        let o = try outline(text)
        XCTAssertEqual(o.symbols.map(\.name),
                       ["Service web", "Deployment api", "just", "CI", "Document 5", "Job pi-", "kind"])
        XCTAssertEqual(o.symbols.map(\.kind), [.mapping, .mapping, .mapping, .mapping, .sequence, .mapping, .mapping])
        XCTAssertEqual(o.symbols.map(\.detail), ["shop", nil, nil, nil, "2 items", nil, nil])
        XCTAssertEqual(o.symbols[1].children.map(\.name), ["apiVersion", "kind", "metadata", "spec"])
        XCTAssertEqual(o.symbols[2].children.map(\.name), ["just"])
        // The first document is implicit: its selection is the empty range at its first key.
        XCTAssertEqual(o.symbols[0].selectionRange, TextRange(empty: 0))
        XCTAssertEqual(o.symbols[0].range.start, 0)
        // The second document starts at its `---` marker, which is its selection.
        let secondMarker = range(of: "---", in: text)
        XCTAssertEqual(o.symbols[1].range.start, secondMarker.start)
        XCTAssertEqual(o.symbols[1].selectionRange, secondMarker)
        XCTAssertTrue(o.symbols[1].range.contains(range(of: "replicas: 2", in: text)))
        XCTAssertFalse(o.symbols[0].range.contains(range(of: "replicas: 2", in: text)))
    }

    func testTheImplicitFirstDocumentSelectsWhereItsContentStarts() throws {
        let text = "# leading comment\n\nname: first\n---\nname: second\n"
        let o = try outline(text)
        XCTAssertEqual(o.symbols.map(\.name), ["first", "second"])
        XCTAssertEqual(o.symbols[0].selectionRange, TextRange(empty: range(of: "name", in: text).start))
        XCTAssertTrue(o.symbols[0].range.contains(o.symbols[0].selectionRange))
    }

    func testRangesTakeTrailingCommentsAndCommentLinesIndentedUnderTheBlock() throws {
        let text = CommentedBlocks.text
        let o = try outline(text)
        XCTAssertEqual(o.symbols.map(\.name), ["resources", "jobs", "steps", "next", "extraArgs", "template", "last"])
        func endsAfter(_ needle: String, _ symbol: OutlineSymbol, _ file: StaticString = #filePath, _ line: UInt = #line) {
            XCTAssertEqual(symbol.range.end, range(of: needle, in: text).end, "\(symbol.name)", file: file, line: line)
        }
        endsAfter("#   memory: 128Mi", o.symbols[0])
        endsAfter("#   script: ./deploy", o.symbols[1])
        let build = o.symbols[1].children[0]
        endsAfter("# - make test", build)
        endsAfter("# - make test", build.children[0])  // a commented-out item at the key's column is the key's
        endsAfter("- run: c", o.symbols[2])
        endsAfter("# - run: b", o.symbols[2].children[0])
        endsAfter("# the entry's", o.symbols[3])
        endsAfter("# - --verbose", o.symbols[4])
        endsAfter("#   title: x", o.symbols[5])
        endsAfter("last: 1", o.symbols[6])
        XCTAssertNil(CorpusModelTests.containmentProblem(o.symbols, parent: TextRange(start: 0, end: text.utf8.count)))
        // Entries of a flow collection keep their own ranges.
        let flow = try outline("a: {x: 1,  # one\n  y: 2}\n")
        XCTAssertEqual(flow.symbols[0].children[0].range, TextRange(start: 4, end: 8))
    }

    func testABlockScalarEntryDoesNotTakeTheCommentOfTheNextKey() throws {
        let text = "a: |\n  x\n\n# about b\nb: >\n  folded\n  # not a comment\n\n # b's\nc: 1\n"
        let o = try outline(text)
        XCTAssertEqual(o.symbols.map(\.name), ["a", "b", "c"])
        XCTAssertFalse(o.symbols[0].range.contains(range(of: "# about b", in: text)))
        XCTAssertEqual(o.symbols[1].range.end, range(of: "# b's", in: text).end)
        XCTAssertNil(CorpusModelTests.containmentProblem(o.symbols, parent: TextRange(start: 0, end: text.utf8.count)))
    }

    func testDocumentRangesRunToTheirLastCommentLine() throws {
        let text = "a: 1\n# trailing\n---\nb: 2\n  # indented\n"
        let o = try outline(text)
        XCTAssertEqual(o.symbols[0].range, TextRange(start: 0, end: range(of: "# trailing", in: text).end))
        XCTAssertEqual(o.symbols[1].range.end, range(of: "# indented", in: text).end)
        XCTAssertEqual(o.symbols[1].children[0].range.end, range(of: "# indented", in: text).end)
    }

    func testAliasesAndAnchors() throws {
        let text = "base: &b\n  image: alpine\nweb: *b\n*b : aliased key\n"
        let o = try outline(text)
        XCTAssertEqual(o.symbols.map(\.name), ["base", "web", "*b"])
        XCTAssertEqual(o.symbols[1].detail, "*b")
        XCTAssertEqual(o.symbols[1].kind, .mapping, "an alias has the kind of what it names")
        XCTAssertEqual(o.symbols[1].children, [], "an alias is not expanded in the outline")
        XCTAssertEqual(o.symbols[0].children.map(\.name), ["image"])
    }

    func testEmptyDocumentsAndScalarRoots() throws {
        XCTAssertEqual(try outline("").symbols, [])
        XCTAssertEqual(try outline("# only a comment\n").symbols, [])
        XCTAssertEqual(try outline("just a scalar\n").symbols, [])
        let two = try outline("---\n---\na: 1\n--- text\n")
        XCTAssertEqual(two.symbols.map(\.name), ["Document 1", "a", "Document 3"])
        XCTAssertEqual(two.symbols.map(\.kind), [.document, .mapping, .string], "an empty document is just a document")
        XCTAssertEqual(two.symbols[2].detail, "text")
        XCTAssertEqual(two.symbols[0].children, [])
        XCTAssertEqual(two.symbols[1].children.map(\.name), ["a"])
    }

    func testMaxItemsComputedCapsTheOutline() throws {
        let text = (0..<50).map { "key\($0): \($0)\n" }.joined()
        var settings = Settings()
        settings.maxItemsComputed = 10
        let capped = try outline(text, settings: settings)
        XCTAssertTrue(capped.truncated)
        XCTAssertEqual(capped.symbols.count, 10)
        XCTAssertEqual(capped.symbols.last?.name, "key9")
        let full = try outline(text)
        XCTAssertFalse(full.truncated)
        XCTAssertEqual(full.symbols.count, 50)
        // Nested entries count too, and shallower ones come first (breadth first).
        let nested = try outline("a:\n  b: 1\n  c: 2\nd: 3\n", settings: { var s = Settings(); s.maxItemsComputed = 3; return s }())
        XCTAssertTrue(nested.truncated)
        XCTAssertEqual(nested.symbols.map(\.name), ["a", "d"])
        XCTAssertEqual(nested.symbols[0].children.map(\.name), ["b"])
    }

    func testRangesContainTheirSelectionsAndChildren() throws {
        let text = """
        --- !tagged
        - &a {x: 1, y: [2, 3]}
        - !!map
          name: tagged item
          script: |
            line one

        - ? complex
          : key
        - *a
        ...
        ---
        ---
        top: >-
          folded
        """
        let o = try outline(text)
        XCTAssertEqual(o.symbols.map(\.name), ["Document 1", "Document 2", "top"])
        XCTAssertEqual(o.symbols[0].children.map(\.name), ["x: 1", "tagged item", "complex: key", "*a"])
        XCTAssertNil(CorpusModelTests.containmentProblem(o.symbols, parent: TextRange(start: 0, end: text.utf8.count)))
        // A deliberately broken symbol is caught by the check.
        var broken = o.symbols
        broken[0].children[1].selectionRange = TextRange(start: 0, end: 1)
        XCTAssertNotNil(CorpusModelTests.containmentProblem(broken, parent: TextRange(start: 0, end: text.utf8.count)))
    }

    func testNamesAreWholeAndOnOneLine() throws {
        let long = ".rules:merge_request_pipelines:no_docs:no-community-mr:" + String(repeating: "k", count: 80)
        let text = """
        \(long): 1
        "two\\nlines": 2
        "": empty key
        ? [x, y]
        : flow key
        ? a: 1
          b: [2,  # a comment
              3]
        : block key
        steps:
          - run: |
              npm ci
              npm test
          - \(long)

        """
        let o = try outline(text)
        XCTAssertEqual(o.symbols.map(\.name), [long, "two lines", "\"\"", "[x, y]", "a: 1 b: [2, 3]", "steps"])
        XCTAssertEqual(o.symbols[5].children.map(\.name), ["npm ci npm test", long])
        // Details may be cut; names never are.
        XCTAssertEqual(o.symbols[5].children[1].detail, String(long.prefix(60)) + "…")
        let withLongValue = try outline("k: \(long)\n")
        XCTAssertEqual(withLongValue.symbols[0].detail, String(long.prefix(60)) + "…")
    }

    /// A detail is the value's first line (up to its first `\n` character; `\r\n` is one character, not
    /// `\n`) cut at 60 characters, as splitting the value into lines and counting characters gives it.
    func testDetailsAreTheFirstLineCutAtSixtyCharacters() {
        func reference(_ s: String) -> String {
            let firstLine = s.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? s
            if firstLine.count <= OutlineBuilder.maxDetail && firstLine.count == s.count { return s }
            return String(firstLine.prefix(OutlineBuilder.maxDetail)) + "…"
        }
        let sixty = String(repeating: "x", count: 60), accents = String(repeating: "e\u{301}", count: 60)
        let cases = ["", "a", "\n", "a\nb", "\r\n", "a\r\nb", "a\rb", "a\r\nb\nc", "\n\u{301}x", sixty, sixty + "y", sixty + "\n",
                     accents, accents + "é", "🇫🇷" + sixty, "😀\n" + sixty, String(repeating: "ab\n", count: 1000), sixty + "\r\n" + sixty]
        for s in cases { XCTAssertEqual(OutlineBuilder.shortened(s), reference(s), s.debugDescription) }
        // A name on one line: a text without a line break character is kept as it is.
        for s in cases {
            if s.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
                XCTAssertFalse(OutlineText.collapsed(s).utf8.contains { $0 == 0x0A || $0 == 0x0D }, s.debugDescription)
            } else {
                XCTAssertEqual(OutlineText.collapsed(s), s, s.debugDescription)
            }
        }
    }

    func testConfigureReportsOutlineOfEveryOpenDocument() {
        let model = DocumentModel()
        let other = DocumentURI("file:///tmp/other.yaml")
        model.perform(.open(uri, version: 1, text: "a: 1\n"))
        model.perform(.open(other, version: 1, text: "b: 1\n"))
        var s = Settings()
        s.maxItemsComputed = 1
        let areas = model.perform(.configure(s))
        XCTAssertTrue(areas.isSuperset(of: [.settings, .outline(uri), .outline(other), .formatting(uri)]))
        XCTAssertEqual(model.perform(.configure(s)), [], "the same settings change nothing")
    }
}
