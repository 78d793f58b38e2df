import XCTest
@testable import YAMLDocumentModel

/// `SchemaAssociator.filling` replaces each `{name}` of a schema URL template (also percent-encoded, as a
/// path made a `file:` URI has it) with its value; ASCII templates and values take a byte path, the rest
/// `String.replacing`, with the same answers.
final class SchemaTemplateFillingTests: XCTestCase {
    func testNamesAreFilledInPlainAndPercentEncoded() {
        let template = "https://k8s.example/{version}-standalone/{kind}-{group}-{version}.json"
        XCTAssertEqual(SchemaAssociator.filling(template, ["version": "v1.32.1", "kind": "deployment", "group": "apps"]),
                       "https://k8s.example/v1.32.1-standalone/deployment-apps-v1.32.1.json")
        XCTAssertEqual(SchemaAssociator.filling("file:///k/%7Bversion%7D/{name}.json", ["version": "v1", "name": "crd"]),
                       "file:///k/v1/crd.json")
    }

    func testUnknownNamesAndPartialBracesStay() {
        XCTAssertEqual(SchemaAssociator.filling("/s/{other}/{version/version}/{}", ["version": "v2"]), "/s/{other}/{version/version}/{}")
        XCTAssertEqual(SchemaAssociator.filling("{{version}}", ["version": "v2"]), "{v2}")
        XCTAssertEqual(SchemaAssociator.filling("", ["version": "v2"]), "")
        XCTAssertEqual(SchemaAssociator.filling("/plain/path.json", [:]), "/plain/path.json")
    }

    func testNonASCIIAgreesWithReplacing() {
        let cases: [(String, [String: String])] = [
            ("/schémas/{version}/{kind}.json", ["version": "v1", "kind": "pod"]),
            ("/s/{version}.json", ["version": "vé"]),
            ("/s/{version}\u{301}.json", ["version": "v1"]), // a combining mark after the brace joins it
        ]
        for (template, values) in cases {
            var expected = template
            for (name, value) in values {
                expected = expected.replacing("{" + name + "}", with: value).replacing("%7B" + name + "%7D", with: value)
            }
            XCTAssertEqual(SchemaAssociator.filling(template, values), expected, template)
        }
    }
}
