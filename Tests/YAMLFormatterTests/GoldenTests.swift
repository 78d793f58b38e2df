import Foundation
import TestSupport
import XCTest
import YAMLComposer
import YAMLFormatter
import YAMLParser
import YAMLSyntax

/// Golden files: `Golden/NNNN_name.yaml` is formatted and compared with `Golden/NNNN_name.formatted.yaml`.
/// Names ending in `_w4` are formatted with an indentation width of 4, others with the defaults.
///
/// Run with `PUREYAML_UPDATE_GOLDEN=1` to (re)write the expected files; review the diff before committing.
/// Every case also checks that the output parses, loads to the same data, keeps its comments and is
/// stable under a second formatting.
final class GoldenTests: XCTestCase {
    static let folder = SharedFixtures.packageRoot.appendingPathComponent("Tests/YAMLFormatterTests/Golden")
    static var updating: Bool { ProcessInfo.processInfo.environment["PUREYAML_UPDATE_GOLDEN"] == "1" }

    static func inputs() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "yaml" && !$0.lastPathComponent.hasSuffix(".formatted.yaml") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// Options named by the file name's trailing `_`-separated words: `w4` (indentation width 4), `sq` /
    /// `dq` (singleQuote true / false), `bs` / `nobs` (bracketSpacing true / false), `compact` /
    /// `indented` (sequenceIndent), `pw40` (printWidth 40), `always` / `never` (proseWrap), `crlf` / `lf` (every line break).
    static func options(for input: URL) -> FormatOptions {
        var o = FormatOptions()
        for word in input.deletingPathExtension().lastPathComponent.split(separator: "_").dropFirst(2) {
            switch word {
            case "w4": o.indentWidth = 4
            case "sq": o.singleQuote = true
            case "dq": o.singleQuote = false
            case "bs": o.bracketSpacing = true
            case "nobs": o.bracketSpacing = false
            case "compact": o.sequenceIndent = .compact
            case "indented": o.sequenceIndent = .indented
            case "crlf": o.lineBreak = "\r\n"
            case "lf": o.lineBreak = "\n"
            case "always": o.proseWrap = .always
            case "never": o.proseWrap = .never
            default:
                if word.hasPrefix("pw"), let w = Int(word.dropFirst(2)) { o.printWidth = w }
            }
        }
        return o
    }

    func testGoldenFiles() throws {
        let inputs = try Self.inputs()
        XCTAssertGreaterThanOrEqual(inputs.count, 30)
        for input in inputs {
            let name = input.lastPathComponent
            let expectedURL = input.deletingPathExtension().appendingPathExtension("formatted.yaml")
            let source = try [UInt8](Data(contentsOf: input))
            let parse = Parser.parse(source)
            XCTAssertTrue(parse.isValid, "\(name): the input must be valid YAML: \(parse.errors)")
            let options = Self.options(for: input)
            guard let output = Formatter.format(parse, options: options) else {
                XCTFail("\(name): the formatter declined a valid input"); continue
            }
            if Self.updating {
                try Data(output).write(to: expectedURL)
            } else {
                guard let expected = try? [UInt8](Data(contentsOf: expectedURL)) else {
                    XCTFail("\(name): missing \(expectedURL.lastPathComponent) (run with PUREYAML_UPDATE_GOLDEN=1)")
                    continue
                }
                if output != expected {
                    XCTFail("\(name): output differs from the golden file\n\(Self.lineDiff(expected, output))")
                }
            }
            for problem in Self.meaningProblems(original: parse, formatted: output, options: options) {
                XCTFail("\(name): \(problem)")
            }
        }
    }

    /// Why `formatted` is not a faithful, stable re-layout of `original`.
    static func meaningProblems(original: ParseResult, formatted: [UInt8], options: FormatOptions) -> [String] {
        var problems: [String] = []
        let reparsed = Parser.parse(formatted)
        if !reparsed.isValid { problems.append("output does not parse: \(reparsed.errors)") }
        // The strongest check: the same events (values, styles, anchors, tags, document markers).
        // With `singleQuote` set, a scalar may change between its two quoted styles (nothing else).
        func notation(_ r: ParseResult) -> [String] {
            r.events.map { e in
                let n = e.testSuiteNotation
                guard options.singleQuote != nil else { return n }
                return n.replacingOccurrences(of: " '", with: " Q").replacingOccurrences(of: " \"", with: " Q")
            }
        }
        let kinds = notation(original), newKinds = notation(reparsed)
        if kinds != newKinds {
            let i = zip(kinds, newKinds).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset
                ?? min(kinds.count, newKinds.count)
            let a = i < kinds.count ? "\(kinds[i])" : "<end>", b = i < newKinds.count ? "\(newKinds[i])" : "<end>"
            problems.append("event \(i) differs: \(a) -> \(b)")
        }
        let before = projection(Composer.compose(original))
        let after = projection(Composer.compose(reparsed))
        if before != after { problems.append("output loads to different data:\n  before \(before)\n  after  \(after)") }
        if comments(original.tree) != comments(reparsed.tree) {
            problems.append("comments changed: \(comments(original.tree)) -> \(comments(reparsed.tree))")
        }
        if let again = Formatter.format(reparsed, options: options), again != formatted {
            problems.append("formatting twice differs from once:\n\(lineDiff(formatted, again))")
        }
        return problems
    }

    /// Each document's JSON text (member order kept) and root tag.
    static func projection(_ c: Composition) -> [String] {
        c.documents.map { d in
            switch JSONProjection.project(d.root) {
            case .success(let v): return d.root.tag + " " + v.jsonText
            case .failure(let f): return "unprojectable: \(f)"
            }
        }
    }

    static func comments(_ tree: SyntaxTree) -> [String] {
        tree.tokens.filter { $0.kind == .comment }.map {
            String(decoding: tree.slice($0.range), as: UTF8.self).trimmingCharacters(in: .whitespaces)
        }
    }

    /// A readable line-by-line difference (line breaks shown as `\n`/`\r\n`).
    static func lineDiff(_ expected: [UInt8], _ actual: [UInt8]) -> String {
        func lines(_ b: [UInt8]) -> [String] {
            String(decoding: b, as: UTF8.self).replacingOccurrences(of: "\r", with: "\\r")
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        let e = lines(expected), a = lines(actual)
        var out: [String] = []
        for i in 0..<max(e.count, a.count) {
            let x = i < e.count ? e[i] : "<none>", y = i < a.count ? a[i] : "<none>"
            if x != y { out.append("  line \(i + 1): expected \(x.debugDescription)\n          actual   \(y.debugDescription)") }
        }
        return out.joined(separator: "\n")
    }
}
