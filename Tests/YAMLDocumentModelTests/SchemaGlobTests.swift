import XCTest
import YAMLSchema
import YAMLSyntax

/// Globs of `yaml.schemas` and catalog `fileMatch`, and modeline comments, as data.
final class SchemaGlobTests: XCTestCase {
    private func check(_ pattern: String, matches: [String], misses: [String], line: UInt = #line) {
        let glob = SchemaGlob(pattern)
        for p in matches { XCTAssertTrue(glob.matches(p), "\(pattern) should match \(p)", line: line) }
        for p in misses { XCTAssertFalse(glob.matches(p), "\(pattern) should not match \(p)", line: line) }
    }

    func testGlobs() {
        check("docker-compose.yml", matches: ["/a/docker-compose.yml", "docker-compose.yml"], misses: ["/a/my-docker-compose.yml", "/a/docker-compose.yml.bak"])
        check("/.github/workflows/*", matches: ["/w/.github/workflows/ci.yml", ".github/workflows/x"], misses: ["/w/.github/workflows/sub/ci.yml", "/w/github/workflows/ci.yml"])
        check("**/.github/workflows/*.yml", matches: ["/w/.github/workflows/ci.yml", ".github/workflows/a.yml"], misses: ["/w/.github/workflows/ci.yaml"])
        check("*.{yml,yaml}", matches: ["/a/b.yml", "/a/b.yaml"], misses: ["/a/b.json"])
        check("k8s/**/*.yaml", matches: ["/r/k8s/a.yaml", "/r/k8s/x/y/a.yaml"], misses: ["/r/k8s.yaml", "/r/k8sx/a.yaml"])
        check("values-?.yaml", matches: ["/a/values-1.yaml"], misses: ["/a/values-10.yaml", "/a/values-/.yaml"])
        check("[abc]*.yml", matches: ["/x/a1.yml", "/x/cz.yml"], misses: ["/x/d.yml"])
        check("[!abc]*.yml", matches: ["/x/d.yml"], misses: ["/x/a.yml"])
        check("./conf/app.yaml", matches: ["/w/conf/app.yaml"], misses: ["/w/conf2/app.yaml"])
        check("**", matches: ["/anything/at/all.yaml"], misses: [])
        // Degenerate patterns neither crash nor hang.
        check(String(repeating: "*", count: 200) + "x", matches: ["/a/bx"], misses: [String(repeating: "a", count: 2000)])
        check("{a,b", matches: ["/{a,b"], misses: ["/a"])
        check("[abc", matches: ["/[abc"], misses: ["/a"])
    }

    /// An anchored glob (relative to a folder, as a `pureyaml.schema.crds` glob below its folder) matches
    /// whole paths from their start; a prefix match says which folders a walk must enter.
    func testAnchoredGlobsAndPrefixes() {
        let glob = SchemaGlob("crds/*.yaml", anchored: true)
        XCTAssertTrue(glob.matches("crds/a.yaml"))
        XCTAssertFalse(glob.matches("x/crds/a.yaml"))
        XCTAssertFalse(glob.matches("crds/old/a.yaml"))
        XCTAssertTrue(SchemaGlob("crds/*.yaml").matches("x/crds/a.yaml"), "unanchored, as yaml.schemas globs")
        XCTAssertTrue(glob.matches("crds/", prefix: true))
        XCTAssertFalse(glob.matches("x/", prefix: true))
        XCTAssertFalse(glob.matches("crds/old/", prefix: true), "`*` does not enter folders")
        XCTAssertTrue(SchemaGlob("crds/**/*.yaml", anchored: true).matches("crds/old/", prefix: true))
    }

    func testNegatedGlobsExclude() {
        let globs = ["*.yaml", "!secret.yaml"].map(SchemaGlob.init)
        XCTAssertEqual(SchemaGlob.firstMatch(globs, path: "/a/app.yaml")?.pattern, "*.yaml")
        XCTAssertNil(SchemaGlob.firstMatch(globs, path: "/a/secret.yaml"))
    }

    func testModelines() {
        func first(_ text: String) -> String? {
            SchemaModeline.first(in: Array(text.utf8), range: TextRange(start: 0, end: text.utf8.count)).map {
                "\($0.reference)@\($0.range.start)..<\($0.range.end)"
            }
        }
        XCTAssertEqual(first("# yaml-language-server: $schema=https://x/s.json\na: 1\n"), "https://x/s.json@0..<48")
        XCTAssertEqual(first("a: 1\n  #  yaml-language-server : foo=1 $schema=../s.yaml other=2\r\n"), "../s.yaml@7..<64")
        XCTAssertEqual(first("# $schema: ./s.json\n"), "./s.json@0..<19")
        XCTAssertEqual(first("#$schema:none"), "none@0..<13")
        XCTAssertNil(first("a: 1 # yaml-language-server: $schema=x\n"), "a trailing comment is no modeline")
        XCTAssertNil(first("# yaml-language-server: $schema=\n# schema: x\n# $schemas: y\n"))
        XCTAssertTrue(SchemaModeline(reference: "None", range: TextRange(empty: 0)).disablesValidation)
    }
}
