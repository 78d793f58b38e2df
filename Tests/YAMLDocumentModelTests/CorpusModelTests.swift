import Foundation
import TestSupport
import XCTest
import YAMLComposer
import YAMLFormatter
import YAMLParser
import YAMLSyntax
@testable import YAMLDocumentModel

/// The main job on real input: every file of `shared/corpus` goes through the document model in-process
/// (diagnostics, outline, formatting), and each surface is checked against an independent expectation.
///
/// `big/` is limited to its smallest file, so the whole run stays well under a minute in a debug build.
final class CorpusModelTests: XCTestCase {
    /// The real duplicate keys of the corpus (YAML 1.2.2 §3.2.1.1 forbids them): `file:line` of the
    /// later key, 1-based. Anything else reported as `duplicate-key` is a false positive.
    static let expectedDuplicateKeys: Set<String> = [
        "kubernetes/kubernetes__examples/_archived/openshift-origin/etcd-controller.yaml:12",
        "kubernetes/kubernetes__examples/_archived/openshift-origin/etcd-discovery-controller.yaml:12",
        "kubernetes/kubernetes__examples/_archived/openshift-origin/openshift-controller.yaml:12",
        "kubernetes/kubernetes__examples/_archived/persistent-volume-provisioning/quobyte/quobyte-admin-secret.yaml:9",
        "kubernetes/kubernetes__examples/_archived/volumes/scaleio/sc-pvc.yaml:12",
    ]

    /// Files of the corpus, relative to it, sorted; `big/` reduced to its smallest file.
    static func corpusFiles(_ root: URL) throws -> [String] {
        let fm = FileManager.default
        guard let walker = fm.enumerator(atPath: root.path) else { return [] }
        var files: [String] = []
        var big: [(String, Int)] = []
        while let rel = walker.nextObject() as? String {
            guard YAMLFileFilter.isYAMLFile(rel) else { continue }
            let attrs = try fm.attributesOfItem(atPath: root.appendingPathComponent(rel).path)
            guard (attrs[.type] as? FileAttributeType) == .typeRegular else { continue }
            if rel.hasPrefix("big/") {
                big.append((rel, (attrs[.size] as? Int) ?? 0))
            } else {
                files.append(rel)
            }
        }
        if let smallest = big.min(by: { $0.1 < $1.1 }) { files.append(smallest.0) }
        return files.sorted()
    }

    /// What went wrong, per kind of check, with the files concerned.
    struct Findings {
        var errors: [String] = []
        var duplicates: Set<String> = []
        var outline: [String] = []
        var refusals: [String] = []
        var formatting: [String] = []
    }

    func testEveryCorpusFileThroughTheModel() throws {
        let root = try requireSharedFolder("corpus")
        let files = try Self.corpusFiles(root)
        XCTAssertGreaterThan(files.count, 5000, "the corpus should hold over 5,000 YAML files")
        let started = Date()
        let startedCPU = processCPUSeconds()
        var findings = Findings()
        var formattedCount = 0
        for rel in files {
            let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent(rel)))
            let model = DocumentModel()
            let uri = DocumentURI(filePath: "/corpus/" + rel)
            model.perform(.openFile(uri, bytes: bytes))
            guard let snapshot = model.snapshot(uri), let diags = model.diagnostics(uri)?.diagnostics else {
                XCTFail("\(rel): no snapshot"); continue
            }
            let lenient = rel.hasPrefix("lenient/")
            for d in diags where d.severity == .error {
                let line = snapshot.humanPosition(of: d.range.start).line
                if d.code == "duplicate-key" {
                    findings.duplicates.insert("\(rel):\(line)")
                } else if !lenient {
                    findings.errors.append("\(rel):\(line): \(d.message) [\(d.code)]")
                }
            }
            if let problem = Self.outlineProblem(model.outline(uri), snapshot: snapshot) {
                findings.outline.append("\(rel): \(problem)")
            }
            guard snapshot.parse.isValid else { continue }
            guard let surface = model.formatting(uri) else { XCTFail("\(rel): no formatting surface"); continue }
            if let why = surface.refusal { findings.refusals.append("\(rel): \(why)"); continue }
            if !surface.edits.isEmpty { formattedCount += 1 }
            if let problem = Self.formattingProblem(surface, snapshot: snapshot) {
                findings.formatting.append("\(rel): \(problem)")
            }
        }
        let seconds = Date().timeIntervalSince(started)
        let cpuSeconds = processCPUSeconds() - startedCPU
        print("corpus: \(files.count) files in \(String(format: "%.1f", seconds)) s "
              + "(\(String(format: "%.1f", cpuSeconds)) s CPU); \(formattedCount) would be reformatted")
        XCTAssertEqual(findings.errors, [], "error diagnostics on files that libfyaml accepts")
        XCTAssertEqual(findings.duplicates.subtracting(Self.expectedDuplicateKeys).sorted(), [],
                       "duplicate-key errors not in the expected list (false positives?)")
        XCTAssertEqual(Self.expectedDuplicateKeys.subtracting(findings.duplicates).sorted(), [],
                       "expected duplicate keys no longer reported")
        XCTAssertEqual(findings.outline, [], "outline top-level names differ from the documents' keys")
        XCTAssertEqual(findings.refusals, [], "the safety net refused: the formatter broke these files")
        XCTAssertEqual(findings.formatting, [], "formatting problems")
        // A hang guard, not a speed goal (pureyaml-bench measures speed): CPU time, not wall time (on a
        // loaded 2-core machine this run took 136 s of wall time for about 31 s of CPU time), with a bound
        // over ten times the debug-build figure, so only a hang or a blow-up on some file can reach it.
        XCTAssertLessThan(cpuSeconds, 400, "hang guard: the corpus run used \(cpuSeconds) s of CPU time")
    }

    /// The generated 553-document Kubernetes stream (4.9 MB): exactly the duplicate keys of the five
    /// source files it concatenates, and one symbol per document named by its kind and name.
    func testGeneratedKubernetesStream() throws {
        let file = try requireSharedFolder("corpus").appendingPathComponent("big/generated/k8s-multidoc-stream.yaml")
        let bytes = try [UInt8](Data(contentsOf: file))
        let started = Date()
        let model = DocumentModel()
        let uri = DocumentURI(filePath: file.path)
        model.perform(.openFile(uri, bytes: bytes))
        let snapshot = try XCTUnwrap(model.snapshot(uri))
        let errors = snapshot.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.map(\.code), Array(repeating: "duplicate-key", count: 5))
        XCTAssertEqual(snapshot.composition.documents.count, 553)
        let outline = try XCTUnwrap(model.outline(uri))
        XCTAssertTrue(outline.truncated, "the default cap of 5000 entries is reached")
        XCTAssertEqual(outline.symbols.first?.name, "ServiceEntry allow-egress-googleapis")
        XCTAssertNil(Self.outlineProblem(outline, snapshot: snapshot))
        var big = Settings()
        big.maxItemsComputed = 1_000_000
        model.perform(.configure(big))
        let full = try XCTUnwrap(model.outline(uri))
        XCTAssertFalse(full.truncated)
        XCTAssertEqual(full.symbols.count, 553)
        XCTAssertNil(Self.outlineProblem(full, snapshot: snapshot))
        let names = full.symbols.map(\.name)
        XCTAssertTrue(names.contains("Gateway frontend-gateway"), "\(names.prefix(5))")
        XCTAssertTrue(names.contains("CustomResourceDefinition alertmanagerconfigs.monitoring.coreos.com"))
        // Most documents are resources (outlineProblem checked each one's name); the rest have a fallback.
        let resources = snapshot.composition.documents.filter { Self.kubernetesName($0.root) != nil }.count
        XCTAssertGreaterThan(resources, 500)
        XCTAssertEqual(full.symbols.filter { $0.name.hasPrefix("Document ") }.count, 5, "empty documents and sequences")
        // The namespace is the detail.
        XCTAssertEqual(full.symbols.compactMap(\.detail).filter { $0 == "monitoring" }.count,
                       snapshot.composition.documents.filter {
                           if case .success(let v) = JSONProjection.project($0.root), v["metadata"]?["namespace"] == .string("monitoring") { return true }
                           return false
                       }.count)
        print("k8s stream: \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
    }

    /// Every stream of `corpus/big`: each document that has a kind and a name is named `Kind name` (in
    /// the outline when the stream has several documents, in workspace symbols when it has one), and no
    /// symbol name at any depth is cut with `…`.
    func testBigStreamsNameEveryResourceAndCutNoName() throws {
        let folder = try requireSharedFolder("corpus").appendingPathComponent("big")
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter(YAMLFileFilter.isYAMLFile).sorted()
        XCTAssertGreaterThanOrEqual(files.count, 4)
        var settings = Settings()
        settings.maxItemsComputed = 10_000_000
        for rel in files {
            let model = DocumentModel(settings: settings)
            let uri = DocumentURI(filePath: folder.appendingPathComponent(rel).path)
            model.perform(.openFile(uri, bytes: try [UInt8](Data(contentsOf: folder.appendingPathComponent(rel)))))
            let snapshot = try XCTUnwrap(model.snapshot(uri))
            let outline = try XCTUnwrap(model.outline(uri))
            XCTAssertFalse(outline.truncated, rel)
            XCTAssertNil(Self.cutName(outline.symbols), rel)
            let documents = snapshot.composition.documents
            if documents.count > 1 {
                XCTAssertEqual(outline.symbols.count, documents.count, rel)
                for (i, symbol) in outline.symbols.enumerated() {
                    XCTAssertNil(Self.documentNameProblem(symbol, documents[i].root, index: i), rel)
                }
            } else if let expected = documents.first.flatMap({ Self.kubernetesName($0.root) }) {
                XCTAssertEqual(model.workspaceSymbols(expected).first?.name, expected, rel)
            }
        }
    }

    // MARK: Outline

    /// The top-level names a reader expects, read from the parse events (not from the composer, which
    /// the outline is built from): per document, its root mapping's keys, or one name per item of a root
    /// sequence (nil names: only the count is checked).
    static func expectedTopLevel(_ events: [Event]) -> [[String?]] {
        var documents: [[String?]] = []
        var depth = 0            // open collections inside the current document
        var rootKind = 0         // 0 none, 1 mapping, 2 sequence
        var position = 0         // nodes seen directly inside the root collection
        var names: [String?] = []
        for event in events {
            switch event.kind {
            case .documentStart:
                depth = 0; rootKind = 0; position = 0; names = []
            case .documentEnd:
                documents.append(names)
            case .mappingStart, .sequenceStart, .scalar, .alias:
                if depth == 1 {
                    if rootKind == 1 {
                        if position % 2 == 0 { names.append(keyLabel(event.kind)) }
                    } else {
                        names.append(nil)
                    }
                    position += 1
                }
                if depth == 0 {
                    if case .mappingStart = event.kind { rootKind = 1 }
                    if case .sequenceStart = event.kind { rootKind = 2 }
                }
                switch event.kind {
                case .mappingStart, .sequenceStart: depth += 1
                default: break
                }
            case .mappingEnd, .sequenceEnd:
                depth -= 1
            case .streamStart, .streamEnd:
                break
            }
        }
        return documents
    }

    /// A scalar or alias key's name; nil for a collection key (named by its source text, not checked here).
    static func keyLabel(_ kind: Event.Kind) -> String? {
        switch kind {
        case .scalar(let value, _, _, _): return value.isEmpty ? "\"\"" : value
        case .alias(let name): return "*" + name
        default: return nil
        }
    }

    /// True when `shown` is `full` whole, its lines joined by single spaces (names are never cut).
    static func sameName(_ shown: String, _ full: String) -> Bool {
        let lines = full.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        return shown == lines.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// `Kind name` for a document with string `apiVersion`, `kind` and `metadata.name` members, read from
    /// its JSON projection (not the code the outline uses); nil otherwise.
    static func kubernetesName(_ root: YAMLNode) -> String? {
        guard case .success(let value) = JSONProjection.project(root), case .string(let kind)? = value["kind"],
              case .string? = value["apiVersion"], case .string(let name)? = value["metadata"]?["name"],
              !kind.isEmpty, !name.isEmpty else { return nil }
        return "\(kind) \(name)"
    }

    /// What is wrong with the symbol of document `index`: a Kubernetes-style document must be named
    /// `Kind name`; no name may be empty or cut with `…`.
    static func documentNameProblem(_ symbol: OutlineSymbol, _ root: YAMLNode, index: Int) -> String? {
        if let expected = kubernetesName(root), symbol.name != expected {
            return "document \(index + 1) is \(symbol.name.debugDescription), not \(expected.debugDescription)"
        }
        if symbol.name.isEmpty || symbol.name.hasSuffix("…") { return "document \(index + 1) is \(symbol.name.debugDescription)" }
        return nil
    }

    /// The first symbol, at any depth, whose name is cut with `…`.
    static func cutName(_ symbols: [OutlineSymbol]) -> String? {
        var stack = symbols
        while let s = stack.popLast() {
            if s.name.hasSuffix("…") { return s.name }
            stack += s.children
        }
        return nil
    }

    /// A symbol whose selection range is outside its range (VS Code rejects the whole outline then), or
    /// whose child lies outside it, or whose range is outside the text.
    static func containmentProblem(_ symbols: [OutlineSymbol], parent: TextRange) -> String? {
        var stack = symbols.map { ($0, parent) }
        while let (s, p) = stack.popLast() {
            if !s.range.contains(s.selectionRange) { return "\(s.name): selection \(s.selectionRange) outside \(s.range)" }
            if !p.contains(s.range) { return "\(s.name): range \(s.range) outside its parent's \(p)" }
            stack += s.children.map { ($0, s.range) }
        }
        return nil
    }

    static func outlineProblem(_ outline: OutlineSurface?, snapshot: DocumentSnapshot) -> String? {
        guard let outline else { return "no outline" }
        if let p = containmentProblem(outline.symbols, parent: TextRange(start: 0, end: snapshot.bytes.count)) { return p }
        if let cut = cutName(outline.symbols) { return "a name cut with …: \(cut)" }
        let expected = expectedTopLevel(Array(snapshot.parse.events))
        if expected.count == 1 {
            return compare(outline.symbols, expected[0], truncated: outline.truncated, label: "root")
        }
        guard outline.symbols.count == expected.count || outline.truncated else {
            return "\(outline.symbols.count) document symbols for \(expected.count) documents"
        }
        for (i, symbol) in outline.symbols.enumerated() {
            if let problem = documentNameProblem(symbol, snapshot.composition.documents[i].root, index: i) {
                return problem
            }
            let last = i == outline.symbols.count - 1
            if let p = compare(symbol.children, expected[i], truncated: outline.truncated && last,
                               label: "Document \(i + 1)") { return p }
        }
        return nil
    }

    static func compare(_ symbols: [OutlineSymbol], _ expected: [String?], truncated: Bool, label: String) -> String? {
        if symbols.count != expected.count && !(truncated && symbols.count < expected.count) {
            return "\(label): \(symbols.count) symbols for \(expected.count) top-level entries"
        }
        for (s, e) in zip(symbols, expected) {
            if let e, !sameName(s.name, e) { return "\(label): symbol \(s.name.debugDescription) for key \(e.debugDescription)" }
        }
        return nil
    }

    // MARK: Formatting

    /// The JSON texts of every document (member order kept), or nil when one cannot be projected.
    static func projection(_ composition: Composition) -> [String]? {
        var out: [String] = []
        for d in composition.documents {
            guard case .success(let v) = JSONProjection.project(d.root) else { return nil }
            out.append(v.jsonText)
        }
        return out
    }

    static func comments(_ tree: SyntaxTree) -> [String] {
        tree.tokens.filter { $0.kind == .comment }.map {
            String(decoding: tree.slice($0.range), as: UTF8.self).trimmingCharacters(in: .whitespaces)
        }
    }

    /// Checks a formatting surface independently of the model's own safety net: the edits rebuild the
    /// formatted text, which parses, projects to the same JSON, keeps every comment, and is stable.
    static func formattingProblem(_ surface: FormattingSurface, snapshot: DocumentSnapshot) -> String? {
        let formatted = surface.formattedText
        if apply(surface.edits, to: snapshot.bytes) != formatted { return "edits do not rebuild the formatted text" }
        if surface.edits.isEmpty { return formatted == snapshot.bytes ? nil : "no edits but a different text" }
        let reparsed = Parser.parse(formatted)
        if let e = reparsed.errors.first(where: { $0.severity == .error }) {
            return "formatted text does not parse: \(e.message)"
        }
        if projection(Composer.compose(reparsed)) != projection(snapshot.composition) {
            return "formatted text loads to different data"
        }
        if comments(reparsed.tree) != comments(snapshot.parse.tree) { return "comments changed" }
        let again = DocumentSnapshot(uri: snapshot.uri, version: 1, bytes: formatted)
        let second = FormattingPlanner.plan(again, options: FormatOptions())
        if !second.edits.isEmpty || second.formattedText != formatted { return "formatting again changes the text" }
        return nil
    }

    /// Applies non-overlapping byte-range replacements (sorted) to `bytes`.
    static func apply(_ edits: [TextReplacement], to bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        for e in edits.sorted(by: { $0.range.start > $1.range.start }) {
            out.replaceSubrange(e.range.start..<e.range.end, with: Array(e.newText.utf8))
        }
        return out
    }
}
