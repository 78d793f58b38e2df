import TestSupport
import XCTest
import YAMLComposer
import YAMLParser
import YAMLSchema
import YAMLSyntax
@testable import YAMLDocumentModel

/// Edits to multi-document streams re-check one document at a time (``DocumentChunks``); everything the
/// model publishes or answers afterwards must equal what a fresh model computes from the same text:
/// diagnostics (syntax, composition, schema, lint, with line numbers in messages), schema info, and the
/// surfaces that read the whole tree (outline, folding, semantic tokens, formatting, events, hover,
/// completion, code actions, selection ranges, links).
final class IncrementalAnalysisTests: XCTestCase {
    let uri = DocumentURI(filePath: "/w/k8s/stream.yaml")

    static let deployment = #"{"title": "Deployment", "type": "object", "required": ["spec"], "properties": {"metadata": {"type": "object", "properties": {"name": {"type": "string", "maxLength": 12}}}, "spec": {"type": "object", "properties": {"replicas": {"type": "integer"}}}}}"#
    static let service = #"{"type": "object", "required": ["spec"], "properties": {"spec": {"type": "object", "properties": {"ports": {"type": "array", "items": {"type": "object", "required": ["port"], "properties": {"port": {"type": "integer"}}}}}}}}"#

    /// Twelve documents: Services and Deployments (with schemas), ConfigMaps (schema missing: 404), one
    /// without a kind; anchors, aliases, merge keys, comments, block scalars, flow collections; every
    /// third document has a duplicate key, whose message cites a line number.
    static let stream: String = (0..<12).map { i in
        let kind = ["Service", "Deployment", "ConfigMap", "Thing"][i % 4]
        return """
        ---
        # document \(i)
        apiVersion: \(i % 4 == 1 ? "apps/v1" : "v1")
        kind: \(kind)
        metadata:
          name: web-\(i)\(i % 3 == 2 ? "\n  name: again" : "")
          labels: &labels {app: web, tier: "\(i)"}
        spec:
          replicas: \(i)
          selector: *labels
          ports:
            - port: \(80 + i)   # http
              name: http
            - {port: "x\(i)", name: 'other'}
          note: |
            line one
            line two

        """
    }.joined()

    static let edits = ["x", "", "\n", "---\n", "--", "a: 1\n", "name: dup\n", "kind: Pod\n", "- ", ": ", "\"", "'",
                        "#c", "&a ", "*a", "*labels", "&labels ", "  ", "...\n", "%YAML 1.2\n", "{", "}", "[", "]", "\t",
                        "\r\n", "\r", "|\n", "<<: *labels\n", "é", "port: 1\n", "replicas: two\n", "\u{1}",
                        "# yaml-language-server: $schema=none\n"]

    private func settings(lint: Bool) throws -> Settings {
        var settings = Settings()
        settings.schema.workspaceFolders = [DocumentURI(filePath: "/w")]
        settings.apply(try SchemaText.parse(Array(#"{"yaml": {"schemas": {"kubernetes": "k8s/*.yaml"}}, "pureyaml.schema.kubernetesSchemaBase": "https://k/v1/"}"#.utf8)))
        if lint { settings.lintEnabled = true }
        return settings
    }

    /// The schemas the edge serves (a test may change them before ``run(seed:count:lint:surfaceEvery:insideWords:edits:stream:inLineWith:between:wholeTreeMostlyUntouched:openedDocumentByDocument:observe:)``).
    var schemaTable = ["https://k/v1/deployment-apps-v1.json": IncrementalAnalysisTests.deployment,
                       "https://k/v1/service-v1.json": IncrementalAnalysisTests.service]

    private var edge: SchemaTestEdge { SchemaTestEdge(schemaTable) }

    /// A fresh model that opened `text` and loaded its schemas; with `documentByDocument`, opened one
    /// document at a time as an editor opens a large stream (``DocumentModel/documentByDocumentOpenBytes``).
    private func fresh(_ text: String, settings: Settings, documentByDocument: Bool = false) -> DocumentModel {
        let model = DocumentModel(settings: settings)
        if documentByDocument { model.documentByDocumentOpenBytes = 0 }
        model.perform(.open(uri, version: 0, text: text))
        var e = edge
        e.serve(model)
        return model
    }

    /// Applies `count` random edits from `seed`; after each compares diagnostics and schema info with a
    /// fresh model, and every `surfaceEvery` edits the other surfaces. Returns how many edits re-checked
    /// one document. A text with a syntax error (or a control character) is replaced by the original
    /// stream (a full change) with probability 3/4, so that most edits start from a valid stream.
    @discardableResult
    private func run(seed: UInt64, count: Int, lint: Bool = false, surfaceEvery: Int = 10,
                     insideWords: Bool = false, edits: [String] = IncrementalAnalysisTests.edits,
                     stream: String = IncrementalAnalysisTests.stream, inLineWith marker: String? = nil,
                     between region: (from: String, to: String)? = nil,
                     wholeTreeMostlyUntouched: Bool = true, openedDocumentByDocument: Bool = false,
                     observe: (_ model: DocumentModel, _ before: DocumentSnapshot, _ after: DocumentSnapshot) -> Void = { _, _, _ in }) throws -> Int {
        let settings = try settings(lint: lint)
        let model = fresh(stream, settings: settings, documentByDocument: openedDocumentByDocument)
        var schemas = edge
        var rng = SeededGenerator(seed: seed)
        func below(_ n: Int) -> Int { Int(rng.next() % UInt64(max(1, n))) }
        var partial = 0, untouched = 0
        defer { print("seed \(seed): \(partial) of \(count) edits re-checked one document, \(untouched) without the whole tree") }
        for version in 1...count {
            guard let before = model.snapshot(uri) else { XCTFail("not open"); return partial }
            let n = before.bytes.count
            var start = below(n + 1)
            if let marker {
                // Inside the line holding `marker` (the stream comes back when an edit took it away).
                let text = before.text
                guard let at = text.range(of: marker) else {
                    model.perform(.change(uri, version: version, changes: [.full(stream)], encoding: .utf16))
                    continue
                }
                let lineStart = text[..<at.lowerBound].lastIndex(of: "\n").map { text.utf8.distance(from: text.startIndex, to: $0) + 1 } ?? 0
                let lineEnd = text[at.lowerBound...].firstIndex(of: "\n").map { text.utf8.distance(from: text.startIndex, to: $0) } ?? n
                start = lineStart + below(lineEnd - lineStart)
            } else if let region {
                // From the first `from` to the last `to` (the stream comes back when an edit took either away).
                let text = before.text
                guard let from = text.range(of: region.from), let to = text.range(of: region.to, options: .backwards),
                      from.lowerBound < to.upperBound else {
                    model.perform(.change(uri, version: version, changes: [.full(stream)], encoding: .utf16))
                    continue
                }
                let lower = text.utf8.distance(from: text.startIndex, to: from.lowerBound)
                start = lower + below(text.utf8.distance(from: from.lowerBound, to: to.upperBound))
            }
            var end = min(n, start + (below(3) == 0 ? below(6) : 0))
            if insideWords {
                // Between two letters, deleting at most one letter that has letters on both sides.
                func letter(_ i: Int) -> Bool { i >= 0 && i < n && before.bytes[i] >= 0x61 && before.bytes[i] <= 0x7A }
                while start < n && !(letter(start - 1) && letter(start)) { start += 1 }
                if start >= n { continue }
                end = below(2) == 0 && letter(start + 1) ? start + 1 : start
            }
            if !insideWords && below(3) == 0 {
                // At a line start, where whole lines ("a: 1\n", "---\n", line breaks) keep the stream valid.
                while start > 0, before.bytes[start - 1] != 0x0A { start -= 1 }
                end = start
            }
            // Keep edits on UTF-8 character boundaries (UTF-16 positions cannot split a character).
            while start > 0, start < n, before.bytes[start] & 0xC0 == 0x80 { start -= 1 }
            while end < n, end > start, before.bytes[end] & 0xC0 == 0x80 { end += 1 }
            let text = edits[below(edits.count)]
            let range = (before.lineIndex.position(of: start, encoding: .utf16), before.lineIndex.position(of: end, encoding: .utf16))
            model.perform(.change(uri, version: version, changes: [TextChange(range: range, text: text)], encoding: .utf16))
            schemas.serve(model)
            guard let after = model.snapshot(uri) else { XCTFail("closed"); return partial }
            observe(model, before, after)
            if after.recheck != nil {
                partial += 1
                // Diagnostics and schema findings did not need the whole tree (unless a schema arrived).
                if !after.hasWholeTextAnalysis { untouched += 1 }
            }
            let label = "seed \(seed) edit \(version) (\(start)..<\(end) -> \(text.debugDescription))"
            let reference = fresh(after.text, settings: settings)
            guard let full = reference.snapshot(uri) else { XCTFail("fresh model lost the text"); return partial }
            XCTAssertEqual(after.diagnostics, full.diagnostics, label)
            XCTAssertEqual(model.diagnostics(uri)?.diagnostics, reference.diagnostics(uri)?.diagnostics, label)
            XCTAssertEqual(model.schemaInfo(uri), reference.schemaInfo(uri), label)
            if version % surfaceEvery == 0 {
                compareSurfaces(model, reference, offset: below(n + 1), label: label)
            }
            if model.diagnostics(uri)?.diagnostics != reference.diagnostics(uri)?.diagnostics { break }
            // Composition errors (duplicate keys, aliases) stay: later edits must keep their messages right.
            let composition: Set<String> = ["duplicate-key", "undefined-alias", "recursive-alias"]
            if after.diagnostics.contains(where: { $0.severity == .error && !composition.contains($0.code) }), below(4) != 0 {
                model.perform(.change(uri, version: version, changes: [.full(stream)], encoding: .utf16))
            }
        }
        if !lint && wholeTreeMostlyUntouched {
            XCTAssertGreaterThan(untouched * 10, partial * 8, "most one-document re-checks leave the whole tree alone")
        }
        return partial
    }

    private func compareSurfaces(_ model: DocumentModel, _ reference: DocumentModel, offset: Int, label: String) {
        let s = model.snapshot(uri), r = reference.snapshot(uri)
        XCTAssertEqual(s?.tree.printedBytes, r?.tree.printedBytes, label)
        XCTAssertEqual(s?.composition.documents.map(\.range), r?.composition.documents.map(\.range), label)
        XCTAssertEqual(s?.composition.errors, r?.composition.errors, label)
        XCTAssertEqual(model.outline(uri), reference.outline(uri), label)
        XCTAssertEqual(model.folding(uri), reference.folding(uri), label)
        XCTAssertEqual(model.semanticTokens(uri), reference.semanticTokens(uri), label)
        XCTAssertEqual(model.formatting(uri), reference.formatting(uri), label)
        XCTAssertEqual(model.events(uri)?.lines, reference.events(uri)?.lines, label)
        XCTAssertEqual(model.events(uri)?.errors, reference.events(uri)?.errors, label)
        XCTAssertEqual(model.hover(uri, at: offset), reference.hover(uri, at: offset), label)
        XCTAssertEqual(model.completion(uri, at: offset), reference.completion(uri, at: offset), label)
        XCTAssertEqual(model.selectionRanges(uri, at: [offset]), reference.selectionRanges(uri, at: [offset]), label)
        XCTAssertEqual(model.documentLinks(uri), reference.documentLinks(uri), label)
        XCTAssertEqual(model.lintFindings(uri), reference.lintFindings(uri), label)
        let all = TextRange(start: 0, end: s?.bytes.count ?? 0)
        XCTAssertEqual(model.codeActions(uri, range: all), reference.codeActions(uri, range: all), label)
    }

    func testValueEditsAreRecheckedOneDocumentAtATime() throws {
        let partial = try run(seed: 1, count: 150, insideWords: true, edits: ["x", "", "7", "ab"])
        XCTAssertGreaterThan(partial, 100, "plain edits inside words take the one-document path")
    }

    /// A stream with schema findings in every document: a keystroke in one document validates it alone and
    /// keeps the others' findings as they are, moving the base of those after it
    /// (``SchemaFindings/bases``); typing here and there gives what a fresh model gives.
    func testTypingAcrossAStreamWithFindingsInEveryDocumentGivesWhatAFreshModelGives() throws {
        let stream = (0..<30).map { i in
            "---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: a-rather-long-name-\(i)\nspec:\n  replicas: r\(i)\n"
        }.joined()
        var rechecked = 0, moved = 0
        for seed in UInt64(61)...63 {
            rechecked += try run(seed: seed, count: 60, surfaceEvery: 30, insideWords: true, edits: ["x", "", "7", "ab"], stream: stream) { model, _, _ in
                if model.records[self.uri]?.schema?.findings.bases.isEmpty == false { moved += 1 }
            }
        }
        print("stream with findings: \(rechecked) of 180 keystrokes re-checked one document, \(moved) moved later documents' findings by their base")
        XCTAssertGreaterThan(rechecked, 120, "keystrokes inside words re-check one document")
        XCTAssertGreaterThan(moved, 60, "the later documents' findings are kept, their base moved")
    }

    /// As above, with a problem of the Deployments' schema itself (a keyword of the wrong shape, reported
    /// once at the first Deployment, beside the documents' findings: ``SchemaFindings/loadProblems``) and
    /// Services without findings before it: the flat list merges both, moved with the text.
    func testTypingAcrossAStreamWithASchemaProblemAndFindingsGivesWhatAFreshModelGives() throws {
        schemaTable["https://k/v1/deployment-apps-v1.json"] = Self.deployment.replacingOccurrences(
            of: #"{"replicas": {"type": "integer"}}"#, with: #"{"replicas": {"type": "integer", "minimum": "one"}}"#)
        let services = (0..<4).map { "---\napiVersion: v1\nkind: Service\nspec:\n  ports: [{port: \($0)}]\n" }.joined()
        let stream = services + (0..<20).map { i in
            "---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: a-rather-long-name-\(i)\nspec:\n  replicas: r\(i)\n"
        }.joined()
        var rechecked = 0, problems = 0
        for seed in UInt64(64)...65 {
            rechecked += try run(seed: seed, count: 50, surfaceEvery: 25, insideWords: true, edits: ["x", "", "7", "ab"], stream: stream) { model, _, _ in
                if model.diagnostics(self.uri)?.diagnostics.contains(where: { $0.code == SchemaRegistry.keywordIgnoredCode }) == true { problems += 1 }
            }
        }
        XCTAssertGreaterThan(rechecked, 60, "keystrokes inside words re-check one document")
        XCTAssertGreaterThan(problems, 90, "the schema's problem is published beside the findings")
    }

    /// The first edits after an open that analysed the stream one document at a time (an editor's open of
    /// a large stream: no whole tree, events or graph kept) give what a fresh model gives, every surface
    /// compared after each.
    func testEditsAfterADocumentByDocumentOpenGiveWhatAFullAnalysisGives() throws {
        var partial = 0
        for seed in UInt64(40)..<70 {
            partial += try run(seed: seed, count: 2, surfaceEvery: 1, wholeTreeMostlyUntouched: false, openedDocumentByDocument: true)
        }
        XCTAssertGreaterThan(partial, 15, "edits that keep the stream valid re-check one document")
    }

    func testRandomStructuralEditsGiveWhatAFullAnalysisGives() throws {
        var partial = 0
        for seed in UInt64(2)...4 { partial += try run(seed: seed, count: 100) }
        XCTAssertGreaterThan(partial, 50, "edits that keep the stream valid take the one-document path")
    }

    /// A stream holding a CustomResourceDefinition and resources of its kind (valid and not): edits in the
    /// definition change the schema of the resources in the same stream, which are validated again alone
    /// (composed from their own chunk), while the other documents keep their findings. Everything must
    /// be what a fresh model finds in the same text.
    static let definitionStream: String = "apiVersion: v1\nkind: Service\nspec: {ports: [{port: 80}]}\n---\n"
        + CustomResourceTests.widgetCRD + (0..<6).map { i in
            """
            ---
            apiVersion: example.com/v1
            kind: Widget
            metadata: {name: widget-\(i)}
            spec:
              size: \(i % 2 == 0 ? "\(i)" : "many")
              port: \(i % 3 == 0 ? "http" : "true")
              owner: \(i % 4 == 0 ? "null" : "someone")

            """
        }.joined() + "---\napiVersion: apps/v1\nkind: Deployment\nspec: {replicas: two}\n"

    func testEditsInADefinitionRevalidateItsResourcesInTheSameStream() throws {
        var partial = 0
        for seed in UInt64(21)...23 {
            partial += try run(seed: seed, count: 60, surfaceEvery: 30, insideWords: true, edits: ["x", "", "s", "er"],
                               stream: Self.definitionStream, inLineWith: "openAPIV3Schema")
        }
        XCTAssertGreaterThan(partial, 100, "edits inside words take the one-document path")
    }

    /// A CustomResourceDefinition in block style (descriptions plain, quoted and folded, comments, the
    /// structural-schema extensions), first in a stream of its resources, so that most edits land in it.
    static let blockDefinitionStream: String = """
        apiVersion: apiextensions.k8s.io/v1
        kind: CustomResourceDefinition
        metadata:
          name: widgets.example.com
          annotations: {note: "kept"}
        spec:
          group: example.com
          names:
            kind: Widget
            plural: widgets
          scope: Namespaced
          versions:
          - name: v1
            served: true
            storage: true
            schema:
              openAPIV3Schema:
                type: object
                description: A widget.
                properties:
                  spec:
                    type: object
                    required: [size]
                    properties:
                      size:
                        type: integer
                        minimum: 1
                        description: How many parts.
                      mode:
                        type: string
                        enum: [fast, slow]
                        description: "How it runs: fast or slow."
                      port:
                        x-kubernetes-int-or-string: true
                        anyOf:
                        - type: integer
                        - type: string
                      owner:
                        type: string
                        nullable: true
                      ports:
                        type: array
                        x-kubernetes-list-type: map
                        x-kubernetes-list-map-keys: [name]
                        items:
                          type: object
                          required: [name]
                          properties:
                            name: {type: string, maxLength: 8}
                            port: {type: integer}
                      template:
                        type: object
                        x-kubernetes-embedded-resource: true
                        x-kubernetes-preserve-unknown-fields: true
                      notes:
                        description: >
                          Folded text
                          over lines.
                        type: string
        # the resources

        """ + (0..<4).map { i in
            """
            ---
            apiVersion: example.com/v1
            kind: Widget
            metadata: {name: widget-\(i)}
            spec:
              size: \(i % 2 == 0 ? "\(i)" : "many")
              mode: \(i % 3 == 0 ? "fast" : "medium")
              port: \(i % 3 == 0 ? "http" : "true")
              ports: [{name: \(i % 2 == 0 ? "web" : "toolongname"), port: 80}]
              template: {kind: Pod}

            """
        }.joined()

    /// Edits anywhere in a block-style definition (structural ones too: line breaks, keys, quotes, flow
    /// brackets, comments) give what a fresh model gives, most of them projecting only the node they
    /// changed (``DefinitionMemo``).
    func testEditsAnywhereInABlockDefinitionGiveWhatAFreshModelGives() throws {
        var partial = 0, memoized = 0
        // Counts the edits of the definition that kept its memo (the edited snapshot's).
        func count(_ model: DocumentModel, _ before: DocumentSnapshot, _ after: DocumentSnapshot) {
            guard after.recheck?.0.index == 0, let memo = model.schemaRegistry.definitionMemo else { return }
            if memo.read == ObjectIdentifier(after.analysis), after.recheck?.previous == ObjectIdentifier(before.analysis) { memoized += 1 }
        }
        // Structural edits that take a kind's definition away leave its resources without a loaded schema,
        // which later edits validate with the whole tree: not counted here.
        for seed in UInt64(31)...33 {
            partial += try run(seed: seed, count: 60, surfaceEvery: 30, stream: Self.blockDefinitionStream,
                               wholeTreeMostlyUntouched: false, observe: count)
        }
        // Keystrokes inside words (names, types, descriptions, extension values), as typing does.
        for seed in UInt64(34)...35 {
            partial += try run(seed: seed, count: 60, surfaceEvery: 30, insideWords: true, edits: ["x", "", "s", "er"],
                               stream: Self.blockDefinitionStream, wholeTreeMostlyUntouched: false, observe: count)
        }
        XCTAssertGreaterThan(partial, 120)
        XCTAssertGreaterThan(memoized, 40, "edits in the definition keep its memo")
    }

    /// ``blockDefinitionStream`` (a block-style CRD and four of its resources) in the middle of a stream,
    /// between a Service and a Deployment before it and a Deployment after it.
    static let middleDefinitionStream: String = """
        apiVersion: v1
        kind: Service
        spec:
          ports:
            - port: 80
              name: web
        ---
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: deployment-with-a-long-name
        spec:
          replicas: 3
        ---

        """ + blockDefinitionStream + """
        ---
        apiVersion: apps/v1
        kind: Deployment
        spec:
          replicas: two

        """

    /// Edits inside the documents in the middle of a stream (a CRD and its resources) after the first in a
    /// document re-check one block mapping entry of it (``DocumentSnapshot/chunkEntries``): the snapshot's
    /// chunks, document ranges and entries are those of a fresh analysis, and everything the model answers
    /// is what a fresh model answers (the resources' findings and hover after edits of their definition
    /// too); the definition's memo is patched with the entry's value (``DefinitionMemo/updated(entry:chunkStart:chunkLength:changed:read:)``).
    func testEditsInsideEntriesInTheMiddleOfAStreamGiveWhatAFreshModelGives() throws {
        var entries = 0, memoized = 0
        func check(_ model: DocumentModel, _ before: DocumentSnapshot, _ after: DocumentSnapshot) {
            let fresh = DocumentSnapshot(uri: uri, version: 0, bytes: after.bytes)
            XCTAssertEqual(after.chunks?.starts, fresh.chunks?.starts)
            XCTAssertEqual(after.chunks?.documentRanges, fresh.chunks?.documentRanges)
            if let (k, kept) = after.chunkEntries, let chunks = fresh.chunks {
                let end = k + 1 < chunks.starts.count ? chunks.starts[k + 1] : after.bytes.count
                let expected = BlockEntries(parse: Parser.parse(Array(after.bytes[chunks.starts[k]..<end])), at: chunks.starts[k])
                XCTAssertEqual(kept.offsets, expected?.offsets)
                XCTAssertEqual(kept.indents, expected?.indents)
                XCTAssertEqual(kept.rootKeys, expected?.rootKeys)
            }
            guard let (edit, previous) = after.recheck, edit.entry != nil else { return }
            XCTAssertNil(edit.document)
            entries += 1
            if let memo = model.schemaRegistry.definitionMemo, memo.read == ObjectIdentifier(after.analysis),
               previous == ObjectIdentifier(before.analysis), !memo.entryEdits.isEmpty {
                memoized += 1
            }
        }
        // In the definition, then in one of its resources (and the start of the next), typing inside words;
        // then structural edits in the definition.
        let definition = (from: "kind: CustomResourceDefinition", to: "# the resources")
        let resource = (from: "widget-1}", to: "widget-2}")
        for (seed, region) in [(UInt64(41), definition), (42, definition), (43, resource)] {
            try run(seed: seed, count: 60, surfaceEvery: 20, insideWords: true, edits: ["x", "", "s", "er", "7"],
                    stream: Self.middleDefinitionStream, between: region, wholeTreeMostlyUntouched: false, observe: check)
        }
        for seed in UInt64(44)...46 {
            try run(seed: seed, count: 60, surfaceEvery: 20, stream: Self.middleDefinitionStream, between: definition,
                    wholeTreeMostlyUntouched: false, observe: check)
        }
        // With lint on (which reads the whole text's parse).
        try run(seed: 47, count: 30, lint: true, surfaceEvery: 15, insideWords: true, edits: ["x", "", ": ", "#"],
                stream: Self.middleDefinitionStream, between: definition, observe: check)
        print("middle of a stream: \(entries) edits re-checked one entry, \(memoized) patched the definition's memo")
        XCTAssertGreaterThan(entries, 100, "edits inside a document re-check one entry of it")
        XCTAssertGreaterThan(memoized, 60, "edits inside the definition patch its memo")
    }

    /// The bench's keystrokes (`pureyaml-bench --stage keystroke` on the shared corpus's 4.9 MB
    /// `k8s-multidoc-stream`): in the 810 KB `prometheuses` CustomResourceDefinition in the middle of the
    /// stream, typing in an extension's value, then in a description, then in a `type` of the schema its
    /// two `Prometheus` resources are validated with. After the first keystroke each one re-checks one
    /// entry and patches the definition's memo, and the diagnostics, schema info and hover on the
    /// resources are a fresh model's.
    func testKeystrokesInTheLargeDefinitionOfTheBenchStream() throws {
        let file = try requireSharedFolder("corpus").appendingPathComponent("big/generated/k8s-multidoc-stream.yaml")
        var text = try String(contentsOf: file, encoding: .utf8)
        var settings = Settings()
        settings.schema.workspaceFolders = [DocumentURI(filePath: "/w")]
        let uri = DocumentURI(filePath: "/w/k8s-multidoc-stream.yaml")
        let model = DocumentModel(settings: settings)
        model.perform(.open(uri, version: 0, text: text))
        // Byte offsets (the file has CRLF lines too, which a String's `split` would not cut).
        let bytes = Array(text.utf8)
        func offset(of word: String, after start: Int, where fits: (Int) -> Bool = { _ in true }) throws -> Int {
            let w = Array(word.utf8)
            return try XCTUnwrap((start..<(bytes.count - w.count)).first { bytes[$0..<($0 + w.count)].elementsEqual(w) && fits($0 + w.count) }, word)
        }
        let definition = try offset(of: "name: prometheuses.monitoring.coreos.com", after: 0)
        // An extension's value in the container schema (as the bench's edit site), then a one-line description
        // after it (a plain scalar ending in a period at its line's end).
        let site = try offset(of: "x-kubernetes-list-type: map", after: definition + 100_000) { bytes[$0] == 0x0A }
            + "x-kubernetes-list-type: map".utf8.count
        let description = try offset(of: "description: ", after: site) { end in
            let lineEnd = bytes[end...].firstIndex(of: 0x0A) ?? bytes.count
            return bytes[lineEnd - 1] == UInt8(ascii: ".") && !bytes[end..<lineEnd].contains(0x0D)
        }
        let descriptionEnd = try XCTUnwrap(bytes[description...].firstIndex(of: 0x0A)) - 1
        let resource = try offset(of: "\nkind: Prometheus\n", after: 0) + 1
        let keystrokes: [(offset: Int, insert: String?)] = [(site, "x"), (site, nil), (site, "s"), (descriptionEnd, "s"), (descriptionEnd, nil)]
        for (version, keystroke) in keystrokes.enumerated() {
            let index = try XCTUnwrap(model.snapshot(uri)).lineIndex
            let at = index.position(of: keystroke.offset, encoding: .utf8)
            let change = keystroke.insert.map { TextChange(range: (at, at), text: $0) }
                ?? TextChange(range: (at, index.position(of: keystroke.offset + 1, encoding: .utf8)), text: "")
            model.perform(.change(uri, version: version + 1, changes: [change], encoding: .utf8))
            let snapshot = try XCTUnwrap(model.snapshot(uri))
            text = snapshot.text
            let label = "keystroke \(version + 1)"
            XCTAssertEqual(snapshot.recheck?.0.entry != nil, version > 0, label)
            if version > 0 {
                XCTAssertFalse(snapshot.hasWholeTextAnalysis, label)
                XCTAssertEqual(model.schemaRegistry.definitionMemo?.read, ObjectIdentifier(snapshot.analysis), label)
                XCTAssertEqual(model.schemaRegistry.definitionMemo?.entryEdits.count, version, label)
            }
        }
        let fresh = DocumentModel(settings: settings)
        fresh.perform(.open(uri, version: 0, text: text))
        XCTAssertEqual(model.diagnostics(uri)?.diagnostics, fresh.diagnostics(uri)?.diagnostics)
        XCTAssertEqual(model.schemaInfo(uri), fresh.schemaInfo(uri))
        var hovered = 0
        for offset in resource..<(resource + 300) {
            let hover = model.hover(uri, at: offset)
            XCTAssertEqual(hover, fresh.hover(uri, at: offset), "at \(offset)")
            if hover != nil { hovered += 1 }
        }
        XCTAssertGreaterThan(hovered, 50)
    }

    func testWithLintOnTheFindingsAreThoseOfAFullAnalysis() throws {
        let partial = try run(seed: 9, count: 80, lint: true, surfaceEvery: 20)
        XCTAssertGreaterThan(partial, 8)
    }

    /// A line break typed in one document moves the line numbers that messages of later documents cite.
    func testLineNumbersInLaterMessagesFollowAnInsertedLineBreak() throws {
        let model = DocumentModel()
        let uri = DocumentURI("file:///plain.yaml")
        let text = "a: 1\nb: 2\n---\nc: 3\n---\nd: 4\nd: 5\n"
        model.perform(.open(uri, version: 0, text: text))
        for (version, insert) in ["\n", "\r", "x", "\n\n"].enumerated() {
            let at = LineColumn(line: 0, column: 2)
            model.perform(.change(uri, version: version + 1, changes: [TextChange(range: (at, at), text: insert)], encoding: .utf16))
            let snapshot = try XCTUnwrap(model.snapshot(uri))
            XCTAssertEqual(snapshot.diagnostics, DocumentSnapshot(uri: uri, version: 0, bytes: snapshot.bytes).diagnostics, insert.debugDescription)
        }
    }

    /// The word-wise pre-check for modelines finds `$schema` at every alignment and range edge, and only there.
    func testModelinePrecheckFindsTheMarkerAtEveryAlignment() {
        for pad in 0..<20 {
            let text = Array((String(repeating: "a", count: pad) + "# $schema: x.json\n$schem $ref").utf8)
            XCTAssertTrue(SchemaAssociator.mayHoldModeline(text, range: TextRange(start: 0, end: text.count)), "pad \(pad)")
            XCTAssertTrue(SchemaAssociator.mayHoldModeline(text, range: TextRange(start: pad + 2, end: pad + 9)), "pad \(pad)")
            XCTAssertFalse(SchemaAssociator.mayHoldModeline(text, range: TextRange(start: pad + 2, end: pad + 8)), "pad \(pad)")
            XCTAssertFalse(SchemaAssociator.mayHoldModeline(text, range: TextRange(start: pad + 3, end: text.count)), "pad \(pad)")
        }
    }

    /// The common prefix and suffix of two texts (compared 32, then 8 bytes at a time) are those a byte
    /// by byte comparison finds, with the difference at every offset around the word boundaries, an edit
    /// inserting, deleting or replacing, and texts of every length up to a few words.
    func testCommonPrefixAndSuffixAtEveryAlignment() {
        func naive(_ a: [UInt8], _ b: [UInt8]) -> (Int, Int) {
            let m = min(a.count, b.count)
            var p = 0
            while p < m && a[p] == b[p] { p += 1 }
            var s = 0
            while s < m - p && a[a.count - 1 - s] == b[b.count - 1 - s] { s += 1 }
            return (p, s)
        }
        for length in [0, 1, 7, 8, 31, 32, 33, 64, 100, 130] {
            let text = (0..<length).map { UInt8(0x61 + $0 % 7) }
            for at in 0...length {
                for (cut, insert) in [(0, [UInt8(0x7A)]), (1, []), (2, [UInt8(0x7A), 0x79]), (0, [])] where at + cut <= length {
                    var edited = text
                    edited.replaceSubrange(at..<(at + cut), with: insert)
                    let (p, s) = DocumentChunks.commonPrefixAndSuffix(text, edited)
                    let (np, ns) = naive(text, edited)
                    XCTAssertEqual(p, np, "length \(length) at \(at) cut \(cut) insert \(insert)")
                    XCTAssertEqual(s, ns, "length \(length) at \(at) cut \(cut) insert \(insert)")
                }
            }
        }
    }

    /// A catalog (or its failure) that gives a document no schema, arriving after the document was checked
    /// without one, does not check it again: the stream re-checked one document after a keystroke, and
    /// re-checking its schemas would have parsed and composed the whole text. A document the catalog does
    /// match is checked against the entry's schema.
    func testCatalogGivingNoSchemaDoesNotRecheckTheDocument() throws {
        var settings = Settings()
        settings.schema.workspaceFolders = [DocumentURI(filePath: "/w")]
        settings.apply(try SchemaText.parse(Array(#"{"yaml": {"schemaStore": {"enable": true, "url": "file:///w/catalog.json"}}}"#.utf8)))
        let model = DocumentModel(settings: settings)
        let plain = DocumentURI(filePath: "/w/plain.yaml")
        let tagged = DocumentURI(filePath: "/w/x.tags.yml")
        model.perform(.open(plain, version: 1, text: "a: 1\n---\nb: 2\n---\nc: 3\n"))
        model.perform(.open(tagged, version: 1, text: "age: 1\n"))
        let at = LineColumn(line: 2, column: 4)
        model.perform(.change(plain, version: 2, changes: [TextChange(range: (at, at), text: "0")], encoding: .utf16))
        let snapshot = try XCTUnwrap(model.snapshot(plain))
        XCTAssertNotNil(snapshot.recheck)
        XCTAssertFalse(snapshot.hasWholeTextAnalysis)
        let before = model.diagnostics(plain)?.diagnostics
        XCTAssertEqual(model.schemaLoadRequests, ["file:///w/catalog.json"])

        var edge = SchemaTestEdge([
            "file:///w/catalog.json": #"{"schemas": [{"name": "Tags", "url": "file:///w/tag.json", "fileMatch": ["*.tags.yml"]}]}"#,
            "file:///w/tag.json": #"{"type": "object", "required": ["tag"]}"#,
        ])
        edge.serve(model)
        XCTAssertEqual(model.schemaInfo(plain)?.catalogStatus, .loaded)
        XCTAssertFalse(snapshot.hasWholeTextAnalysis, "checked again although the catalog gives it no schema")
        XCTAssertEqual(model.diagnostics(plain)?.diagnostics, before)
        XCTAssertEqual(model.schemaInfo(plain)?.documents.map(\.schemaURI), [nil, nil, nil])
        let taggedFindings = (model.diagnostics(tagged)?.diagnostics ?? []).filter { $0.source == "pureyaml-schema" }
        XCTAssertEqual(taggedFindings.map(\.message), [#"missing required property "tag""#])
    }

    func testDuplicateKeyMessageCountsLinesInTheWholeText() throws {
        let model = DocumentModel()
        let uri = DocumentURI("file:///plain.yaml")
        // Without the stream's own duplicates, whose messages would cite lines this edit moves.
        let stream = Self.stream.replacingOccurrences(of: "\n  name: again", with: "")
        model.perform(.open(uri, version: 0, text: stream))
        let lines = stream.split(separator: "\n", omittingEmptySubsequences: false)
        let line = lines.indices.filter { lines[$0].hasPrefix("kind:") }[8]
        let at = LineColumn(line: line + 1, column: 0)
        model.perform(.change(uri, version: 1, changes: [TextChange(range: (at, at), text: "kind: Pod\n")], encoding: .utf16))
        let snapshot = try XCTUnwrap(model.snapshot(uri))
        XCTAssertNotNil(snapshot.recheck)
        XCTAssertFalse(snapshot.hasWholeTextAnalysis, "diagnostics did not need the whole tree")
        let duplicate = try XCTUnwrap(snapshot.diagnostics.first { $0.code == "duplicate-key" })
        XCTAssertTrue(duplicate.message.contains("line \(line + 1)."), duplicate.message)
        XCTAssertEqual(snapshot.diagnostics, DocumentSnapshot(uri: uri, version: 1, bytes: snapshot.bytes).diagnostics)
        // A surface that needs the tree analyses the whole text once.
        XCTAssertNotNil(model.outline(uri))
        XCTAssertTrue(snapshot.hasWholeTextAnalysis)
    }

    /// A text of at least `SnapshotAnalysis.compositionReleaseBytes`: after the open, the model keeps neither events nor
    /// composition; the first surface that needs the graph composes it again, exactly as before.
    func testALargeTextIsRecomposedIdenticallyAfterTheCompositionIsDropped() throws {
        let body = (0..<4000).map { i in
            "item\(i):\n  name: \"value number \(i) with some padding\"\n  tags: [a, b, &x\(i) c\(i)]\n  ref: *x\(i)\n  n: \(i)\n"
        }.joined() + "item0: again\n"
        XCTAssertGreaterThanOrEqual(body.utf8.count, SnapshotAnalysis.compositionReleaseBytes)
        let model = DocumentModel()
        let uri = DocumentURI("file:///large.yaml")
        model.perform(.open(uri, version: 1, text: body))
        let snapshot = try XCTUnwrap(model.snapshot(uri))
        XCTAssertFalse(snapshot.hasWholeTextAnalysis, "the composition was dropped after diagnostics")
        let fresh = DocumentSnapshot(uri: uri, version: 1, bytes: snapshot.bytes)
        XCTAssertTrue(fresh.hasWholeTextAnalysis)
        XCTAssertEqual(snapshot.diagnostics, fresh.diagnostics)
        XCTAssertTrue(snapshot.diagnostics.contains { $0.code == "duplicate-key" })
        func dump(_ n: YAMLNode, into out: inout [String]) {
            switch n.content {
            case .scalar(let v, let style): out.append("S \(n.tag) \(n.range) \(n.anchor ?? "") \(style) \(v)")
            case .sequence(let items):
                out.append("Q \(n.tag) \(n.range) \(items.count)")
                for item in items { dump(item, into: &out) }
            case .mapping(let pairs):
                out.append("M \(n.tag) \(n.range) \(pairs.count)")
                for pair in pairs { dump(pair.key, into: &out); dump(pair.value, into: &out) }
            case .alias(let name, let target): out.append("A \(name) \(target?.range.description ?? "-")")
            }
        }
        var again: [String] = [], expected: [String] = []
        for d in snapshot.composition.documents { dump(d.root, into: &again) }
        for d in fresh.composition.documents { dump(d.root, into: &expected) }
        XCTAssertEqual(again.count, expected.count)
        XCTAssertTrue(again == expected, "the recomposed graph differs")
        XCTAssertEqual(snapshot.composition.errors.map { "\($0.range) \($0.message)" }, fresh.composition.errors.map { "\($0.range) \($0.message)" })
        XCTAssertTrue(snapshot.hasWholeTextAnalysis, "kept once composed again")
    }

    /// A model that keeps compositions (the command line's): a large text keeps its graph after the open, so a
    /// schema load that arrives later (a Kubernetes kind's schema, refused offline) revalidates it without
    /// composing it again; the diagnostics are those of a model that drops it.
    func testAModelThatKeepsCompositionsDoesNotComposeALargeTextAgain() throws {
        let body = (0..<3000).map { "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: map-\($0)\ndata:\n  key: \"value \($0) padding\"\n" }
            .joined()
        XCTAssertGreaterThanOrEqual(body.utf8.count, SnapshotAnalysis.compositionReleaseBytes)
        let uri = DocumentURI("file:///large.yaml")
        let keeping = DocumentModel()
        keeping.keepsCompositions = true
        let dropping = DocumentModel()
        for model in [keeping, dropping] { model.perform(.open(uri, version: 1, text: body)) }
        let kept = try XCTUnwrap(keeping.snapshot(uri))
        XCTAssertTrue(kept.hasWholeTextAnalysis, "the composition is kept after the open")
        XCTAssertFalse(try XCTUnwrap(dropping.snapshot(uri)).hasWholeTextAnalysis)
        let composition = kept.composition.documents.first.map { ObjectIdentifier($0.root) }
        let requests = keeping.schemaLoadRequests
        XCTAssertFalse(requests.isEmpty, "the ConfigMaps ask for their kind's schema")
        for request in requests {
            for model in [keeping, dropping] { model.perform(.schemaLoaded(request, .failure(SchemaLoadFailure("offline")))) }
        }
        XCTAssertEqual(try XCTUnwrap(keeping.snapshot(uri)).composition.documents.first.map { ObjectIdentifier($0.root) }, composition,
                       "the same graph, not composed again")
        XCTAssertEqual(keeping.checkFindings(uri), dropping.checkFindings(uri))
    }

    /// The SchemaStore catalog refused after a large text's open (the language server's case without
    /// network): revalidation composes the text again, and the graph is released again afterwards, so the
    /// document holds what its open left it. A graph a surface had composed before is kept.
    func testACatalogArrivingAfterTheOpenDoesNotKeepALargeTextsComposition() throws {
        let body = (0..<6000).map { "key\($0): \"value number \($0) with some padding to grow the text\"\n" }.joined()
        XCTAssertGreaterThanOrEqual(body.utf8.count, SnapshotAnalysis.compositionReleaseBytes)
        var settings = Settings()
        settings.schema.schemaStoreEnabled = true
        let model = DocumentModel(settings: settings)
        let uri = DocumentURI("file:///large.yaml")
        model.perform(.open(uri, version: 1, text: body))
        let catalog = try XCTUnwrap(model.schemaLoadRequests.first, "the open asks for the catalog")
        let snapshot = try XCTUnwrap(model.snapshot(uri))
        XCTAssertFalse(snapshot.hasWholeTextAnalysis)
        model.perform(.schemaLoaded(catalog, .failure(SchemaLoadFailure("downloads are disabled"))))
        XCTAssertFalse(snapshot.hasWholeTextAnalysis, "revalidation after the catalog kept the composed graph")
        // A graph an outline composed stays for the next surface.
        model.perform(.open(uri, version: 2, text: body + "more: 1\n"))
        let again = try XCTUnwrap(model.snapshot(uri))
        XCTAssertNotNil(model.outline(uri))
        XCTAssertTrue(again.hasWholeTextAnalysis)
        model.perform(.configure({ var s = settings; s.schema.validate = false; return s }()))
        model.perform(.configure(settings))
        XCTAssertTrue(again.hasWholeTextAnalysis, "a graph composed by a surface is kept")
    }

    /// A stream of at least `SnapshotAnalysis.compositionReleaseBytes` of Deployments (some with a name
    /// their schema refuses), Services and ConfigMaps (schema missing), after its open.
    private func largeStream() throws -> (DocumentModel, Settings, String) {
        let body = (0..<2400).map { i in
            let kind = ["Deployment", "Service", "ConfigMap"][i % 3]
            return "---\napiVersion: \(i % 3 == 0 ? "apps/v1" : "v1")\nkind: \(kind)\nmetadata:\n  name: \(i % 6 == 0 ? "a-name-too-long-\(i)" : "web-\(i)")\n"
                + "spec:\n  replicas: \(i % 5 == 0 ? "two" : "\(i)")\n  ports:\n    - port: \(i)\n"
        }.joined()
        XCTAssertGreaterThanOrEqual(body.utf8.count, SnapshotAnalysis.compositionReleaseBytes)
        let settings = try settings(lint: false)
        let model = DocumentModel(settings: settings)
        model.perform(.open(uri, version: 1, text: body))
        return (model, settings, body)
    }

    /// A large stream whose whole analysis was released after its open gives each document's root and the
    /// documents' ranges from its chunks, without parsing and composing the whole text again (what a kind
    /// schema arriving or failing after the open read: on a 10 MB stream, three failed downloads composed
    /// it whole three times, 2 s of the server's CPU and 40 MiB above the open's peak); they are those of
    /// the whole text's composition.
    func testALargeStreamGivesItsDocumentsFromItsChunks() throws {
        let (model, _, body) = try largeStream()
        let snapshot = try XCTUnwrap(model.snapshot(uri))
        XCTAssertFalse(snapshot.hasWholeTextAnalysis)
        let whole = DocumentSnapshot(uri: uri, version: 1, bytes: Array(body.utf8))
        XCTAssertEqual(snapshot.documentRanges, whole.composition.documents.map(\.range))
        for index in [0, 1, 2, 1000, 2399] {
            let root = try XCTUnwrap(snapshot.documentRoot(index))
            let expected = whole.composition.documents[index].root
            XCTAssertEqual(root.range, expected.range)
            XCTAssertEqual(JSONProjection.project(root), JSONProjection.project(expected), "document \(index)")
        }
        XCTAssertNil(snapshot.documentRoot(2400))
        XCTAssertFalse(snapshot.hasWholeTextAnalysis, "nothing composed the whole text")
    }

    /// The kind schemas of a large stream arriving (or failing) after its open, then keystrokes: the
    /// findings, schema infos and missing schemas are those of a model that keeps the whole composition
    /// (the command line's), and of a fresh model after each edit; the whole text is never composed.
    func testSchemasArrivingAfterALargeStreamsOpenGiveTheWholeTextsFindings() throws {
        let (model, settings, body) = try largeStream()
        let keeping = DocumentModel(settings: settings)
        keeping.keepsCompositions = true
        keeping.perform(.open(uri, version: 1, text: body))
        var schemas = edge
        schemas.serve(model)
        var other = edge
        other.serve(keeping)
        let snapshot = try XCTUnwrap(model.snapshot(uri))
        XCTAssertFalse(snapshot.hasWholeTextAnalysis)
        let findings = try XCTUnwrap(model.checkFindings(uri))
        XCTAssertTrue(findings.contains { $0.diagnostic.code == "schema-maxLength" }, "the Deployments' names are refused")
        XCTAssertEqual(findings, keeping.checkFindings(uri))
        XCTAssertEqual(model.schemaInfo(uri), keeping.schemaInfo(uri))
        XCTAssertEqual(model.missingSchemas, keeping.missingSchemas)
        XCTAssertEqual(model.schemaInfo(uri)?.documents[0].schemaTitle, "Deployment")
        // Keystrokes in a name and in a replica count, then the first document's kind.
        let text = try XCTUnwrap(model.snapshot(uri)).text
        var version = 1
        for (marker, insert) in [("name: web-1000", "x"), ("name: a-name-too-long-1200", ""), ("replicas: two", "3"), ("kind: Deployment", "s")] {
            let at = try XCTUnwrap(text.range(of: marker)).upperBound
            let offset = text.utf8.distance(from: text.startIndex, to: at)
            let current = try XCTUnwrap(model.snapshot(uri))
            let position = current.lineIndex.position(of: offset - (insert.isEmpty ? 1 : 0), encoding: .utf16)
            let end = current.lineIndex.position(of: offset, encoding: .utf16)
            version += 1
            model.perform(.change(uri, version: version, changes: [TextChange(range: (position, insert.isEmpty ? end : position), text: insert)], encoding: .utf16))
            schemas.serve(model)
            let after = try XCTUnwrap(model.snapshot(uri))
            let reference = fresh(after.text, settings: settings)
            XCTAssertEqual(model.diagnostics(uri)?.diagnostics, reference.diagnostics(uri)?.diagnostics, marker)
            XCTAssertEqual(model.schemaInfo(uri), reference.schemaInfo(uri), marker)
            XCTAssertEqual(model.missingSchemas, reference.missingSchemas, marker)
            XCTAssertFalse(after.hasWholeTextAnalysis, marker)
        }
        XCTAssertEqual(model.schemaInfo(uri)?.documents[0].schemaTitle, nil, "a `Deployments` has no schema")
    }
}
