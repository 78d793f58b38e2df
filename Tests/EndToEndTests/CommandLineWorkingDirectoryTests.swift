import Foundation
import PureYAMLCommandLine
import TestSupport
import XCTest

/// The command line resolves the paths it is given from the working directory it is told (`CommandLineTool`'s
/// `workingDirectory`), never from the process's current directory (issue 18: a renderer reads no process
/// state): which files a folder walk finds, the paths it prints, the files it reads and the files `format` and
/// `check --fix` rewrite all follow the injected directory.
final class CommandLineWorkingDirectoryTests: XCTestCase {
    typealias H = CommandLineCIHarness
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try H.scratchFolder()
        XCTAssertNotEqual(FileManager.default.currentDirectoryPath, folder.path, "the tool's directory must differ from the process's")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Runs `pureyaml COMMAND ARGUMENTS` in process with ``folder`` as its working directory: status, stdout, stderr.
    private func run(_ command: String, _ arguments: [String]) -> (status: Int32, out: String, err: String) {
        final class Text: @unchecked Sendable { var out = "", err = "" }
        let text = Text()
        var tool = CommandLineTool(out: { text.out += $0 }, err: { text.err += $0 }, workingDirectory: folder.path)
        tool.checkThreads = 1
        let status = tool.run(command: command, arguments: arguments)
        return (status, text.out, text.err)
    }

    /// A project whose folder name the process's current directory does not hold: files found by the walk, a
    /// nested folder, a `.yml` file, a file that is not YAML, a symbolic link to a file inside the tree (relative
    /// target) and one named directly.
    private func writeProject(_ name: String) throws {
        try H.write("a: 1\na: 2\n", to: "\(name)/duplicate.yaml", in: folder)
        try H.write("list:\n  - [1, 2\n", to: "\(name)/nested/unclosed.yml", in: folder)
        try H.write("not: yaml: here\n", to: "\(name)/notes.txt", in: folder)
        try H.write("ok: true\n", to: "\(name)/nested/deeper/fine.yaml", in: folder)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("\(name)/link.yaml").path,
                                                   withDestinationPath: "duplicate.yaml")
        try H.write("b: *missing\n", to: "single.yaml", in: folder)
    }

    func testACheckWalksAndPrintsFromTheInjectedWorkingDirectory() throws {
        let name = "project-\(UUID().uuidString)"
        XCTAssertFalse(FileManager.default.fileExists(atPath: name), "the process's directory holds no such folder")
        try writeProject(name)
        let relative = run("check", ["--offline", name, "single.yaml"])
        XCTAssertEqual(relative.status, 1, relative.err)
        let lines = relative.out.split(separator: "\n").map(String.init)
        // Every file the walk takes (the link to a file taken once), in the walk's order, printed as named (relative), then the file named.
        XCTAssertEqual(lines.compactMap { $0.split(separator: ":").first.map(String.init) }.filter { !$0.hasPrefix("checked") },
                       ["\(name)/duplicate.yaml", "\(name)/nested/unclosed.yml", "single.yaml"], relative.out)
        XCTAssertTrue(relative.err.contains("checked 4 files") || relative.out.contains("checked 4 files"),
                      relative.out + relative.err)
        XCTAssertFalse(relative.err.contains("no such file"), relative.err)
        // The same run with the paths named absolute prints the same findings, below the folder.
        let absolute = run("check", ["--offline", folder.path + "/" + name, folder.path + "/single.yaml"])
        XCTAssertEqual(absolute.status, relative.status)
        XCTAssertEqual(absolute.out.replacingOccurrences(of: folder.path + "/", with: ""), relative.out)
        XCTAssertEqual(absolute.err.replacingOccurrences(of: folder.path + "/", with: ""), relative.err)
        // A path the injected directory does not hold is missing, wherever the process runs.
        let missing = run("check", ["--offline", "nowhere.yaml"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.err.contains("nowhere.yaml: no such file or directory"), missing.err)
    }

    func testFormatAndFixRewriteFilesBelowTheInjectedWorkingDirectory() throws {
        let name = "project-\(UUID().uuidString)"
        try H.write("a:    1\nb:  [1,2]\n", to: "\(name)/messy.yaml", in: folder)
        try H.write("key: value   \n", to: "\(name)/trailing.yaml", in: folder)
        let check = run("format", ["--check", name])
        XCTAssertEqual(check.status, 1, check.err)
        XCTAssertTrue(check.out.contains("\(name)/messy.yaml"), check.out)
        let format = run("format", [name])
        XCTAssertEqual(format.status, 0, format.err)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("\(name)/messy.yaml"), encoding: .utf8), "a: 1\nb: [1, 2]\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: name), "nothing written in the process's directory")
        XCTAssertEqual(run("format", ["--check", name]).status, 0)
    }
}
