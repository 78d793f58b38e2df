import Foundation
import TestSupport
import XCTest
import YAMLComposer
import YAMLDocumentModel
import YAMLParser
import YAMLSyntax

/// Fix-all over the shared corpus, checked by the real yamllint: after `fixAllEdits`, yamllint reports
/// no finding of a rule fix-all fixes, and every fixed file composes to the same data as before.
///
/// - Files: a fixed subset (files of at most 16 KiB, every k-th per kind so each kind gives at most 12);
///   `PUREYAML_LINT_FIXALL_FULL=1` takes the whole corpus.
/// - yamllint is found on `PATH` or as `python3 -m yamllint`; absent, the test is skipped (fails under
///   `CI=true`).
final class LintFixAllCorpusTests: XCTestCase {
    /// The rules fix-all fixes (truthy is a quick fix only: it changes YAML 1.2 data).
    static let fixableRules: Set<String> = [
        "trailing-spaces", "new-line-at-end-of-file", "empty-lines", "comments", "document-start", "colons", "commas",
        "hyphens", "braces", "brackets", "comments-indentation", "document-end", "new-lines", "indentation",
        "quoted-strings", "key-ordering",
    ]

    /// Why yamllint may still report a finding of a fixable rule after fix-all (nil: it must not): the
    /// fix would change the data or is not made on purpose. `bytes` is the fixed file, `line`/`column`
    /// yamllint's (1-based).
    static func unfixableReason(rule: String, message: String, bytes: [UInt8], line: Int, column: Int) -> String? {
        if message.hasPrefix("found forbidden") { return "forbidden markers are not removed (that can merge documents)" }
        let parse = Parser.parse(bytes)
        let index = LineIndex(bytes)
        // The text ends in a block scalar's last line (no line break after it): a line break after it
        // (a final one, one before a final `...`, or one from moving its entry up) changes its value for
        // PyYAML and libyaml.
        let endsInBlockScalar = parse.tree.tokens.last(where: { $0.kind != .error })
            .map({ $0.kind == .blockScalarContent && $0.range.end == bytes.count }) == true && bytes.last != 0x0A && bytes.last != 0x0D
        // yamllint reports the last document's missing `...` on a line of that document (no `---` after it).
        let isLastDocument = !parse.tree.tokens.contains { $0.kind == .directivesEnd && index.line(containing: $0.range.start) >= line }
        if endsInBlockScalar && (rule == "new-line-at-end-of-file" || (rule == "document-end" && isLastDocument)) {
            return "the text ends in a block scalar: parsers disagree whether a final line break changes its value"
        }
        guard line - 1 < index.lineCount else { return nil }
        if rule == "key-ordering" {
            // Sorting may not put an alias before its anchor (YAML 1.2.2 §7.1): a mapping holding aliases
            // is sorted only when verification shows the data is unchanged.
            var node: SyntaxNode? = parse.tree.deepestNode(at: index.lineStart(line - 1) + column - 1)
            while let n = node, n.kind != .blockMapping && n.kind != .flowMapping { node = n.parent }
            if let mapping = node, mapping.tokens.contains(where: { $0.kind == .alias }) {
                return "the mapping holds aliases; the sorted order would use one before its anchor"
            }
            if endsInBlockScalar, let mapping = node, mapping.significantRange.end == bytes.count {
                return "the mapping's last entry ends the text in a block scalar: moving it up would add a line break to its value"
            }
            return nil
        }
        guard rule == "trailing-spaces" || rule == "empty-lines" else { return nil }
        // Trailing spaces in a block scalar and blank lines in any scalar are part of the value.
        var offset = index.lineStart(line - 1) + column - 1
        if rule == "empty-lines" { offset = index.lineStart(max(0, line - 2)) }
        for t in parse.tree.tokens where t.range.start < offset && offset < t.range.end {
            if t.kind == .blockScalarContent { return "inside a block scalar: part of the value" }
            if rule == "empty-lines" && [.plainScalar, .singleQuotedScalar, .doubleQuotedScalar].contains(t.kind) {
                return "blank lines inside a multi-line scalar are line feeds of the value"
            }
        }
        return nil
    }

    func testDefaultPreset() throws { try check(configuration: "extends: default\n") }

    func testFixableRulesWithOptions() throws {
        try check(configuration: """
            extends: default
            rules:
              document-end: enable
              key-ordering: enable
              indentation: {spaces: 2, indent-sequences: true}
              quoted-strings: {required: only-when-needed, quote-type: single}
              comments: {min-spaces-from-content: 1}
            """)
    }

    private func corpusFiles(_ root: URL) -> [String] {
        let full = ProcessInfo.processInfo.environment["PUREYAML_LINT_FIXALL_FULL"] == "1"
        var byKind: [String: [String]] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.fileSizeKey])
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "yaml" || url.pathExtension == "yml" else { continue }
            let size = (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
            if !full && size > 16 * 1024 { continue }
            let relative = String(url.path.dropFirst(root.path.count + 1))
            byKind[String(relative.split(separator: "/").first ?? ""), default: []].append(relative)
        }
        var out: [String] = []
        for (_, files) in byKind {
            let sorted = files.sorted()
            if full { out += sorted; continue }
            let step = max(1, sorted.count / 12)
            out += stride(from: 0, to: sorted.count, by: step).prefix(12).map { sorted[$0] }
        }
        return out.sorted()
    }

    /// The JSON data of every document, nil when one cannot be projected.
    private func data(_ bytes: [UInt8]) -> [JSONValue]? {
        var out: [JSONValue] = []
        for d in Composer.compose(Parser.parse(bytes)).documents {
            guard case .success(let v) = JSONProjection.project(d.root) else { return nil }
            out.append(v)
        }
        return out
    }

    private func check(configuration: String) throws {
        let corpus = try requireSharedFolder("corpus")
        guard let command = YamllintRunner.command() else {
            if SharedFixtures.isCI { XCTFail("yamllint not found (pip install yamllint)") }
            throw XCTSkip("yamllint not found on PATH nor as `python3 -m yamllint`; skipping fix-all check")
        }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-fixall-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let configPath = work.appendingPathComponent(".yamllint").path
        try Data(configuration.utf8).write(to: URL(fileURLWithPath: configPath))
        let config = Array(configuration.utf8)

        var written: [String] = []
        var changedFiles = 0
        for file in corpusFiles(corpus) {
            let bytes = Array(try Data(contentsOf: corpus.appendingPathComponent(file)))
            guard Parser.parse(bytes).isValid else { continue }
            let model = DocumentModel(environment: .inMemory(files: [configPath: config]))
            let target = work.appendingPathComponent(file)
            let uri = DocumentURI(filePath: target.path)
            model.perform(.open(uri, version: 1, text: String(decoding: bytes, as: UTF8.self)))
            var out = bytes
            for e in (model.fixAllEdits(uri) ?? []).sorted(by: { $0.range.start > $1.range.start }) {
                out.replaceSubrange(e.range.start..<e.range.end, with: Array(e.newText.utf8))
            }
            if out != bytes {
                changedFiles += 1
                XCTAssertEqual(data(out), data(bytes), "\(file): fix-all changed the data")
            }
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(out).write(to: target)
            written.append(file)
        }
        let root = work.path
        let outputs = YamllintRunner.outputs(command, options: ["-f", "parsable", "-c", configPath],
                                             paths: written.map { root + "/" + $0 })
        var left: [String] = []
        var known: [String: Int] = [:]
        for line in outputs.flatMap({ $0.split(separator: "\n") }) {
            guard let open = line.lastIndex(of: "("), line.hasSuffix(")") else { continue }
            let rule = String(line[line.index(after: open)..<line.index(before: line.endIndex)])
            guard LintFixAllCorpusTests.fixableRules.contains(rule) else { continue }
            let message = line.split(separator: "] ", maxSplits: 1).last.map(String.init) ?? ""
            let parts = line.dropFirst(root.count + 1).split(separator: ":", maxSplits: 3)
            if parts.count == 4, let l = Int(parts[1]), let c = Int(parts[2]),
               let bytes = try? Array(Data(contentsOf: work.appendingPathComponent(String(parts[0])))),
               let reason = LintFixAllCorpusTests.unfixableReason(rule: rule, message: message, bytes: bytes, line: l, column: c) {
                known[rule + ": " + reason, default: 0] += 1
                continue
            }
            left.append(String(line.dropFirst(root.count + 1)))
        }
        print("fix-all corpus check: \(written.count) files, \(changedFiles) changed, \(left.count) fixable findings left, known unfixable: \(known)")
        if !left.isEmpty {
            XCTFail("\(left.count) fixable findings left after fix-all, first ones:\n" + left.prefix(40).joined(separator: "\n"))
        }
    }
}
