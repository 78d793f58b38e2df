import Foundation
import TestSupport
import XCTest
import YAMLFormatter
import YAMLParser

/// Every valid case of the yaml-test-suite (the spec's corner cases: tabs, flow collections over several
/// lines, block scalars with indicators, explicit keys, directives ...) formatted with 2, 3 and 4 spaces and each
/// sequence indentation style, and with `proseWrap` `always` (printWidth 20) and `never`:
/// the output parses to the same events, keeps its comments, and formatting it again changes nothing.
/// A failure here is a formatter rule that the document model's safety net would have to refuse.
final class YAMLTestSuiteFormattingTests: XCTestCase {
    static let variants: [(Int, FormatOptions.SequenceIndent, quote: Bool?, brackets: Bool?, printWidth: Int,
                            prose: FormatOptions.ProseWrap)] = [
        (2, .preserve, nil, nil, 0, .preserve), (4, .preserve, true, true, 0, .preserve),
        (2, .compact, false, false, 12, .preserve), (3, .indented, nil, nil, 0, .preserve),
        (2, .preserve, nil, nil, 20, .always), (4, .indented, nil, nil, 0, .never)]

    func testEveryValidCaseFormatsFaithfully() throws {
        let suite = try requireSharedFolder("yaml-test-suite")
        let fm = FileManager.default
        var cases = 0
        var failures: [String] = []
        var rewrapped: [FormatOptions.ProseWrap: Int] = [:] // cases that proseWrap changed, per mode
        for id in try fm.contentsOfDirectory(atPath: suite.path).sorted() {
            let dir = suite.appendingPathComponent(id)
            let input = dir.appendingPathComponent("in.yaml")
            guard fm.fileExists(atPath: input.path), !fm.fileExists(atPath: dir.appendingPathComponent("error").path) else { continue }
            let parse = Parser.parse(try [UInt8](Data(contentsOf: input)))
            guard parse.isValid else { continue } // the parser's own conformance is tested elsewhere
            cases += 1
            for (width, sequences, quote, brackets, printWidth, prose) in Self.variants {
                var options = FormatOptions()
                options.indentWidth = width
                options.sequenceIndent = sequences
                options.singleQuote = quote
                options.bracketSpacing = brackets
                options.printWidth = printWidth
                options.proseWrap = prose
                let label = "\(id) (width \(width), \(sequences), singleQuote \(quote.map(String.init) ?? "-"), bracketSpacing \(brackets.map(String.init) ?? "-"), printWidth \(printWidth), proseWrap \(prose))"
                guard let output = Formatter.format(parse, options: options) else {
                    failures.append("\(label): declined"); continue
                }
                if prose != .preserve {
                    var preserving = options
                    preserving.proseWrap = .preserve
                    if Formatter.format(parse, options: preserving) != output { rewrapped[prose, default: 0] += 1 }
                }
                for problem in GoldenTests.meaningProblems(original: parse, formatted: output, options: options) {
                    failures.append("\(label): \(problem)")
                }
            }
        }
        XCTAssertGreaterThan(cases, 250)
        XCTAssertGreaterThan(rewrapped[.always] ?? 0, 3, "proseWrap always should rewrap some cases: \(rewrapped)")
        XCTAssertGreaterThan(rewrapped[.never] ?? 0, 3, "proseWrap never should join some cases")
        XCTAssertEqual(failures, [], "\(failures.count) problems:\n" + failures.joined(separator: "\n"))
    }
}
