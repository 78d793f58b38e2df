import Foundation
import TestSupport
import XCTest
import YAMLLint
import YAMLParser

/// Runs the real yamllint and our linter over the shared corpus with the `default` and `relaxed` presets
/// and compares the findings per file (line, column, rule, level).
///
/// - The files: a fixed subset (every file of at most 24 KiB, taking every `k`-th per kind in path order
///   so each kind gives at most 40) — several hundred files; set `PUREYAML_LINT_PARITY_FULL=1` for the
///   whole corpus.
/// - Files where either side finds a syntax error are left out (syntax errors are the parser's business,
///   and yamllint stops looking at tokens at its first scanner error).
/// - Differences are allowed only for the kinds in ``allowedDifferences`` (each documented in
///   docs/lint.md); any other difference fails the test.
/// - yamllint is found on `PATH` or as `python3 -m yamllint`; absent, the test is skipped (fails under
///   `CI=true`, where .ci/run installs it).
final class YamllintParityTests: XCTestCase {
    /// Allowed difference kinds, keyed `rule` (both directions), with the reason. Empty: full parity.
    static let allowedDifferences: [String: String] = [:]

    struct Finding: Hashable, Comparable, CustomStringConvertible {
        var line: Int, column: Int, rule: String, level: String
        static func < (a: Finding, b: Finding) -> Bool {
            (a.line, a.column, a.rule) < (b.line, b.column, b.rule)
        }
        var description: String { "\(line):\(column) [\(level)] \(rule)" }
    }

    func testDefaultPreset() throws { try compare(preset: "default", configuration: .default) }
    func testRelaxedPreset() throws { try compare(preset: "relaxed", configuration: .relaxed) }

    /// Every rule on, with non-default options, so the rules the presets leave off are compared too.
    static let everyRuleConfiguration = """
        extends: default
        rules:
          anchors: {forbid-duplicated-anchors: true, forbid-unused-anchors: true}
          document-end: enable
          empty-values: enable
          float-values: {forbid-nan: true, forbid-inf: true, forbid-scientific-notation: true, require-numeral-before-decimal: true}
          indentation: {check-multi-line-strings: true, spaces: 2}
          key-duplicates: {forbid-duplicated-merge-keys: true}
          key-ordering: enable
          octal-values: enable
          quoted-strings: {required: only-when-needed, quote-type: single}
          truthy: {check-keys: false, allowed-values: ['true', 'false', 'yes']}
        """

    func testEveryRule() throws {
        let configuration = try LintConfiguration.parse(Array(YamllintParityTests.everyRuleConfiguration.utf8))
        try compare(preset: YamllintParityTests.everyRuleConfiguration, configuration: configuration)
    }

    /// The corpus files to compare, relative paths, sorted.
    private func corpusFiles(_ root: URL) throws -> [String] {
        let full = ProcessInfo.processInfo.environment["PUREYAML_LINT_PARITY_FULL"] == "1"
        var byKind: [String: [String]] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.fileSizeKey])
        while let url = enumerator?.nextObject() as? URL {
            let name = url.lastPathComponent
            guard name.hasSuffix(".yaml") || name.hasSuffix(".yml") else { continue }
            let size = (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
            if !full && size > 24 * 1024 { continue }
            let relative = String(url.path.dropFirst(root.path.count + 1))
            let kind = String(relative.split(separator: "/").first ?? "")
            byKind[kind, default: []].append(relative)
        }
        var out: [String] = []
        for (_, files) in byKind {
            let sorted = files.sorted()
            if full { out += sorted; continue }
            let step = max(1, sorted.count / 40)
            out += stride(from: 0, to: sorted.count, by: step).prefix(40).map { sorted[$0] }
        }
        return out.sorted()
    }

    private func compare(preset: String, configuration: LintConfiguration) throws {
        let corpus = try requireSharedFolder("corpus")
        guard let command = YamllintRunner.command() else {
            if SharedFixtures.isCI { XCTFail("yamllint not found (pip install yamllint)") }
            throw XCTSkip("yamllint not found on PATH nor as `python3 -m yamllint`; skipping parity")
        }
        let files = try corpusFiles(corpus)
        // yamllint's findings, batched.
        var theirs: [String: Set<Finding>] = [:]
        var syntaxErrors = Set<String>()
        let root = corpus.path
        let outputs = YamllintRunner.outputs(command, options: ["-f", "parsable", "-d", preset], paths: files.map { root + "/" + $0 })
        for output in outputs {
            for line in output.split(separator: "\n") {
                guard let parsed = parseParsable(String(line), root: corpus.path + "/") else { continue }
                if parsed.finding.rule == "syntax" { syntaxErrors.insert(parsed.file); continue }
                theirs[parsed.file, default: []].insert(parsed.finding)
            }
        }
        var compared = 0, matchedFindings = 0, skipped = 0
        var unexpected: [String] = []
        var allowedCount: [String: Int] = [:]
        for file in files {
            let bytes = Array(try Data(contentsOf: corpus.appendingPathComponent(file)))
            let parse = Parser.parse(bytes)
            if syntaxErrors.contains(file) || !parse.isValid { skipped += 1; continue }
            compared += 1
            let ours = Set(Linter.lint(parse, configuration: configuration).map {
                Finding(line: $0.line, column: $0.column, rule: $0.rule, level: $0.level.rawValue)
            })
            let expected = theirs[file] ?? []
            matchedFindings += ours.intersection(expected).count
            for d in ours.symmetricDifference(expected).sorted() {
                if YamllintParityTests.allowedDifferences[d.rule] != nil {
                    allowedCount[d.rule, default: 0] += 1
                } else {
                    unexpected.append("\(file):\(d) \(ours.contains(d) ? "only ours" : "only yamllint")")
                }
            }
        }
        print("yamllint parity [\(preset.count > 10 ? "every rule" : preset)]: \(compared) files compared, \(skipped) with syntax errors skipped, "
              + "\(matchedFindings) findings matched, \(unexpected.count) unexpected differences, allowed: \(allowedCount)")
        if !unexpected.isEmpty {
            XCTFail("\(unexpected.count) differences from yamllint [\(preset.count > 10 ? "every rule" : preset)], first ones:\n"
                    + unexpected.prefix(40).joined(separator: "\n"))
        }
    }

    private func parseParsable(_ line: String, root: String) -> (file: String, finding: Finding)? {
        // path:line:column: [level] message (rule)
        guard line.hasPrefix(root) else { return nil }
        let rest = line.dropFirst(root.count)
        let parts = rest.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, let l = Int(parts[1]), let c = Int(parts[2]) else { return nil }
        let tail = parts[3]
        guard let open = tail.firstIndex(of: "["), let close = tail.firstIndex(of: "]"),
              let ruleOpen = tail.lastIndex(of: "("), tail.hasSuffix(")") else { return nil }
        let level = String(tail[tail.index(after: open)..<close])
        let rule = String(tail[tail.index(after: ruleOpen)..<tail.index(before: tail.endIndex)])
        return (String(parts[0]), Finding(line: l, column: c, rule: rule, level: level))
    }
}
