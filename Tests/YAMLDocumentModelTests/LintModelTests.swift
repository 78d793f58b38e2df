import Foundation
import XCTest
import YAMLComposer
import YAMLDocumentModel
import YAMLSyntax

/// Lint through the model: configuration discovery via the injected reader, settings, diagnostics,
/// quick fixes and fix-all.
final class LintModelTests: XCTestCase {
    private func model(files: [String: String], settings: JSONValue? = nil) -> DocumentModel {
        let model = DocumentModel(environment: .inMemory(texts: files))
        if let settings { model.perform(.configure(Settings(json: settings))) }
        return model
    }

    private func lintCodes(_ model: DocumentModel, _ uri: DocumentURI) -> [String] {
        (model.diagnostics(uri)?.diagnostics ?? []).filter { $0.source == "yamllint" }.map(\.code)
    }

    func testConfigurationFileUpwardTurnsLintOn() throws {
        let m = model(files: ["/p/.yamllint.yaml": "extends: relaxed\nrules: {trailing-spaces: {level: warning}}\n"])
        let uri = DocumentURI(filePath: "/p/sub/a.yaml")
        m.perform(.open(uri, version: 1, text: "a: yes \nb: 1\n"))
        let lint = (m.diagnostics(uri)?.diagnostics ?? []).filter { $0.source == "yamllint" }
        XCTAssertEqual(lint.map(\.code), ["trailing-spaces"])
        XCTAssertEqual(lint.first?.severity, .warning)
        XCTAssertEqual(lint.first?.range, TextRange(start: 6, end: 7))
        // A file elsewhere has no configuration: no lint unless the setting asks for it.
        let other = DocumentURI(filePath: "/q/b.yaml")
        m.perform(.open(other, version: 1, text: "a: yes\n"))
        XCTAssertEqual(lintCodes(m, other), [])
        let resultBefore = m.diagnosticsResultID(other)
        let changed = m.perform(.configure(Settings(json: .object([("pureyaml", .object([("lint", .object([("enable", .bool(true))]))]))]))))
        XCTAssertTrue(changed.contains(.diagnostics(other)))
        XCTAssertEqual(lintCodes(m, other), ["document-start", "truthy"])
        XCTAssertNotEqual(m.diagnosticsResultID(other), resultBefore)   // pull clients see the change
        // An explicit `false` turns lint off even where a configuration file exists.
        m.perform(.configure(Settings(json: .object([("pureyaml.lint.enable", .bool(false))]))))
        XCTAssertEqual(lintCodes(m, uri), [])
    }

    func testPresetSettingAndEnvironmentConfiguration() {
        let m = model(files: [:], settings: .object([("pureyaml.lint.enable", .bool(true)), ("pureyaml.lint.preset", .string("relaxed"))]))
        let uri = DocumentURI(filePath: "/x/a.yaml")
        m.perform(.open(uri, version: 1, text: "a: yes\n"))
        XCTAssertEqual(lintCodes(m, uri), [])
        let env = DocumentModel(environment: .inMemory(texts: ["/home/cfg": "rules: {truthy: enable}"],
                                                       variables: ["YAMLLINT_CONFIG_FILE": "/home/cfg"]))
        env.perform(.open(uri, version: 1, text: "a: yes\n"))
        XCTAssertEqual(lintCodes(env, uri), ["truthy"])
    }

    /// `YAMLLINT_CONFIG_FILE` outside the checked tree: its relative `extends:` and `ignore-from-file` are
    /// read from the current directory, as yamllint reads them; without one, beside the file.
    func testEnvironmentConfigurationPathsAreReadFromTheCurrentDirectory() {
        let files = ["/home/cfg/lint.yaml": "extends: base.yaml\nignore-from-file: .gitignore\n",
                     "/work/base.yaml": "rules: {truthy: enable}\n",
                     "/work/.gitignore": "build/\n"]
        let uri = DocumentURI(filePath: "/work/src/a.yaml")
        let fromWork = DocumentModel(environment: .inMemory(texts: files, variables: ["YAMLLINT_CONFIG_FILE": "/home/cfg/lint.yaml"],
                                                            currentDirectory: "/work"))
        fromWork.perform(.open(uri, version: 1, text: "a: yes\n"))
        XCTAssertEqual(lintCodes(fromWork, uri), ["truthy"])
        let noDirectory = DocumentModel(environment: .inMemory(texts: files, variables: ["YAMLLINT_CONFIG_FILE": "/home/cfg/lint.yaml"]))
        noDirectory.perform(.open(uri, version: 1, text: "a: yes\n"))
        XCTAssertEqual(lintCodes(noDirectory, uri), [], "lint is off; the problem is reported once, on the configuration")
        XCTAssertEqual(noDirectory.lintConfigurationProblems.map(\.path), ["/home/cfg/lint.yaml"])
    }

    /// One broken configuration under many files is one problem, not a warning on each file: the model
    /// lists it once (and says so once, with `.lintConfigurationProblems`), lint is off for the files, and
    /// only the configuration file itself, when open, carries the `lint-config` diagnostic.
    func testBrokenConfigurationIsReportedOncePerConfigurationFile() throws {
        let m = model(files: ["/p/.yamllint": "rules: {nope: enable}\n", "/q/.yamllint": "rules: {colons: {max: x}}\n"])
        var announced: [Bool] = []
        for name in ["a", "b", "sub/c"] {
            let uri = DocumentURI(filePath: "/p/\(name).yaml")
            announced.append(m.perform(.open(uri, version: 1, text: "a:   1\n")).contains(.lintConfigurationProblems))
            XCTAssertEqual(lintCodes(m, uri), [], "\(name): no lint findings and no lint-config warning")
        }
        XCTAssertEqual(announced, [true, false, false])
        let problem = try XCTUnwrap(m.lintConfigurationProblems.first)
        XCTAssertEqual(m.lintConfigurationProblems.count, 1)
        XCTAssertEqual(problem.path, "/p/.yamllint")
        XCTAssertTrue(problem.message.contains("no such rule: \"nope\""), problem.message)
        XCTAssertEqual(problem.summary, "yamllint configuration /p/.yamllint: \(problem.message); lint is off for the files it applies to")
        // Closing and reopening, or editing, does not report it again.
        let a = DocumentURI(filePath: "/p/a.yaml")
        m.perform(.close(a))
        XCTAssertFalse(m.perform(.open(a, version: 2, text: "a: 2\n")).contains(.lintConfigurationProblems))
        // The configuration file itself, opened as YAML, carries it as a diagnostic at its start.
        let configuration = DocumentURI(filePath: "/p/.yamllint")
        m.perform(.open(configuration, version: 1, text: "rules: {nope: enable}\n"))
        let own = (m.diagnostics(configuration)?.diagnostics ?? []).filter { $0.code == "lint-config" }
        XCTAssertEqual(own.map(\.range), [TextRange(empty: 0)])
        XCTAssertEqual(own.first?.message, "\(problem.message); lint is off for the files this configuration applies to")
        XCTAssertEqual(own.first?.severity, .warning)
        // Another broken configuration is another problem.
        XCTAssertTrue(m.perform(.open(DocumentURI(filePath: "/q/d.yaml"), version: 1, text: "d: 1\n")).contains(.lintConfigurationProblems))
        XCTAssertEqual(m.lintConfigurationProblems.map(\.path), ["/p/.yamllint", "/q/.yamllint"])
    }

    /// A configuration that is not valid YAML: the parser's message (a sentence ending in `.`) is quoted
    /// without its full stop, so the report does not read `... ended.; lint is off`.
    func testUnreadableConfigurationMessageHasNoStrayFullStop() throws {
        let m = model(files: ["/p/.yamllint": "yaml-files: [\n"])
        let uri = DocumentURI(filePath: "/p/a.yaml")
        m.perform(.open(uri, version: 1, text: "a: 1\n"))
        let summary = try XCTUnwrap(m.lintConfigurationProblems.first?.summary)
        XCTAssertTrue(summary.hasPrefix("yamllint configuration /p/.yamllint: invalid config: "), summary)
        XCTAssertTrue(summary.hasSuffix(" ended; lint is off for the files it applies to"), summary)
    }

    func testNoLintFindingsAfterASyntaxError() {
        let m = model(files: ["/p/.yamllint": "extends: default\n"])
        let uri = DocumentURI(filePath: "/p/a.yaml")
        m.perform(.open(uri, version: 1, text: "---\na:   1\nb: [\nc:   2   \n"))
        let codes = lintCodes(m, uri)
        XCTAssertTrue(codes.contains("colons"))                  // before the error
        XCTAssertTrue(codes.contains("trailing-spaces"))         // line rules still apply
        XCTAssertEqual(codes.filter { $0 == "colons" }.count, 1) // not after it
    }

    func testQuickFixesAndFixAll() throws {
        let m = model(files: ["/p/.yamllint": "extends: default\n"])
        let uri = DocumentURI(filePath: "/p/a.yaml")
        let text = "a:   1 \n#comment\nb: {x:  1}\nc: yes\n\n\n\nd: 2"
        m.perform(.open(uri, version: 1, text: text))
        let bytes = Array(text.utf8)
        let all = try XCTUnwrap(m.codeActions(uri, range: TextRange(start: 0, end: bytes.count), only: [.quickFix]))
        let titles = Set(all.map(\.title))
        XCTAssertEqual(titles, ["Remove trailing spaces (trailing-spaces)", "Add a space after # (comments)",
                                "Use 1 space after the colon (colons)", "Add the document start marker --- (document-start)",
                                "Replace yes with true (truthy)", "Remove extra blank lines (empty-lines)",
                                "Add a final line break (new-line-at-end-of-file)"])
        // Each title names the rule of the finding it fixes.
        for a in all { XCTAssertTrue(a.title.hasSuffix("(\(a.diagnostic?.code ?? "?"))"), a.title) }
        let edits = try XCTUnwrap(m.fixAllEdits(uri))
        var out = bytes
        for e in edits.sorted(by: { $0.range.start > $1.range.start }) {
            out.replaceSubrange(e.range.start..<e.range.end, with: Array(e.newText.utf8))
        }
        XCTAssertEqual(String(decoding: out, as: UTF8.self), "---\na: 1\n# comment\nb: {x: 1}\nc: yes\n\n\nd: 2\n")
    }

    /// Fix-all on a file where more than 1,000 lines change gives one minimal edit per line (it gave one
    /// whole-text edit), which applied to the original give exactly the fixed text.
    func testFixAllOnThousandsOfLinesGivesPerLineEdits() throws {
        let m = model(files: ["/p/.yamllint": "extends: default\n"])
        let uri = DocumentURI(filePath: "/p/big.yaml")
        var text = "---\n"
        for i in 0..<2_500 { text += "key\(i): value \n" }
        m.perform(.open(uri, version: 1, text: text))
        let edits = try XCTUnwrap(m.fixAllEdits(uri))
        XCTAssertEqual(edits.count, 2_500)
        XCTAssertTrue(edits.allSatisfy { $0.newText.isEmpty && $0.range.end - $0.range.start == 1 })
        XCTAssertEqual(String(decoding: TextReplacement.apply(edits, to: Array(text.utf8)), as: UTF8.self),
                       text.replacingOccurrences(of: " \n", with: "\n"))
    }

    /// Neighbouring findings whose fixes would edit one run of spaces (a comma's and a bracket's) are
    /// offered as one fix when one edit fixes both, else one of them: no two offered quick fixes have
    /// conflicting edits, so applying one (or all of them together) never hits text another has changed.
    func testOverlappingQuickFixesAreOfferedWithoutConflicts() throws {
        let cases: [(config: String, text: String, titles: [String], codes: [[String]])] = [
            // No edit satisfies both (`[1,]` has too few spaces after the comma): the first is offered.
            ("extends: default\n", "---\na: [1,  ]\nb: {x: 1 ,  }\n",
             ["Use 1 space after the comma (commas)", "Remove the spaces before the comma (commas)",
              "Use 1 space after the comma (commas)"], [["commas"], ["commas"], ["commas"]]),
            // One space satisfies both rules: one fix for both findings.
            ("extends: default\nrules: {brackets: {min-spaces-inside: 1, max-spaces-inside: 1}}\n", "---\na: [ 1,   ]\n",
             ["Use 1 space after the comma (commas, brackets)"], [["commas", "brackets"]]),
        ]
        for c in cases {
            let m = model(files: ["/p/.yamllint": c.config])
            let uri = DocumentURI(filePath: "/p/n.yaml")
            m.perform(.open(uri, version: 1, text: c.text))
            let bytes = Array(c.text.utf8)
            let fixes = try XCTUnwrap(m.codeActions(uri, range: TextRange(start: 0, end: bytes.count), only: [.quickFix]))
            XCTAssertEqual(fixes.map(\.title), c.titles, c.text)
            XCTAssertEqual(fixes.map { ([$0.diagnostic] + $0.additionalDiagnostics).compactMap { $0?.code } }, c.codes, c.text)
            let edits = fixes.flatMap(\.edits).sorted { $0.range < $1.range }
            for (x, y) in zip(edits, edits.dropFirst()) {
                XCTAssertTrue(x.range.end <= y.range.start && x.range.start < y.range.start, "\(x) and \(y) conflict in \(c.text)")
            }
            // All of them at once keep the data.
            let after = DocumentURI(filePath: "/p/after.yaml")
            m.perform(.open(after, version: 1, text: String(decoding: TextReplacement.apply(edits, to: bytes), as: UTF8.self)))
            XCTAssertEqual(m.diagnostics(after)?.diagnostics.filter { $0.source != "yamllint" }.map(\.message), [])
        }
    }

    /// Code actions stop when the caller's cancellation check says so (an LSP `$/cancelRequest`): fix-all
    /// asks between its steps and throws ``Cancelled``; never cancelled, it gives what the plain call gives.
    func testFixAllStopsWhenCancelled() throws {
        let m = model(files: ["/p/.yamllint": "extends: default\n"])
        let uri = DocumentURI(filePath: "/p/slow.yaml")
        let text = "---\n" + (0..<1_500).map { "key\($0):   [ a,b ]  #c\n" }.joined()
        m.perform(.open(uri, version: 1, text: text))
        let all = TextRange(start: 0, end: text.utf8.count)
        let start = ProcessInfo.processInfo.systemUptime
        let plain = try XCTUnwrap(m.codeActions(uri, range: all, only: [.sourceFixAll]))
        let full = ProcessInfo.processInfo.systemUptime - start
        XCTAssertEqual(try m.codeActions(uri, range: all, only: [.sourceFixAll], isCancelled: { false }), plain)
        XCTAssertEqual(plain.first?.edits.count, 1_500, "one edit per line")
        for answersBeforeCancelling in [0, 1, 3] {
            var asked = 0
            let began = ProcessInfo.processInfo.systemUptime
            XCTAssertThrowsError(try m.codeActions(uri, range: all, only: [.sourceFixAll], isCancelled: {
                asked += 1
                return asked > answersBeforeCancelling
            })) { XCTAssertTrue($0 is Cancelled) }
            let took = ProcessInfo.processInfo.systemUptime - began
            // Once cancelled, the work stops at the next check: it is asked once more at most.
            XCTAssertLessThanOrEqual(asked, answersBeforeCancelling + 2)
            print("fix-all \(full) s; cancelled after \(answersBeforeCancelling) checks: \(took) s")
        }
    }

    /// A text ending inside a block scalar gets no final line break from the fix: PyYAML and libyaml read
    /// `|` + `x` at the end of the input as "x", with the line break as "x\n".
    func testNoFinalLineBreakFixAtTheEndOfABlockScalar() throws {
        let m = model(files: ["/p/.yamllint": "extends: default\n"])
        for (name, text, fixed) in [("block", "---\nrun: |\n  make", false), ("folded", "---\nrun: >-\n  make", false),
                                    ("plain", "---\nrun: make", true)] {
            let uri = DocumentURI(filePath: "/p/\(name).yaml")
            m.perform(.open(uri, version: 1, text: text))
            XCTAssertTrue(lintCodes(m, uri).contains("new-line-at-end-of-file"), name)
            let titles = try XCTUnwrap(m.codeActions(uri, range: TextRange(start: 0, end: text.utf8.count), only: [.quickFix])).map(\.title)
            XCTAssertEqual(titles.contains("Add a final line break (new-line-at-end-of-file)"), fixed, "\(name): \(titles)")
            XCTAssertEqual(try XCTUnwrap(m.fixAllEdits(uri)).contains { $0.newText.hasSuffix("\n") && $0.range.start == text.utf8.count }, fixed, name)
        }
    }
}

extension LintModelTests {
    private func applyFixAll(_ config: String, _ text: String) throws -> String {
        let m = model(files: ["/p/.yamllint": config])
        let uri = DocumentURI(filePath: "/p/a.yaml")
        m.perform(.open(uri, version: 1, text: text))
        var out = Array(text.utf8)
        for e in try XCTUnwrap(m.fixAllEdits(uri)).sorted(by: { $0.range.start > $1.range.start }) {
            out.replaceSubrange(e.range.start..<e.range.end, with: Array(e.newText.utf8))
        }
        return String(decoding: out, as: UTF8.self)
    }

    func testDocumentEndAndLineBreakFixes() throws {
        XCTAssertEqual(try applyFixAll("rules: {document-end: enable}", "---\na: 1\n---\nb: 2"), "---\na: 1\n...\n---\nb: 2\n...\n")
        XCTAssertEqual(try applyFixAll("rules: {new-lines: enable}", "a: |\r\n  x\r\nb: 1\r\n"), "a: |\n  x\nb: 1\n")
        XCTAssertEqual(try applyFixAll("rules: {new-lines: {type: dos}}", "a: 1\nb: 2\n"), "a: 1\r\nb: 2\r\n")
        // A lone `\r` is a line break too (YAML 1.2.2 §5.4), rewritten in the expected form.
        XCTAssertEqual(try applyFixAll("rules: {new-lines: enable}", "a: 1\rb: 2\r\nc: 3\r"), "a: 1\nb: 2\nc: 3\n")
        XCTAssertEqual(try applyFixAll("rules: {new-lines: {type: dos}}", "a: 1\rb: 2\nc: 3\r"), "a: 1\r\nb: 2\r\nc: 3\r\n")
        XCTAssertEqual(try applyFixAll("rules: {comments-indentation: enable}", "a:\n      # c\n  b: 1\n"), "a:\n  # c\n  b: 1\n")
    }

    /// Fixes that add a line write the file's own line break: `---\n` at the top of a CRLF file would be
    /// a new `new-lines` finding under `type: dos` (yamllint judges the first line break).
    func testAddedLinesKeepTheFilesLineBreaks() throws {
        let dos = "extends: default\nrules: {new-lines: {type: dos}}\n"
        func fixes(_ text: String, _ config: String = dos) throws -> [String: [String]] {
            let m = model(files: ["/p/.yamllint": config])
            let uri = DocumentURI(filePath: "/p/a.yaml")
            m.perform(.open(uri, version: 1, text: text))
            let all = try XCTUnwrap(m.codeActions(uri, range: TextRange(start: 0, end: text.utf8.count), only: [.quickFix]))
            return Dictionary(all.map { ($0.diagnostic?.code ?? "", $0.edits.map(\.newText)) }, uniquingKeysWith: { a, _ in a })
        }
        XCTAssertEqual(try fixes("a: 1\r\nb: 2\r\n")["document-start"], ["---\r\n"])
        XCTAssertEqual(try fixes("a: 1\r\nb: 2\r\n", "rules: {document-end: enable}")["document-end"], ["...\r\n"])
        XCTAssertEqual(try fixes("---\r\na: 1\r\nb: 2")["new-line-at-end-of-file"], ["\r\n"])
        // No line break yet: the one `new-lines` asks for.
        let oneLine = try fixes("a: 1")
        XCTAssertEqual(oneLine["document-start"], ["---\r\n"])
        XCTAssertEqual(oneLine["new-line-at-end-of-file"], ["\r\n"])
        XCTAssertEqual(try applyFixAll("extends: default\nrules: {new-lines: {type: dos}, document-end: enable}\n",
                                       "a: 1\r\n---\r\nb: 2"),
                       "---\r\na: 1\r\n...\r\n---\r\nb: 2\r\n...\r\n")
    }

    /// A block scalar whose last line ends the text without a line break reads "x" for PyYAML and libyaml
    /// (kubectl, Ansible) but "x\n" once a line break follows: no fix may add one behind it.
    func testFixesAddNoLineBreakAfterABlockScalarAtTheEnd() throws {
        XCTAssertEqual(try applyFixAll("rules: {document-end: enable}", "---\na: |\n  x"), "---\na: |\n  x")
        XCTAssertEqual(try applyFixAll("rules: {document-end: enable}", "---\na: 1\n---\nb: |\n  x"),
                       "---\na: 1\n...\n---\nb: |\n  x")
        XCTAssertEqual(try applyFixAll("rules: {key-ordering: enable}", "b: 1\na: |\n  x"), "b: 1\na: |\n  x")
        // With its line break the value is "x\n" for every reader: fixed.
        XCTAssertEqual(try applyFixAll("rules: {document-end: enable}", "---\na: |\n  x\n"), "---\na: |\n  x\n...\n")
        XCTAssertEqual(try applyFixAll("rules: {key-ordering: enable}", "b: 1\na: |\n  x\n"), "a: |\n  x\nb: 1\n")
        XCTAssertEqual(try applyFixAll("rules: {key-ordering: enable}", "a:\n  d: 1\n  b: 2\nc: |\n  x"),
                       "a:\n  b: 2\n  d: 1\nc: |\n  x")   // that entry stays last: sorted
    }

    func testUnsafeSpacingFixIsNotOffered() throws {
        // Narrowing the space after `-` would re-indent the mapping's second key: not offered.
        XCTAssertEqual(try applyFixAll("extends: default", "---\n-   a: 1\n    b: 2\n"), "---\n-   a: 1\n    b: 2\n")
    }
}

extension LintModelTests {
    func testQuotedStringsFixes() throws {
        // Remove redundant quotes; keep them where the plain scalar would read differently.
        XCTAssertEqual(try applyFixAll("rules: {quoted-strings: {required: only-when-needed}}",
                                       "a: 'x'\nb: \"y z\"\nc: 'x: y'\nd: '123'\n"),
                       "a: x\nb: y z\nc: 'x: y'\nd: '123'\n")
        // Add quotes of the configured type; escapes make the value the same string.
        XCTAssertEqual(try applyFixAll("rules: {quoted-strings: {quote-type: double}}",
                                       "a: x\nb: 'it''s \\ \"q\"'\n"),
                       "a: \"x\"\nb: \"it's \\\\ \\\"q\\\"\"\n")
        XCTAssertEqual(try applyFixAll("rules: {quoted-strings: {quote-type: single}}", "a: \"two\\nlines\"\nb: \"x\"\n"),
                       "a: \"two\\nlines\"\nb: 'x'\n")   // a line break cannot be written in single quotes on one line
        XCTAssertEqual(try applyFixAll("rules: {quoted-strings: {quote-type: single, allow-quoted-quotes: true}}",
                                       "a: it's\n"), "a: \"it's\"\n")
    }

    func testKeyOrderingFixMovesEntriesWithComments() throws {
        let text = "b: 1\n# about a\na:\n  z: 1   # z\n  y: 2\nc: 3\n"
        XCTAssertEqual(try applyFixAll("rules: {key-ordering: enable}", text),
                       "# about a\na:\n  y: 2\n  z: 1   # z\nb: 1\nc: 3\n")
        // A sequence item's mapping, and ignored keys staying in place.
        XCTAssertEqual(try applyFixAll("rules: {key-ordering: {ignored-keys: [name]}}", "- name: x\n  b: 1\n  a: 2\n"),
                       "- name: x\n  a: 2\n  b: 1\n")
        // A one-line flow mapping.
        XCTAssertEqual(try applyFixAll("rules: {key-ordering: enable}", "- {b: 1, a: [x, y]}\n"), "- {a: [x, y], b: 1}\n")
        // An alias must stay after its anchor: no fix.
        XCTAssertEqual(try applyFixAll("rules: {key-ordering: enable}", "b: &x 1\na: *x\n"), "b: &x 1\na: *x\n")
    }

    func testIndentationFix() throws {
        XCTAssertEqual(try applyFixAll("rules: {indentation: {spaces: 2}}", "a:\n    b:\n         - 1\n         - 2\n    c: |\n       text\n"),
                       "a:\n  b:\n    - 1\n    - 2\n  c: |\n     text\n")
        XCTAssertEqual(try applyFixAll("rules: {indentation: {spaces: 4, indent-sequences: false}}", "a:\n  b:\n    - 1\n"),
                       "a:\n    b:\n    - 1\n")
        // Quick fix on one finding.
        let m = model(files: ["/p/.yamllint": "rules: {indentation: {spaces: 2}}"])
        let uri = DocumentURI(filePath: "/p/a.yaml")
        let text = "a:\n  b: 1\nc:\n     d: 2\n"
        m.perform(.open(uri, version: 1, text: text))
        let fix = try XCTUnwrap(m.codeActions(uri, range: TextRange(start: 18, end: 19), only: [.quickFix])?
            .first { $0.title == "Re-indent this block (indentation)" })
        XCTAssertEqual(fix.edits.map(\.newText), ["  d: 2"])
    }
}
