import Foundation
import TestSupport
import XCTest

/// `examples/` is what the README's first command checks: each file is a realistic one (a GitHub
/// workflow, a Kubernetes stream, a Compose file, Helm values) with the mistakes its opening comment
/// names, and `pureyaml check examples` reports each of them, on the right line, and exits 1.
final class ExamplesTests: XCTestCase {
    /// `path:line:column` and code of every mistake the files' comments describe.
    static let expected: [(String, String)] = [
        ("examples/compose.yaml:18:1", "tab-indentation"),
        ("examples/compose.yaml:28:1", "duplicate-key"),
        ("examples/github-workflow.yml:18:5", "duplicate-key"),
        ("examples/github-workflow.yml:30:11", "expected-mapping-key"),
        ("examples/kubernetes.yaml:28:22", "undefined-alias"),
        ("examples/kubernetes.yaml:52:3", "duplicate-key"),
        ("examples/values.yaml:17:10", "unclosed-flow-sequence"),
        ("examples/values.yaml:31:1", "duplicate-key"),
    ]

    func testTheReadmeCommandReportsEveryDeliberateMistake() throws {
        let binary = try XCTUnwrap(BuiltBinary.pureyaml, "the pureyaml executable was not built")
        let run = try runProcess(URL(fileURLWithPath: "/bin/sh"),
                                 ["-c", "cd \"$0\" && exec \"$1\" check examples", // the README's command
                                  SharedFixtures.packageRoot.path, binary.path])
        let out = String(decoding: run.stdout, as: UTF8.self), err = String(decoding: run.stderr, as: UTF8.self)
        XCTAssertEqual(run.status, 1, "findings make check exit 1\n\(out)\(err)")
        let findings = out.split(separator: "\n").map(String.init)
        for (location, code) in Self.expected {
            XCTAssertTrue(findings.contains { $0.hasPrefix(location + ": error: ") && $0.hasSuffix("[\(code)]") },
                          "\(location) [\(code)] not reported:\n\(out)")
        }
        XCTAssertTrue(err.hasPrefix("checked 4 files: "), err)
        // Every file in the folder is one of the four, and each has its mistakes.
        let files = try FileManager.default.contentsOfDirectory(atPath: SharedFixtures.packageRoot.appendingPathComponent("examples").path)
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
        XCTAssertEqual(files, ["compose.yaml", "github-workflow.yml", "kubernetes.yaml", "values.yaml"])
    }
}
