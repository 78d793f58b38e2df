import XCTest
@testable import YAMLSchema

/// `SchemaReference.hasScheme` reads ASCII references byte by byte (a start-up resolves every setting
/// with it); its answers are those of the general rule, `SchemaURI.Parts`' scheme of two or more
/// characters, which non-ASCII references still take.
final class SchemeDetectionTests: XCTestCase {
    func testAnswersOfTheByteRule() {
        let cases: [(String, Bool)] = [
            ("https://example.com/schema.json", true), ("file:///schemas/a.json", true), ("file:relative.json", true),
            ("a+b-c.d:rest", true), ("ab:", true), ("urn:x", true),
            ("C:/schemas/a.json", false), ("x:", false), ("/absolute/schema.json", false), ("relative/schema.json", false),
            ("schema.json", false), ("", false), (":x", false), ("1abc:x", false), ("+ab:x", false),
            ("ab#c:d", false), ("ab?c:d", false), ("a/b:c", false), ("a b:c", false), ("a_b:c", false),
        ]
        for (reference, expected) in cases {
            XCTAssertEqual(SchemaReference.hasScheme(reference), expected, reference)
            XCTAssertEqual((SchemaURI.Parts(reference).scheme?.count ?? 0) > 1, expected, "general rule: \(reference)")
        }
    }

    func testNonASCIITakesTheGeneralRule() {
        // `Character.isLetter` counts non-ASCII letters; a combining mark joins the character before it.
        let cases: [(String, Bool)] = [("ésquema:x", true), ("é:x", false), ("ab\u{301}c:x", true), ("日本:x", true),
                                       ("a→b:x", false), ("/路径/a.json", false)]
        for (reference, expected) in cases {
            XCTAssertEqual(SchemaReference.hasScheme(reference), expected, reference)
        }
    }

    func testEveryShortASCIIReferenceAgreesWithTheGeneralRule() {
        let alphabet = Array("aZ09+-.:/?#_ ")
        var references = [""]
        for _ in 0..<4 {
            references = references.flatMap { prefix in alphabet.map { prefix + String($0) } } + references
        }
        for reference in references {
            XCTAssertEqual(SchemaReference.hasScheme(reference), (SchemaURI.Parts(reference).scheme?.count ?? 0) > 1, reference)
        }
    }
}
