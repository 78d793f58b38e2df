import Foundation
import TestSupport
import XCTest
import YAMLLint
import YAMLSyntax
@testable import YAMLDocumentModel

/// ``BlockReparseTests`` with lint on (``IncrementalLint``): after every seeded random edit and keystroke
/// inside a word, the published diagnostics and the lint findings are a fresh model's, under yamllint's
/// `default` preset and under a strict configuration (every value rule on, short lines, quoted strings).
extension BlockReparseTests {
    /// A configuration that enables the rules yamllint's `default` leaves off, with small limits.
    static let strictLintConfiguration = """
        extends: default
        rules:
          line-length: {max: 40}
          quoted-strings: {required: only-when-needed, extra-required: ['^x']}
          octal-values: enable
          float-values: {forbid-nan: true, forbid-inf: true, forbid-scientific-notation: true, require-numeral-before-decimal: true}
          empty-values: enable
          key-ordering: enable
          truthy: {allowed-values: ['true'], check-keys: true}
          comments: {min-spaces-from-content: 1}
        """

    /// Lint-flavoured values appended to the generated texts' plain values: truthy and octal spellings,
    /// floats, long words.
    static func generatedForLint(seed: UInt64, entries: Int, stream: Bool) -> String {
        var rng = SeededGenerator(seed: seed)
        func below(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        let values = ["yes", "no", "on", "true", "0755", "1e3", ".5", "nan", "word", "two words", "x-ray", "a.b",
                      "averyveryverylongwordthatgoespastthelimitoftheline", "'quoted'", "\"dq\""]
        var out = ""
        for d in 0..<(stream ? 6 : 1) {
            if stream { out += "---\n" }
            out += "kind: Thing\nmetadata:\n  name: doc\(d)\n"
            for i in 0..<entries {
                switch below(6) {
                case 0: out += "key\(i): \(values[below(values.count)])\n"
                case 1: out += "list\(i):\n  - \(values[below(values.count)])\n  - name: \(values[below(values.count)])\n"
                case 2: out += "map\(i):\n  b: \(values[below(values.count)])\n  a: \(values[below(values.count)])   \n"
                case 3: out += "# comment \(i)\nflow\(i): [\(values[below(values.count)]), b]  # trailing\n"
                case 4: out += "text\(i): |\n  \(values[below(values.count)])\n"
                default: out += "k\(i % 5): \(values[below(values.count)])\n"
                }
            }
        }
        return out
    }

    /// Applies `count` edits (typing inside words, or random ones) to `text` in a model with lint on, comparing
    /// the published diagnostics and the lint findings with a fresh model's after each; how many edits
    /// kept the whole text unparsed (lint included).
    private func lintDifferential(_ text: String, name: String, seed: UInt64, count: Int, strict: Bool, insideWords: Bool) -> Int {
        let uri = DocumentURI(filePath: "/w/\(name)")
        func makeModel() -> DocumentModel {
            var settings = Settings()
            settings.lintEnabled = true
            return strict
                ? DocumentModel(settings: settings, environment: .inMemory(texts: ["/w/.yamllint": Self.strictLintConfiguration]))
                : DocumentModel(settings: settings)
        }
        let model = makeModel()
        model.perform(.open(uri, version: 0, text: text))
        var rng = SeededGenerator(seed: seed)
        var untouched = 0
        for version in 1...count {
            guard let before = model.snapshot(uri) else { XCTFail("not open"); break }
            let (range, insert) = Self.randomEdit(before.bytes, &rng, insideWords: insideWords || rng.next() % 3 != 0)
            let lsp = (before.lineIndex.position(of: range.lowerBound, encoding: .utf8),
                       before.lineIndex.position(of: range.upperBound, encoding: .utf8))
            model.perform(.change(uri, version: version, changes: [TextChange(range: lsp, text: insert)], encoding: .utf8))
            guard let after = model.snapshot(uri) else { XCTFail("closed"); break }
            if model.records[uri]?.lint.linted?.incrementally == true { untouched += 1 }
            let reference = makeModel()
            reference.perform(.open(uri, version: version, text: after.text))
            let label = "\(name) edit \(version) (\(range) -> \(insert.debugDescription))"
            XCTAssertEqual(model.lintFindings(uri), reference.lintFindings(uri), label)
            XCTAssertEqual(model.diagnostics(uri)?.diagnostics, reference.diagnostics(uri)?.diagnostics, label)
            if model.lintFindings(uri) != reference.lintFindings(uri) { break }
            if rng.next() % 8 == 0 { model.perform(.change(uri, version: version, changes: [.full(text)], encoding: .utf8)) }
        }
        return untouched
    }

    func testTypingWithLintOnGivesWhatAFreshModelGives() {
        var untouched = 0
        for (i, strict) in [false, true].enumerated() {
            for stream in [false, true] {
                let seed = UInt64(50 + i * 2 + (stream ? 1 : 0))
                let text = Self.generatedForLint(seed: seed, entries: stream ? 25 : 120, stream: stream)
                untouched += lintDifferential(text, name: "lint-\(seed).yaml", seed: seed, count: 120, strict: strict, insideWords: true)
            }
        }
        print("lint: \(untouched) of 480 keystrokes linted one line")
        XCTAssertGreaterThan(untouched, 60, "keystrokes in values lint only what they change")
    }

    func testRandomEditsWithLintOnGiveWhatAFreshModelGives() {
        for strict in [false, true] {
            for seed in UInt64(60)...61 {
                lintDifferential(Self.generated(seed: seed, entries: 80), name: "lint-random-\(seed).yaml", seed: seed, count: 100,
                                 strict: strict, insideWords: false)
                lintDifferential(Self.generatedWithAnchors(seed: seed, entries: 60), name: "lint-anchors-\(seed).yaml", seed: seed,
                                 count: 60, strict: strict, insideWords: false)
            }
        }
    }

    /// Flow-style texts (JSON-like, and flow collections inside block documents) with lint on: typing
    /// inside a quoted or plain value of a flow mapping lints that scalar and its line alone (the bench's
    /// `keystroke-lint` on `flow-json-1MB`); random edits too.
    func testEditsInFlowTextsWithLintOnGiveWhatAFreshModelGives() {
        var untouched = 0
        for (i, strict) in [false, true].enumerated() {
            for seed in UInt64(70)...71 {
                let s = seed + UInt64(i * 10)
                untouched += lintDifferential(FlowReparseTests.jsonLike(seed: s, objects: 30), name: "lint-json-\(s).yaml", seed: s,
                                              count: 100, strict: strict, insideWords: true)
                untouched += lintDifferential(FlowReparseTests.flowInBlock(seed: s, entries: 40), name: "lint-flow-\(s).yaml", seed: s,
                                              count: 100, strict: strict, insideWords: true)
                lintDifferential(FlowReparseTests.jsonLike(seed: s, objects: 20), name: "lint-json-random-\(s).yaml", seed: s,
                                 count: 60, strict: strict, insideWords: false)
            }
        }
        print("lint in flow texts: \(untouched) of 800 keystrokes linted one scalar or line")
        XCTAssertGreaterThan(untouched, 60, "keystrokes in flow mapping values lint only what they change")
    }

    /// Real files of the shared corpus (every 60th of 4–60 KB in path order), typed into with lint on.
    func testTypingInCorpusFilesWithLintOnGivesWhatAFreshModelGives() throws {
        let files = try corpusFiles()
        var untouched = 0, checked = 0
        for (i, file) in files.enumerated() where i % 60 == 0 {
            guard let data = try? Data(contentsOf: file), let text = String(data: data, encoding: .utf8) else { continue }
            checked += 1
            untouched += lintDifferential(text, name: file.lastPathComponent, seed: UInt64(i), count: 30, strict: i % 120 == 0,
                                          insideWords: true)
        }
        print("lint corpus: \(checked) files, \(untouched) of \(checked * 30) keystrokes linted one line")
        XCTAssertGreaterThan(untouched, checked * 3, "keystrokes in corpus files lint only what they change")
    }

    /// Which keystrokes lint one line and which the whole text.
    func testAKeystrokeInAPlainValueLintsItsLineAlone() {
        let uri = DocumentURI(filePath: "/w/one.yaml")
        var settings = Settings()
        settings.lintEnabled = true
        let text = "---\na:\n  b: yes\n  c: word\nd: [x]\n"
        func typed(_ from: String, _ to: String, in text: String = text) -> (Bool?, [LintFinding]?, [LintFinding]?) {
            let model = DocumentModel(settings: settings)
            model.perform(.open(uri, version: 0, text: text))
            let edited = text.replacingOccurrences(of: from, with: to)
            model.perform(.change(uri, version: 1, changes: [.full(edited)], encoding: .utf8))
            let reference = DocumentModel(settings: settings)
            reference.perform(.open(uri, version: 1, text: edited))
            return (model.records[uri]?.lint.linted?.incrementally, model.lintFindings(uri), reference.lintFindings(uri))
        }
        // A value becomes truthy, and stops being: the line alone.
        for (from, to) in [("word", "yes"), ("yes", "yesx"), ("word", "wordy")] {
            let (alone, incremental, fresh) = typed(from, to)
            XCTAssertEqual(alone, true, to)
            XCTAssertEqual(incremental, fresh, to)
        }
        XCTAssertEqual(typed("word", "yes").1?.map(\.rule), ["truthy", "truthy"])
        // A value in a flow mapping, followed by more of it and a comment.
        let flow = "---\na: 1\nd: {k: word, j: 1}  # c\ne: 1\n"
        for to in ["wordy", "yes", "no"] {
            let (alone, incremental, fresh) = typed("word", to, in: flow)
            XCTAssertEqual(alone, true, to)
            XCTAssertEqual(incremental, fresh, to)
        }
        // A quoted or plain value in a flow mapping whose line holds other findings (a truthy `yes`, a long
        // line): the scalar and the line alone.
        let json = "[\n  {\"id\": 1, \"name\": \"ab cd\", \"on\": yes, \"padding\": \"a line longer than eighty characters\"},\n  {\"id\": 2}\n]\n"
        for (from, to) in [("ab cd", "abx cd"), ("ab cd", "a"), ("yes", "yesx"), ("yes", "no"), ("\"id\": 2", "\"id\": 2x")] {
            let (alone, incremental, fresh) = typed(from, to, in: json)
            XCTAssertEqual(alone, true, to)
            XCTAssertEqual(incremental, fresh, to)
        }
        // A quoted key, a quote or a backslash typed in a quoted value, a value becoming truthy beside another
        // finding on its line: the whole text.
        for (from, to) in [("\"name\"", "\"namex\""), ("ab cd", "ab\" cd"), ("ab cd", "ab\\ cd"), ("\"id\": 1", "\"id\": on")] {
            let (alone, incremental, fresh) = typed(from, to, in: json)
            XCTAssertEqual(alone, false, to)
            XCTAssertEqual(incremental, fresh, to)
        }
        // A key, a value inside a flow collection, a value that becomes a comment: the whole text.
        for (from, to) in [("c: word", "cc: word"), ("[x]", "[xy]"), ("word", "wo #rd"), ("word", "wo: rd")] {
            let (alone, incremental, fresh) = typed(from, to)
            XCTAssertEqual(alone, false, to)
            XCTAssertEqual(incremental, fresh, to)
        }
    }
}
