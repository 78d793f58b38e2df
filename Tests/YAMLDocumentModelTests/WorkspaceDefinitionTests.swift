import Foundation
import TestSupport
import XCTest
@testable import YAMLDocumentModel
import YAMLSchema

/// CustomResourceDefinitions found in the workspace folders and through globs of `pureyaml.schema.crds`,
/// over an in-memory environment whose policy records every access: searched lazily (a plain file lists
/// nothing), once, skipping `.git` and `node_modules`, parsing only files that name a definition, and
/// read again when a definition file changes on disk.
final class WorkspaceDefinitionTests: XCTestCase {
    /// Accesses the environment was asked for, in order.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [ModelEnvironment.Access] = []
        func add(_ a: ModelEnvironment.Access) { lock.withLock { entries.append(a) } }
        var all: [ModelEnvironment.Access] { lock.withLock { entries } }
        var listings: [String] { all.compactMap { if case .list(let p) = $0 { return p } else { return nil } } }
        var reads: [String] { all.compactMap { if case .read(let p) = $0 { return p } else { return nil } } }
        func clear() { lock.withLock { entries.removeAll() } }
    }

    /// The in-memory files of the workspace, changed by tests.
    final class Files: @unchecked Sendable {
        private let lock = NSLock()
        private var files: [String: String]
        init(_ files: [String: String]) { self.files = files }
        subscript(path: String) -> String? {
            get { lock.withLock { files[path] } }
            set { lock.withLock { files[path] = newValue } }
        }
        var snapshot: [String: String] { lock.withLock { files } }
    }

    static let resource = """
        apiVersion: example.com/v1
        kind: Widget
        metadata: {name: w}
        spec: {size: big}

        """

    private func model(_ files: Files, log: Log, crds: [String] = [], workspace: String = "/w", incidental: Bool = false) -> DocumentModel {
        // Listings and reads go through the current files (a change on disk shows at the next read).
        let capabilities = ModelEnvironment.Capabilities(
            readFile: { path in files[path].map { Array($0.utf8) } },
            kind: { path in
                if let text = files[path] { return .file(size: text.utf8.count) }
                let prefix = path == "/" ? "/" : path + "/"
                return files.snapshot.keys.contains { $0.hasPrefix(prefix) } ? .folder : nil
            },
            listFolder: { folder in
                let prefix = folder == "/" ? "/" : folder + "/"
                let names = files.snapshot.keys.filter { $0.hasPrefix(prefix) }.compactMap { $0.dropFirst(prefix.count).split(separator: "/").first.map(String.init) }
                return names.isEmpty ? nil : Array(Set(names)).sorted()
            },
            fetch: { _, _, completion in completion(.failure(SchemaLoadFailure("cannot reach the server"))) },
            now: { 0 })
        var environment = ModelEnvironment(capabilities: capabilities)
        environment.policy = { log.add($0); return true }
        var settings = Settings()
        settings.schema.workspaceFolders = [DocumentURI(filePath: workspace)]
        settings.schema.workspaceFoldersAreIncidental = incidental
        settings.schema.crdCatalogURL = ""
        settings.schema.customResourceDefinitions = crds
        return DocumentModel(settings: settings, environment: environment)
    }

    /// `check`'s working directory (an incidental workspace folder) that is no project is not listed whole:
    /// from `/`, a document in a project searches its project folder, one outside any project its own
    /// folder; from inside a project, the working directory is searched as before.
    func testAnIncidentalWorkspaceFolderIsBoundedToTheDocumentsProject() {
        let files = Files([
            "/srv/proj/.git/HEAD": "ref: refs/heads/main\n",
            "/srv/proj/crds/widget.yaml": KubernetesFixtures.widgetDefinition(),
            "/srv/proj/app/widget.yaml": Self.resource,
            "/srv/other/widget.yaml": KubernetesFixtures.widgetDefinition(),
            "/tmp/loose/widget.yaml": Self.resource,
        ])
        let log = Log()
        let model = model(files, log: log, workspace: "/", incidental: true)
        model.perform(.open(DocumentURI(filePath: "/srv/proj/app/widget.yaml"), version: 1, text: Self.resource))
        XCTAssertEqual(rule(model, DocumentURI(filePath: "/srv/proj/app/widget.yaml")),
                       "kubernetes: example.com/v1 Widget (CustomResourceDefinition in file:///srv/proj/crds/widget.yaml)")
        XCTAssertFalse(log.listings.contains("/") || log.listings.contains("/srv") || log.listings.contains("/srv/other"), "\(log.listings)")
        // A fresh run (the definition above would be known already) on a document in no project.
        let loose = Log()
        let run = self.model(files, log: loose, workspace: "/", incidental: true)
        run.perform(.open(DocumentURI(filePath: "/tmp/loose/widget.yaml"), version: 1, text: Self.resource))
        XCTAssertEqual(loose.listings, ["/tmp/loose"])
        // Not incidental (an editor's workspace folder): the folder is searched whole, as chosen.
        let chosen = Log()
        let editor = self.model(files, log: chosen, workspace: "/srv", incidental: false)
        editor.perform(.open(DocumentURI(filePath: "/srv/proj/app/widget.yaml"), version: 1, text: Self.resource))
        XCTAssertTrue(chosen.listings.contains("/srv"), "\(chosen.listings)")
    }

    /// Any working directory of `check` that is no project, not only `/` and the home folder, is bounded
    /// the same way: a document outside any project searches its own folder, not the folders beside it
    /// (a definition there is not its project's), and one in a project below searches that project.
    func testAnIncidentalFolderThatIsNoProjectIsNeverSearchedWhole() {
        let files = Files([
            "/data/downloads/loose/widget.yaml": Self.resource,
            "/data/downloads/unrelated/widget-crd.yaml": KubernetesFixtures.widgetDefinition(),
            "/data/downloads/proj/.pureyaml.yaml": "validate: true\n",
            "/data/downloads/proj/deep/widget.yaml": Self.resource,
            "/data/downloads/proj/crds/widget.yaml": KubernetesFixtures.widgetDefinition(),
        ])
        let log = Log()
        let model = model(files, log: log, workspace: "/data/downloads", incidental: true)
        let loose = DocumentURI(filePath: "/data/downloads/loose/widget.yaml")
        model.perform(.open(loose, version: 1, text: Self.resource))
        XCTAssertEqual(log.listings, ["/data/downloads/loose"])
        XCTAssertNil(rule(model, loose), "a definition beside the document's folder, in no project, is not its")
        let inProject = DocumentURI(filePath: "/data/downloads/proj/deep/widget.yaml")
        model.perform(.open(inProject, version: 1, text: Self.resource))
        XCTAssertEqual(rule(model, inProject),
                       "kubernetes: example.com/v1 Widget (CustomResourceDefinition in file:///data/downloads/proj/crds/widget.yaml)")
        XCTAssertFalse(log.listings.contains("/data/downloads") || log.listings.contains("/data/downloads/unrelated"), "\(log.listings)")
    }

    private func codes(_ model: DocumentModel, _ uri: DocumentURI) -> [String] {
        (model.diagnostics(uri)?.diagnostics ?? []).filter { $0.source == "pureyaml-schema" }.map(\.code)
    }

    private func rule(_ model: DocumentModel, _ uri: DocumentURI) -> String? {
        model.schemaInfo(uri)?.documents.first?.rule?.description
    }

    func testAFolderSearchFindsTheDefinitionOnceAndOnlyWhenNeeded() {
        let files = Files([
            "/w/crds/widget.yaml": KubernetesFixtures.widgetDefinition(),
            "/w/.git/widget.yaml": KubernetesFixtures.widgetDefinition(spec: "{type: object, properties: {size: {type: string}}}"),
            "/w/node_modules/x/widget.yaml": KubernetesFixtures.widgetDefinition(),
            "/w/app/config.yaml": "name: app\n",
            "/w/notes.json": "{\"a\": 1}",
        ])
        let log = Log()
        let model = model(files, log: log)
        // A file that names no custom resource lists nothing.
        XCTAssertFalse(model.perform(.open(DocumentURI(filePath: "/w/app/config.yaml"), version: 1, text: "name: app\n"))
            .contains(.watchedFiles))
        XCTAssertEqual(log.listings, [])
        XCTAssertFalse(model.watchedFilePatterns.contains("**/*.yaml"))
        let resource = DocumentURI(filePath: "/w/app/widget.yaml")
        // The first search asks the renderer to watch the workspace's YAML and JSON files too.
        XCTAssertTrue(model.perform(.open(resource, version: 1, text: Self.resource)).contains(.watchedFiles))
        XCTAssertEqual(Array(model.watchedFilePatterns.suffix(3)), ["**/*.yaml", "**/*.yml", "**/*.json"])
        XCTAssertEqual(codes(model, resource), ["schema-type"])
        XCTAssertEqual(rule(model, resource), "kubernetes: example.com/v1 Widget (CustomResourceDefinition in file:///w/crds/widget.yaml)")
        XCTAssertFalse(log.listings.contains { $0.hasPrefix("/w/.git") || $0.hasPrefix("/w/node_modules") }, "\(log.listings)")
        // Both files of the workspace that could hold one were read; only the one naming a definition is parsed.
        XCTAssertTrue(log.reads.contains("/w/notes.json"))
        // A second custom resource searches nothing again.
        log.clear()
        let other = DocumentURI(filePath: "/w/app/other.yaml")
        XCTAssertFalse(model.perform(.open(other, version: 1, text: "apiVersion: example.org/v1\nkind: Gizmo\nmetadata: {name: g}\n"))
            .contains(.watchedFiles))
        XCTAssertEqual(log.listings, [])
        XCTAssertEqual(rule(model, other), nil)
    }

    /// A resource beside its own CRD in one stream uses that CRD: the workspace is not searched for it, and
    /// a definition of the same type found for another document does not replace it (before, the search
    /// ran ahead of the stream's own definitions, and the first file in URI order won).
    func testADefinitionInTheSameStreamWinsOverTheWorkspaces() {
        let files = Files(["/w/aaa/crd.yaml": KubernetesFixtures.widgetDefinition()])
        let stream = DocumentURI(filePath: "/w/app/stream.yaml")
        let text = KubernetesFixtures.widgetDefinition(spec: "{type: object, properties: {size: {type: string}}}") + "---\n" + Self.resource
        let alone = Log()
        let first = model(files, log: alone)
        first.perform(.open(stream, version: 1, text: text))
        XCTAssertEqual(alone.listings, [], "the stream defines its resource: nothing to search")
        XCTAssertEqual(codes(first, stream), [])
        // Another document's search found the other definition (size: integer) of the same type first ...
        let log = Log()
        let model = model(files, log: log)
        let other = DocumentURI(filePath: "/w/app/widget.yaml")
        model.perform(.open(other, version: 1, text: Self.resource))
        XCTAssertFalse(log.listings.isEmpty)
        XCTAssertEqual(codes(model, other), ["schema-type"])
        // ... which the stream's resource does not take, before or after an edit.
        model.perform(.open(stream, version: 1, text: text))
        XCTAssertEqual(codes(model, stream), [])
        model.perform(.change(stream, version: 2, changes: [TextChange(range: nil, text: text + "\n")], encoding: .utf8))
        XCTAssertEqual(codes(model, stream), [])
        XCTAssertEqual(model.schemaInfo(stream)?.documents.last?.rule?.description,
                       "kubernetes: example.com/v1 Widget (CustomResourceDefinition in file:///w/app/stream.yaml)")
        // Its own definition changed to integer: its resource is validated again against it.
        model.perform(.change(stream, version: 3, changes: [TextChange(range: nil, text: KubernetesFixtures.widgetDefinition() + "---\n" + Self.resource)],
                              encoding: .utf8))
        XCTAssertEqual(codes(model, stream), ["schema-type"])
    }

    func testAGlobOfTheSettingsFindsDefinitionsOutsideTheDocumentsFolder() {
        let files = Files([
            "/w/deploy/crds/widget.yaml": KubernetesFixtures.widgetDefinition(),
            "/w/deploy/crds/old/widget.yaml": KubernetesFixtures.widgetDefinition(spec: "{type: object, properties: {size: {type: string}}}"),
        ])
        let log = Log()
        let model = model(files, log: log, crds: ["deploy/crds/*.yaml"])
        // A document outside the workspace folders: no folder search, only the glob.
        let resource = DocumentURI(filePath: "/elsewhere/widget.yaml")
        model.perform(.open(resource, version: 1, text: Self.resource))
        XCTAssertEqual(rule(model, resource), "kubernetes: example.com/v1 Widget (CustomResourceDefinition in file:///w/deploy/crds/widget.yaml)")
        XCTAssertEqual(codes(model, resource), ["schema-type"])
        // `*` does not cross `/`: the folder below is not entered.
        XCTAssertFalse(log.listings.contains("/w/deploy/crds/old"), "\(log.listings)")
        XCTAssertFalse(log.listings.contains("/w"), "only the glob's folder is listed: \(log.listings)")
    }

    func testAGlobOutsideTheFoldersSchemasMayBeReadFromFindsNothing() {
        let files = Files(["/etc/crds/widget.yaml": KubernetesFixtures.widgetDefinition()])
        let model = model(files, log: Log(), crds: ["/etc/crds/*.yaml"])
        let resource = DocumentURI(filePath: "/w/widget.yaml")
        model.perform(.open(resource, version: 1, text: Self.resource))
        XCTAssertNil(rule(model, resource))
    }

    func testADefinitionFileChangedOnDiskIsReadAgain() {
        let files = Files(["/w/crds/widget.yaml": KubernetesFixtures.widgetDefinition()])
        let model = model(files, log: Log())
        let resource = DocumentURI(filePath: "/w/widget.yaml")
        model.perform(.open(resource, version: 1, text: Self.resource))
        XCTAssertEqual(codes(model, resource), ["schema-type"])
        let crd = DocumentURI(filePath: "/w/crds/widget.yaml")
        XCTAssertTrue(model.dependsOn(crd))
        XCTAssertTrue(model.dependsOn(DocumentURI(filePath: "/w/crds/new.yaml")))
        XCTAssertFalse(model.dependsOn(DocumentURI(filePath: "/elsewhere/new.yaml")))
        files["/w/crds/widget.yaml"] = KubernetesFixtures.widgetDefinition(spec: "{type: object, properties: {size: {type: string}}}")
        let areas = model.perform(.filesChanged([crd]))
        XCTAssertTrue(areas.contains(.diagnostics(resource)))
        XCTAssertEqual(codes(model, resource), [])
        // Opened, edited and closed in the editor: the file on disk stands for it again.
        model.perform(.open(crd, version: 1, text: KubernetesFixtures.widgetDefinition()))
        XCTAssertEqual(codes(model, resource), ["schema-type"])
        model.perform(.close(crd))
        XCTAssertEqual(codes(model, resource), [])
        // Deleted: the definition is gone.
        files["/w/crds/widget.yaml"] = nil
        model.perform(.filesChanged([crd]))
        XCTAssertNil(rule(model, resource))
    }

    /// A change reported for a whole tree (a checkout) reads at most as many files as one search would,
    /// besides the definition files the search found, which are always read again; a new definition file
    /// within the budget counts.
    func testChangesOfManyFilesReadABoundedNumber() {
        let files = Files(["/w/crds/widget.yaml": KubernetesFixtures.widgetDefinition()])
        let log = Log()
        let model = model(files, log: log)
        let resource = DocumentURI(filePath: "/w/widget.yaml")
        model.perform(.open(resource, version: 1, text: Self.resource))
        XCTAssertEqual(codes(model, resource), ["schema-type"])
        let plain = (0...DefinitionFileSearch.maxFiles).map { "/w/app/\($0).yaml" }
        for path in plain { files[path] = "a: 1\n" }
        files["/w/crds/widget.yaml"] = KubernetesFixtures.widgetDefinition(spec: "{type: object, properties: {size: {type: string}}}")
        log.clear()
        model.perform(.filesChanged(plain.map { DocumentURI(filePath: $0) } + [DocumentURI(filePath: "/w/crds/widget.yaml")]))
        // Each file within the budget is asked about (its size) and read; the one beyond it only asked about.
        XCTAssertEqual(log.reads.filter { $0.hasPrefix("/w/app/") }.count, 2 * DefinitionFileSearch.maxFiles + 1)
        XCTAssertTrue(log.reads.contains("/w/crds/widget.yaml"))
        XCTAssertEqual(codes(model, resource), [])
        // A new definition file among a few changes is read.
        files["/w/crds/widget.yaml"] = nil
        files["/w/more/widget.yaml"] = KubernetesFixtures.widgetDefinition()
        model.perform(.filesChanged([DocumentURI(filePath: "/w/crds/widget.yaml"), DocumentURI(filePath: "/w/more/widget.yaml")]))
        XCTAssertEqual(codes(model, resource), ["schema-type"])
    }
}
