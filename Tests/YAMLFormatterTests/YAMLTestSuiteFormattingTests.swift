import Foundation
import TestSupport
import XCTest
import YAMLFormatter
import YAMLParser

/// Every valid case of the yaml-test-suite (the spec's corner cases: tabs, flow collections over several
/// lines, block scalars with indicators, explicit keys, directives ...) formatted with 2, 3 and 4 spaces and each
/// sequence indentation style:
/// the output parses to the same events, keeps its comments, and formatting it again changes nothing.
/// A failure here is a formatter rule that the document model's safety net would have to refuse.
final class YAMLTestSuiteFormattingTests: XCTestCase {
    static let variants: [(Int, FormatOptions.SequenceIndent)] = [(2, .preserve), (4, .preserve), (2, .compact), (3, .indented)]

    func testEveryValidCaseFormatsFaithfully() throws {
        let suite = try requireSharedFolder("yaml-test-suite")
        let fm = FileManager.default
        var cases = 0
        var failures: [String] = []
        for id in try fm.contentsOfDirectory(atPath: suite.path).sorted() {
            let dir = suite.appendingPathComponent(id)
            let input = dir.appendingPathComponent("in.yaml")
            guard fm.fileExists(atPath: input.path), !fm.fileExists(atPath: dir.appendingPathComponent("error").path) else { continue }
            let parse = Parser.parse(try [UInt8](Data(contentsOf: input)))
            guard parse.isValid else { continue } // the parser's own conformance is tested elsewhere
            cases += 1
            for (width, sequences) in Self.variants {
                var options = FormatOptions()
                options.indentWidth = width
                options.sequenceIndent = sequences
                let label = "\(id) (width \(width), \(sequences))"
                guard let output = Formatter.format(parse, options: options) else {
                    failures.append("\(label): declined"); continue
                }
                for problem in GoldenTests.meaningProblems(original: parse, formatted: output, options: options) {
                    failures.append("\(label): \(problem)")
                }
            }
        }
        XCTAssertGreaterThan(cases, 250)
        XCTAssertEqual(failures, [], "\(failures.count) problems:\n" + failures.joined(separator: "\n"))
    }
}
