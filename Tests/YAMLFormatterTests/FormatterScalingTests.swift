import Foundation
import XCTest
import YAMLFormatter
import YAMLParser

/// Formatting time must grow linearly with the text: wide mappings (thousands of keys at one level, as
/// in large OpenAPI or values files) once took quadratic time (a tree search per `key: value` line).
final class FormatterScalingTests: XCTestCase {
    func format(keys: Int) -> (seconds: Double, output: [UInt8]?) {
        let text = (0..<keys).map { "key\($0):    value \($0)\n" }.joined() + "list:\n" + (0..<keys).map { "    -   item \($0)\n" }.joined()
        let parse = Parser.parse(Array(text.utf8))
        let started = Date()
        let output = Formatter.format(parse, options: FormatOptions())
        return (Date().timeIntervalSince(started), output)
    }

    func testWideMappingsFormatInLinearTime() throws {
        let small = format(keys: 2_000), large = format(keys: 20_000)
        let out = try XCTUnwrap(large.output)
        XCTAssertTrue(String(decoding: out, as: UTF8.self).hasPrefix("key0: value 0\nkey1: value 1\n"))
        XCTAssertTrue(String(decoding: out, as: UTF8.self).hasSuffix("\n  - item 19999\n"))
        // Ten times the input: allow generous noise, but not the 100x of quadratic growth.
        XCTAssertLessThan(large.seconds, max(0.5, small.seconds * 30),
                          "2,000 keys: \(small.seconds) s, 20,000 keys: \(large.seconds) s")
        XCTAssertLessThan(large.seconds, 20)
    }
}
