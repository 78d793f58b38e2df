import XCTest
@testable import YAMLLint
import YAMLParser

final class LintTokenizerTests: XCTestCase {
    func testDebug() {
        let l = #"                    \      \"availableFund\": {\n                \"value\": 3191,\n\"#
        let t = LintText(Array(l.utf8))
        XCTAssertTrue(Linter.isInlineMappingWithUnbreakableValue(t, t.lines[0]))
        print(LintConfiguration.relaxed.rules[.lineLength]!)
    }
}
