import Foundation
import TestSupport
import XCTest
import YAMLComposer
import YAMLDocumentModel
import YAMLSchema

/// The editor setups in `editors/` start the server for the files each editor calls YAML, and pass only
/// settings the server reads. Editors that cannot run here are checked against their files.
final class EditorConfigurationTests: XCTestCase {
    private func text(_ path: String) throws -> String {
        try String(contentsOf: SharedFixtures.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// A JSON file with whole-line `//` comments (Zed, Sublime Text), parsed.
    private func jsonWithComments(_ path: String) throws -> JSONValue {
        let lines = try text(path).split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        return try JSONTextParser.parse(Array(lines.joined(separator: "\n").utf8))
    }

    private func member(_ path: [String], of value: JSONValue) -> JSONValue? {
        var current = value
        for name in path {
            guard case .object(let members) = current, let next = members.first(where: { $0.key == name })?.value else { return nil }
            current = next
        }
        return current
    }

    /// VS Code gives Compose files the language id `dockercompose` (its built-in YAML extension), so the
    /// extension must activate for it and select its documents.
    func testVSCodeCoversComposeFiles() throws {
        let manifest = try JSONTextParser.parse(Array(try text("editors/vscode/package.json").utf8))
        guard case .array(let events)? = member(["activationEvents"], of: manifest) else { return XCTFail("no activationEvents") }
        XCTAssertTrue(events.contains(.string("onLanguage:yaml")))
        XCTAssertTrue(events.contains(.string("onLanguage:dockercompose")))
        let source = try text("editors/vscode/src/extension.ts")
        XCTAssertTrue(source.contains("const yamlLanguages = ['yaml', 'dockercompose'];"), "the document selector must name dockercompose")
        XCTAssertTrue(source.contains("documentSelector: yamlLanguages.flatMap"))
    }

    /// Helix's `docker-compose` language (docker-compose.yml, docker-compose.yaml) has its own server list.
    func testHelixCoversComposeFiles() throws {
        let toml = try text("editors/helix/languages.toml")
        let languages = toml.components(separatedBy: "[[language]]").dropFirst()
        for name in ["yaml", "docker-compose"] {
            let entry = languages.first { $0.contains("name = \"\(name)\"") }
            XCTAssertNotNil(entry, "no [[language]] \(name)")
            XCTAssertTrue(entry?.contains("language-servers = [\"pureyaml\"") == true, "\(name) does not start pureyaml")
        }
    }

    /// Every settings object the JSON setups send names only settings the server reads, with accepted values.
    func testJSONSetupsSendOnlyServerSettings() throws {
        let sources: [(String, JSONValue, [[String]])] = [
            ("kate", try JSONTextParser.parse(Array(try text("editors/kate/lspclient-settings.json").utf8)),
             [["servers", "yaml", "settings"], ["servers", "yaml", "initializationOptions"]]),
            ("zed", try jsonWithComments("editors/zed/settings.json"), [["lsp", "yaml-language-server", "settings"]]),
            ("zed extension", try jsonWithComments("editors/zed/settings-with-extension.json"),
             [["lsp", "pureyaml", "settings"], ["lsp", "pureyaml", "initialization_options"]]),
            ("sublime", try jsonWithComments("editors/sublime/LSP.sublime-settings"),
             [["clients", "pureyaml", "settings"], ["clients", "pureyaml", "initializationOptions"]]),
        ]
        for (editor, file, paths) in sources {
            for path in paths {
                let value = try XCTUnwrap(member(path, of: file), "\(editor): no \(path.joined(separator: "."))")
                var settings = Settings()
                XCTAssertEqual(settings.applyReportingProblems(value).map(\.key), [], "\(editor) \(path.joined(separator: "."))")
                XCTAssertNotEqual(settings, Settings(), "\(editor): \(path.joined(separator: ".")) sets nothing")
            }
        }
    }
}
