import Foundation
import TestSupport
import XCTest
import YAMLComposer
import YAMLParser
import YAMLSchema

/// `pureyaml --help`, `pureyaml help COMMAND` and `pureyaml COMMAND --help`, and the pre-commit hooks
/// the repository publishes.
final class CommandLineHelpTests: XCTestCase {
    typealias H = CommandLineCIHarness

    static let sections = ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "FILES", "ENVIRONMENT", "EXAMPLES"]

    func testEveryCommandHasAManualPage() throws {
        for command in ["check", "format", "events", "lsp", "schemas"] {
            let viaFlag = try H.run([command, "--help"])
            let viaShort = try H.run([command, "-h"])
            let viaHelp = try H.run(["help", command])
            XCTAssertEqual(viaFlag.status, 0, command)
            XCTAssertEqual(viaHelp.status, 0, command)
            XCTAssertEqual(viaFlag.stdout, viaHelp.stdout, command)
            XCTAssertEqual(viaShort.stdout, viaHelp.stdout, command)
            XCTAssertTrue(viaFlag.stdout.hasPrefix("NAME\n    pureyaml \(command) - "), command)
            assertSections(viaFlag.stdout, command)
        }
        let main = try H.run(["--help"])
        XCTAssertEqual(main.status, 0)
        assertSections(main.stdout, "main", except: ["OPTIONS", "ENVIRONMENT"])
        for command in ["check", "format", "events", "lsp", "schemas"] { XCTAssertTrue(main.stdout.contains("pureyaml \(command)"), command) }
        XCTAssertEqual(try H.run(["help"]).stdout, main.stdout)
        let unknown = try H.run(["help", "nope"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stdout, "")
    }

    /// `lsp --record` explains in a sentence what is wrong with its argument: missing, or a path that
    /// exists and is not a folder. Nothing goes to stdout, and the status is 2 (wrong usage).
    func testRecordOptionMessagesSayWhatIsWrong() throws {
        let folder = try H.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = try H.run(["lsp", "--record"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stdout, "")
        XCTAssertEqual(missing.stderr, "pureyaml lsp: --record needs a folder to record the session into: pureyaml lsp --record DIR\n")
        let empty = try H.run(["lsp", "--record", ""])
        XCTAssertEqual(empty.status, 2)
        XCTAssertEqual(empty.stderr, missing.stderr)
        let file = try H.write("x\n", to: "notes.txt", in: folder)
        let notFolder = try H.run(["lsp", "--record", file.path])
        XCTAssertEqual(notFolder.status, 2)
        XCTAssertEqual(notFolder.stdout, "")
        XCTAssertEqual(notFolder.stderr, "pureyaml lsp: cannot record into '\(file.path)': it exists and is not a folder\n")
        // A folder below a file cannot be created either; the message names the part that is in the way.
        let below = try H.run(["lsp", "--record", file.path + "/sessions"])
        XCTAssertEqual(below.status, 2)
        XCTAssertEqual(below.stderr, "pureyaml lsp: cannot record into '\(file.path)/sessions': '\(file.path)' exists and is not a folder\n")
        XCTAssertFalse(below.stderr.contains("NSCocoaErrorDomain"))
        XCTAssertEqual(try H.run(["lsp", "--nope"]).stderr, "pureyaml lsp: unknown argument '--nope'\n")
    }

    /// `pureyaml` without a command is wrong usage: the synopsis on stderr, nothing on stdout, exit 2 (as
    /// for an unknown command). Every editor configuration starts the server with `pureyaml lsp`.
    func testNoCommandPrintsUsageOnStandardErrorAndExitsTwo() throws {
        let bare = try H.run([])
        XCTAssertEqual(bare.status, 2)
        XCTAssertEqual(bare.stdout, "")
        XCTAssertTrue(bare.stderr.hasPrefix("usage:\n  pureyaml lsp | --stdio\n  pureyaml check ["), bare.stderr)
        XCTAssertTrue(bare.stderr.contains("\n  pureyaml format [--check]"), bare.stderr)
        XCTAssertTrue(bare.stderr.hasSuffix("\nTry 'pureyaml --help'.\n"), bare.stderr)
        XCTAssertEqual(try H.run(["nope"]).status, 2)
    }

    /// The bare usage lists each command's synopsis as its manual page does, so every option is in it
    /// (it used to leave out `--allow-schema-folder` and `--schema-mirror` of check, and most of schemas').
    func testUsageHasEachCommandsSynopsis() throws {
        let usage = try H.run([]).stderr
        for command in ["check", "format", "events", "schemas"] {
            let page = try H.run([command, "--help"]).stdout
            let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
            let start = try XCTUnwrap(lines.firstIndex(of: "SYNOPSIS"), command)
            let end = try XCTUnwrap(lines[start...].firstIndex(of: ""), command)
            let synopsis = lines[(start + 1)..<end].map { "  " + $0.dropFirst(4) }.joined(separator: "\n")
            XCTAssertTrue(usage.contains(synopsis + "\n"), "\(command):\n\(synopsis)\nnot in\n\(usage)")
        }
        for option in ["--allow-schema-folder", "--schema-mirror", "--fix", "--strict", "--format"] {
            XCTAssertTrue(usage.contains(option), option)
        }
    }

    func testHelpNamesEveryOptionTheCommandsAccept() throws {
        let check = try H.run(["check", "--help"]).stdout
        for word in ["--format", "--strict", "--config", "--no-config", "--stdin-filename",
                     "text", "json", "github", "sarif", "parsable", ".pureyaml.yaml", ".pureyaml.yml"] {
            XCTAssertTrue(check.contains(word), "check --help lacks \(word)")
        }
        let format = try H.run(["format", "--help"]).stdout
        for word in ["--check", "--config", "--no-config", "--stdin-filename"] {
            XCTAssertTrue(format.contains(word), "format --help lacks \(word)")
        }
        // And the commands accept what the help lists.
        for args in [["check", "--strict", "--no-config", "--format", "sarif", "--stdin-filename", "a.yaml", "-"],
                     ["format", "--check", "--no-config", "--stdin-filename", "a.yaml", "-"]] {
            XCTAssertEqual(try H.run(args, stdin: "a: 1\n").status, 0, "\(args)")
        }
    }

    private func assertSections(_ text: String, _ name: String, except: Set<String> = [],
                                file: StaticString = #filePath, line: UInt = #line) {
        var last = text.startIndex
        for section in Self.sections where !except.contains(section) {
            guard let r = text.range(of: "\n" + section + "\n", range: last..<text.endIndex)
                ?? (text.hasPrefix(section + "\n") && last == text.startIndex ? text.range(of: section + "\n") : nil) else {
                XCTFail("\(name) help lacks section \(section) (or it is out of order)", file: file, line: line)
                return
            }
            last = r.upperBound
        }
    }

    func testPreCommitHooksRunTheirEntries() throws {
        let hooks = SharedFixtures.packageRoot.appendingPathComponent(".pre-commit-hooks.yaml")
        let text = try String(contentsOf: hooks, encoding: .utf8)
        XCTAssertEqual(try H.run(["check", hooks.path]).status, 0, "the hooks file is valid YAML")
        XCTAssertEqual(try H.run(["format", "--check", hooks.path]).stdout, "", "the hooks file is formatted")
        // id -> entry, read from the `- id:` blocks.
        var entries: [String: String] = [:]
        var id: String?
        for line in text.split(separator: "\n").map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("- id: ") { id = String(trimmed.dropFirst(6)) }
            if trimmed.hasPrefix("entry: "), let id { entries[id] = String(trimmed.dropFirst(7)) }
            if let id, trimmed.hasPrefix("types: ") { XCTAssertEqual(trimmed, "types: [yaml]", id) }
        }
        XCTAssertEqual(Set(entries.keys), ["pureyaml-check", "pureyaml-format"])
        // pre-commit appends the staged file names to the entry.
        let folder = try H.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try H.write("a:    1\n", to: "ok.yaml", in: folder)
        try H.write("a: 1\na: 2\n", to: "dup.yaml", in: folder)
        for (hookID, entry) in entries {
            let words = entry.split(separator: " ").map(String.init)
            XCTAssertEqual(words.first, "pureyaml", hookID)
            let arguments = Array(words.dropFirst())
            if hookID == "pureyaml-check" {
                XCTAssertEqual(try H.run(arguments + ["ok.yaml"], in: folder).status, 0)
                XCTAssertEqual(try H.run(arguments + ["ok.yaml", "dup.yaml"], in: folder).status, 1)
            } else {
                XCTAssertEqual(try H.run(arguments + ["ok.yaml"], in: folder).status, 0)
                XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("ok.yaml"), encoding: .utf8), "a: 1\n")
            }
        }
    }

    func testPreCommitHooksConformToTheSchemaStoreSchema() throws {
        let schemaURL = try requireSharedFolder("schemas").appendingPathComponent("schemastore/pre-commit-hooks.json")
        let schema = try JSONSchema(schemaText: [UInt8](try Data(contentsOf: schemaURL)))
        XCTAssertEqual(schema.unresolvedReferences, [])
        let hooks = try Data(contentsOf: SharedFixtures.packageRoot.appendingPathComponent(".pre-commit-hooks.yaml"))
        let root = try XCTUnwrap(Composer.compose(Parser.parse([UInt8](hooks))).documents.first?.root)
        XCTAssertEqual(schema.validate(root).map(\.message), [])
        // The schema does catch a broken hook (no entry).
        let broken = "- id: pureyaml-check\n  name: pureyaml check\n  language: swift\n"
        let brokenRoot = try XCTUnwrap(Composer.compose(Parser.parse(Array(broken.utf8))).documents.first?.root)
        XCTAssertFalse(schema.validate(brokenRoot).isEmpty)
    }
}
