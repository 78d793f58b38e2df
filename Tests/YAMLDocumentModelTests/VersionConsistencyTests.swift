import Foundation
import TestSupport
import XCTest
import YAMLDocumentModel

/// Every place that reports PureYAML's version says ``PureYAMLVersion/current``: the command line's
/// `--version` and SARIF logs, the language server's `serverInfo`, the VS Code extension's manifest and
/// the newest release heading of `CHANGELOG.md` (see docs/cli.md, "Versions and releases").
final class VersionConsistencyTests: XCTestCase {
    private let version = PureYAMLVersion.current

    func testTheVersionIsSemanticVersioning() {
        XCTAssertNotNil(version.range(of: #"^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$"#, options: .regularExpression),
                        "\(version) is not MAJOR.MINOR.PATCH")
    }

    func testCommandLineVersionAndSARIF() throws {
        let binary = try XCTUnwrap(BuiltBinary.pureyaml, "the pureyaml executable was not built")
        let printed = try runProcess(binary, ["--version"])
        XCTAssertEqual(printed.status, 0)
        XCTAssertEqual(String(decoding: printed.stdout, as: UTF8.self), "pureyaml \(version)\n")

        let sarif = try runProcess(binary, ["check", "--format", "sarif", "--stdin-filename", "a.yaml", "-"],
                                   stdin: Data("a: 1\n".utf8))
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: sarif.stdout) as? [String: Any])
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        let driver = (run["tool"] as? [String: Any])?["driver"] as? [String: Any]
        XCTAssertEqual(driver?["version"] as? String, version, "SARIF tool.driver.version")
    }

    func testLanguageServerInfo() throws {
        let binary = try XCTUnwrap(BuiltBinary.pureyaml, "the pureyaml executable was not built")
        let server = try ServerProcess(executable: binary)
        let id = try server.request("initialize", ["processId": NSNull(), "rootUri": NSNull(), "capabilities": [String: Any]()])
        let response = try server.response(to: id)
        let info = (response["result"] as? [String: Any])?["serverInfo"] as? [String: Any]
        XCTAssertEqual(info?["name"] as? String, "pureyaml")
        XCTAssertEqual(info?["version"] as? String, version, "InitializeResult.serverInfo.version")
        _ = try server.response(to: try server.request("shutdown"))
        try server.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0)
    }

    func testVSCodeExtensionManifest() throws {
        let url = SharedFixtures.packageRoot.appendingPathComponent("editors/vscode/package.json")
        let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        XCTAssertEqual(manifest["version"] as? String, version, "editors/vscode/package.json version")
    }

    /// The first `## [X.Y.Z]` heading (below `## [Unreleased]`) is this version.
    func testChangelogNamesTheVersion() throws {
        let url = SharedFixtures.packageRoot.appendingPathComponent("CHANGELOG.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let headings = text.split(separator: "\n").filter { $0.hasPrefix("## [") }
        let released = headings.first { !$0.hasPrefix("## [Unreleased]") }
        let named = released.flatMap { $0.dropFirst(4).split(separator: "]").first.map(String.init) }
        XCTAssertEqual(named, version, "CHANGELOG.md's newest release heading: \(released.map(String.init) ?? "none")")
    }
    /// The pre-commit example in docs/cli.md pins a `rev` that exists: a commit of this repository that has
    /// `.pre-commit-hooks.yaml` with both hooks (there are no release tags yet), or the tag of this version.
    /// Needs the git history (skips in a copy without `.git` or a shallow clone that lacks the commit).
    func testThePreCommitExamplePinsARevisionThatExists() throws {
        let root = SharedFixtures.packageRoot
        let docs = try String(contentsOf: root.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let revs = docs.split(separator: "\n").compactMap { line -> String? in
            let t = line.trimmingCharacters(in: .whitespaces)
            guard t.hasPrefix("rev: ") else { return nil }
            return t.dropFirst(5).split(separator: " ").first.map(String.init)
        }
        XCTAssertEqual(revs.count, 1, "one pinned rev in docs/cli.md: \(revs)")
        let rev = try XCTUnwrap(revs.first)
        XCTAssertTrue(rev.range(of: "^[0-9a-f]{40}$", options: .regularExpression) != nil || rev == "v\(version)",
                      "\(rev): a full commit SHA, or the tag v\(version)")
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path) else {
            throw XCTSkip("no git history here to look \(rev) up in")
        }
        let git = URL(fileURLWithPath: "/usr/bin/env")
        let show = try runProcess(git, ["git", "-C", root.path, "show", "\(rev):.pre-commit-hooks.yaml"])
        if show.status != 0 {
            let shallow = try runProcess(git, ["git", "-C", root.path, "rev-parse", "--is-shallow-repository"])
            if String(decoding: shallow.stdout, as: UTF8.self).hasPrefix("true") {
                throw XCTSkip("a shallow clone: \(rev) may be older than its history")
            }
        }
        XCTAssertEqual(show.status, 0, "\(rev) is not a commit of this repository with .pre-commit-hooks.yaml: "
                       + String(decoding: show.stderr, as: UTF8.self))
        let hooks = String(decoding: show.stdout, as: UTF8.self)
        XCTAssertTrue(hooks.contains("- id: pureyaml-check") && hooks.contains("- id: pureyaml-format"), hooks)
    }
}
