import Foundation
import SchemaFetching
import TestSupport
import XCTest
import YAMLDocumentModel

/// The trust policy (docs/security.md) through the live environment (``ModelEnvironment/fileSystem``),
/// where the model reads local schema files itself, synchronously: the edge's checks (a symbolic link
/// pointing outside the policy's folders, a device) hold for those reads as for the schema loader's,
/// and the configuration files the model reads (`.yamllint`, `.pureyaml.yaml`, `.editorconfig`) are
/// read only when they are regular files.
final class LiveEnvironmentTrustTests: XCTestCase {
    private var temp: URL!
    private var workspace: URL { temp.appendingPathComponent("ws") }

    override func setUpWithError() throws {
        temp = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-live-trust-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: temp.appendingPathComponent("outside"), withIntermediateDirectories: true)
        let schema = #"{"type": "object"}"#
        try schema.write(to: temp.appendingPathComponent("outside/s.json"), atomically: true, encoding: .utf8)
        try schema.write(to: workspace.appendingPathComponent("real.json"), atomically: true, encoding: .utf8)
        try link("link.json", to: temp.appendingPathComponent("outside/s.json").path)
        try link("inner.json", to: workspace.appendingPathComponent("real.json").path)
        try link("zero.json", to: "/dev/zero")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: temp) }

    private func link(_ name: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: workspace.appendingPathComponent(name).path, withDestinationPath: target)
    }

    /// A model over the file system whose workspace folder is `ws`, with `extra` settings on top.
    private func model(_ configure: (inout Settings) -> Void = { _ in }) -> DocumentModel {
        let model = DocumentModel(environment: .fileSystem)
        var settings = Settings()
        settings.schema.workspaceFolders = [DocumentURI(filePath: workspace.path)]
        configure(&settings)
        model.perform(.configure(settings))
        return model
    }

    /// The schema findings of a document in `ws` whose modeline names `schema`, its content a list (which
    /// the object schema refuses).
    private func findings(_ model: DocumentModel, schema: String) -> [String] {
        let uri = DocumentURI(filePath: workspace.appendingPathComponent("doc-\(schema).yaml").path)
        model.perform(.open(uri, version: 1, text: "# yaml-language-server: $schema=\(schema)\n- 1\n"))
        return (model.diagnostics(uri)?.diagnostics ?? []).filter { $0.source == "pureyaml-schema" }.map(\.code)
    }

    /// The model's own reads of local schemas apply the loader's checks: a link inside the workspace
    /// is followed, one pointing outside is refused, a device is never read (nothing waits for it).
    func testTheModelsOwnSchemaReadsCheckLinksAndDevices() {
        let model = model()
        XCTAssertEqual(findings(model, schema: "real.json"), ["schema-type"])
        XCTAssertEqual(findings(model, schema: "inner.json"), ["schema-type"], "a link to a file inside the workspace")
        let outside = DocumentURI(filePath: workspace.appendingPathComponent("doc-link.json.yaml").path)
        XCTAssertEqual(findings(model, schema: "link.json"), ["schema-load-failed"])
        XCTAssertEqual(model.diagnostics(outside)?.diagnostics.first?.message.contains(
            "symbolic link to a place outside the folders schemas may be read from"), true)
        XCTAssertEqual(findings(model, schema: "zero.json"), ["schema-load-failed"])
        XCTAssertEqual(model.schemaLoadRequests, [], "local files are read by the model, none is left to a renderer")
    }

    /// A file the user's own settings name is read wherever its link points (as `--schema` is).
    func testAFileTheUsersSettingsNameIsReadThroughItsLink() {
        let linked = workspace.appendingPathComponent("link.json").path
        let model = model { $0.schema.associations = [SchemaSettings.Association(schema: linked, globs: ["named/*.yaml"])] }
        let uri = DocumentURI(filePath: workspace.appendingPathComponent("named/a.yaml").path)
        model.perform(.open(uri, version: 1, text: "- 1\n"))
        XCTAssertEqual((model.diagnostics(uri)?.diagnostics ?? []).filter { $0.source == "pureyaml-schema" }.map(\.code), ["schema-type"])
    }

    /// A local URI handed to the environment's fetch (as a renderer does with what the model asks for)
    /// goes through the same checks.
    func testFetchingALocalURIAppliesTheTrustPolicy() {
        let environment = ModelEnvironment.fileSystem
        let policy = TrustPolicy(readableFolders: [workspace.path])
        func fetch(_ name: String, _ trust: TrustPolicy?) -> String {
            final class Box: @unchecked Sendable { var text = "" }
            let box = Box()
            environment.fetch(DocumentURI(filePath: workspace.appendingPathComponent(name).path).string, allowNetwork: false,
                              trust: trust) { result in
                switch result {
                case .success(let bytes): box.text = "\(bytes.count) bytes"
                case .failure(let f): box.text = f.message
                }
            }
            return box.text
        }
        XCTAssertEqual(fetch("inner.json", policy), "18 bytes")
        XCTAssertTrue(fetch("link.json", policy).contains("symbolic link"))
        XCTAssertEqual(fetch("link.json", nil), "18 bytes", "no policy: the schema named on the command line")
        XCTAssertEqual(fetch("zero.json", nil), "not a regular file")
    }

    /// Configuration files that are links to a device are not read: opening a document next to them
    /// finishes, with the defaults.
    func testConfigurationFilesMustBeRegularFiles() throws {
        for name in [".yamllint", ".pureyaml.yaml", ".editorconfig"] { try link(name, to: "/dev/zero") }
        let model = model()
        let uri = DocumentURI(filePath: workspace.appendingPathComponent("plain.yaml").path)
        model.perform(.open(uri, version: 1, text: "a: yes\n"))
        XCTAssertNotNil(model.diagnostics(uri))
        XCTAssertNil(ModelEnvironment.fileSystem.readFile(workspace.appendingPathComponent(".yamllint").path))
        XCTAssertEqual(ModelEnvironment.fileSystem.readFile(workspace.appendingPathComponent("real.json").path)?.count, 18)
    }

    /// A repository's configuration files that are symbolic links out of the workspace folders are not
    /// read (docs/security.md): a `.yamllint` whose rule name is the outside file's text would otherwise
    /// quote it in a finding. A regular file, and a link that stays inside, are read as before.
    func testConfigurationFilesLinkingOutOfTheWorkspaceAreNotRead() throws {
        let secret = LoopbackHTTPServer.secret
        let outside = temp.appendingPathComponent("outside/lint.yaml")
        try "rules: {\"\(secret)\": enable}\n".write(to: outside, atomically: true, encoding: .utf8)
        let uri = DocumentURI(filePath: workspace.appendingPathComponent("plain.yaml").path)
        func messages() -> [String] {
            let model = model()
            model.perform(.open(uri, version: 1, text: "a: 1\n"))
            return (model.diagnostics(uri)?.diagnostics ?? []).map(\.message) + model.lintConfigurationProblems.map(\.message)
        }
        // A regular `.yamllint` with that text: its finding quotes it (the repository's own text).
        try FileManager.default.copyItem(atPath: outside.path, toPath: workspace.appendingPathComponent(".yamllint").path)
        XCTAssertTrue(messages().contains { $0.contains(secret) }, "\(messages())")
        // A link inside the workspace to a file inside it is read too.
        try FileManager.default.moveItem(atPath: workspace.appendingPathComponent(".yamllint").path,
                                         toPath: workspace.appendingPathComponent("lint-inside.yaml").path)
        try link(".yamllint", to: workspace.appendingPathComponent("lint-inside.yaml").path)
        XCTAssertTrue(messages().contains { $0.contains(secret) }, "\(messages())")
        // A link out of the workspace is not read: nothing of the file appears.
        try FileManager.default.removeItem(atPath: workspace.appendingPathComponent(".yamllint").path)
        try link(".yamllint", to: outside.path)
        XCTAssertFalse(messages().contains { $0.contains(secret) }, "\(messages())")
        XCTAssertNotNil(model().environment.readFile(outside.path), "the outside file itself is not the repository's")

        // At the choke point, for every configuration file name: a model's environment refuses the link,
        // an environment no model configured (no folders) reads it.
        for name in [".pureyaml.yaml", ".editorconfig"] { try link(name, to: outside.path) }
        let environment = model().environment
        for name in [".yamllint", ".pureyaml.yaml", ".editorconfig"] {
            let path = workspace.appendingPathComponent(name).path
            XCTAssertNil(environment.readFile(path), name)
            XCTAssertNil(environment.kind(path), name)
            XCTAssertNotNil(ModelEnvironment.fileSystem.readFile(path), name)
        }
        XCTAssertNotNil(environment.readFile(workspace.appendingPathComponent("lint-inside.yaml").path))
        XCTAssertNotNil(environment.readFile(workspace.appendingPathComponent("inner.json").path))
        // A folder the user's settings allow holds the target: the link is followed.
        let allowed = model { $0.schema.allowedFolders = [self.temp.appendingPathComponent("outside").path] }
        XCTAssertNotNil(allowed.environment.readFile(workspace.appendingPathComponent(".editorconfig").path))
    }
}
