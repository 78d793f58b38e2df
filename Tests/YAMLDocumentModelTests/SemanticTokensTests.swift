import XCTest
import YAMLDocumentModel
import YAMLSyntax

final class SemanticTokensTests: XCTestCase {
    private func tokens(_ text: String, range: TextRange? = nil, multiline: Bool = false) -> [String] {
        let model = MarkedText(text).model()
        let t = MarkedText(text)
        return (model.semanticTokens(testURI, range: range, multiline: multiline)?.tokens ?? []).map {
            "\($0.type.name)\($0.modifiers & SemanticToken.declaration != 0 ? "+decl" : "") \(t.slice($0.range))"
        }
    }

    func testClassification() {
        let text = """
        %YAML 1.2
        ---
        # note
        key: "s"
        n: 12
        f: 1.5
        b: true
        z: ~
        p: plain
        anchor: &a x
        ref: *a
        tag: !!str 5
        ...
        """
        XCTAssertEqual(tokens(text), [
            "macro %YAML 1.2", "operator ---", "comment # note",
            "property key", "string \"s\"", "property n", "number 12", "property f", "number 1.5",
            "property b", "keyword true", "property z", "keyword ~", "property p", "string plain",
            "property anchor", "variable+decl &a", "string x", "property ref", "variable *a",
            "property tag", "type !!str", "string 5", "operator ...",
        ])
    }

    func testMultiLineTokensAreSplitUnlessAsked() {
        let text = "block: |\n  l1\n\n  l2\n\nq: \"a\n  b\"\n"
        XCTAssertEqual(tokens(text), ["property block", "operator |", "string l1", "string l2", "property q", "string \"a", "string b\""])
        XCTAssertEqual(tokens(text, multiline: true), ["property block", "operator |", "string   l1\n\n  l2",
                                                       "property q", "string \"a\n  b\""])
    }

    func testRange() {
        let text = "a: 1\nb: 2\nc: 3\n"
        XCTAssertEqual(tokens(text, range: TextRange(start: 5, end: 10)), ["property b", "number 2"])
    }

    func testLegendNames() {
        XCTAssertEqual(SemanticTokenType.allCases.map(\.name),
                       ["property", "string", "number", "keyword", "variable", "type", "comment", "macro", "operator"])
        XCTAssertEqual(SemanticTokenType.modifierNames, ["declaration"])
    }
}
