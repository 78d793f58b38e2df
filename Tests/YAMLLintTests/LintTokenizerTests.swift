import XCTest
@testable import YAMLLint
import YAMLParser

/// The derived token stream equals PyYAML's (kinds and 0-based start positions `kind@line:column`, as
/// printed by PyYAML 6 for the same input).
final class LintTokenizerTests: XCTestCase {
    private func check(_ input: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        let bytes = Array(input.utf8)
        let tokens = LintTokenizer.tokens(Parser.parse(bytes), text: LintText(bytes))
        let got = tokens.map { "\($0.kind)@\($0.startLine):\($0.startColumn)" }.joined(separator: " ")
        XCTAssertEqual(got, expected, file: file, line: line)
    }

    func testIndentlessSequenceAnchorsAndFlow() {
        check("key:\n- a\n- b\nother: &x\n  c: [1, {d: e}]\n",
              "streamStart@0:0 blockMappingStart@0:0 key@0:0 scalar@0:0 value@0:3 blockEntry@1:0 scalar@1:2 "
              + "blockEntry@2:0 scalar@2:2 key@3:0 scalar@3:0 value@3:5 anchor@3:7 blockMappingStart@4:2 key@4:2 "
              + "scalar@4:2 value@4:3 flowSequenceStart@4:5 scalar@4:6 flowEntry@4:7 flowMappingStart@4:9 key@4:10 "
              + "scalar@4:10 value@4:11 scalar@4:13 flowMappingEnd@4:14 flowSequenceEnd@4:15 blockEnd@5:0 "
              + "blockEnd@5:0 streamEnd@5:0")
    }

    func testDirectivesExplicitKeyAndDocumentEnd() {
        check("%YAML 1.2\n---\n? complex\n: value\n...\n",
              "streamStart@0:0 directive@0:0 documentStart@1:0 blockMappingStart@2:0 key@2:0 scalar@2:2 value@3:0 "
              + "scalar@3:2 blockEnd@4:0 documentEnd@4:0 streamEnd@5:0")
    }

    func testNestedSequencesBlockScalarAndAlias() {
        check("- - x\n  - y\n- z: |\n    text\n  w: *x\n",
              "streamStart@0:0 blockSequenceStart@0:0 blockEntry@0:0 blockSequenceStart@0:2 blockEntry@0:2 "
              + "scalar@0:4 blockEntry@1:2 scalar@1:4 blockEnd@2:0 blockEntry@2:0 blockMappingStart@2:2 key@2:2 "
              + "scalar@2:2 value@2:3 scalar@2:5 key@4:2 scalar@4:2 value@4:3 alias@4:5 blockEnd@5:0 blockEnd@5:0 "
              + "streamEnd@5:0")
    }

    func testColumnsCountUnicodeScalars() {
        check("é: [ü]\n", "streamStart@0:0 blockMappingStart@0:0 key@0:0 scalar@0:0 value@0:1 flowSequenceStart@0:3 "
              + "scalar@0:4 flowSequenceEnd@0:5 blockEnd@1:0 streamEnd@1:0")
    }
}
