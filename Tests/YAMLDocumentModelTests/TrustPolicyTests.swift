import XCTest
import YAMLComposer
import YAMLSchema
@testable import YAMLDocumentModel

/// The trust policy (docs/security.md) as the model applies it: which local files it asks the edge for,
/// which `$ref`s it follows, what a project file may widen, and that refused or unusable downloads are
/// reported without their content.
final class TrustPolicyTests: XCTestCase {
    private let secret = "root:x:0:0:root:/root:/bin/bash"

    /// A model whose workspace folder is `/w`, with `extra` settings (JSON) on top.
    private func model(_ extra: String = "{}", folders: [String] = ["/w"]) throws -> DocumentModel {
        var settings = Settings()
        settings.schema.workspaceFolders = folders.map { DocumentURI(filePath: $0) }
        settings.apply(try SchemaText.parse(Array(extra.utf8)))
        return DocumentModel(settings: settings)
    }

    /// Opens `text` at `path`, serves the model's requests from `table` (anything else: the secret, as a
    /// file outside the workspace would hold), and returns the requests and the schema findings.
    private func run(_ model: DocumentModel, _ path: String, _ text: String, _ table: [String: String] = [:])
        -> (requested: [String], findings: [String]) {
        let uri = DocumentURI(filePath: path)
        model.perform(.open(uri, version: 1, text: text))
        var attempted: Set<String> = []
        while let next = model.schemaLoadRequests.first(where: { !attempted.contains($0) }) {
            attempted.insert(next)
            model.perform(.schemaLoaded(next, .success(Array((table[next] ?? secret).utf8))))
        }
        let findings = (model.diagnostics(uri)?.diagnostics ?? []).filter { $0.source == "pureyaml-schema" }.map { "\($0.code): \($0.message)" }
        return (attempted.sorted(), findings)
    }

    func testAModelineNamingAFileOutsideTheWorkspaceIsNeverRequested() throws {
        for reference in ["/etc/passwd", "../../etc/passwd", "file:///etc/passwd", "file:/etc/passwd", "file://host/etc/passwd",
                          "file:///w/%2e%2e/etc/passwd", "file:///w/app/%2E%2E/%2E%2E/etc/passwd", "/w2/s.json"] {
            let (requested, findings) = run(try model(), "/w/app/a.yaml", "# yaml-language-server: $schema=\(reference)\nname: 1\n")
            XCTAssertEqual(requested, [], reference)
            XCTAssertEqual(findings.count, 1, reference)
            XCTAssertTrue(findings.first?.hasPrefix("schema-load-failed: cannot load schema ") == true, "\(reference): \(findings)")
            XCTAssertFalse(findings.joined().contains("root:x"), reference)
        }
    }

    func testAModelineInsideTheWorkspaceIsLoaded() throws {
        let (requested, findings) = run(try model(), "/w/app/a.yaml", "# yaml-language-server: $schema=../schemas/s.json\nname: 1\n",
                                        ["file:///w/schemas/s.json": #"{"properties": {"name": {"type": "string"}}}"#])
        XCTAssertEqual(requested, ["file:///w/schemas/s.json"])
        XCTAssertEqual(findings, ["schema-type: expected string, found integer 1"])
    }

    func testWithoutAWorkspaceFolderTheDocumentsOwnFolderCounts() throws {
        let schema = #"{"required": ["name"]}"#
        let inside = run(try model(folders: []), "/tmp/p/a.yaml", "# yaml-language-server: $schema=./s.json\nx: 1\n", ["file:///tmp/p/s.json": schema])
        XCTAssertEqual(inside.requested, ["file:///tmp/p/s.json"])
        XCTAssertEqual(inside.findings, [#"schema-required: missing required property "name""#])
        XCTAssertEqual(run(try model(folders: []), "/tmp/p/a.yaml", "# yaml-language-server: $schema=../s.json\nx: 1\n").requested, [])
    }

    func testADownloadedSchemaMayNotReferToALocalFile() throws {
        let remote = #"{"properties": {"a": {"$ref": "file:///w/defs.json"}, "b": {"$id": "file:///etc/", "properties": {"x": {"$ref": "passwd"}}}, "c": {"$ref": "other.json"}}}"#
        let (requested, findings) = run(try model(), "/w/a.yaml", "# yaml-language-server: $schema=https://example.com/s.json\na: 1\n",
                                        ["https://example.com/s.json": remote, "https://example.com/other.json": "{}"])
        XCTAssertEqual(requested, ["https://example.com/other.json", "https://example.com/s.json"], "remote references are followed, local ones not")
        XCTAssertTrue(findings.contains { $0.contains("the reference to file:///w/defs.json is not followed: a schema or catalog downloaded from the network may not refer to a local file") }, "\(findings)")
        XCTAssertTrue(findings.contains { $0.contains("the reference to file:///etc/passwd is not followed") }, "\(findings)")
    }

    func testALocalSchemaMayReferToFilesBesideItOrInTheWorkspaceOnly() throws {
        let local = #"{"properties": {"a": {"$ref": "defs.json"}, "b": {"$ref": "/etc/passwd"}, "c": {"$ref": "../../etc/shadow"}}}"#
        let (requested, findings) = run(try model(), "/w/a.yaml", "# yaml-language-server: $schema=./schemas/s.json\na: 1\n",
                                        ["file:///w/schemas/s.json": local, "file:///w/schemas/defs.json": #"{"type": "string"}"#])
        XCTAssertEqual(requested, ["file:///w/schemas/defs.json", "file:///w/schemas/s.json"])
        XCTAssertTrue(findings.contains("schema-type: expected string, found integer 1"), "\(findings)")
        XCTAssertTrue(findings.contains { $0.contains("the reference to file:///etc/passwd is not followed: the file is outside the folders") }, "\(findings)")
        XCTAssertTrue(findings.contains { $0.contains("the reference to file:///etc/shadow is not followed") }, "\(findings)")
    }

    func testARemoteCatalogCannotPointAtLocalFiles() throws {
        let catalog = #"{"schemas": [{"name": "x", "url": "file:///w/s.json", "fileMatch": ["*.yaml"]}]}"#
        let m = try model(#"{"yaml.schemaStore": {"enable": true, "url": "https://example.com/catalog.json"}}"#)
        let (requested, findings) = run(m, "/w/a.yaml", "a: 1\n", ["https://example.com/catalog.json": catalog])
        XCTAssertEqual(requested, ["https://example.com/catalog.json"])
        XCTAssertEqual(findings, ["schema-load-failed: cannot load schema file:///w/s.json: a schema or catalog downloaded from the network may not refer to a local file (see docs/security.md)"])
    }

    func testTheUsersSettingsMayNameAFileAnywhereAndAllowFolders() throws {
        let schema = #"{"required": ["name"]}"#
        let user = try model(#"{"yaml.schemas": {"/home/me/schemas/s.json": "*.yaml"}}"#)
        XCTAssertEqual(run(user, "/w/a.yaml", "x: 1\n", ["file:///home/me/schemas/s.json": schema]).requested, ["file:///home/me/schemas/s.json"])
        let allowed = try model(#"{"pureyaml.schema.allowedFolders": ["/opt/schemas"]}"#)
        XCTAssertEqual(run(allowed, "/w/a.yaml", "# yaml-language-server: $schema=/opt/schemas/s.json\nx: 1\n",
                           ["file:///opt/schemas/s.json": schema]).requested, ["file:///opt/schemas/s.json"])
    }

    func testAProjectFileCannotWidenWhatIsRead() throws {
        let text = """
            yaml.schemas:
              ./schemas/own.json: "own/*.yaml"
              /etc/passwd: "etc/*.yaml"
              ../outside.json: "up/*.yaml"
            pureyaml.schema.allowedFolders: ["/"]
            """
        let configuration = ProjectConfiguration(uri: DocumentURI(filePath: "/w/sub/.pureyaml.yaml"), bytes: Array(text.utf8))
        XCTAssertEqual(configuration.settings.schema.allowedFolders, [])
        XCTAssertEqual(configuration.diagnostics.map(\.diagnostic.code), [ProjectConfiguration.invalidValueCode])
        XCTAssertTrue(configuration.diagnostics.first?.diagnostic.message.contains("can only be set in the editor's user settings") == true)
        var settings = configuration.settings
        settings.schema.workspaceFolders = [DocumentURI(filePath: "/x")]
        let m = DocumentModel(settings: settings)
        XCTAssertEqual(run(m, "/x/own/a.yaml", "a: 1\n", ["file:///w/sub/schemas/own.json": "{}"]).requested, ["file:///w/sub/schemas/own.json"],
                       "a path in the project file's own folder is read")
        XCTAssertEqual(run(m, "/x/etc/a.yaml", "a: 1\n").requested, [])
        XCTAssertEqual(run(m, "/x/up/a.yaml", "a: 1\n").requested, [], "../outside.json is outside the project file's folder and the workspace")
        settings.schema.workspaceFolders = [DocumentURI(filePath: "/w")]
        XCTAssertEqual(run(DocumentModel(settings: settings), "/w/up/a.yaml", "a: 1\n", ["file:///w/outside.json": "{}"]).requested,
                       ["file:///w/outside.json"], "inside the workspace it is read, as a modeline's path would be")
        // Parsed without its location, every local path of a project file is read under the modeline rule.
        var parsed = ProjectConfiguration.parse(bytes: Array(text.utf8)).settings
        XCTAssertEqual(parsed.schema.trustPolicy.readableFiles, [])
        parsed.schema.workspaceFolders = [DocumentURI(filePath: "/w")]
        XCTAssertEqual(run(DocumentModel(settings: parsed), "/w/etc/a.yaml", "a: 1\n").requested, [])
    }

    func testWhatCameBackIsNotQuotedWhenItIsNoSchemaOrCatalog() throws {
        let m = try model(#"{"yaml.schemaStore": {"enable": true, "url": "https://example.com/catalog.json"}}"#)
        let uri = DocumentURI(filePath: "/w/a.yaml")
        _ = run(m, "/w/a.yaml", "# yaml-language-server: $schema=https://example.com/s.json\na: 1\n",
                ["https://example.com/catalog.json": secret, "https://example.com/s.json": #"{"properties": {"a": {"type": "\#(secret)"}}}"#])
        XCTAssertEqual(m.schemaInfo(uri)?.catalogStatus, .failed("the response is not a schema catalog"))
        let findings = (m.diagnostics(uri)?.diagnostics ?? []).map(\.message)
        XCTAssertEqual(findings, ["schema https://example.com/s.json: `type` has the wrong shape at #/properties/a/type; "
            + "the keyword is ignored; the rest of the schema is used"], "the place is named, not the value")
        let (_, notSchema) = run(try model(), "/w/b.yaml", "# yaml-language-server: $schema=https://example.com/t.json\na: 1\n",
                                 ["https://example.com/t.json": "[\"" + secret + "\"]"])
        XCTAssertEqual(notSchema, ["schema-invalid: schema https://example.com/t.json is not a JSON Schema "
            + "(the response is JSON or YAML but no schema; its content is not shown)"])
    }

    func testTheLimitsOfTheFolderTest() {
        let policy = TrustPolicy(readableFolders: ["/w/"])
        XCTAssertNil(policy.refusal(toLoad: "file:///w/a.json", rule: nil, document: nil))
        XCTAssertNotNil(policy.refusal(toLoad: "file:///w2/a.json", rule: nil, document: nil), "whole components only")
        XCTAssertNotNil(policy.refusal(toLoad: "file:///w/./a.json", rule: nil, document: nil))
        XCTAssertNotNil(policy.refusal(toLoad: "file:///w/a%00.json", rule: nil, document: nil), "a NUL byte would cut the path short")
        XCTAssertNil(policy.refusal(toLoad: "/etc/passwd", rule: .commandLine, document: nil), "--schema is the user's")
        XCTAssertNil(policy.refusal(toLoad: "https://example.com/s.json", rule: nil, document: nil), "the edge decides about the network")
    }

    /// The link rule for the repository's own files (``TrustPolicy/refusal(toRead:resolve:)``), with the
    /// file system's answer given as a table of links.
    func testAFileInsideTheFoldersMayNotLeadOutsideThem() {
        let links = ["/w/.yamllint": "/home/me/.ssh/config", "/w/in": "/w/real", "/w/sub": "/etc",
                     "/home/me/.editorconfig": "/dotfiles/editorconfig", "/w/named.yaml": "/etc/named.yaml"]
        func resolve(_ path: String) -> String {
            if let target = links[path] { return target }
            if let (link, target) = links.first(where: { path.hasPrefix($0.key + "/") }) { return target + path.dropFirst(link.count) }
            return path
        }
        let policy = TrustPolicy(readableFolders: ["/w", "/opt/shared"], readableFiles: ["/w/named.yaml"])
        XCTAssertNotNil(policy.refusal(toRead: "/w/.yamllint", resolve: resolve))
        XCTAssertNotNil(policy.refusal(toRead: "/w/sub/.editorconfig", resolve: resolve), "a folder on the path that is a link out")
        XCTAssertNil(policy.refusal(toRead: "/w/in", resolve: resolve), "a link that stays inside")
        XCTAssertNil(policy.refusal(toRead: "/w/a/.pureyaml.yaml", resolve: resolve), "no link")
        XCTAssertNil(policy.refusal(toRead: "/home/me/.editorconfig", resolve: resolve), "outside the folders: the user's own file")
        XCTAssertNil(policy.refusal(toRead: "/w/named.yaml", resolve: resolve), "a file the user named")
        XCTAssertNil(TrustPolicy(readableFolders: ["/w", "/etc"]).refusal(toRead: "/w/sub/x", resolve: resolve), "into another folder")
        XCTAssertNil(TrustPolicy(readableFolders: []).refusal(toRead: "/w/.yamllint", resolve: resolve), "no folders, no confinement")
    }
}
