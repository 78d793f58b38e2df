import XCTest
import YAMLDocumentModel
import YAMLSyntax

final class AnchorNavigationTests: XCTestCase {
    private let text = MarkedText("""
    base: &1️⃣b {x: 1}
    a: *2️⃣b
    base2: &b3️⃣ 2
    c: *4️⃣b
    d: 5️⃣plain

    """)

    func testDefinitionFollowsTheNearestEarlierAnchor() {
        let model = text.model()
        XCTAssertEqual(model.definition(testURI, at: text["2️⃣"]).map(text.slice), "&b")
        XCTAssertEqual(model.definition(testURI, at: text["2️⃣"])?.start, text["1️⃣"] - 1)
        // The second alias binds to the redefinition (YAML 1.2.2 §7.1).
        XCTAssertEqual(model.definition(testURI, at: text["4️⃣"])?.start, text["3️⃣"] - 2)
        XCTAssertNil(model.definition(testURI, at: text["5️⃣"]))
    }

    func testReferencesAndHighlightsStayInTheirGroup() {
        let model = text.model()
        let withDecl = model.references(testURI, at: text["1️⃣"], includeDeclaration: true)
        XCTAssertEqual(withDecl.map(text.slice), ["&b", "*b"])
        XCTAssertEqual(withDecl.last?.start, text["2️⃣"] - 1)
        XCTAssertEqual(model.references(testURI, at: text["1️⃣"], includeDeclaration: false).count, 1)
        let highlights = model.highlights(testURI, at: text["4️⃣"])
        XCTAssertEqual(highlights.map(\.isDefinition), [true, false])
        XCTAssertEqual(highlights.first?.range.start, text["3️⃣"] - 2)
    }

    func testRenameChangesOnlyTheBoundGroup() throws {
        let model = text.model()
        let edits = try model.rename(testURI, at: text["2️⃣"], to: "base").get()
        var bytes = Array(text.text.utf8)
        for e in edits.sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange(e.range.start..<e.range.end, with: Array(e.newText.utf8))
        }
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), """
        base: &base {x: 1}
        a: *base
        base2: &b 2
        c: *b
        d: plain

        """)
        XCTAssertEqual(try model.prepareRename(testURI, at: text["3️⃣"]).get().length, 1)
        XCTAssertEqual(model.prepareRename(testURI, at: text["5️⃣"]), .failure(.notAnAnchor))
        for bad in ["", "a b", "x,y", "[a]", "{", "tab\tname", "line\nbreak"] {
            XCTAssertEqual(model.rename(testURI, at: text["1️⃣"], to: bad), .failure(.invalidName(bad)), bad)
        }
        // Any other printable character is allowed, `*`, `&` and `:` included (§6.9.2 ns-anchor-char).
        XCTAssertNoThrow(try model.rename(testURI, at: text["1️⃣"], to: "a:b*c&é").get())
        XCTAssertTrue(RenameRefusal.invalidName("a b").description.contains("not a valid anchor name"))
    }

    /// A rename must not change what any alias refers to (YAML 1.2.2 §7.1: an alias names the nearest
    /// earlier anchor of its name in the document): the new name may not be that of an anchor between ours
    /// and one of our aliases, ours may not become the nearest anchor of other aliases, and an undefined
    /// alias may not become bound.
    func testRenameThatWouldRebindAnAliasIsRefused() {
        let t = MarkedText("a: &1️⃣a 1\nb: &2️⃣b 2\nc: *a\nd: *b\ne: *u\n")
        let model = t.model()
        // `&a` -> `b`: `*a` would then name the `&b` of line 2, whose value is 2.
        XCTAssertEqual(model.rename(testURI, at: t["1️⃣"], to: "b"), .failure(.changesBinding("b")))
        // `&b` -> `a`: `*a` would then name the renamed anchor.
        XCTAssertEqual(model.rename(testURI, at: t["2️⃣"], to: "a"), .failure(.changesBinding("a")))
        // `&a` -> `u`: the undefined `*u` would become bound.
        XCTAssertEqual(model.rename(testURI, at: t["1️⃣"], to: "u"), .failure(.changesBinding("u")))
        XCTAssertTrue(RenameRefusal.changesBinding("b").description.contains("'b'"))
        // A free name, the same name, an anchor of that name after every alias, or one in another document.
        XCTAssertNoThrow(try model.rename(testURI, at: t["1️⃣"], to: "z").get())
        XCTAssertNoThrow(try model.rename(testURI, at: t["1️⃣"], to: "a").get())
        let later = MarkedText("a: &1️⃣x 1\nb: *x\nc: &y 2\nd: *y\n---\ne: &2️⃣z 3\nf: *z\n")
        XCTAssertNoThrow(try later.model().rename(testURI, at: later["1️⃣"], to: "y").get())
        XCTAssertNoThrow(try later.model().rename(testURI, at: later["2️⃣"], to: "x").get())
    }

    func testLinkedEditingRangesAreNameRanges() {
        let model = text.model()
        let ranges = model.linkedEditingRanges(testURI, at: text["1️⃣"]) ?? []
        XCTAssertEqual(ranges.map(text.slice), ["b", "b"])
        XCTAssertNil(model.linkedEditingRanges(testURI, at: text["5️⃣"]))
    }

    func testAnchorsDoNotCrossDocuments() {
        let t = MarkedText("a: &x 1\n---\nb: *1️⃣x\n")
        let model = t.model()
        XCTAssertNil(model.definition(testURI, at: t["1️⃣"]))
        XCTAssertEqual(model.prepareRename(testURI, at: t["1️⃣"]), .failure(.notAnAnchor))
    }

    func testHalfTypedAliasesAnswerWithoutFailing() {
        for source in ["a: &x 1\nb: *", "a: &x 1\nb: [*x, *", "&", "*", "a: &x\n  b: *x\n  c: *x"] {
            let model = MarkedText(source).model()
            for offset in 0...source.utf8.count {
                _ = model.definition(testURI, at: offset)
                _ = model.references(testURI, at: offset, includeDeclaration: true)
                _ = model.rename(testURI, at: offset, to: "n")
            }
        }
        // The recursive alias still navigates to its anchor.
        let t = MarkedText("a: &x\n  b: *1️⃣x\n")
        XCTAssertEqual(t.model().definition(testURI, at: t["1️⃣"]).map(t.slice), "&x")
    }
}
