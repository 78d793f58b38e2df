import Foundation
import TestSupport
import XCTest

/// Drives the built `pureyaml lsp` from a real, headless Neovim through Neovim's own LSP client
/// (`editors/neovim/test/e2e.lua`), on real files from the shared corpus and on small files written here.
///
/// Each test runs once per Neovim found (see ``NeovimHarness``; Debian's 0.7.2 and 0.11 are both
/// supported) and checks: diagnostics on the right lines, top-level document symbols equal to each
/// document's top-level keys, hover when the server advertises it, incremental edits answered with
/// versioned diagnostics, format-on-save writing exactly what `pureyaml format -` prints, a lint quick fix
/// picked, resolved when the client resolves code actions (LSP 3.17 `codeAction/resolve`) and applied, and a
/// clean exit.
final class NeovimEndToEndTests: XCTestCase {
    /// A real GitHub workflow, with the editing steps (break a line, repair it, type a comment).
    func testGitHubWorkflow() throws {
        let text = try corpusText("github-workflows/jpsim__Yams/.github/workflows/swiftpm.yml")
        try check(Case(fileName: ".github/workflows/swiftpm.yml", text: text, edit: true))
    }

    /// A real Kubernetes file with three documents (Deployment, Service, ServiceAccount) after a comment.
    func testKubernetesMultiDocument() throws {
        let text = try corpusText("kubernetes/GoogleCloudPlatform__microservices-demo/kubernetes-manifests/paymentservice.yaml")
        XCTAssertEqual(NeovimExpectedOutline.topLevelKeys(text).count, 3, "the test expects three documents")
        try check(Case(fileName: "paymentservice.yaml", text: text, edit: true))
    }

    /// A real kustomization whose sequence items are indented by one space: format on save rewrites many
    /// lines, so Neovim applies a batch of edits.
    func testKustomizationReindentedOnSave() throws {
        let text = try corpusText("kubernetes/GoogleCloudPlatform__microservices-demo/kubernetes-manifests/kustomization.yaml")
        try check(Case(fileName: "kustomization.yaml", text: text, edit: false))
    }

    /// A workflow broken on line 6 (0-based 5): a second `: ` in a block mapping value.
    func testBrokenFile() throws {
        let text = """
        name: broken example
        on: push
        jobs:
          build:
            runs-on: ubuntu-latest
            env: FOO: bar
            steps:
              - run: echo hi

        """
        try check(Case(fileName: "broken.yml", text: text, edit: false, errorLine: 5))
    }

    /// A file whose last line has no line break, formatted already. Neovim sends the text without it
    /// (`'noeol'`) and writes one on `:write` (`'fixeol'`); the server's edit that adds the final line break
    /// reaches past the last line, so Neovim drops the empty last line it would otherwise keep, and the
    /// saved file ends in exactly one line break, as `pureyaml format` writes it.
    func testFileWithoutFinalLineBreak() throws {
        let text = "name: x\non: push\njobs:\n  build:\n    runs-on: ubuntu-latest"
        try check(Case(fileName: "no-final-newline.yml", text: text + "\n", edit: false, onDisk: text,
                       expectedOnDisk: text + "\n"))
    }

    /// The same with its last line re-indented by the formatter: the edit that changes the last line
    /// also adds the final line break, and the file still ends in one.
    func testFileWithoutFinalLineBreakReformatted() throws {
        let text = "name: x\njobs:\n  build:\n      runs-on:    ubuntu-latest"
        try check(Case(fileName: "no-final-newline-reformatted.yml", text: text + "\n", edit: false, onDisk: text,
                       expectedOnDisk: "name: x\njobs:\n  build:\n    runs-on: ubuntu-latest\n"))
    }

    /// A file that ends in a line break and whose last line is re-indented: exactly one line break at the
    /// end after format on save.
    func testFileWithFinalLineBreakReformatted() throws {
        let text = "name: x\njobs:\n  build:\n      runs-on:    ubuntu-latest\n"
        try check(Case(fileName: "final-newline-reformatted.yml", text: text, edit: false,
                       expectedOnDisk: "name: x\njobs:\n  build:\n    runs-on: ubuntu-latest\n"))
    }

    /// Settings from the client's configuration reach the server: `sequenceIndent: compact` moves block
    /// sequence items to their parent key's column on save (Neovim 0.7 gets them through
    /// `workspace/didChangeConfiguration` sent from `on_init`; 0.11 sends that itself and answers
    /// `workspace/configuration`).
    func testSettingsFromTheClient() throws {
        let text = "a:\n  - x\n  - y\nb:\n    c: 1\n"
        try check(Case(fileName: "settings.yaml", text: text, edit: false,
                       settings: #"{"pureyaml": {"format": {"sequenceIndent": "compact"}}}"#,
                       expectedOnDisk: "a:\n- x\n- y\nb:\n  c: 1\n"))
    }

    /// Keys after multibyte characters: their positions must be in the negotiated encoding (UTF-16 for
    /// Neovim 0.7, whatever the server chose for 0.11).
    func testPositionsAfterMultibyteCharacters() throws {
        let text = """
        # é is 2 UTF-8 bytes and 1 UTF-16 unit; 😀 is 4 bytes and 2 units.
        title: "Grüße 😀"
        map: {ключ: 1, "😀": 2, é: 3}

        """
        try check(Case(fileName: "unicode.yaml", text: text, edit: false, positionChecks: [
            PositionCheck(parent: "map", child: "ключ", line: 2, prefix: "map: {"),
            PositionCheck(parent: "map", child: "é", line: 2, prefix: #"map: {ключ: 1, "😀": 2, "#),
        ]))
    }

    /// A lint quick fix picked and applied as `vim.lsp.buf.code_action` does: with Neovim's own client
    /// capabilities (both 0.7.2 and 0.11 declare `codeAction.resolveSupport.properties` with `edit` and
    /// `dataSupport`, so the list comes without edits and the picked fix is resolved), then the comment gets
    /// its space and the finding is gone from the next diagnostics.
    func testLintQuickFixResolvedInNeovim() throws {
        try check(Case(fileName: "quickfix.yaml", text: Self.quickFixText, edit: false, settings: Self.lintSettings,
                       quickFix: QuickFix(mode: "client", code: "comments", expectedText: Self.quickFixFixed)))
    }

    /// The same quick fix for a client that declares no `codeAction.resolveSupport`: the listed action
    /// carries its verified edit, and nothing is resolved.
    func testLintQuickFixWithEagerEditsInNeovim() throws {
        try check(Case(fileName: "quickfix.yaml", text: Self.quickFixText, edit: false, settings: Self.lintSettings,
                       quickFix: QuickFix(mode: "eager", code: "comments", expectedText: Self.quickFixFixed)))
    }

    /// A schema named by a modeline, in a file beside the document: its finding (`replicas` is not an
    /// integer) is in the editor's diagnostics right after opening, with no edit, in Neovim 0.7 (pushed)
    /// and 0.11 (pulled, without `workspace/diagnostic/refresh` support: the server holds the first pull
    /// until the schema has loaded).
    func testSchemaFindingOnOpenFromModeline() throws {
        let text = "# yaml-language-server: $schema=deployment.schema.json\n" + Self.deployment
        try check(Case(fileName: "deploy.yaml", text: text, edit: false, extraFiles: ["deployment.schema.json": Self.deploymentSchema],
                       expectDiagnostic: "integer"))
    }

    /// The same with the schema given by a `yaml.schemas` setting (a path relative to the workspace folder).
    func testSchemaFindingOnOpenFromSettings() throws {
        try check(Case(fileName: "deploy.yaml", text: Self.deployment, edit: false,
                       settings: #"{"yaml": {"schemas": {"./deployment.schema.json": "deploy.yaml"}, "schemaStore": {"enable": false}}}"#,
                       extraFiles: ["deployment.schema.json": Self.deploymentSchema], expectDiagnostic: "integer"))
    }

    /// A Deployment opened with default settings (issue 22): its kind's schema comes from a download cache
    /// that `pureyaml schemas fetch` prepared (through a mirror URL on 127.0.0.1 serving the kind schemas of
    /// ../shared/schemas; the server is stopped before Neovim starts), and its finding (`replicas` is a string)
    /// is in the editor's diagnostics right after opening, in Neovim 0.7 (pushed) and 0.11 (pulled).
    func testKubernetesFindingOnOpenFromAPreparedCache() throws {
        let kinds = try requireSharedFolder("schemas").appendingPathComponent("kubernetes/v1.37.0-standalone-strict")
        let harness = try NeovimHarness.locate()
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-nvim-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temp) }
        try FileManager.default.createDirectory(at: temp.appendingPathComponent("www/k8s"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: kinds.appendingPathComponent("deployment-apps-v1.json"),
                                         to: temp.appendingPathComponent("www/k8s/deployment-apps-v1.json"))
        try Data(Self.deployment.utf8).write(to: temp.appendingPathComponent("deploy.yaml"))
        try Data("yaml.schemaStore.enable: false\n".utf8).write(to: temp.appendingPathComponent("fetch.yaml"))
        let server = try LoopbackHTTPServer(root: temp.appendingPathComponent("www"))
        var environment = testEnvironment()
        environment["XDG_CACHE_HOME"] = temp.appendingPathComponent("cache").path
        let kindsURL = "https://raw.githubusercontent.com/yannh/kubernetes-json-schema/master/v1.32.1-standalone-strict/"
        let fetch = try runProcess(harness.server, ["schemas", "fetch", "--config", temp.appendingPathComponent("fetch.yaml").path,
                                                    "--schema-mirror", kindsURL + "=" + server.url("k8s/"),
                                                    temp.appendingPathComponent("deploy.yaml").path], environment: environment)
        server.stop()
        XCTAssertEqual(String(decoding: fetch.stdout, as: UTF8.self), "fetched \(kindsURL)deployment-apps-v1.json\n",
                       String(decoding: fetch.stderr, as: UTF8.self))
        try check(Case(fileName: "deploy.yaml", text: Self.deployment, edit: false, expectDiagnostic: "expected integer or null",
                       cacheHome: temp.appendingPathComponent("cache")))
    }

    private static let deployment = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: \"three\"\n"
    private static let deploymentSchema = #"{"type": "object", "properties": {"spec": {"type": "object", "properties": {"replicas": {"type": "integer"}}}}}"#

    /// One `comments` finding (yamllint's `default` preset: a warning, "missing starting space in comment").
    private static let quickFixText = "---\n#no space after the hash\nname: demo\nitems:\n  - a\n"
    private static let quickFixFixed = "---\n# no space after the hash\nname: demo\nitems:\n  - a\n"
    private static let lintSettings = #"{"pureyaml": {"lint": {"enable": true}}}"#

    // MARK: - Checks

    /// The text of `path` in the shared corpus (`../shared/corpus`); skips the test when it is absent.
    private func corpusText(_ path: String) throws -> String {
        let corpus = try requireSharedFolder("corpus")
        return try String(contentsOf: corpus.appendingPathComponent(path), encoding: .utf8)
    }

    /// One file to open and what to expect beyond the common checks.
    struct Case {
        var fileName: String
        var text: String
        var edit: Bool
        /// 0-based line of the expected syntax error; nil: the file must have no error diagnostics.
        var errorLine: Int? = nil
        var positionChecks: [PositionCheck] = []
        /// The bytes written to disk when they differ from ``text`` (Neovim's buffer, and so `text`, always
        /// ends in a line break).
        var onDisk: String? = nil
        /// The client's `settings` as JSON (`E2E_SETTINGS`); nil: the script's default.
        var settings: String? = nil
        /// What format on save must write, when settings make it differ from `pureyaml format -`.
        var expectedOnDisk: String? = nil
        /// The quick-fix steps to run and check; nil skips them.
        var quickFix: QuickFix? = nil
        /// Files written beside the document (relative paths), e.g. a schema.
        var extraFiles: [String: String] = [:]
        /// Text that a diagnostic must come to contain right after opening, without an edit.
        var expectDiagnostic: String? = nil
        /// The session's `XDG_CACHE_HOME` (the server's schema download cache); nil: an empty one.
        var cacheHome: URL? = nil
    }

    /// A quick fix to request, apply and check.
    struct QuickFix {
        /// `client`: Neovim's own capabilities; `eager`: the same without `codeAction.resolveSupport`.
        var mode: String
        /// The diagnostic code (a lint rule) whose quick fix is applied; the title must name it in parentheses.
        var code: String
        /// The buffer text after the fix.
        var expectedText: String
    }

    /// The child `child` of the top-level symbol `parent` must start at `prefix`'s length on `line`, counted in
    /// the client's position encoding.
    struct PositionCheck {
        var parent: String
        var child: String
        var line: Int
        var prefix: String
    }

    private func check(_ testCase: Case, file: StaticString = #filePath, line: UInt = #line) throws {
        let harness = try NeovimHarness.locate(file: file, line: line)
        for neovim in harness.neovims {
            let session: NeovimHarness.Session
            do {
                session = try harness.run(neovim, fileName: testCase.fileName, text: testCase.onDisk ?? testCase.text,
                                          edit: testCase.edit, settings: testCase.settings,
                                          codeAction: testCase.quickFix.map { ($0.mode, $0.code) },
                                          extraFiles: testCase.extraFiles, expectDiagnostic: testCase.expectDiagnostic,
                                          cacheHome: testCase.cacheHome)
            } catch {
                XCTFail("\(neovim.path): \(error)", file: file, line: line)
                continue
            }
            try check(session, testCase, harness: harness, file: file, line: line)
        }
    }

    private func check(_ session: NeovimHarness.Session, _ testCase: Case, harness: NeovimHarness,
                       file: StaticString, line: UInt) throws {
        let r = session.result
        let who = "\(session.label), \(testCase.fileName)"
        func fail(_ message: String) { XCTFail("\(who): \(message)", file: file, line: line) }

        guard r.error == nil else {
            return fail("the script stopped after steps \(r.steps): \(r.error ?? "")\n\(session.output)")
        }
        XCTAssertEqual(session.exitStatus, 0, "\(who): Neovim's exit status\n\(session.output)", file: file, line: line)
        XCTAssertEqual(r.steps.last, "done", "\(who): steps reached", file: file, line: line)
        XCTAssertEqual(r.originalText, testCase.text, "\(who): the buffer as loaded", file: file, line: line)

        // Capabilities the server must advertise now.
        guard let supports = r.supports else { return fail("no capabilities recorded") }
        XCTAssertTrue(supports.documentSymbol, "\(who): documentSymbolProvider", file: file, line: line)
        XCTAssertTrue(supports.formatting, "\(who): documentFormattingProvider", file: file, line: line)
        let encoding = r.offsetEncoding ?? "utf-16"
        if r.nvimVersion.hasPrefix("0.7.") {
            XCTAssertEqual(encoding, "utf-16", "\(who): 0.7 offers only UTF-16", file: file, line: line)
        }

        checkDiagnostics(r, testCase, who: who, file: file, line: line)
        checkSymbols(r, testCase, encoding: encoding, who: who, file: file, line: line)
        checkHover(r, who: who, file: file, line: line)
        if testCase.edit { checkEdits(r, who: who, file: file, line: line) }
        if let quickFix = testCase.quickFix { checkQuickFix(r, quickFix, who: who, file: file, line: line) }

        // Format on save: what Neovim wrote equals `pureyaml format -` of the buffer before :write.
        XCTAssertEqual(r.saved, true, "\(who): :write ran", file: file, line: line)
        XCTAssertEqual(r.formatOnSaveRan, true, "\(who): the BufWritePre autocommand ran", file: file, line: line)
        XCTAssertGreaterThanOrEqual(r.formattingRequests ?? 0, 1, "\(who): textDocument/formatting sent", file: file, line: line)
        if let before = r.preSaveText {
            let expected = try testCase.expectedOnDisk ?? harness.formatWithCommandLine(before)
            let saved = session.savedText
            if saved != expected {
                let reference = testCase.expectedOnDisk == nil ? "`pureyaml format -` of the same text" : "the expected text"
                fail("format on save wrote text that differs from \(reference):\n"
                     + firstDifference(saved, expected))
            }
        }

        // Shutdown: `shutdown` + `exit` end the server with status 0.
        XCTAssertEqual(r.exit?.code, 0, "\(who): server exit code\n\(session.output)", file: file, line: line)
        XCTAssertEqual(r.exit?.signal, 0, "\(who): the server died from a signal\n\(session.output)", file: file, line: line)
        XCTAssertNotEqual(r.exitForced, true, "\(who): the server had to be killed", file: file, line: line)
    }

    private func checkDiagnostics(_ r: NeovimRunResult, _ testCase: Case, who: String, file: StaticString, line: UInt) {
        guard let first = r.firstPublish else { return XCTFail("\(who): no publishDiagnostics", file: file, line: line) }
        XCTAssertNotNil(first.version, "\(who): PublishDiagnosticsParams.version is missing", file: file, line: line)
        if let expected = testCase.expectDiagnostic {
            XCTAssertEqual(r.expectedDiagnosticFound, true,
                           "\(who): no diagnostic containing \"\(expected)\" without an edit (waited \(r.expectedDiagnosticMs ?? -1) ms); "
                           + "diagnostics: \((r.diagnostics ?? []).map(\.message))", file: file, line: line)
        }
        let errors = (r.diagnostics ?? []).filter { d in
            d.severity == 1 && !(testCase.expectDiagnostic.map { d.message.contains($0) } ?? false)
        }
        let described = errors.map { "\($0.lnum):\($0.col) \($0.message)" }
        if let errorLine = testCase.errorLine {
            XCTAssertTrue(errors.contains { $0.lnum == errorLine },
                          "\(who): expected a syntax error on line \(errorLine) (0-based), got \(described)",
                          file: file, line: line)
            XCTAssertFalse(errors.contains { $0.lnum < errorLine },
                           "\(who): errors before the broken line \(errorLine): \(described)", file: file, line: line)
        } else {
            XCTAssertEqual(described, [], "\(who): a valid file got error diagnostics", file: file, line: line)
        }
    }

    private func checkSymbols(_ r: NeovimRunResult, _ testCase: Case, encoding: String, who: String,
                              file: StaticString, line: UInt) {
        if let error = r.symbolsError {
            return XCTFail("\(who): documentSymbol failed: \(error.code ?? 0) \(error.message ?? "")", file: file, line: line)
        }
        guard let symbols = r.symbols else { return XCTFail("\(who): no documentSymbol result", file: file, line: line) }
        XCTAssertTrue(symbols.allSatisfy(\.hierarchical), "\(who): DocumentSymbol[] expected", file: file, line: line)
        if testCase.errorLine != nil { return } // the outline of a broken file is best effort
        let documents = NeovimExpectedOutline.topLevelKeys(testCase.text)
        if documents.count == 1 {
            XCTAssertEqual(symbols.map(\.name), documents[0], "\(who): top-level symbols", file: file, line: line)
        } else {
            XCTAssertEqual(symbols.count, documents.count, "\(who): one symbol per document", file: file, line: line)
            for (index, (symbol, keys)) in zip(symbols, documents).enumerated() {
                XCTAssertEqual(symbol.children, keys, "\(who): children of document \(index + 1) (\(symbol.name))",
                               file: file, line: line)
            }
        }
        for check in testCase.positionChecks {
            guard let parent = symbols.first(where: { $0.name == check.parent }),
                  let index = parent.children.firstIndex(of: check.child), index < parent.childSelections.count else {
                XCTFail("\(who): no symbol \(check.parent) > \(check.child)", file: file, line: line)
                continue
            }
            let character: Int
            switch encoding {
            case "utf-8": character = check.prefix.utf8.count
            case "utf-32": character = check.prefix.unicodeScalars.count
            default: character = check.prefix.utf16.count
            }
            XCTAssertEqual(parent.childSelections[index], .init(line: check.line, character: character),
                           "\(who): selectionRange.start of \(check.child) in \(encoding)", file: file, line: line)
        }
    }

    private func checkHover(_ r: NeovimRunResult, who: String, file: StaticString, line: UInt) {
        guard let hover = r.hover else { return XCTFail("\(who): no hover step", file: file, line: line) }
        if hover.advertised == false {
            // Not implemented yet: recorded, not a failure. Checked as soon as hoverProvider is advertised.
            print("\(who): hoverProvider not advertised; hover not checked")
            return
        }
        if let error = hover.error {
            return XCTFail("\(who): hover failed: \(error.code ?? 0) \(error.message ?? "")", file: file, line: line)
        }
        if hover.isNull == true { return } // no information at that position is a valid answer
        XCTAssertFalse((hover.text ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
                       "\(who): a non-null hover has empty contents", file: file, line: line)
        if let range = hover.range, let position = hover.position {
            let starts = (range.start.line, range.start.character) <= (position.line, position.character)
            let ends = (position.line, position.character) <= (range.end.line, range.end.character)
            XCTAssertTrue(starts && ends, "\(who): hover range \(range) does not contain \(position)", file: file, line: line)
        }
    }

    private func checkEdits(_ r: NeovimRunResult, who: String, file: StaticString, line: UInt) {
        guard let edit = r.edit else { return XCTFail("\(who): the editing steps did not run", file: file, line: line) }
        // Broken: `pureyaml_e2e: value: other` inserted as line 1 (0-based).
        if let broken = edit.brokenPublish {
            XCTAssertTrue(broken.errorLines.contains(1),
                          "\(who): after breaking line 1 (version \(edit.version)) errors are on \(broken.errorLines)",
                          file: file, line: line)
        } else {
            XCTFail("\(who): no publishDiagnostics with version >= \(edit.version) after the broken edit", file: file, line: line)
        }
        XCTAssertTrue(edit.brokenDiagnostics.contains { $0.lnum == 1 }, "\(who): vim.diagnostic shows the error on line 1",
                      file: file, line: line)
        // Repaired: the text is the original again and the error is gone.
        XCTAssertTrue(edit.repairedEqual, "\(who): buffer restored", file: file, line: line)
        if let repaired = edit.repairedPublish {
            XCTAssertEqual(repaired.errorLines, [], "\(who): errors left after the repair", file: file, line: line)
        } else {
            XCTFail("\(who): no publishDiagnostics with version >= \(edit.repairedVersion) after the repair", file: file, line: line)
        }
        // Typed in insert mode (several incremental changes in one didChange).
        XCTAssertEqual(edit.typedFirstLine, "# typed by e2e", "\(who): typed line", file: file, line: line)
        // The diagnostics stay the same, so a publish is optional here; that the server's text still equals
        // the buffer's is checked by format on save, whose edits are computed from the server's text.
        if let typed = edit.typedPublish {
            XCTAssertEqual(typed.errorLines, [], "\(who): errors after typing a comment", file: file, line: line)
        }
        XCTAssertGreaterThanOrEqual(r.contentChanges, r.notifications["textDocument/didChange"] ?? 0,
                                    "\(who): contentChanges counted", file: file, line: line)
    }

    /// The quick fix took the path the client's capabilities call for (resolve when it declares
    /// `resolveSupport.properties` with `edit` and `dataSupport`, else edits in the list), changed the buffer
    /// as expected, and the next diagnostics no longer hold the finding.
    private func checkQuickFix(_ r: NeovimRunResult, _ quickFix: QuickFix, who: String, file: StaticString, line: UInt) {
        guard let ca = r.codeAction else { return XCTFail("\(who): the quick-fix steps did not run", file: file, line: line) }
        let resolvePath = ca.declaredResolveProperties.contains("edit") && ca.declaredDataSupport
        print("\(who): code actions (\(ca.mode)): client declares resolveSupport.properties="
              + "\(ca.declaredResolveProperties) dataSupport=\(ca.declaredDataSupport); server resolveProvider="
              + "\(ca.resolveProvider); picked \(ca.pickedTitle ?? "nothing") "
              + (ca.pickedHadEdit == true ? "with its edit" : ca.resolved == true ? "and resolved it" : "without an edit"))
        XCTAssertEqual(ca.declaredResolveProperties.contains("edit"), quickFix.mode == "client",
                       "\(who): resolveSupport as the mode sets it", file: file, line: line)
        guard let diagnosticLine = ca.diagnosticLine else {
            return XCTFail("\(who): no diagnostic with code \(quickFix.code)", file: file, line: line)
        }
        if let error = ca.listError {
            return XCTFail("\(who): codeAction failed: \(error.code ?? 0) \(error.message ?? "")", file: file, line: line)
        }
        let listed = ca.listed ?? []
        guard let title = ca.pickedTitle else {
            return XCTFail("\(who): no quick fix for \(quickFix.code) on line \(diagnosticLine) among \(listed.map(\.title))",
                           file: file, line: line)
        }
        // The path: resolve (list without edits, each with data) or eager (verified edits in the list).
        XCTAssertEqual(ca.resolveProvider, resolvePath, "\(who): codeActionProvider.resolveProvider", file: file, line: line)
        XCTAssertEqual(ca.pickedHadEdit, !resolvePath, "\(who): \(title) listed with an edit", file: file, line: line)
        XCTAssertEqual(ca.resolved ?? false, resolvePath, "\(who): codeAction/resolve sent", file: file, line: line)
        for action in listed {
            XCTAssertEqual(action.hasEdit, !resolvePath, "\(who): \(action.title) has an edit", file: file, line: line)
            if resolvePath { XCTAssertTrue(action.hasData, "\(who): \(action.title) has data", file: file, line: line) }
        }
        if let error = ca.resolveError {
            return XCTFail("\(who): codeAction/resolve failed: \(error.code ?? 0) \(error.message ?? "")", file: file, line: line)
        }
        XCTAssertEqual(ca.appliedHadEdit, true, "\(who): the applied action has an edit", file: file, line: line)
        XCTAssertEqual(ca.textAfter, quickFix.expectedText, "\(who): the buffer after \(title)", file: file, line: line)
        guard let after = ca.publishAfter, let version = ca.versionAfter else {
            return XCTFail("\(who): no diagnostics for version >= \(ca.versionAfter ?? -1) after the fix", file: file, line: line)
        }
        XCTAssertGreaterThanOrEqual(after.version ?? -1, version, "\(who): diagnostics version", file: file, line: line)
        XCTAssertFalse((after.codes ?? [quickFix.code]).contains(quickFix.code),
                       "\(who): \(quickFix.code) still reported after the fix: \(after.codes ?? [])", file: file, line: line)
    }

    /// The first differing line of two texts, with its neighbours, for a readable failure.
    private func firstDifference(_ actual: String, _ expected: String) -> String {
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let index = (0..<min(a.count, e.count)).first { a[$0] != e[$0] } ?? min(a.count, e.count)
        let lo = max(0, index - 2)
        func excerpt(_ lines: [Substring]) -> String {
            lines[lo..<min(lines.count, index + 3)].enumerated()
                .map { "\(lo + $0.offset + 1): \($0.element)" }.joined(separator: "\n")
        }
        return "line \(index + 1) (saved \(a.count) lines, expected \(e.count)):\n--- saved\n\(excerpt(a))\n--- expected\n\(excerpt(e))"
    }
}
