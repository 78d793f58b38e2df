import XCTest
@testable import YAMLSyntax

final class PercentDecodingTests: XCTestCase {
    func testEscapesOfEitherCaseAreDecodedAsUTF8() {
        XCTAssertEqual(PercentDecoding.decode("a%20b"), "a b")
        XCTAssertEqual(PercentDecoding.decode("%C3%a9t%C3%A9"), "été")
        XCTAssertEqual(PercentDecoding.decode("/home/u/My%20Files/x%23y.yaml"), "/home/u/My Files/x#y.yaml")
    }

    func testCutOffOrNonHexadecimalEscapesAreKeptAsWritten() {
        XCTAssertEqual(PercentDecoding.decode("100%"), "100%")
        XCTAssertEqual(PercentDecoding.decode("%4"), "%4")
        XCTAssertEqual(PercentDecoding.decode("%zz%41"), "%zzA")
        XCTAssertEqual(PercentDecoding.decode("%%41"), "%A")
    }

    func testInvalidUTF8IsRepairedNotDropped() {
        XCTAssertEqual(PercentDecoding.decode("a%FFb"), "a\u{FFFD}b")
    }

    func testBytesAndStringFormsAgree() {
        let text = "tag:example.com,2000:app/%E2%9C%93"
        XCTAssertEqual(PercentDecoding.decode(Array(text.utf8)), PercentDecoding.decode(text))
        XCTAssertEqual(PercentDecoding.decode(text), "tag:example.com,2000:app/✓")
    }
}
