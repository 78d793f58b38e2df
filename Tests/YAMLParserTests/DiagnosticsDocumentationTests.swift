import Foundation
import TestSupport
import XCTest
import YAMLParser

/// Every code the parser can report is explained in docs/diagnostics.md, for users who look it up.
final class DiagnosticsDocumentationTests: XCTestCase {
    func testEveryParserCodeIsInTheUserDocumentation() throws {
        let url = SharedFixtures.packageRoot.appendingPathComponent("docs/diagnostics.md")
        let doc = try String(contentsOf: url, encoding: .utf8)
        let missing = SyntaxError.parserCodes.keys.sorted().filter { !doc.contains("`\($0)`") }
        XCTAssertEqual(missing, [], "codes missing from docs/diagnostics.md")
        XCTAssertGreaterThan(SyntaxError.parserCodes.count, 30)
    }
}
