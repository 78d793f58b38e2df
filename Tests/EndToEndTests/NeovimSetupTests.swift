import Foundation
import TestSupport
import XCTest

/// The Neovim setups in `editors/neovim` as a user gets them: `editors/neovim/test/setup.lua` loads the
/// shipped init file (0.7: `init-0.7.lua`; 0.11+: `init-0.11.lua` and `init-0.8.lua`, which also runs
/// there), finds `pureyaml` on `PATH`, and presses the keys a user presses: `K` must send a hover request
/// and show its answer in a floating window, `gd` a definition request that moves the cursor to the
/// anchor, `grn` a rename that renames anchor and alias, `gra` a code action request; `'omnifunc'` must be
/// `v:lua.vim.lsp.omnifunc` and send a completion request, `'tagfunc'` `v:lua.vim.lsp.tagfunc`; `:write`
/// formats the file, which had no final line break, and writes exactly one.
final class NeovimSetupTests: XCTestCase {
    static let text = "defaults: &base\n  image: alpine\n  retries:    3\njob:\n  <<: *base\n  name: build"
    static let saved = "defaults: &renamed\n  image: alpine\n  retries: 3\njob:\n  <<: *renamed\n  name: build\n"

    func testShippedSetups() throws {
        let harness = try NeovimHarness.locate()
        let root = SharedFixtures.packageRoot
        for neovim in harness.neovims {
            let version = try runProcess(neovim, ["--version"]).stdout
            let major = String(decoding: version, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
            let inits = major.hasPrefix("NVIM v0.7.") ? ["init-0.7.lua"]
                : major.hasPrefix("NVIM v0.8.") || major.hasPrefix("NVIM v0.9.") || major.hasPrefix("NVIM v0.10.")
                ? ["init-0.8.lua"] : ["init-0.11.lua", "init-0.8.lua"]
            for initFile in inits {
                let who = "\(major) with \(initFile)"
                let (result, saved, output) = try run(neovim, server: harness.server,
                                                      initFile: root.appendingPathComponent("editors/neovim/\(initFile)"))
                check(result, saved: saved, who: who + "\n" + output)
            }
        }
    }

    private func check(_ r: [String: Any], saved: String, who: String) {
        XCTAssertNil(r["error"], who)
        XCTAssertEqual((r["steps"] as? [String])?.last, "done", who)
        XCTAssertEqual(r["attached"] as? Bool, true, "\(who): pureyaml attached")
        XCTAssertGreaterThanOrEqual(r["hover_requests"] as? Int ?? 0, 1, "\(who): K sends textDocument/hover")
        XCTAssertTrue((r["hover_float"] as? String ?? "").contains("Alias of `&base`"),
                      "\(who): K shows the hover in a floating window: \(r["hover_float"] ?? "none")")
        XCTAssertGreaterThanOrEqual(r["definition_requests"] as? Int ?? 0, 1, "\(who): gd sends textDocument/definition")
        XCTAssertEqual((r["cursor_after_gd"] as? [Int])?.first, 1, "\(who): gd goes to the anchor's line")
        XCTAssertEqual(r["omnifunc"] as? String, "v:lua.vim.lsp.omnifunc", who)
        XCTAssertGreaterThanOrEqual(r["completion_requests"] as? Int ?? 0, 1, "\(who): the omnifunc sends textDocument/completion")
        XCTAssertEqual(r["tagfunc"] as? String, "v:lua.vim.lsp.tagfunc", who)
        XCTAssertGreaterThanOrEqual(r["rename_requests"] as? Int ?? 0, 1, "\(who): grn sends textDocument/rename")
        XCTAssertGreaterThanOrEqual(r["code_action_requests"] as? Int ?? 0, 1, "\(who): gra sends textDocument/codeAction")
        XCTAssertGreaterThanOrEqual(r["formatting_requests"] as? Int ?? 0, 1, "\(who): :write formats")
        XCTAssertEqual(saved, Self.saved, "\(who): the saved file (renamed, formatted, one final line break)")
    }

    /// Runs `setup.lua` with `initFile` on a file holding ``text``; returns the result, the saved file and
    /// Neovim's output.
    private func run(_ neovim: URL, server: URL, initFile: URL) throws -> ([String: Any], String, String) {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("pureyaml-nvim-setup-\(UUID().uuidString)")
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: dir) }
        let file = dir.appendingPathComponent("values.yaml")
        try Data(Self.text.utf8).write(to: file)
        let resultFile = dir.appendingPathComponent("result.json")
        var env = try NeovimHarness.isolatedEnvironment(under: dir)
        env["PATH"] = server.deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["E2E_INIT"] = initFile.path
        env["E2E_RESULT"] = resultFile.path
        let script = SharedFixtures.packageRoot.appendingPathComponent("editors/neovim/test/setup.lua")
        let run = try runProcess(neovim, ["--headless", "--clean", "-u", script.path, file.path], environment: env, timeout: 60)
        let output = String(decoding: run.stdout + run.stderr, as: UTF8.self)
        let data = try XCTUnwrap(fm.contents(atPath: resultFile.path), "no result; Neovim said:\n\(output)")
        let result = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let saved = fm.contents(atPath: file.path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return (result, saved, output)
    }
}
