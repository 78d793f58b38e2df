import Foundation
import XCTest
import TestSupport
import YAMLParser
import YAMLSyntax

/// Runs every case of the yaml-test-suite (../shared/yaml-test-suite) through the parser.
///
/// Valid case (no `error` file): the events must equal `test.event` byte for byte and no error-severity
/// ``SyntaxError`` may be reported. Invalid case: at least one error. Every case: the tree prints back
/// to the input. With `PUREYAML_WRITE_CONFORMANCE=1` the test rewrites docs/conformance.md.
final class YAMLTestSuiteTests: XCTestCase {
    /// Valid cases whose events must match; raised as the parser improves.
    static let validThreshold = 308
    /// Invalid cases that must be rejected; raised as the parser improves.
    static let invalidThreshold = 94

    struct Case {
        let id: String
        let folder: URL
        let name: String
        let tags: [String]
    }

    struct Outcome {
        let testCase: Case
        let valid: Bool
        let passed: Bool
        let reason: String
    }

    static func loadCases(_ root: URL) throws -> [Case] {
        let index = try String(contentsOf: root.appendingPathComponent("index.tsv"), encoding: .utf8)
        var out: [Case] = []
        for line in index.split(separator: "\n").dropFirst() {
            let cols = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cols.count >= 3 else { continue }
            out.append(Case(id: cols[0], folder: root.appendingPathComponent(cols[0]), name: cols[1],
                            tags: cols[2].split(separator: " ").map(String.init)))
        }
        return out
    }

    static func run(_ c: Case) -> Outcome {
        let fm = FileManager.default
        let input = (try? Data(contentsOf: c.folder.appendingPathComponent("in.yaml"))).map { [UInt8]($0) } ?? []
        let isValid = !fm.fileExists(atPath: c.folder.appendingPathComponent("error").path)
        let result = Parser.parse(input)
        if result.tree.printedBytes != input {
            return Outcome(testCase: c, valid: isValid, passed: false, reason: "tree does not print back to the input")
        }
        if let e = result.errors.first(where: { SyntaxError.parserCodes[$0.code] == nil }) {
            return Outcome(testCase: c, valid: isValid, passed: false, reason: "undocumented error code `\(e.code)`")
        }
        let errors = result.errors.filter { $0.severity == .error }
        if isValid {
            let expected = (try? String(contentsOf: c.folder.appendingPathComponent("test.event"), encoding: .utf8)) ?? ""
            let actual = Event.testSuiteEvents(result.events)
            if let e = errors.first {
                return Outcome(testCase: c, valid: true, passed: false,
                               reason: "unexpected error `\(e.code)` at byte \(e.range.start): \(e.message)")
            }
            if actual != expected {
                let el = expected.split(separator: "\n", omittingEmptySubsequences: false)
                let al = actual.split(separator: "\n", omittingEmptySubsequences: false)
                var i = 0
                while i < min(el.count, al.count) && el[i] == al[i] { i += 1 }
                let exp = i < el.count ? String(el[i]) : "<end>"
                let act = i < al.count ? String(al[i]) : "<end>"
                return Outcome(testCase: c, valid: true, passed: false,
                               reason: "events differ at line \(i + 1): expected `\(exp)`, got `\(act)`")
            }
            if let mismatch = treeEventMismatch(result) {
                return Outcome(testCase: c, valid: true, passed: false, reason: mismatch)
            }
            return Outcome(testCase: c, valid: true, passed: true, reason: "")
        }
        return errors.isEmpty
            ? Outcome(testCase: c, valid: false, passed: false, reason: "no error reported")
            : Outcome(testCase: c, valid: false, passed: true, reason: "")
    }

    /// Checks that the tree and the events describe the same nodes: every content event with a
    /// non-empty range has a content node of the matching kind with exactly that range, and vice versa.
    static func treeEventMismatch(_ result: ParseResult) -> String? {
        struct Key: Hashable { let start: Int; let end: Int; let kind: Int }
        var fromTree: [Key] = []
        for (i, n) in result.tree.nodes.enumerated() {
            let r = result.tree.range(ofNode: i)
            switch n.kind {
            case .scalar: fromTree.append(Key(start: r.start, end: r.end, kind: 0))
            case .alias: fromTree.append(Key(start: r.start, end: r.end, kind: 1))
            case .blockMapping, .flowMapping, .flowPair: fromTree.append(Key(start: r.start, end: r.end, kind: 2))
            case .blockSequence, .flowSequence: fromTree.append(Key(start: r.start, end: r.end, kind: 3))
            default: break
            }
        }
        var fromEvents: [Key] = []
        for e in result.events {
            let r = e.range
            switch e.kind {
            case .scalar: if !r.isEmpty { fromEvents.append(Key(start: r.start, end: r.end, kind: 0)) }
            case .alias: fromEvents.append(Key(start: r.start, end: r.end, kind: 1))
            case .mappingStart: fromEvents.append(Key(start: r.start, end: r.end, kind: 2))
            case .sequenceStart: fromEvents.append(Key(start: r.start, end: r.end, kind: 3))
            default: break
            }
        }
        if fromTree == fromEvents { return nil }
        var i = 0
        while i < min(fromTree.count, fromEvents.count) && fromTree[i] == fromEvents[i] { i += 1 }
        let t = i < fromTree.count ? "\(fromTree[i])" : "<none>"
        let e = i < fromEvents.count ? "\(fromEvents[i])" : "<none>"
        return "tree and events disagree at content node \(i + 1): tree \(t), events \(e)"
    }

    func testYAMLTestSuite() throws {
        let root = try requireSharedFolder("yaml-test-suite")
        let cases = try Self.loadCases(root)
        XCTAssertEqual(cases.count, 402)
        let outcomes = cases.map(Self.run)
        let valid = outcomes.filter(\.valid)
        let invalid = outcomes.filter { !$0.valid }
        let validPassed = valid.filter(\.passed).count
        let invalidPassed = invalid.filter(\.passed).count
        print("yaml-test-suite: valid \(validPassed)/\(valid.count) events match, invalid \(invalidPassed)/\(invalid.count) rejected")
        let failing = outcomes.filter { !$0.passed }
        for f in failing { print("  FAIL \(f.testCase.id) [\(f.valid ? "valid" : "error")]: \(f.reason)") }
        if ProcessInfo.processInfo.environment["PUREYAML_WRITE_CONFORMANCE"] == "1" {
            try Self.writeReport(outcomes, validPassed: validPassed, validCount: valid.count,
                                 invalidPassed: invalidPassed, invalidCount: invalid.count)
        }
        let ids = failing.map(\.testCase.id).joined(separator: " ")
        XCTAssertGreaterThanOrEqual(validPassed, Self.validThreshold, "valid cases regressed; failing: \(ids)")
        XCTAssertGreaterThanOrEqual(invalidPassed, Self.invalidThreshold, "invalid cases regressed; failing: \(ids)")
        for o in outcomes where o.reason.hasPrefix("tree does not print") {
            XCTFail("\(o.testCase.id): \(o.reason)")
        }
    }

    static func writeReport(_ outcomes: [Outcome], validPassed: Int, validCount: Int,
                            invalidPassed: Int, invalidCount: Int) throws {
        var md = "# YAML 1.2.2 conformance\n\n"
        md += "Generated by `PUREYAML_WRITE_CONFORMANCE=1 PUREYAML_SHARED=/path/to/shared swift test --filter YAMLTestSuiteTests`"
        md += " from the yaml-test-suite (data-2022-01-17, 402 cases).\n\n"
        md += "A valid case passes when the parser's events equal `test.event` byte for byte and no error is reported;"
        md += " an invalid case passes when at least one error is reported. Every case must also print back losslessly.\n\n"
        md += "| | passed | total |\n| --- | --- | --- |\n"
        md += "| valid (events match) | \(validPassed) | \(validCount) |\n"
        md += "| invalid (rejected) | \(invalidPassed) | \(invalidCount) |\n"
        md += "| all | \(validPassed + invalidPassed) | \(validCount + invalidCount) |\n\n"
        md += "## By tag\n\n| tag | passed | total |\n| --- | --- | --- |\n"
        var byTag: [String: (Int, Int)] = [:]
        for o in outcomes {
            for t in o.testCase.tags {
                var v = byTag[t] ?? (0, 0)
                v.1 += 1
                if o.passed { v.0 += 1 }
                byTag[t] = v
            }
        }
        for t in byTag.keys.sorted() { md += "| \(t) | \(byTag[t]!.0) | \(byTag[t]!.1) |\n" }
        md += "\n## Real-world corpus\n\n"
        md += "`CorpusTests` parses every file of `shared/corpus` (5,137 files, 32 MB: GitHub workflows, Kubernetes,"
        md += " Helm, Compose, Ansible, OpenAPI, GitLab CI, CloudFormation, ...) and requires no error, a lossless"
        md += " round trip and a tree that agrees with the events. The two `lenient/` files close a flow sequence"
        md += " at the indentation of its parent key; that is invalid YAML 1.2 but accepted by libyaml, so the"
        md += " parser reports it as an `insufficient-indentation` warning.\n"
        md += "\n## Error recovery\n\n"
        md += "Invalid input still gets a tree: `RecoveryGoldenTests` parses each half-typed editor buffer in"
        md += " `Tests/YAMLParserTests/Recovery/` (unclosed brackets and quotes, keys without `:`, wrong"
        md += " indentation, tabs, stray brackets, broken first documents, ...) and compares the tree and the"
        md += " diagnostics with its `.expected` golden; `RecoveryOutlineTests` checks that the document outline"
        md += " keeps the keys after a broken line. See docs/diagnostics.md, \"After an error\".\n"
        md += "\n## Failing cases\n\n"
        let failing = outcomes.filter { !$0.passed }
        if failing.isEmpty { md += "None.\n" }
        for f in failing {
            md += "- `\(f.testCase.id)` (\(f.valid ? "valid" : "invalid"), \(f.testCase.name)): \(f.reason)\n"
        }
        let url = SharedFixtures.packageRoot.appendingPathComponent("docs/conformance.md")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try md.write(to: url, atomically: true, encoding: .utf8)
    }
}
