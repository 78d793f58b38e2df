import Foundation
import TestSupport
import XCTest

/// Drives the built `pureyaml lsp` from a real batch Emacs through Eglot, with the shipped
/// `editors/emacs/pureyaml.el` loaded as a user's init file would load it (`editors/emacs/test/e2e.el`):
/// Eglot starts `pureyaml lsp` in `yaml-mode`, Flymake shows the server's diagnostic on the right line,
/// hover answers on an alias, `xref-find-definitions` goes to its anchor, and format on save writes the
/// formatted text with exactly one final line break, for a file with and without one.
///
/// Which Emacs: `PUREYAML_EMACS`, else `emacs` on `PATH`; it needs Eglot (built in from Emacs 29; Debian
/// 12's Emacs 28 has it from `elpa-eglot`) and `yaml-mode` (`elpa-yaml-mode`). Without Emacs the test
/// skips, except under `CI=true`, where `.ci/run` installs them and a missing Emacs fails.
final class EmacsEndToEndTests: XCTestCase {
    func testAliasDiagnosticsAndFormatOnSaveWithoutFinalLineBreak() throws {
        let text = "defaults: &base\n  image: alpine\n  retries:    3\njob:\n  <<: *base\n  name: build\n  name: again"
        let r = try run(text)
        try check(r, saved: "defaults: &base\n  image: alpine\n  retries: 3\njob:\n  <<: *base\n  name: build\n  name: again\n")
        let diagnostics = r["diagnostics"] as? [[String: Any]] ?? []
        XCTAssertTrue(diagnostics.contains { $0["line"] as? Int == 7 && ($0["text"] as? String ?? "").contains("[duplicate-key]") },
                      "Flymake shows the duplicate key on line 7: \(diagnostics)")
        XCTAssertTrue((r["hover"] as? String ?? "").contains("Alias of"), "hover on *base: \(r["hover"] ?? "none")")
        XCTAssertEqual(r["line_after_definition"] as? Int, 1, "xref-find-definitions on *base goes to the anchor's line")
    }

    func testFormatOnSaveWithFinalLineBreak() throws {
        let r = try run("a:    1\nlist:\n    - x\n")
        try check(r, saved: "a: 1\nlist:\n  - x\n")
        XCTAssertEqual((r["diagnostics"] as? [Any])?.count, 0, "a valid file has no diagnostics")
    }

    private func check(_ r: [String: Any], saved: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertNil(r["error"], "\(r)", file: file, line: line)
        XCTAssertEqual(r["done"] as? Bool, true, "\(r)", file: file, line: line)
        XCTAssertEqual(r["command"] as? [String], ["pureyaml", "lsp"], "Eglot runs pureyaml.el's command", file: file, line: line)
        XCTAssertEqual(r["major_mode"] as? String, "yaml-mode", file: file, line: line)
        XCTAssertEqual(r["server_name"] as? String, "pureyaml", file: file, line: line)
        XCTAssertEqual(r["saved"] as? String, saved, "format on save (Emacs \(r["emacs_version"] ?? "?"), Eglot \(r["eglot_version"] ?? "?"))",
                       file: file, line: line)
    }

    /// Runs `e2e.el` on a file holding `text`, with the built `pureyaml` first on `PATH` and a `HOME` of its
    /// own (no user init file); returns the decoded result.
    private func run(_ text: String) throws -> [String: Any] {
        let emacs = try locateEmacs()
        let server = try XCTUnwrap(NeovimHarness.builtServer(), "the built pureyaml binary was not found")
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("pureyaml-emacs-\(UUID().uuidString)")
        try fm.createDirectory(at: dir.appendingPathComponent("home"), withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: dir) }
        let file = dir.appendingPathComponent("work/values.yaml")
        try fm.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        let resultFile = dir.appendingPathComponent("result.json")
        var env = testEnvironment()
        env["HOME"] = dir.appendingPathComponent("home").path
        env["PATH"] = server.deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["E2E_FILE"] = file.path
        env["E2E_RESULT"] = resultFile.path
        let script = SharedFixtures.packageRoot.appendingPathComponent("editors/emacs/test/e2e.el")
        let run = try runProcess(emacs, ["--batch", "-l", script.path], environment: env, timeout: 90)
        let output = String(decoding: run.stdout + run.stderr, as: UTF8.self)
        let data = try XCTUnwrap(fm.contents(atPath: resultFile.path), "Emacs exited with \(run.status) and wrote no result:\n\(output)")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any], output)
    }

    /// `PUREYAML_EMACS` or `emacs` on `PATH`, with Eglot and yaml-mode loadable; skips (fails under
    /// `CI=true`) otherwise.
    private func locateEmacs() throws -> URL {
        let named = ProcessInfo.processInfo.environment["PUREYAML_EMACS"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        var problem: String?
        let emacs = named ?? NeovimHarness.executableOnPath("emacs")
        if let emacs {
            let probe = try runProcess(emacs, ["--batch", "--eval",
                                               "(progn (require 'package) (package-initialize) (require 'eglot) (require 'yaml-mode))"],
                                       timeout: 60)
            if probe.status == 0 { return emacs }
            problem = "\(emacs.path) cannot load eglot and yaml-mode (install elpa-eglot and elpa-yaml-mode): "
                + String(decoding: probe.stderr, as: UTF8.self).suffix(300)
        } else {
            problem = "emacs not found on PATH (install emacs-nox, elpa-eglot and elpa-yaml-mode, or set PUREYAML_EMACS)"
        }
        let message = problem ?? "no Emacs"
        if SharedFixtures.isCI { XCTFail("CI=true but \(message)") }
        throw XCTSkip(message + "; skipping the Emacs end-to-end test")
    }
}
