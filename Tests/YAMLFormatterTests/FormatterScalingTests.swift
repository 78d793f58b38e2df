import Foundation
import TestSupport
import XCTest
import YAMLFormatter
import YAMLParser

/// Formatting time must grow linearly with the text: wide mappings (thousands of keys at one level, as
/// in large OpenAPI or values files) once took quadratic time (a tree search per `key: value` line).
/// A guard against that blow-up, not a speed goal (pureyaml-bench measures speed): it compares process
/// CPU time (not wall time, which a busy machine inflates) of two sizes.
final class FormatterScalingTests: XCTestCase {
    /// CPU seconds to format `keys` keys and `keys` sequence items, and the output.
    func format(keys: Int) -> (seconds: Double, output: [UInt8]?) {
        let text = (0..<keys).map { "key\($0):    value \($0)\n" }.joined() + "list:\n" + (0..<keys).map { "    -   item \($0)\n" }.joined()
        let parse = Parser.parse(Array(text.utf8))
        let started = processCPUSeconds()
        let output = Formatter.format(parse, options: FormatOptions())
        return (processCPUSeconds() - started, output)
    }

    func testWideMappingsFormatInLinearTime() throws {
        let small = format(keys: 2_000), large = format(keys: 40_000)
        let out = try XCTUnwrap(large.output)
        XCTAssertTrue(String(decoding: out, as: UTF8.self).hasPrefix("key0: value 0\nkey1: value 1\n"))
        XCTAssertTrue(String(decoding: out, as: UTF8.self).hasSuffix("\n  - item 39999\n"))
        // Twenty times the input: linear growth is 20x (about 0.6 s of CPU in a debug build), quadratic
        // 400x. The bound is over ten times the linear figure, and under the quadratic one.
        print("formatting 2,000 keys: \(small.seconds) s CPU, 40,000 keys: \(large.seconds) s CPU")
        XCTAssertLessThan(large.seconds, max(6, small.seconds * 60),
                          "2,000 keys: \(small.seconds) s, 40,000 keys: \(large.seconds) s of CPU time")
    }
}
