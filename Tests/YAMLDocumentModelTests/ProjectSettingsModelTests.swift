import XCTest
import YAMLDocumentModel

/// `.pureyaml.yaml` read by the model (through its environment) for every renderer: the nearest one above
/// a document applies to it on top of the renderer's settings, and a change on disk applies at once.
final class ProjectSettingsModelTests: XCTestCase {
    private let uri = DocumentURI(filePath: "/repo/deploy/app.yaml")
    private let schema = #"{"properties": {"replicas": {"type": "integer"}}}"#
    private let text = "replicas: three\n"

    private func schemaFindings(_ model: DocumentModel) -> [String] {
        (model.diagnostics(uri)?.diagnostics ?? []).filter { $0.source == "pureyaml-schema" }.map { "\($0.severity) \($0.code)" }
    }

    func testASchemasEntryAndTheSeverityComeFromTheProjectFile() {
        let files = ["/repo/schema.json": schema,
                     "/repo/.pureyaml.yaml": "yaml.schemas:\n  schema.json: \"deploy/*.yaml\"\npureyaml.schema.severity: error\n"]
        let model = DocumentModel(environment: .inMemory(texts: files))
        model.perform(.configure(.editorDefaults(workspaceFolders: [DocumentURI(filePath: "/repo")])))
        model.perform(.open(uri, version: 1, text: text))
        XCTAssertEqual(schemaFindings(model), ["error schema-type"])
        XCTAssertEqual(model.settings(for: uri).schema.severity, .error)
        XCTAssertEqual(model.settings.schema.severity, .warning, "the renderer's settings stay as they were")
        if case .found(let c?)? = model.projectConfiguration(for: uri) {
            XCTAssertEqual(c.uri, DocumentURI(filePath: "/repo/.pureyaml.yaml"))
        } else {
            XCTFail("the project file was not found")
        }
    }

    func testWithoutAProjectFileNothingIsValidated() {
        let model = DocumentModel(environment: .inMemory(texts: ["/repo/schema.json": schema]))
        model.perform(.open(uri, version: 1, text: text))
        XCTAssertEqual(schemaFindings(model), [])
        if case .found(nil)? = model.projectConfiguration(for: uri) {} else { XCTFail("expected no project file") }
    }

    /// The nearest file wins, and `--no-config` (``ProjectSettingsSource/none``) reads none.
    func testNearestFileWinsAndNoneReadsNothing() {
        let files = ["/repo/.pureyaml.yaml": "format.indentWidth: 4\n", "/repo/deploy/.pureyaml.yml": "format.indentWidth: 3\n"]
        let model = DocumentModel(environment: .inMemory(texts: files))
        model.perform(.open(uri, version: 1, text: text))
        XCTAssertEqual(model.settings(for: uri).format.indentWidth, 3)
        let other = DocumentURI(filePath: "/repo/top.yaml")
        model.perform(.open(other, version: 1, text: text))
        XCTAssertEqual(model.settings(for: other).format.indentWidth, 4)
        let none = DocumentModel(environment: .inMemory(texts: files), projectSettings: .none)
        none.perform(.open(uri, version: 1, text: text))
        XCTAssertEqual(none.settings(for: uri).format.indentWidth, 2)
    }

    /// The project file's keys win over the editor's, but it cannot turn schema downloads on when the
    /// editor turned them off.
    func testPrecedenceAgainstTheEditorSettings() {
        let files = ["/repo/.pureyaml.yaml": "pureyaml.schema.severity: hint\nyaml.schemaDownload.enable: true\n"]
        let model = DocumentModel(environment: .inMemory(texts: files))
        var editor = Settings()
        editor.schema.severity = .error
        editor.schema.downloadEnabled = false
        editor.format.printWidth = 100
        model.perform(.configure(editor))
        model.perform(.open(uri, version: 1, text: text))
        let effective = model.settings(for: uri)
        XCTAssertEqual(effective.schema.severity, .hint, "the project's key wins")
        XCTAssertFalse(effective.schema.downloadEnabled, "a project file cannot turn downloads on")
        XCTAssertEqual(effective.format.printWidth, 100, "keys the project does not give stay the editor's")
    }

    /// A value the project file gives that cannot be used (reported by `check`) leaves the editor's.
    func testAnUnusableValueLeavesTheEditorsSetting() {
        let model = DocumentModel(environment: .inMemory(texts: ["/repo/.pureyaml.yaml": "format.indentWidth: 0\nformat.printWidth: 80\n"]))
        var editor = Settings()
        editor.format.indentWidth = 4
        model.perform(.configure(editor))
        model.perform(.open(uri, version: 1, text: text))
        XCTAssertEqual(model.settings(for: uri).format.indentWidth, 4)
        XCTAssertEqual(model.settings(for: uri).format.printWidth, 80)
    }

    /// A project file changed on disk applies to the open documents when the renderer says so.
    func testAChangedProjectFileAppliesAtOnce() {
        final class Disk: @unchecked Sendable { var files: [String: [UInt8]] = [:] }
        let disk = Disk()
        disk.files["/repo/schema.json"] = Array(schema.utf8)
        disk.files["/repo/.pureyaml.yaml"] = Array("yaml.schemas:\n  schema.json: \"deploy/*.yaml\"\n".utf8)
        let environment = ModelEnvironment(capabilities: .init(
            readFile: { disk.files[$0] }, kind: { disk.files[$0].map { .file(size: $0.count) } },
            listFolder: { _ in nil }, fetch: { _, _, done in done(.failure(SchemaLoadFailure("offline"))) }, now: { 0 }))
        let model = DocumentModel(environment: environment)
        model.perform(.configure(.editorDefaults(workspaceFolders: [DocumentURI(filePath: "/repo")])))
        model.perform(.open(uri, version: 1, text: text))
        XCTAssertEqual(schemaFindings(model), ["warning schema-type"])
        disk.files["/repo/.pureyaml.yaml"]! += Array("pureyaml.schema.severity: error\n".utf8)
        let areas = model.perform(.filesChanged([DocumentURI(filePath: "/repo/.pureyaml.yaml")]))
        XCTAssertTrue(areas.contains(.diagnostics(uri)), "\(areas)")
        XCTAssertEqual(schemaFindings(model), ["error schema-type"])
        disk.files["/repo/.pureyaml.yaml"] = nil
        model.perform(.filesChanged([DocumentURI(filePath: "/repo/.pureyaml.yaml")]))
        XCTAssertEqual(schemaFindings(model), [], "the file is gone: its schema no longer applies")
    }

    /// A project file with problems is noted once (``DocumentModel/projectConfigurationProblems``, with
    /// `.projectConfigurationProblems` from the perform that met it), whatever number of documents it
    /// applies to; the same problems again say nothing, other problems after a change are noted again, and
    /// a file that exists but cannot be read is one too.
    func testProblemsOfTheProjectFileAreNotedOnce() {
        final class Disk: @unchecked Sendable { var files: [String: [UInt8]] = [:]; var unreadable: Set<String> = [] }
        let disk = Disk()
        disk.files["/repo/.pureyaml.yaml"] = Array("format.indentWidth: 4\nformat.indentWith: 3\n".utf8)
        let environment = ModelEnvironment(capabilities: .init(
            readFile: { disk.unreadable.contains($0) ? nil : disk.files[$0] }, kind: { disk.files[$0].map { .file(size: $0.count) } },
            listFolder: { _ in nil }, fetch: { _, _, done in done(.failure(SchemaLoadFailure("offline"))) }, now: { 0 }))
        let model = DocumentModel(environment: environment)
        XCTAssertTrue(model.perform(.open(uri, version: 1, text: text)).contains(.projectConfigurationProblems))
        let other = DocumentURI(filePath: "/repo/other.yaml")
        XCTAssertFalse(model.perform(.open(other, version: 1, text: text)).contains(.projectConfigurationProblems))
        XCTAssertFalse(model.perform(.change(uri, version: 2, changes: [TextChange(range: nil, text: "a: 1\n")], encoding: .utf16))
            .contains(.projectConfigurationProblems))
        XCTAssertEqual(model.projectConfigurationProblems.count, 1)
        let unknown = model.projectConfigurationProblems[0]
        XCTAssertEqual(unknown.path, "/repo/.pureyaml.yaml")
        XCTAssertFalse(unknown.isBroken, "the other key applies")
        XCTAssertEqual(model.settings(for: uri).format.indentWidth, 4)
        XCTAssertEqual(unknown.summary,
                       "Project settings /repo/.pureyaml.yaml:2:1: Unknown setting `format.indentWith`; it is ignored. Did you mean `format.indentWidth`?")

        // Read again unchanged: nothing new. Broken now: noted, and none of its settings apply.
        XCTAssertFalse(model.perform(.filesChanged([DocumentURI(filePath: "/repo/.pureyaml.yaml")])).contains(.projectConfigurationProblems))
        disk.files["/repo/.pureyaml.yaml"] = Array("format.indentWidth: [4\n".utf8)
        XCTAssertTrue(model.perform(.filesChanged([DocumentURI(filePath: "/repo/.pureyaml.yaml")])).contains(.projectConfigurationProblems))
        XCTAssertEqual(model.projectConfigurationProblems.count, 2)
        XCTAssertTrue(model.projectConfigurationProblems[1].isBroken)
        XCTAssertTrue(model.projectConfigurationProblems[1].summary.hasPrefix("Project settings /repo/.pureyaml.yaml:"),
                      model.projectConfigurationProblems[1].summary)
        XCTAssertEqual(model.settings(for: uri).format.indentWidth, 2)

        disk.unreadable = ["/repo/.pureyaml.yaml"]
        XCTAssertTrue(model.perform(.filesChanged([DocumentURI(filePath: "/repo/.pureyaml.yaml")])).contains(.projectConfigurationProblems))
        XCTAssertEqual(model.projectConfigurationProblems.last?.summary,
                       "Project settings /repo/.pureyaml.yaml cannot be read; the editor's settings apply")
        XCTAssertEqual(model.projectConfigurationProblems.count, 3)
    }
}
