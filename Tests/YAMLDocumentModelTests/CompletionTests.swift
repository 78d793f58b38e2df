import XCTest
import YAMLDocumentModel
import YAMLSyntax

final class CompletionTests: XCTestCase {
    private func complete(_ t: MarkedText, _ marker: String = "1️⃣") -> CompletionSurface? {
        t.model().completion(testURI, at: t[marker])
    }

    func testKeysThatSiblingItemsUseButThisItemLacks() {
        let t = MarkedText("""
        steps:
          - name: a
            uses: b
            with: c
          - name: d
            1️⃣
          - run: e
            name: f
        """)
        let s = complete(t)
        XCTAssertEqual(s?.context.expectation, .key)
        XCTAssertEqual(s?.context.keyPath, [.key("steps"), .item(nil)])
        XCTAssertEqual(s?.context.presentKeys, ["name"])
        XCTAssertEqual(s?.candidates.map(\.label), ["uses", "with", "run"])
        XCTAssertEqual(s?.candidates.first?.insertText, "uses: ")
        XCTAssertEqual(s?.candidates.first?.replaceRange, TextRange(empty: t["1️⃣"]))
    }

    func testMidWordReplacesTheWholeWord() {
        let t = MarkedText("steps:\n  - name: a\n    uses: b\n  - name: c\n    u1️⃣se\n")
        let s = complete(t)
        XCTAssertEqual(s?.context.partialWord, "u")
        XCTAssertEqual(s?.candidates.map(\.label), ["uses"])
        XCTAssertEqual(s.map { t.slice($0.context.replaceRange) }, "use")
        // An existing `key:` keeps its colon.
        let k = MarkedText("steps:\n  - name: a\n    uses: b\n  - name: c\n    us1️⃣: x\n")
        XCTAssertEqual(complete(k)?.candidates.first?.insertText, "uses")
    }

    func testANewItemAfterTheDash() {
        let t = MarkedText("items:\n- id: 1\n  label: x\n- 1️⃣")
        let s = complete(t)
        XCTAssertEqual(s?.context.keyPath, [.key("items"), .item(nil)])
        XCTAssertEqual(s?.candidates.map(\.label), ["id", "label"])
    }

    func testNestedMappingOfSiblingItems() {
        let t = MarkedText("""
        steps:
          - uses: a
            with:
              token: x
              path: y
          - uses: b
            with:
              path: z
              1️⃣
        """)
        let s = complete(t)
        XCTAssertEqual(s?.context.keyPath, [.key("steps"), .item(nil), .key("with")])
        XCTAssertEqual(s?.candidates.map(\.label), ["token"])
    }

    func testValuePositionHasAKeyPath() {
        let t = MarkedText("a:\n  b: 1️⃣")
        let s = complete(t)
        XCTAssertEqual(s?.context.expectation, .value)
        XCTAssertEqual(s?.context.keyPath, [.key("a"), .key("b")])
        XCTAssertEqual(s?.candidates, [])
    }

    func testAliasNamesDefinedEarlierInTheDocument() {
        let t = MarkedText("a: &first 1\nb: &second 2\nc: *f1️⃣\n---\nd: &other 3\ne: *2️⃣")
        let s = complete(t)
        XCTAssertEqual(s?.context.expectation, .aliasName)
        XCTAssertEqual(s?.candidates.map(\.label), ["second", "first"])
        XCTAssertEqual(s.map { t.slice($0.candidates[0].replaceRange) }, "f")
        XCTAssertEqual(s?.candidates.first?.detail, "&second on line 2")
        // The second document sees only its own anchors, also at the end of the text without a newline.
        XCTAssertEqual(complete(t, "2️⃣")?.candidates.map(\.label), ["other"])
        // Inside a flow collection.
        let flow = MarkedText("x: &x 1\ny: [1, *1️⃣]\n")
        XCTAssertEqual(complete(flow)?.candidates.map(\.label), ["x"])
        XCTAssertEqual(complete(flow)?.context.inFlow, true)
        // The documentation is filled on resolve.
        let model = t.model()
        XCTAssertEqual(model.aliasDocumentation(testURI, name: "first", at: t["1️⃣"]), .codeBlock(language: "yaml", code: "1"))
    }

    func testModelineAtTheTopOfTheFile() {
        let t = MarkedText("# yaml-lang1️⃣\na: 1\n# 2️⃣")
        let s = complete(t)
        XCTAssertEqual(s?.context.expectation, .modeline)
        XCTAssertEqual(s?.candidates.map(\.insertText), ["# yaml-language-server: $schema="])
        XCTAssertEqual(s.map { t.slice($0.candidates[0].replaceRange) }, "# yaml-lang")
        // Not below content, and not inside comments.
        XCTAssertEqual(complete(t, "2️⃣")?.context.expectation, CompletionContext.Expectation.none)
        XCTAssertEqual(complete(t, "2️⃣")?.candidates, [])
    }

    func testFlowMappingKeys() {
        let t = MarkedText("a: {b: 1, 1️⃣}\n")
        let s = complete(t)
        XCTAssertEqual(s?.context.expectation, .key)
        XCTAssertEqual(s?.context.inFlow, true)
        XCTAssertEqual(s?.context.keyPath, [.key("a")])
    }

    func testEveryOffsetOfHalfTypedBuffersAnswers() {
        let buffers = [
            "steps:\n  - name: a\n    uses: \"unterminated\n  - na",
            "a: [1, {b: *",
            "- - - x: |\n   text\n  y",
            "key: &a\n  - *a\n  -",
            "\t- tab: 1\n  ? complex\n  : value\n*",
            "# yaml-language-server: $sch",
            "",
            "é: 😀\n  - x: 'it''s'\n  y: \"\\\"",
        ]
        for text in buffers {
            let model = MarkedText(text).model()
            for offset in 0...text.utf8.count {
                let s = model.completion(testURI, at: offset)
                XCTAssertNotNil(s, "\(text) @\(offset)")
                if let r = s?.context.replaceRange { XCTAssertTrue(r.touches(offset), "\(text) @\(offset)") }
                for c in s?.candidates ?? [] { XCTAssertTrue(c.replaceRange.touches(offset)) }
            }
        }
    }
}
