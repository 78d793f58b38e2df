import Foundation
import TestSupport
import XCTest

/// `pureyaml schemas fetch` / `schemas list` and `check --schema-mirror` through the built binary, with a
/// real HTTP server on 127.0.0.1 serving ../shared/schemas (the catalog, the GitHub workflow schema and the
/// Kubernetes kind schemas), mirrors pointing the default URLs at it, and a scratch download cache
/// (`XDG_CACHE_HOME`): a prepared cache or mirror folder then gives the schema findings with the network off.
final class CommandLineSchemasTests: XCTestCase {
    typealias H = CommandLineCIHarness

    static let kindsURL = "https://raw.githubusercontent.com/yannh/kubernetes-json-schema/master/v1.32.1-standalone-strict/"
    static let workflow = "on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps: [{run: make}]\n    bogus: 1\n"

    private var folder: URL!
    private var server: LoopbackHTTPServer!

    override func setUpWithError() throws {
        let schemas = try requireSharedFolder("schemas")
        folder = try H.scratchFolder()
        let www = folder.appendingPathComponent("www")
        try FileManager.default.createDirectory(at: www.appendingPathComponent("sstore/api/json"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: schemas.appendingPathComponent("kubernetes/v1.37.0-standalone-strict"),
                                         to: www.appendingPathComponent("k8s"))
        try FileManager.default.copyItem(at: schemas.appendingPathComponent("catalog.json"),
                                         to: www.appendingPathComponent("sstore/api/json/catalog.json"))
        try FileManager.default.copyItem(at: schemas.appendingPathComponent("schemastore/github-workflow.json"),
                                         to: www.appendingPathComponent("sstore/github-workflow.json"))
        server = try LoopbackHTTPServer(root: www)
        try H.write(KubernetesFixtures.deploymentWithStringReplicas, to: "repo/app/deploy.yaml", in: folder)
        try H.write(Self.workflow, to: "repo/.github/workflows/ci.yml", in: folder)
    }

    override func tearDownWithError() throws {
        server?.stop()
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// The mirrors that point the default Kubernetes folder and SchemaStore at the test server.
    private var mirrorOptions: [String] {
        ["--schema-mirror", Self.kindsURL + "=" + server.url("k8s/"),
         "--schema-mirror", "https://www.schemastore.org/=" + server.url("sstore/")]
    }

    /// `pureyaml arguments` in `repo`, with the download cache in `cache` and only loopback downloads.
    private func run(_ arguments: [String], cache: String = "cache") throws -> H.Output {
        guard let binary = BuiltBinary.pureyaml else { throw H.MissingBinary() }
        var environment = testEnvironment()
        environment["XDG_CACHE_HOME"] = folder.appendingPathComponent(cache).path
        let repo = folder.appendingPathComponent("repo")
        let result = try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "cd \"$0\" && exec \"$@\"", repo.path, binary.path] + arguments,
                                    environment: environment)
        return H.Output(status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self),
                        stderr: String(decoding: result.stderr, as: UTF8.self))
    }

    private func size(_ path: String) throws -> Int {
        try XCTUnwrap((try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("www/" + path).path))[.size] as? Int)
    }

    /// `schemas fetch` fills the cache through the mirrors; `schemas list` lists it; `check --offline` with
    /// default settings (no mirror) then finds the Deployment's kind schema there, and `--explain` names the rule.
    func testFetchFillsTheCacheThatAnOfflineCheckUses() throws {
        let fetch = try run(["schemas", "fetch"] + mirrorOptions + ["."])
        XCTAssertEqual(fetch.status, 0, fetch.stdout + fetch.stderr)
        XCTAssertEqual(fetch.lines, [
            "fetched https://www.schemastore.org/api/json/catalog.json",
            "fetched https://www.schemastore.org/github-workflow.json",
            "fetched \(Self.kindsURL)deployment-apps-v1.json",
        ])
        XCTAssertEqual(fetch.stderr, "fetched 3 of 3 downloads into the download cache\n")
        XCTAssertEqual(server.requests.sorted(), [
            "200 /k8s/deployment-apps-v1.json", "200 /sstore/api/json/catalog.json", "200 /sstore/github-workflow.json",
        ])

        let list = try run(["schemas", "list"])
        XCTAssertEqual(list.status, 0, list.stderr)
        let rows = list.lines.map { $0.split(separator: "\t").map(String.init) }
        XCTAssertEqual(rows.map { $0.prefix(2) }, [
            ["\(Self.kindsURL)deployment-apps-v1.json", String(try size("k8s/deployment-apps-v1.json"))],
            ["https://www.schemastore.org/api/json/catalog.json", String(try size("sstore/api/json/catalog.json"))],
            ["https://www.schemastore.org/github-workflow.json", String(try size("sstore/github-workflow.json"))],
        ])
        for row in rows { XCTAssertTrue(row.count == 3 && (row[2].hasSuffix("s") || row[2].hasSuffix("m")), "age: \(row)") }
        XCTAssertTrue(list.stderr.hasPrefix("3 cached downloads, "), list.stderr)

        let check = try run(["check", "--offline", "--explain", "app/deploy.yaml"])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertEqual(check.lines, [
            "app/deploy.yaml: document 1 (line 1): \(Self.kindsURL)deployment-apps-v1.json [kubernetes: apps/v1 Deployment] loaded",
            #"app/deploy.yaml:5:13: warning: expected integer or null, found string "three" [schema-type]"#,
        ])
        // A fresh cache has nothing: offline, the kind stays quiet.
        XCTAssertEqual(try run(["check", "--offline", "app/deploy.yaml"], cache: "empty").lines, [])
    }

    /// `schemas fetch --mirror-folder` writes a folder per host and prints the mirror entries; a
    /// `.pureyaml.yaml` naming those folders then gives the Deployment's finding and the workflow's (its
    /// schema found through the catalog, both read from the folder) with the network off, and no cache.
    func testAMirrorFolderServesAnOfflineCheck() throws {
        let fetch = try run(["schemas", "fetch", "--mirror-folder", "vendor/schemas"] + mirrorOptions + ["."], cache: "fetch-cache")
        XCTAssertEqual(fetch.status, 0, fetch.stdout + fetch.stderr)
        let vendor = folder.appendingPathComponent("repo/vendor/schemas").path
        XCTAssertEqual(fetch.lines, [
            "fetched https://www.schemastore.org/api/json/catalog.json -> \(vendor)/www.schemastore.org/api/json/catalog.json",
            "fetched https://www.schemastore.org/github-workflow.json -> \(vendor)/www.schemastore.org/github-workflow.json",
            "fetched \(Self.kindsURL)deployment-apps-v1.json -> \(vendor)/raw.githubusercontent.com/yannh/kubernetes-json-schema/master/"
                + "v1.32.1-standalone-strict/deployment-apps-v1.json",
            "pureyaml.schema.mirrors:",
            "  \"https://raw.githubusercontent.com/\": \"./vendor/schemas/raw.githubusercontent.com/\"",
            "  \"https://www.schemastore.org/\": \"./vendor/schemas/www.schemastore.org/\"",
        ])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: vendor + "/www.schemastore.org/github-workflow.json")),
                       try Data(contentsOf: folder.appendingPathComponent("www/sstore/github-workflow.json")))
        server.stop()

        // The printed entries, as they are, in a .pureyaml.yaml where the command ran.
        try H.write("yaml.schemaStore.enable: true\n" + fetch.lines.suffix(3).joined(separator: "\n") + "\n", to: "repo/.pureyaml.yaml", in: folder)
        let check = try run(["check", "--offline", "--explain", "app/deploy.yaml", ".github/workflows/ci.yml"], cache: "no-cache")
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertEqual(check.lines, [
            "app/deploy.yaml: document 1 (line 1): \(Self.kindsURL)deployment-apps-v1.json [kubernetes: apps/v1 Deployment] loaded",
            ".github/workflows/ci.yml: document 1 (line 1): https://www.schemastore.org/github-workflow.json "
                + #"[catalog entry "GitHub Workflow" (fileMatch "**/.github/workflows/*.yml")] loaded"#,
            #"app/deploy.yaml:5:13: warning: expected integer or null, found string "three" [schema-type]"#,
            #".github/workflows/ci.yml:6:5: warning: property "bogus" is not allowed [schema-additionalProperties]"#,
        ])
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("no-cache").path), "a mirror folder is not cached")
    }

    /// Files whose every document has a schema from another rule do not need the SchemaStore catalog:
    /// offline but for a mirror of the kinds, `schemas fetch` fetches what they need and exits 0 (it used
    /// to fetch the catalog always, and fail without the network).
    func testTheCatalogIsFetchedOnlyWhenAFileNeedsIt() throws {
        let fetch = try run(["schemas", "fetch", "--schema-mirror", Self.kindsURL + "=" + server.url("k8s/"), "app/deploy.yaml"])
        XCTAssertEqual(fetch.status, 0, fetch.stdout + fetch.stderr)
        XCTAssertEqual(fetch.lines, ["fetched \(Self.kindsURL)deployment-apps-v1.json"])
        XCTAssertEqual(fetch.stderr, "fetched 1 of 1 download into the download cache\n")
        // The workflow has no schema but the catalog's: it needs it (here unreachable: loopback only).
        let workflow = try run(["schemas", "fetch", ".github/workflows/ci.yml"])
        XCTAssertEqual(workflow.status, 1, workflow.stderr)
        XCTAssertTrue(workflow.lines.first?.hasPrefix("failed https://www.schemastore.org/api/json/catalog.json: ") == true, workflow.stdout)
    }

    /// `check --schema-mirror` with a folder; a download that fails makes `schemas fetch` exit 1 and say
    /// why, while a kind the server has no schema for is "none published" and no failure.
    func testCheckMirrorFlagAndFailedDownloads() throws {
        let check = try run(["check", "--explain", "--schema-mirror", Self.kindsURL + "=" + folder.appendingPathComponent("www/k8s").path + "/",
                             "app/deploy.yaml"], cache: "no-cache")
        XCTAssertEqual(check.lines.last, #"app/deploy.yaml:5:13: warning: expected integer or null, found string "three" [schema-type]"#)
        XCTAssertEqual(server.requests, [])

        try H.write("# yaml-language-server: $schema=\(server.url("missing.json"))\na: 1\n", to: "repo/more/modeline.yaml", in: folder)
        try H.write("apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata: {name: fast}\nprovisioner: x\n", to: "repo/more/sc.yaml", in: folder)
        let fetch = try run(["schemas", "fetch", "--no-config"] + mirrorOptions + ["more"])
        XCTAssertEqual(fetch.status, 1, fetch.stderr)
        // Every document has its schema from a modeline or its kind: the catalog is not needed.
        XCTAssertEqual(fetch.lines, [
            "failed \(server.url("missing.json")): HTTP 404",
            "none published \(Self.kindsURL)storageclass-storage-v1.json (HTTP 404: the kind has no published schema)",
        ])
        XCTAssertEqual(fetch.stderr, "fetched 0 of 2 downloads into the download cache, 1 failed\n")

        let usage = try run(["check", "--schema-mirror", "nothing", "app/deploy.yaml"])
        XCTAssertEqual(usage.status, 2)
        XCTAssertEqual(usage.stderr, "pureyaml check: --schema-mirror needs PREFIX=TARGET (a URL prefix, then a folder or a base URL)\n")
        XCTAssertEqual(try run(["schemas", "nope"]).status, 2)
    }
}
