import Foundation
import TestSupport
import XCTest

/// Renderers read no files and no process environment for settings: the model decides what to read and
/// reads it through its `ModelEnvironment` (issue 18). This test reads the renderer targets' sources for
/// the ways Swift code reads files or the environment; the few that remain are the renderer's own I/O,
/// each listed with why.
final class RendererIOTests: XCTestCase {
    /// Text that reads files, the folder tree or the process environment, finds settings files, or loads
    /// schemas around the environment (its `fetch` is the trust policy's choke point for downloads too).
    static let forbidden = [
        "FileManager", "contentsOfFile", "contents(atPath", "FileHandle(forReadingFrom", "ProcessInfo.processInfo.environment",
        "EditorConfig.properties(", "ProjectConfiguration(", "ProjectConfiguration.nearest", "LintEnvironment.fileSystem",
        "getenv(", "String(contentsOf", "Data(contentsOf", "SchemaLoader(", "FileBytes.read(",
    ]

    /// (target/file, forbidden text) -> why the renderer itself does this.
    static let allowed: [String: String] = [
        "YAMLLanguageServer/LanguageServerMain.swift FileManager": "`--record DIR`: checks the recording folder the user named",
        "PureYAMLCommandLine/CommandLine.swift FileManager":
            "the CLI walks the folders named on its command line, writes `format` results, and defaults its working directory",
        "PureYAMLCommandLine/CommandLine.swift FileBytes.read(":
            "the CLI reads the files named on its command line (straight into bytes) before opening them in the model",
        "PureYAMLCommandLine/CommandLineTool+Schemas.swift FileManager":
            "`schemas fetch --mirror-folder DIR` writes the downloads into the folder the user named (it reads nothing with it)",
    ]

    func testRenderersReadNoFilesOrEnvironmentForSettings() throws {
        let sources = SharedFixtures.packageRoot.appendingPathComponent("Sources")
        var found: Set<String> = []
        var violations: [String] = []
        for target in ["YAMLLanguageServer", "PureYAMLCommandLine"] {
            let dir = sources.appendingPathComponent(target)
            let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".swift") }
            XCTAssertFalse(files.isEmpty, target)
            for name in files {
                let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
                let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                    .joined(separator: "\n")
                for pattern in Self.forbidden where code.contains(pattern) {
                    let key = "\(target)/\(name) \(pattern)"
                    if Self.allowed[key] != nil { found.insert(key) } else { violations.append(key) }
                }
            }
        }
        XCTAssertEqual(violations, [], "renderers must read through the model's environment (or be allow-listed with a reason)")
        XCTAssertEqual(Set(Self.allowed.keys).subtracting(found), [], "allow-list entries that no longer apply")
    }
}
