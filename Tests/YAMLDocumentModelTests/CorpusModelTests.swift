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

    /// The generated 553-document Kubernetes stream (4.9 MB): one `Document N` symbol per document with
    /// the `kind name` detail, and exactly the duplicate keys of the five source files it concatenates.
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
        XCTAssertEqual(outline.symbols.first?.name, "Document 1")
        XCTAssertTrue(outline.symbols.allSatisfy { $0.kind == .document })
        XCTAssertNil(Self.outlineProblem(outline, snapshot: snapshot))
        var big = Settings()
        big.maxItemsComputed = 1_000_000
        model.perform(.configure(big))
        let full = try XCTUnwrap(model.outline(uri))
        XCTAssertFalse(full.truncated)
        XCTAssertEqual(full.symbols.map(\.name), (1...553).map { "Document \($0)" })
        XCTAssertNil(Self.outlineProblem(full, snapshot: snapshot))
        // Every Kubernetes object names itself: the detail is "Kind name".
        let details = full.symbols.compactMap(\.detail)
        XCTAssertGreaterThan(details.count, 500)
        XCTAssertTrue(details.contains("Gateway frontend-gateway"), "\(details.prefix(5))")
        // Details are cut at 60 characters.
        XCTAssertTrue(details.contains("CustomResourceDefinition alertmanagerconfigs.monitoring.core…"))
        print("k8s stream: \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
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

    static func keyLabel(_ kind: Event.Kind) -> String {
        switch kind {
        case .scalar(let value, _, _, _): return value.isEmpty ? "\"\"" : value
        case .alias(let name): return "*" + name
        case .sequenceStart: return "[…]"
        default: return "{…}"
        }
    }

    /// True when `shown` is `full`, or a shortened form of it (first line, at most 60 characters, "…").
    static func sameName(_ shown: String, _ full: String) -> Bool {
        if shown == full { return true }
        guard shown.hasSuffix("…") else { return false }
        return full.hasPrefix(String(shown.dropLast()))
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
        let expected = expectedTopLevel(Array(snapshot.parse.events))
        if expected.count == 1 {
            return compare(outline.symbols, expected[0], truncated: outline.truncated, label: "root")
        }
        guard outline.symbols.count == expected.count || outline.truncated else {
            return "\(outline.symbols.count) document symbols for \(expected.count) documents"
        }
        for (i, symbol) in outline.symbols.enumerated() {
            if symbol.name != "Document \(i + 1)" || symbol.kind != .document {
                return "symbol \(i) is \(symbol.name) (\(symbol.kind))"
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
