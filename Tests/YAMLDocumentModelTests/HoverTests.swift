import XCTest
import YAMLDocumentModel
import YAMLSyntax

final class HoverTests: XCTestCase {
    func testAliasPreviewWithMergeKeys() {
        let t = MarkedText("""
        base: &1️⃣base
          a: 1
          b: two
        derived: &d
          <<: *base
          c: 3
        use: *2️⃣d
        again: *base

        """)
        let model = t.model()
        let hover = model.hover(testURI, at: t["2️⃣"])
        XCTAssertEqual(hover?.sections.sketch, ["Alias of `&d` (line 4).", "[yaml] a: 1\nb: two\nc: 3"])
        XCTAssertEqual(hover.map { t.slice($0.range) }, "*d")
        XCTAssertEqual(hover?.keyPath, [.key("use")])
        XCTAssertEqual(model.hover(testURI, at: t["1️⃣"])?.sections.sketch, ["Anchor `&base`: used by 2 aliases."])
    }

    func testLongPreviewsAreCut() {
        var text = "list: &l\n"
        for i in 0..<100 { text += "  - item \(i)\n" }
        text += "x: *l\n"
        let model = MarkedText(text).model()
        let hover = model.hover(testURI, at: text.utf8.count - 3)
        XCTAssertEqual(hover?.sections.sketch.last?.split(separator: "\n").count, 21)   // 20 lines, "…"
        XCTAssertTrue(hover?.sections.sketch.last?.hasSuffix("\n…") ?? false)
    }

    func testTagsResolveThroughTagDirectives() {
        let t = MarkedText("%TAG !e! tag:example.com,2000:app/\n---\na: !e!f1️⃣oo x\nb: !!str2️⃣ 1\nc: !lo3️⃣cal y\nd: !x!4️⃣y z\ne: !<tag:a%21b>5️⃣ q\n")
        let model = t.model()
        XCTAssertEqual(model.hover(testURI, at: t["1️⃣"])?.sections.sketch, ["Tag `!e!foo` resolves to `tag:example.com,2000:app/foo`."])
        XCTAssertEqual(model.hover(testURI, at: t["2️⃣"])?.sections.sketch, ["Tag `!!str` resolves to `tag:yaml.org,2002:str`."])
        XCTAssertEqual(model.hover(testURI, at: t["3️⃣"])?.sections.sketch, ["Tag `!local` resolves to `!local`."])
        XCTAssertTrue(model.hover(testURI, at: t["4️⃣"])?.sections.sketch.first?.contains("no `%TAG` directive") ?? false)
        XCTAssertEqual(model.hover(testURI, at: t["5️⃣"])?.sections.sketch, ["Tag `!<tag:a%21b>` resolves to `tag:a!b`."])
    }

    func testNothingToSayIsNil() {
        let t = MarkedText("a: pla1️⃣in\nb: *undefin2️⃣ed\n")
        let model = t.model()
        XCTAssertNil(model.hover(testURI, at: t["1️⃣"]))
        XCTAssertEqual(model.keyPath(testURI, at: t["1️⃣"]), [.key("a")])
        XCTAssertTrue(model.hover(testURI, at: t["2️⃣"])?.sections.sketch.first?.contains("no anchor") ?? false)
    }
}
