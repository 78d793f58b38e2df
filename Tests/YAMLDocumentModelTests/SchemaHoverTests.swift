import XCTest
import YAMLDocumentModel
import YAMLSyntax

/// Hover from a small local schema: title, description (Markdown preferred), type, allowed values,
/// default, examples and deprecation, on keys and values, combined with the document's own hover.
final class SchemaHoverTests: XCTestCase {
    static let schema = """
    {"properties": {
       "mode": {"title": "Mode", "description": "How to run.", "markdownDescription": "How to **run**.",
                "enum": ["fast", "safe"], "default": "safe"},
       "image": {"type": "string", "examples": ["alpine", "debian:12"]},
       "old": {"type": "integer", "deprecated": true, "deprecationMessage": "Use mode."},
       "list": {"type": "array", "items": {"type": "string", "description": "One entry."}},
       "free": {}
    }}
    """

    private func hover(_ marked: String) -> (MarkedText, HoverSurface?) {
        let t = MarkedText(marked)
        return (t, SchemaCompletionTests.model(t, schema: Self.schema).hover(testURI, at: t["1️⃣"]))
    }

    func testOnAKey() {
        let (t, h) = hover("mo1️⃣de: fast\n")
        XCTAssertEqual(h?.sections.sketch, ["**Mode**", "How to run. | How to **run**.", "Allowed values: `fast`, `safe`⏎Default: `safe`"])
        XCTAssertEqual(h.map { t.slice($0.range) }, "mode")
        XCTAssertEqual(h?.keyPath, [.key("mode")])
    }

    func testBothDescriptionsAreGivenForTheRendererToChoose() {
        let (_, h) = hover("mode: fa1️⃣st\n")
        XCTAssertEqual(h?.sections.first, .paragraph([.strong("Mode")]))
        XCTAssertEqual(h?.sections.dropFirst().first, .documentation(plain: "How to run.", markdown: "How to **run**."))
        XCTAssertEqual(h?.sections.last, .paragraph([.text("Allowed values: "), .code("fast"), .text(", "), .code("safe"), .lineBreak,
                                                    .text("Default: "), .code("safe")]))
    }

    func testTypesExamplesAndDeprecation() {
        XCTAssertEqual(hover("image: 1️⃣alpine\n").1?.sections.sketch, ["Type: `string`⏎Examples: `alpine`, `debian:12`"])
        XCTAssertEqual(hover("o1️⃣ld: 1\n").1?.sections.sketch, ["Type: `integer`", "**Deprecated: Use mode.**"])
        XCTAssertEqual(hover("list:\n  - a\n  - 1️⃣b\n").1?.sections.sketch, ["One entry. | -", "Type: `string`"])
    }

    func testNothingToSay() {
        XCTAssertNil(hover("fr1️⃣ee: 1\n").1)
        XCTAssertNil(hover("other: 1️⃣1\n").1)
        XCTAssertNil(hover("mode: fast 1️⃣ # c\n").1)
    }

    func testCombinedWithTheDocumentsOwnHover() {
        let (_, h) = hover("a: &x fast\nmode: *1️⃣x\n")
        XCTAssertEqual(h?.sections.sketch.first, "Alias of `&x` (line 1).")
        XCTAssertEqual(Array(h?.sections.suffix(3) ?? []).sketch,
                       ["**Mode**", "How to run. | How to **run**.", "Allowed values: `fast`, `safe`⏎Default: `safe`"])
    }
}
