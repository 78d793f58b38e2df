import Foundation
import TestSupport
import XCTest
import YAMLComposer
import YAMLDocumentModel
import YAMLSchema

/// The settings that `editors/vscode/package.json` declares reach the server exactly as VS Code holds them:
/// `vscode-languageclient` answers `workspace/configuration` (and the extension fills `initializationOptions`)
/// with `workspace.getConfiguration(section)`, which carries every declared `default` even when the user set
/// nothing. So a declared default must mean "not set" to the server (`null`) or equal the server's own
/// default; otherwise VS Code users get other behaviour than every other editor (an `indentWidth: 2` default
/// marks the width explicit, so `.editorconfig` and `tabSize` never apply; a `lint.enable: true` default
/// lints every file with the `default` preset). Every value a setting's `enum` offers must be one the server
/// takes.
final class VSCodeSettingsManifestTests: XCTestCase {
    /// Settings that only the extension itself reads (the executable, the protocol trace).
    private static let clientOnly: Set<String> = ["pureyaml.path", "pureyaml.trace.server"]

    /// The declared server settings: `contributes.configuration.properties`, client-only ones left out.
    private func declaredSettings() throws -> [(key: String, value: JSONValue)] {
        let url = SharedFixtures.packageRoot.appendingPathComponent("editors/vscode/package.json")
        let manifest = try JSONTextParser.parse(Array(try Data(contentsOf: url)))
        guard case .object(let top) = manifest,
              case .object(let contributes)? = top.first(where: { $0.key == "contributes" })?.value,
              case .object(let configuration)? = contributes.first(where: { $0.key == "configuration" })?.value,
              case .object(let properties)? = configuration.first(where: { $0.key == "properties" })?.value
        else { XCTFail("package.json has no contributes.configuration.properties"); return [] }
        return properties.filter { !Self.clientOnly.contains($0.key) }
    }

    private func member(_ name: String, of declaration: JSONValue) -> JSONValue? {
        guard case .object(let members) = declaration else { return nil }
        return members.first { $0.key == name }?.value
    }

    func testEveryDeclaredSettingIsOneTheServerReads() throws {
        let declared = try declaredSettings()
        XCTAssertFalse(declared.isEmpty)
        for (key, _) in declared {
            XCTAssertTrue(Settings.settingNames.contains(Settings.settingName(key)), "\(key) is not a server setting")
        }
    }

    func testDeclaredDefaultsChangeNothing() throws {
        for (key, declaration) in try declaredSettings() {
            let value = member("default", of: declaration) ?? .null
            var settings = Settings()
            let problems = settings.applyReportingProblems(.object([(key: key, value: value)]))
            XCTAssertTrue(problems.isEmpty, "\(key): default \(value) is refused: \(problems)")
            XCTAssertEqual(settings, Settings(), "\(key): the declared default \(value) differs from not setting it")
        }
    }

    /// The settings a project file cannot give (``Settings/userOnlySettingNames``) are declared, with a
    /// scope a workspace's `.vscode/settings.json` cannot set (`machine` or `application`).
    func testUserOnlySettingsAreNotSettableByAWorkspace() throws {
        let declared = try declaredSettings().filter { Settings.userOnlySettingNames.contains(Settings.settingName($0.key)) }
        XCTAssertEqual(Set(declared.map { Settings.settingName($0.key) }), Settings.userOnlySettingNames)
        for (key, declaration) in declared {
            XCTAssertTrue([.string("machine"), .string("application")].contains(member("scope", of: declaration)), key)
        }
    }

    func testEveryDeclaredChoiceIsAccepted() throws {
        for (key, declaration) in try declaredSettings() {
            guard case .array(let choices)? = member("enum", of: declaration) else { continue }
            for choice in choices {
                var settings = Settings()
                let problems = settings.applyReportingProblems(.object([(key: key, value: choice)]))
                XCTAssertTrue(problems.isEmpty, "\(key): the offered choice \(choice) is refused: \(problems)")
            }
        }
    }
}

extension VSCodeSettingsManifestTests {
    /// A repository must not choose the program VS Code starts (issue 23): `pureyaml.path` has the
    /// `machine` scope (a workspace's `.vscode/settings.json` cannot set it), and the extension reads
    /// only the user's value and never resolves a relative path against the workspace.
    func testTheExecutablePathIsNotSettableByAWorkspace() throws {
        let root = SharedFixtures.packageRoot.appendingPathComponent("editors/vscode")
        let manifest = try JSONTextParser.parse(Array(try Data(contentsOf: root.appendingPathComponent("package.json"))))
        guard case .object(let top) = manifest,
              case .object(let contributes)? = top.first(where: { $0.key == "contributes" })?.value,
              case .object(let configuration)? = contributes.first(where: { $0.key == "configuration" })?.value,
              case .object(let properties)? = configuration.first(where: { $0.key == "properties" })?.value,
              let path = properties.first(where: { $0.key == "pureyaml.path" })?.value
        else { return XCTFail("package.json declares no pureyaml.path") }
        XCTAssertEqual(member("scope", of: path), .string("machine"))
        let source = try String(contentsOf: root.appendingPathComponent("src/extension.ts"), encoding: .utf8)
        XCTAssertTrue(source.contains(".inspect<string>('path')") && source.contains("declared?.globalValue"),
                      "the extension reads the user's value only")
        XCTAssertFalse(source.contains("workspaceFolders?.[0]"), "no path is resolved against a workspace folder")
    }
}
