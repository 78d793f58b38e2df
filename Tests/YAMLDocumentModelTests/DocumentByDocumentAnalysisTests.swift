import Foundation
import TestSupport
import XCTest
import YAMLComposer
import YAMLSchema
import YAMLSyntax
@testable import YAMLDocumentModel

/// A one-shot check analyses a multi-document stream one document at a time
/// (``DocumentByDocumentAnalysis``, ``DocumentModel/analysesDocumentByDocument``): what it reports must be
/// exactly what the whole-text analysis reports (diagnostics with their messages and order, the documents
/// and composition errors at the same offsets, and through the model every finding `check` prints,
/// schema findings included), on the corpus, on streams made of its files, and on edited streams.
final class DocumentByDocumentAnalysisTests: XCTestCase {
    /// The same text analysed document by document and as a whole; true when the first way was taken.
    @discardableResult
    private func compare(_ bytes: [UInt8], _ label: String) -> Bool {
        let whole = DocumentSnapshot(uri: DocumentURI(filePath: "/w/a.yaml"), version: 0, bytes: bytes)
        let split = DocumentSnapshot(uri: DocumentURI(filePath: "/w/a.yaml"), version: 0, bytes: bytes, documentByDocument: true)
        let byDocument = !split.hasWholeTextAnalysis
        XCTAssertEqual(split.diagnostics, whole.diagnostics, label)
        XCTAssertEqual(split.composition.errors, whole.composition.errors, label)
        XCTAssertEqual(split.composition.documents.map(\.range), whole.composition.documents.map(\.range), label)
        XCTAssertEqual(split.composition.documents.map(\.version), whole.composition.documents.map(\.version), label)
        XCTAssertEqual(split.composition.documents.map { Self.dump($0.root) }, whole.composition.documents.map { Self.dump($0.root) }, label)
        XCTAssertEqual(split.chunks?.starts, whole.chunks?.starts, label)
        XCTAssertEqual(split.chunks?.documentRanges, whole.chunks?.documentRanges, label)
        // The tree is parsed when read, as the whole analysis has it.
        XCTAssertEqual(split.syntaxErrors, whole.syntaxErrors, label)
        compareLean(bytes, whole: whole, label)
        return byDocument
    }

    /// The same text analysed document by document keeping no graph (as a large one is: ``DocumentRootSummary``)
    /// and as a whole: the same diagnostics and chunks, each document's root composed again from its chunk
    /// alike, and the summaries those of the whole analysis's roots; nothing of the whole text is parsed.
    /// A text that is not analysed document by document is checked without its graph after its tree is freed
    /// (composed when a key needs it), as a large one is in a check: the same summaries, and the same
    /// composition when read.
    private func compareLean(_ bytes: [UInt8], whole: DocumentSnapshot, _ label: String) {
        let lean = DocumentSnapshot(uri: DocumentURI(filePath: "/w/a.yaml"), bytes: bytes, documentByDocumentKeepingGraphsBelow: 0)
        XCTAssertEqual(lean.diagnostics, whole.diagnostics, label)
        XCTAssertEqual(lean.chunks?.starts, whole.chunks?.starts, label)
        XCTAssertEqual(lean.chunks?.documentRanges, whole.chunks?.documentRanges, label)
        guard lean.rootSummaries != nil else {
            // One document, or a stream that does not qualify, with a key only its graph compares: composed
            // without the tree (a large text's way).
            XCTAssertFalse(lean.hasWholeTextAnalysis, "\(label): the tree was kept")
            XCTAssertEqual(lean.composition.errors, whole.composition.errors, label)
            XCTAssertEqual(lean.composition.documents.map(\.range), whole.composition.documents.map(\.range), label)
            XCTAssertEqual(lean.composition.documents.map { Self.dump($0.root) }, whole.composition.documents.map { Self.dump($0.root) }, label)
            XCTAssertEqual(lean.syntaxErrors, whole.syntaxErrors, label)
            return
        }
        let documents = whole.composition.documents
        if lean.summaryRanges != nil {
            // One document, or a stream that does not qualify, checked without its graph (``Composer/check``):
            // composed from the events when read.
            XCTAssertEqual(lean.composition.errors, whole.composition.errors, label)
            XCTAssertEqual(lean.composition.documents.map(\.range), documents.map(\.range), label)
        }
        XCTAssertEqual(lean.documentRanges, documents.map(\.range), label)
        XCTAssertEqual(lean.documentSummaries.summaries.map(Self.describe), documents.map { Self.describe(DocumentRootSummary($0.root)) }, label)
        for (i, document) in documents.enumerated() {
            XCTAssertEqual(lean.documentRoot(i).map(Self.dump), Self.dump(document.root), "\(label), document \(i)")
        }
        XCTAssertNil(lean.documentRoot(documents.count), label)
        XCTAssertFalse(lean.hasWholeTextAnalysis, "\(label): the whole text was parsed")
    }

    /// Every field of a summary as text.
    static func describe(_ s: DocumentRootSummary) -> String {
        "\(s.apiVersionAndKind.map { "\($0.apiVersion) \($0.kind)" } ?? "-") \(s.resourceType?.description ?? "-") "
            + "\(s.schemaNameParts.apiVersion ?? "-") \(s.schemaNameParts.kind ?? "-") \(s.kubernetesSchemaName ?? "-") "
            + "\(s.hasMetadataMapping) \(s.isDefinition)"
    }

    /// Every node of a graph as text: tag, anchor, range, style and content (an alias by its target's range).
    static func dump(_ node: YAMLNode) -> String {
        var out = ""
        func walk(_ n: YAMLNode, _ depth: Int) {
            out += "\(depth) \(n.tag) \(n.anchor ?? "-") \(n.range.start)-\(n.range.end) \(n.collectionStyle) \(n.hasExplicitTag): "
            switch n.content {
            case .scalar(let value, let style): out += "\(style) \(value.debugDescription)\n"
            case .alias(let name, let target): out += "*\(name) -> \(target.map { "\($0.range.start)" } ?? "nil")\n"
            case .sequence(let items):
                out += "seq \(items.count)\n"
                for item in items { walk(item, depth + 1) }
            case .mapping(let pairs):
                out += "map \(pairs.count)\n"
                for pair in pairs { walk(pair.key, depth + 1); walk(pair.value, depth + 1) }
            }
        }
        walk(node, 0)
        return out
    }

    func testCorpusFilesAnalyseAlikeEitherWay() throws {
        let root = try requireSharedFolder("corpus")
        var split = 0, streams = 0
        for file in try CorpusModelTests.corpusFiles(root) {
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(file).path) else { continue }
            let bytes = SourceEncoding.detect([UInt8](data)).utf8([UInt8](data))
            if !DocumentByDocumentAnalysis.markerLines(bytes).isEmpty { streams += 1 }
            XCTAssertEqual(DocumentByDocumentAnalysis.markerLines(bytes, lineIndex: LineIndex(bytes)),
                           DocumentByDocumentAnalysis.markerLines(bytes), file)
            if compare(bytes, file) { split += 1 }
        }
        print("corpus: \(split) files analysed document by document of \(streams) with a `---` line after the start")
        // Most multi-document files of the corpus qualify (the others have directives, `...` or errors).
        XCTAssertGreaterThan(split, streams / 2)
    }

    /// Streams of several corpus files joined with `---` lines (each file a document or more), in a
    /// seeded order, with and without a comment before the first marker and CRLF line breaks.
    func testStreamsMadeOfCorpusFilesAnalyseAlikeEitherWay() throws {
        let root = try requireSharedFolder("corpus")
        let files = try CorpusModelTests.corpusFiles(root).filter { !$0.hasPrefix("big/") }
        var rng = SeededGenerator(seed: 19)
        var split = 0
        for round in 0..<150 {
            var text = Self.corpusStream(files, in: root, round: round, maxCount: 7, &rng)
            if round % 7 == 0 {
                var crlf: [UInt8] = []
                for b in text { if b == 0x0A { crlf.append(0x0D) }; crlf.append(b) }
                text = crlf
            }
            if compare(text, "round \(round)") { split += 1 }
        }
        print("corpus streams: \(split) of 150 analysed document by document")
        XCTAssertGreaterThan(split, 50)
    }

    /// The stream of ``IncrementalAnalysisTests`` after random edits (errors, directives, `...`, tabs,
    /// control characters, CR line breaks, markers made and broken): alike either way, and the streams
    /// that stay valid are analysed document by document.
    func testEditedStreamsAnalyseAlikeEitherWay() {
        var rng = SeededGenerator(seed: 7)
        var split = 0
        for round in 0..<400 where compare(Self.editedStream(&rng), "round \(round)") { split += 1 }
        print("edited streams: \(split) of 400 analysed document by document")
        XCTAssertGreaterThan(split, 40)
    }

    /// Two to `maxCount` of `files` (under `root`) picked by `rng`, joined with `---` lines (with the file's
    /// name as a comment on them in every fifth `round`; the first file starts with one in even rounds; every
    /// third round starts with a comment).
    static func corpusStream(_ files: [String], in root: URL, round: Int, maxCount: Int, _ rng: inout SeededGenerator) -> [UInt8] {
        var text: [UInt8] = round % 3 == 0 ? Array("# a stream\n\n".utf8) : []
        for n in 0..<(2 + Int(rng.next() % UInt64(maxCount - 1))) {
            let file = files[Int(rng.next() % UInt64(files.count))]
            guard var bytes = FileManager.default.contents(atPath: root.appendingPathComponent(file).path).map({ [UInt8]($0) }) else { continue }
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
            if bytes.last != 0x0A { bytes.append(0x0A) }
            if n > 0 || round % 2 == 0 { text += Array((round % 5 == 0 ? "--- # \(file)\n" : "---\n").utf8) }
            text += bytes
        }
        return text
    }

    /// The stream of ``IncrementalAnalysisTests`` after one to three random edits from its list, half of
    /// them at a line start.
    static func editedStream(_ rng: inout SeededGenerator) -> [UInt8] {
        let edits = IncrementalAnalysisTests.edits
        var text = Array(IncrementalAnalysisTests.stream.utf8)
        for _ in 0...(rng.next() % 3) {
            var at = Int(rng.next() % UInt64(text.count + 1))
            if rng.next() % 2 == 0 { while at > 0, text[at - 1] != 0x0A { at -= 1 } }
            while at > 0, at < text.count, text[at] & 0xC0 == 0x80 { at -= 1 }
            text.insert(contentsOf: Array(edits[Int(rng.next() % UInt64(edits.count))].utf8), at: at)
        }
        return text
    }

    /// Shapes at the edges of the split: a marker line the parser does not take as one (inside a quoted
    /// scalar: an error), `---` followed by text, a block scalar on the marker line, a first chunk of
    /// comments only, empty documents, no final line break, duplicate keys citing lines, unused anchors,
    /// tags, directives and `...` (the whole text then).
    func testEdgeShapesAnalyseAlikeEitherWay() {
        let cases = [
            "a: 1\n---\nb: 2\n",
            "---\na: 1\n---\nb: 2",
            "# only a comment\n\n---\na: &x 1\nb: *x\n---\nc: &y 2\n",
            "a: 'x\n---\ny'\n---\nb: 1\n",
            "a: 1\n---x\n---\nb: 2\n",
            "--- |\n  text\n--- >-\n  folded\n---\n",
            "---\n---\n---\n",
            "a: 1\na: 2\n---\nb: 1\nc: 2\nb: 3\n---\n? [x, y]\n: 1\n? [x, y]\n: 2\n",
            "--- !!map\n!!str a: !custom b\n---\n!!int x: 1\n",
            "%YAML 1.2\n---\na: 1\n---\nb: 2\n",
            "a: 1\n...\n---\nb: 2\n",
            "a: *undefined\n---\nb: &u 1\n",
            "a:\n- 1\n---\t\nb: [1,\n2]\n",
            "a: 1\r---\rb: 1\ra: 2\r",
            "\u{FEFF}a: 1\n---\nb: 2\n",
            "a: 1\n---\n\u{FEFF}b: 2\n",
            "key: \"bad \\q escape\"\n---\nb: 2\n",
            "a: 1\n--- # c\nb: 2\n--- \n",
        ]
        for text in cases { compare(Array(text.utf8), text.debugDescription) }
        XCTAssertTrue(compare(Array("# only a comment\n\n---\na: &x 1\nb: *x\n---\nc: &y 2\n".utf8), "merged first chunk"))
        XCTAssertFalse(compare(Array("%YAML 1.2\n---\na: 1\n---\nb: 2\n".utf8), "directive"))
    }

    /// The `---` lines read at the line index's starts are those found by scanning the text: LF, CR LF and
    /// lone CR breaks, a marker at the very end, followed by a space, a tab or a break, or by other text
    /// (no marker), at the start (not counted) and after a line of exactly eight bytes (a word's end).
    func testMarkerLinesAtTheLineStartsAreThoseOfTheScan() {
        let texts = [
            "---\na: 1\n--- \nb\n---\t#\n---x\n----\n --- \n---", "a\r---\r\n---\rb\r\n---", "1234567\n---\n",
            "", "---", "a\n--", "a\n---", "a\n---\r", "é\n---\n\u{FEFF}---\n", String(repeating: "k: v\n---\n", count: 50),
        ]
        for text in texts {
            let bytes = Array(text.utf8)
            XCTAssertEqual(DocumentByDocumentAnalysis.markerLines(bytes, lineIndex: LineIndex(bytes)),
                           DocumentByDocumentAnalysis.markerLines(bytes), text.debugDescription)
        }
        XCTAssertEqual(DocumentByDocumentAnalysis.markerLines(Array("---\na: 1\n--- \nb\n---\t#\n---x\n----\n --- \n---".utf8),
                                                              lineIndex: LineIndex("---\na: 1\n--- \nb\n---\t#\n---x\n----\n --- \n---")),
                       [9, 16, 38])
    }

    /// Through the model as `check` uses it: the same findings (schema findings of loaded and missing
    /// schemas included) with the mode on and off, and the mode on keeps no tree.
    func testModelReportsTheSameFindingsDocumentByDocument() throws {
        let uri = DocumentURI(filePath: "/w/k8s/stream.yaml")
        var settings = Settings()
        settings.schema.workspaceFolders = [DocumentURI(filePath: "/w")]
        settings.apply(try SchemaText.parse(Array(#"{"yaml": {"schemas": {"kubernetes": "k8s/*.yaml"}}, "pureyaml.schema.kubernetesSchemaBase": "https://k/v1/"}"#.utf8)))
        let edge = SchemaTestEdge(["https://k/v1/deployment-apps-v1.json": IncrementalAnalysisTests.deployment,
                                   "https://k/v1/service-v1.json": IncrementalAnalysisTests.service])
        func findings(_ byDocument: Bool) -> ([LocatedDiagnostic]?, Bool) {
            let model = DocumentModel(settings: settings)
            model.keepsCompositions = true
            model.analysesDocumentByDocument = byDocument
            model.perform(.openFile(uri, bytes: Array(IncrementalAnalysisTests.stream.utf8)))
            var e = edge
            e.serve(model)
            return (model.checkFindings(uri), model.snapshot(uri)?.hasWholeTextAnalysis ?? true)
        }
        let (split, whole) = (findings(true), findings(false))
        XCTAssertEqual(split.0, whole.0)
        // A schema finding (a loaded schema) and a duplicate key citing its line are among them.
        XCTAssertEqual(Set((split.0 ?? []).map(\.diagnostic.code)), ["duplicate-key", "schema-type"])
        XCTAssertFalse(split.1, "the document-by-document analysis parsed the whole text")
        XCTAssertTrue(whole.1)
    }

    /// A stream large enough that `check` keeps no document's graph (``DocumentRootSummary``; its
    /// validated documents are composed again from their chunks): the same findings with the mode on and
    /// off, schema findings of loaded, missing and CustomResourceDefinition schemas included, and the
    /// same explanation of which schema applies.
    func testALargeStreamReportsTheSameFindingsWithoutItsGraphs() throws {
        let uri = DocumentURI(filePath: "/w/k8s/stream.yaml")
        var settings = Settings()
        settings.schema.workspaceFolders = [DocumentURI(filePath: "/w")]
        settings.schema.crdCatalogURL = ""
        settings.apply(try SchemaText.parse(Array(#"{"pureyaml.schema.kubernetesSchemaBase": "https://k/v1/"}"#.utf8)))
        let widgets = """
            ---
            apiVersion: example.com/v1
            kind: Widget
            metadata: {name: ok}
            spec: {size: 3}
            ---
            apiVersion: example.com/v1
            kind: Widget
            metadata: {name: bad}
            spec: {size: three}

            """
        var text = KubernetesFixtures.widgetDefinition() + widgets
        while text.utf8.count < SnapshotAnalysis.compositionReleaseBytes { text += IncrementalAnalysisTests.stream }
        let edge = SchemaTestEdge(["https://k/v1/deployment-apps-v1.json": IncrementalAnalysisTests.deployment,
                                   "https://k/v1/service-v1.json": IncrementalAnalysisTests.service])
        func findings(_ byDocument: Bool) -> (findings: [LocatedDiagnostic]?, info: SchemaInfoSurface?, lean: Bool) {
            let model = DocumentModel(settings: settings)
            model.keepsCompositions = true
            model.analysesDocumentByDocument = byDocument
            model.perform(.openFile(uri, bytes: Array(text.utf8)))
            var e = edge
            e.serve(model)
            return (model.checkFindings(uri), model.schemaInfo(uri), model.snapshot(uri)?.rootSummaries != nil)
        }
        let (split, whole) = (findings(true), findings(false))
        XCTAssertTrue(split.lean, "the graphs were kept")
        XCTAssertFalse(whole.lean)
        XCTAssertEqual(split.findings, whole.findings)
        XCTAssertEqual(split.info, whole.info)
        let codes = Set((split.findings ?? []).map(\.diagnostic.code))
        XCTAssertEqual(codes, ["duplicate-key", "schema-type"])
        // The custom resource's own finding (its definition in the stream) is among them.
        XCTAssertTrue((split.findings ?? []).contains { $0.diagnostic.code == "schema-type" && $0.diagnostic.range.start < 1_000 })

        // One schema for every document (`--schema`): the graphs are kept (each would be composed again).
        settings.schema.overrideSchema = "https://k/v1/deployment-apps-v1.json"
        let (forcedSplit, forcedWhole) = (findings(true), findings(false))
        XCTAssertFalse(forcedSplit.lean, "every document is validated: its graph is kept")
        XCTAssertEqual(forcedSplit.findings, forcedWhole.findings)
        XCTAssertTrue((forcedSplit.findings ?? []).contains { $0.diagnostic.code == "schema-maxLength" }, "the definition's name is longer than the schema allows")
    }

    /// A large one-document text in a check is checked without its graph (``Composer/check``), and composed,
    /// from its parse events before they are released, only when a schema it waits for will validate it:
    /// the same findings as the whole analysis either way.
    func testALargeDocumentIsComposedOnlyForItsSchema() throws {
        let uri = DocumentURI(filePath: "/w/k8s/one.yaml")
        var settings = Settings()
        settings.schema.workspaceFolders = [DocumentURI(filePath: "/w")]
        settings.apply(try SchemaText.parse(Array(#"{"yaml": {"schemas": {"kubernetes": "k8s/*.yaml"}}, "pureyaml.schema.kubernetesSchemaBase": "https://k/v1/"}"#.utf8)))
        var padding = ""
        while padding.utf8.count < SnapshotAnalysis.compositionReleaseBytes { padding += "# a comment line to make the text large\n" }
        func findings(_ text: String, _ byDocument: Bool) -> (findings: [LocatedDiagnostic]?, lean: Bool, composedAtOpen: Bool) {
            let model = DocumentModel(settings: settings)
            model.keepsCompositions = true
            model.analysesDocumentByDocument = byDocument
            model.perform(.openFile(uri, bytes: Array(text.utf8)))
            let snapshot = model.snapshot(uri)
            var e = SchemaTestEdge(["https://k/v1/deployment-apps-v1.json": IncrementalAnalysisTests.deployment])
            e.serve(model)
            return (model.checkFindings(uri), snapshot?.summaryRanges != nil, snapshot?.analysis.isComposed ?? false)
        }
        let deployment = padding + "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: x\n  name: a-name-too-long\nspec:\n  replicas: three\n"
        let (split, whole) = (findings(deployment, true), findings(deployment, false))
        XCTAssertTrue(split.lean, "checked without its graph")
        XCTAssertTrue(split.composedAtOpen, "its schema was loading: composed from the events")
        XCTAssertEqual(split.findings, whole.findings)
        XCTAssertEqual(Set((split.findings ?? []).map(\.diagnostic.code)), ["duplicate-key", "schema-type", "schema-maxLength"])

        let plain = padding + "kind: Thing\na: 1\na: &u 2\nb: *v\n"
        let (plainSplit, plainWhole) = (findings(plain, true), findings(plain, false))
        XCTAssertTrue(plainSplit.lean)
        XCTAssertFalse(plainSplit.composedAtOpen, "no schema: no graph")
        XCTAssertEqual(plainSplit.findings, plainWhole.findings)
        XCTAssertEqual(Set((plainSplit.findings ?? []).map(\.diagnostic.code)), ["duplicate-key", "undefined-alias"])
    }
}
