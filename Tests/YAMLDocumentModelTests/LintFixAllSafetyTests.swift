import Foundation
import TestSupport
import XCTest
import YAMLDocumentModel
import YAMLSyntax

/// Fix-all may not make a file worse (no new core diagnostic), stays linear on a large file, and reaches
/// a fixed point in one run (a second run changes nothing).
final class LintFixAllSafetyTests: XCTestCase {
    /// The text after one `fixAllEdits` run under `config` (a `.yamllint` beside the file).
    static func fixAll(_ config: String, _ bytes: [UInt8]) -> (text: [UInt8], model: DocumentModel, uri: DocumentURI) {
        let model = DocumentModel(environment: .inMemory(texts: ["/p/.yamllint": config]))
        let uri = DocumentURI(filePath: "/p/a.yaml")
        model.perform(.open(uri, version: 1, text: String(decoding: bytes, as: UTF8.self)))
        var out = bytes
        for e in (model.fixAllEdits(uri) ?? []).sorted(by: { $0.range.start > $1.range.start }) {
            out.replaceSubrange(e.range.start..<e.range.end, with: Array(e.newText.utf8))
        }
        return (out, model, uri)
    }

    /// Core (non-lint) diagnostic codes of `bytes`.
    static func coreCodes(_ bytes: [UInt8]) -> [String] {
        let model = DocumentModel()
        let uri = DocumentURI(filePath: "/q/a.yaml")
        model.perform(.open(uri, version: 1, text: String(decoding: bytes, as: UTF8.self)))
        return (model.diagnostics(uri)?.diagnostics ?? []).filter { $0.source != "yamllint" }.map(\.code).sorted()
    }

    /// yamllint wants the closing `}` of `- {` at the `-` column; there it is not indented more than the
    /// sequence, which strict YAML 1.2 parsers reject (`insufficient-indentation`): left as it is.
    func testFlowClosingBracketIsNotMovedToTheSequenceColumn() throws {
        let text = """
            ---
            jobs:
              include:
                - {
                    os: "linux",
                    arch: "x86-64",\u{20}
                  }
                - {
                    os: "macos",
                    arch: "aarch64",
                  }

            """
        let bytes = Array(text.utf8)
        let (out, model, uri) = Self.fixAll("extends: default\n", bytes)
        XCTAssertNotEqual(out, bytes, "the trailing space is removed")
        // Nor is the line re-indented by a quick fix.
        let close = try XCTUnwrap(text.range(of: "      }").map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) })
        let actions = model.codeActions(uri, range: TextRange(start: close, end: close + 7), only: [.quickFix]) ?? []
        XCTAssertFalse(actions.contains { $0.title == "Re-indent this line (indentation)" }, "\(actions.map(\.title))")
        XCTAssertEqual(Self.coreCodes(out), Self.coreCodes(bytes), String(decoding: out, as: UTF8.self))
    }

    /// The corpus file of the report: no core diagnostic the original did not have.
    func testCorpusWorkflowGetsNoNewCoreDiagnostic() throws {
        let corpus = try requireSharedFolder("corpus")
        let url = corpus.appendingPathComponent("github-workflows/astral-sh__uv/.github/workflows/test-system.yml")
        let bytes = Array(try Data(contentsOf: url))
        let (out, _, _) = Self.fixAll("extends: default\n", bytes)
        XCTAssertNotEqual(out, bytes, "fix-all fixes something in this file")
        XCTAssertEqual(Self.coreCodes(out), Self.coreCodes(bytes))
    }
}

extension LintFixAllSafetyTests {
    /// A long stream where every document holds a fix that fails verification (narrowing the space after
    /// `-` would re-indent the mapping's next key): the other fixes of every document are still made
    /// (documents are checked one by one, not by a bounded number of whole-text halvings).
    func testFailingFixInEveryDocumentKeepsTheOthers() {
        // The same rule (hyphens) has a safe fix (`-   c`) beside the unsafe one in every document.
        let document = "---\nx:\n  -   a: 1\n      b: 2\ny:  3   \nz:\n  -   c\n"
        let count = 150
        let bytes = Array(String(repeating: document, count: count).utf8)
        let (out, _, _) = Self.fixAll("extends: default\n", bytes)
        let fixed = "---\nx:\n  -   a: 1\n      b: 2\ny: 3\nz:\n  - c\n"
        XCTAssertEqual(String(decoding: out, as: UTF8.self), String(repeating: fixed, count: count))
    }

    /// Fix-all reaches a fixed point in one run: fixing the result again changes nothing. The files of the
    /// trial report (blank lines left by removed trailing spaces, comments re-indented late, flow lines
    /// re-indented after the brackets fix) and a subset of the corpus (every 40th file up to 16 KiB).
    func testSecondRunChangesNothing() throws {
        let corpus = try requireSharedFolder("corpus")
        var files = [
            "docker-compose/docker__awesome-compose/gitea-postgres/compose.yaml",
            "kubernetes/kubernetes__examples/_archived/sysdig-cloud/sysdig-rc.yaml",
            "ansible/kubernetes-sigs__kubespray/roles/etcd/tasks/gen_nodes_certs_script.yml",
        ]
        var all: [String] = []
        let enumerator = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: [.fileSizeKey])
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "yaml" || url.pathExtension == "yml",
                  ((try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) <= 16 * 1024 else { continue }
            all.append(String(url.path.dropFirst(corpus.path.count + 1)))
        }
        all.sort()
        files += stride(from: 0, to: all.count, by: 40).map { all[$0] }
        var notConverged: [String] = []
        for file in files {
            let bytes = Array(try Data(contentsOf: corpus.appendingPathComponent(file)))
            let once = Self.fixAll("extends: default\n", bytes).text
            let twice = Self.fixAll("extends: default\n", once).text
            if twice != once { notConverged.append(file) }
        }
        XCTAssertEqual(notConverged, [], "a second fix-all changed these files")
    }
}
