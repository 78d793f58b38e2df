import Foundation
import TestSupport
import XCTest
import YAMLComposer
import YAMLDocumentModel
import YAMLSyntax

/// Outline, folding and diagnostics goldens over real files from `../shared` (a 100-document Kubernetes
/// stream, a helm values file full of commented-out blocks, a GitLab CI file with long keys) and the
/// yaml-test-suite cases of stray lines in block sequences. Each case's surfaces are rendered as text and
/// compared with `OutlineGolden/<name>.expected`; run with `PUREYAML_UPDATE_GOLDEN=1` to rewrite them,
/// then review the diff by eye.
///
/// The outline is one JSON object per symbol and line, indented by depth, in LSP `DocumentSymbol` terms:
/// `range` and `selectionRange` as `line:character-line:character` (0-based, UTF-16), `kind` as the
/// model's. Folds are `startLine-endLine kind` (0-based); diagnostics `line:column severity code: message`
/// (1-based).
final class OutlineGoldenTests: XCTestCase {
    static var folder: URL { SharedFixtures.packageRoot.appendingPathComponent("Tests/YAMLDocumentModelTests/OutlineGolden") }

    struct Case {
        /// Golden file name (without `.expected`).
        let name: String
        /// Path inside `../shared`.
        let path: String
        /// Documents kept (the stream is cut before the next one); nil keeps the whole file.
        var documents: Int? = nil
        /// Outline levels rendered; deeper symbols are left out.
        var depth = Int.max
        /// Folding regions of this kind only; nil renders all.
        var foldKind: FoldingRegion.Kind? = nil
    }

    static let cases: [Case] = [
        Case(name: "k8s-stream-100", path: "corpus/big/generated/k8s-multidoc-stream.yaml", documents: 100, depth: 1,
             foldKind: .document),
        Case(name: "helm-snmp-notifier-values",
             path: "corpus/helm-values/prometheus-community__helm-charts/charts/alertmanager-snmp-notifier/values.yaml"),
        Case(name: "gitlab-runner-rules", path: "corpus/gitlab-ci/gitlabhq__gitlab-runner/.gitlab/ci/_rules.gitlab-ci.yml"),
        Case(name: "yaml-test-suite-TD5N", path: "yaml-test-suite/TD5N/in.yaml"),
        Case(name: "yaml-test-suite-GT5M", path: "yaml-test-suite/GT5M/in.yaml"),
        Case(name: "yaml-test-suite-6S55", path: "yaml-test-suite/6S55/in.yaml"),
        Case(name: "yaml-test-suite-VJP3-00", path: "yaml-test-suite/VJP3/00/in.yaml"),
    ]

    func testGoldens() throws {
        let update = ProcessInfo.processInfo.environment["PUREYAML_UPDATE_GOLDEN"] == "1"
        for c in Self.cases {
            let folder = try requireSharedFolder(String(c.path.prefix { $0 != "/" }))
            let file = folder.deletingLastPathComponent().appendingPathComponent(c.path)
            var bytes = try [UInt8](Data(contentsOf: file))
            if let keep = c.documents { bytes = Self.firstDocuments(bytes, keep) }
            let actual = Self.render(bytes, c)
            let expectedURL = Self.folder.appendingPathComponent(c.name + ".expected")
            if update {
                try actual.write(to: expectedURL, atomically: true, encoding: .utf8)
                continue
            }
            guard let expected = try? String(contentsOf: expectedURL, encoding: .utf8) else {
                XCTFail("\(c.name): no golden; run with PUREYAML_UPDATE_GOLDEN=1 and review it")
                continue
            }
            if actual != expected {
                let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
                let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
                let i = (0..<min(a.count, e.count)).first { a[$0] != e[$0] } ?? min(a.count, e.count)
                XCTFail("\(c.name): differs from its golden at line \(i + 1):\n  expected: \(i < e.count ? e[i] : "<end>")\n  actual:   \(i < a.count ? a[i] : "<end>")")
            }
        }
    }

    /// The text up to the start of its `count + 1`-th `---` line (the first `count` documents when every
    /// document starts with `---`).
    static func firstDocuments(_ bytes: [UInt8], _ count: Int) -> [UInt8] {
        var seen = 0
        var lineStart = 0
        for i in 0...bytes.count where i == bytes.count || bytes[i] == 0x0A {
            let line = bytes[lineStart..<i]
            if line.starts(with: Array("---".utf8)) && (line.count == 3 || line[lineStart + 3] == 0x20 || line[lineStart + 3] == 0x0D) {
                seen += 1
                if seen == count + 1 { return Array(bytes[..<lineStart]) }
            }
            lineStart = i + 1
        }
        return bytes
    }

    static func render(_ bytes: [UInt8], _ c: Case) -> String {
        var settings = Settings()
        settings.maxItemsComputed = 1_000_000
        let model = DocumentModel(settings: settings)
        let uri = DocumentURI("file:///golden/" + c.name + ".yaml")
        model.perform(.openFile(uri, bytes: bytes))
        guard let snapshot = model.snapshot(uri) else { return "no snapshot\n" }
        let lines = snapshot.lineIndex
        func at(_ offset: Int) -> String {
            let p = lines.position(of: offset, encoding: .utf16)
            return "\(p.line):\(p.column)"
        }
        func span(_ r: TextRange) -> String { "\(at(r.start))-\(at(r.end))" }
        var out = "outline:\n"
        func emit(_ symbols: [OutlineSymbol], level: Int) {
            guard level < c.depth else { return }
            for s in symbols {
                var fields = ["\"name\":\(json(s.name))"]
                if let d = s.detail { fields.append("\"detail\":\(json(d))") }
                fields += ["\"kind\":\"\(s.kind)\"", "\"range\":\"\(span(s.range))\"", "\"selectionRange\":\"\(span(s.selectionRange))\""]
                out += String(repeating: "  ", count: level) + "{" + fields.joined(separator: ",") + "}\n"
                emit(s.children, level: level + 1)
            }
        }
        emit(model.outline(uri)?.symbols ?? [], level: 0)
        out += "folding:\n"
        for r in model.folding(uri)?.regions ?? [] where c.foldKind == nil || r.kind == c.foldKind {
            out += "\(r.startLine)-\(r.endLine) \(r.kind)\n"
        }
        out += "diagnostics:\n"
        for d in model.diagnostics(uri)?.diagnostics ?? [] {
            let p = snapshot.humanPosition(of: d.range.start)
            out += "\(p.line):\(p.column) \(d.severity.label) \(d.code): \(d.message)\n"
        }
        return out
    }

    /// A JSON string literal.
    static func json(_ s: String) -> String { JSONValue.string(s).jsonText }
}
