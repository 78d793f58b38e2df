import XCTest
@testable import YAMLDocumentModel

/// The outline cap fills shallow levels first, and explicit settings beat editor defaults.
final class BreadthFirstOutlineTests: XCTestCase {
    let uri = DocumentURI("file:///big.yaml")

    func testCapKeepsEveryTopLevelKeyWhenADeepSectionIsHuge() {
        var text = "first:\n"
        for i in 0..<50 { text += "  k\(i):\n    a: 1\n    b: 2\n" }
        text += "second: 2\nthird:\n  x: 1\n"
        var settings = Settings()
        settings.maxItemsComputed = 20
        let model = DocumentModel(settings: settings)
        model.perform(.open(uri, version: 1, text: text))
        let outline = model.outline(uri)!
        XCTAssertTrue(outline.truncated)
        XCTAssertEqual(outline.symbols.map(\.name), ["first", "second", "third"])
        // 3 top-level entries, then 17 of the next level, and nothing deeper.
        XCTAssertEqual(outline.symbols[0].children.count, 17)
        XCTAssertTrue(outline.symbols[0].children.allSatisfy { $0.children.isEmpty })
    }

    func testBelowTheCapTheOutlineIsComplete() {
        let model = DocumentModel()
        model.perform(.open(uri, version: 1, text: "a:\n  b:\n    c: 1\nd: [1, 2]\n"))
        let outline = model.outline(uri)!
        XCTAssertFalse(outline.truncated)
        XCTAssertEqual(outline.symbols.map(\.name), ["a", "d"])
        XCTAssertEqual(outline.symbols[0].children.first?.children.first?.name, "c")
        XCTAssertEqual(outline.symbols[1].children.map(\.name), ["1", "2"])
        XCTAssertEqual(outline.symbols[1].kind, .sequence)
    }

    func testExplicitIndentWidthWinsOverTabSize() {
        let model = DocumentModel()
        XCTAssertEqual(model.formatOptions(FormattingRequest(tabSize: 8)).indentWidth, 8)
        var settings = Settings()
        settings.apply(.object([("pureyaml.format.indentWidth", .integer(2))]))
        model.perform(.configure(settings))
        XCTAssertEqual(model.formatOptions(FormattingRequest(tabSize: 8)).indentWidth, 2)
    }
}
