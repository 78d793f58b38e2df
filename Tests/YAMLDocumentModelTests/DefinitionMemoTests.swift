import XCTest
import YAMLComposer
import YAMLParser
import YAMLSchema
import YAMLSyntax
@testable import YAMLDocumentModel

/// ``DefinitionMemo``: where an edit changed a composed document (the deepest node holding every change,
/// nothing for an edit in a comment), and the projection patched there equals the new document's own.
final class DefinitionMemoTests: XCTestCase {
    private static let text = """
        apiVersion: apiextensions.k8s.io/v1
        kind: CustomResourceDefinition
        spec:
          group: example.com
          names: {kind: Widget, plural: widgets}
          versions:
          - name: v1
            served: true
            schema:
              openAPIV3Schema:
                type: object
                properties:
                  size: {type: integer}   # parts
                  mode:
                    type: string
                    x-kubernetes-list-type: map
                    description: |+
                      Kept line breaks.

        """

    private func root(_ text: String) throws -> YAMLNode {
        try XCTUnwrap(Composer.compose(Parser.parse(Array(text.utf8))).documents.first?.root)
    }

    /// `text` with `old` (its first occurrence) replaced by `new`, and the change as ``DocumentChunks/Recheck/changed`` gives it.
    private func edit(_ old: String, _ new: String) throws -> (text: String, changed: (start: Int, oldEnd: Int, newEnd: Int)) {
        let range = try XCTUnwrap(Self.text.range(of: old))
        let text = Self.text.replacingCharacters(in: range, with: new)
        // As the common prefix and suffix of the two texts give it.
        let a = Array(Self.text.utf8), b = Array(text.utf8)
        let (prefix, suffix) = DocumentChunks.commonPrefixAndSuffix(a, b)
        return (text, (prefix, a.count - suffix, b.count - suffix))
    }

    func testTheChangeIsTheDeepestNodeHoldingTheEdit() throws {
        let old = try root(Self.text)
        // spec (2) -> versions (2) -> item 0 -> schema (2) -> openAPIV3Schema (0) -> properties (1) -> mode (1) -> x-kubernetes-list-type (1)
        let cases: [(String, String, DefinitionMemo.Change)] = [
            ("type: map", "type: mxap", .below(path: [2, 2, 0, 2, 0, 1, 1, 1])),
            ("# parts", "# many parts", .none),
            ("{type: integer}", "{type: string}", .below(path: [2, 2, 0, 2, 0, 1, 0, 0])),
            ("    mode:", "    moda:", .below(path: [2, 2, 0, 2, 0, 1])),
            ("served: true", "served: false", .below(path: [2, 2, 0, 1])),
            ("kind: CustomResourceDefinition", "kind: Thing", .below(path: [1])),
            ("x-kubernetes-list-type: map\n", "x-kubernetes-list-type: map\n            minLength: 1\n", .below(path: [2, 2, 0, 2, 0, 1, 1])),
            ("x-kubernetes-list-type: map\n", "x-kubernetes-list-type: map\n          minLength: 1\n", .below(path: [2, 2, 0, 2, 0, 1])),
            // A line break after a block scalar that keeps its final line breaks changes its content.
            ("Kept line breaks.\n", "Kept line breaks.\n\n", .below(path: [2, 2, 0, 2, 0, 1, 1, 2])),
        ]
        for (from, to, expected) in cases {
            let (text, changed) = try edit(from, to)
            let new = try root(text)
            let change = DefinitionMemo.change(from: old, to: new, changed: changed)
            XCTAssertEqual(change, expected, "\(from) -> \(to)")
            // The old projection with the changed node's projection put in place is the new projection.
            guard case .success(let oldJSON) = JSONProjection.project(old), case .success(let newJSON) = JSONProjection.project(new) else {
                return XCTFail("no projection")
            }
            if case .below(let path) = change {
                let node = try XCTUnwrap(DefinitionMemo.node(at: path[...], in: new))
                guard case .success(let value) = JSONProjection.project(node) else { return XCTFail("no projection") }
                let patched = DefinitionMemo.replacing(in: oldJSON, at: path[...], of: new, with: value)
                XCTAssertTrue(try XCTUnwrap(patched).isIdentical(to: newJSON), "\(from) -> \(to)")
            } else {
                XCTAssertTrue(oldJSON.isIdentical(to: newJSON))
            }
        }
    }

    /// Edits that re-check one block mapping entry of the definition, in the middle of a stream (``DocumentChunks/EntryEdit``),
    /// patch the memo with the entry's value: after each, its projection and entries are those of the
    /// document composed afresh, and its root is found again through the edits before (their lengths
    /// moved back). An entry below a value an earlier edit replaced is not patched.
    func testEntryEditsPatchTheProjection() throws {
        let uri = DocumentURI(filePath: "/w/stream.yaml")
        var snapshot = DocumentSnapshot(uri: uri, version: 0, bytes: Array(("a: 1\n---\n" + Self.text + "---\nb: 2\n").utf8))
        func edited(_ old: String, _ new: String) throws -> DocumentSnapshot {
            let text = snapshot.text
            let range = try XCTUnwrap(text.range(of: old), old)
            return DocumentSnapshot(uri: uri, version: snapshot.version + 1, bytes: Array(text.replacingCharacters(in: range, with: new).utf8),
                                    after: snapshot)
        }
        func composed(_ s: DocumentSnapshot) throws -> YAMLNode {
            let chunks = try XCTUnwrap(s.chunks)
            return try XCTUnwrap(DocumentModel.composeAlone(s, chunks, 1))
        }
        // The first edit in the definition re-checks its chunk, and keeps the chunk's entries.
        snapshot = try edited("type: map", "type: mapx")
        XCTAssertNil(snapshot.recheck?.0.entry)
        XCTAssertEqual(snapshot.chunkEntries?.index, 1)
        let root = try composed(snapshot)
        guard case .success(let json) = JSONProjection.project(root) else { return XCTFail("no projection") }
        let chunks = try XCTUnwrap(snapshot.chunks)
        var memo = DefinitionMemo(source: uri.string, index: 1, read: ObjectIdentifier(snapshot.analysis), root: root,
                                  chunkLength: chunks.starts[2] - chunks.starts[1], projection: json,
                                  entries: CustomResourceSchemas.definitions(in: root, source: uri.string))
        XCTAssertEqual(memo.entries.count, 1)
        let edits: [(String, String, patched: Bool)] = [
            ("type: mapx", "type: mapxy", true),
            ("{type: integer}", "{type: string, minLength: 2}", true),
            ("Kept line breaks.", "Kept line breaks, more of them.", true),
            ("type: mapxy", "type: map", true),
            // A new line in `mode`'s value: `mode` is re-checked, and its value replaced.
            ("type: string\n", "type: string\n            minLength: 1\n", true),
            // Below the replaced value of `mode`: not found in the memo's root.
            ("minLength: 1", "minLength: 12", false),
        ]
        for (from, to, patched) in edits {
            let next = try edited(from, to)
            let (recheck, _) = try XCTUnwrap(next.recheck, to)
            let entry = try XCTUnwrap(recheck.entry, to)
            let updated = memo.updated(entry: entry, chunkStart: recheck.start, chunkLength: recheck.end - recheck.start,
                                       changed: recheck.changed, read: ObjectIdentifier(next.analysis))
            XCTAssertEqual(updated != nil, patched, to)
            snapshot = next
            guard let updated else { continue }
            memo = updated
            let fresh = try composed(next)
            guard case .success(let whole) = JSONProjection.project(fresh) else { return XCTFail("no projection") }
            XCTAssertTrue(memo.projection.isIdentical(to: whole), to)
            XCTAssertEqual(memo.entries, CustomResourceSchemas.definitions(in: fresh, source: uri.string), to)
        }
        XCTAssertEqual(memo.entryEdits.count, 5)
        // A chunk-wide edit cannot compare with a root whose ranges are those of the text before the entry edits.
        XCTAssertNil(memo.updated(try composed(snapshot), chunkLength: memo.chunkLength, changed: (0, 0, 0), read: memo.read))
    }

    /// A merge key on the way: the projection is not member for member, so nothing is patched.
    func testAMergeKeyOnTheWayIsNotPatched() throws {
        let text = "a: {x: 1}\nb:\n  <<: {y: 2}\n  z: 3\n"
        let new = try root(text.replacingOccurrences(of: "z: 3", with: "z: 4"))
        guard case .success(let json) = JSONProjection.project(try root(text)) else { return XCTFail("no projection") }
        XCTAssertNil(DefinitionMemo.replacing(in: json, at: [1, 1], of: new, with: .integer(4)))
    }
}

/// The model keeps the definition edited last and projects only what a keystroke in it changed.
final class DefinitionMemoModelTests: XCTestCase {
    private static let settings = { var s = Settings(); s.schema.workspaceFolders = [DocumentURI(filePath: "/w")]; return s }()
    private let uri = DocumentURI(filePath: "/w/stream.yaml")

    /// A model with ``IncrementalAnalysisTests/blockDefinitionStream`` open (a CRD and its resources).
    private func openStream() -> DocumentModel {
        let model = DocumentModel(settings: Self.settings)
        model.perform(.open(uri, version: 1, text: IncrementalAnalysisTests.blockDefinitionStream))
        return model
    }

    /// A one-document definition that defines nothing (its group is no domain name) starts to define its
    /// kind when a keystroke in one entry mends the group, as in a fresh model.
    func testAKeystrokeMendingADefinitionInOneEntryDefinesItsKind() throws {
        let model = DocumentModel(settings: Self.settings)
        let uri = DocumentURI(filePath: "/w/crd.yaml")
        let text = "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec:\n  group: ex ample.com\n  names:\n"
            + "    kind: Widget\n    plural: widgets\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n"
            + "      openAPIV3Schema:\n        type: object\n        properties:\n          size: {type: integer}\n"
        model.perform(.open(uri, version: 1, text: text))
        XCTAssertNil(model.schemaRegistry.customResources.sources[uri.string])
        let space = LineColumn(line: 3, column: 11)
        model.perform(.change(uri, version: 2, changes: [TextChange(range: (space, LineColumn(line: 3, column: 12)), text: "")], encoding: .utf16))
        let snapshot = try XCTUnwrap(model.snapshot(uri))
        XCTAssertNotNil(snapshot.blockRecheck, "one entry re-checked")
        XCTAssertEqual(model.schemaRegistry.customResources.sources[uri.string]?.map { $0.keys.map(\.description) }, [["example.com/v1 Widget"]])
    }

    func testKeystrokesInADefinitionUseTheMemo() throws {
        let model = openStream()
        let text = IncrementalAnalysisTests.blockDefinitionStream
        let line = try XCTUnwrap(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("x-kubernetes-list-type: map") })
        var reads: [ObjectIdentifier] = []
        // The snapshots are kept, so that no two of their analyses can share an address (an identifier of a
        // freed object may be reused by the next one allocated).
        var kept: [DocumentSnapshot] = []
        for version in 2...5 {
            let at = LineColumn(line: line, column: 41)
            let change = version % 2 == 0 ? TextChange(range: (at, at), text: "x") : TextChange(range: (at, LineColumn(line: line, column: 42)), text: "")
            model.perform(.change(uri, version: version, changes: [change], encoding: .utf16))
            let snapshot = try XCTUnwrap(model.snapshot(uri))
            XCTAssertEqual(snapshot.recheck?.0.index, 0)
            // The first keystroke re-checks the definition's chunk, the next ones one entry of it.
            XCTAssertEqual(snapshot.recheck?.0.entry != nil, version > 2, "version \(version)")
            let memo = try XCTUnwrap(model.schemaRegistry.definitionMemo, "version \(version)")
            XCTAssertEqual(memo.entryEdits.count, version - 2)
            XCTAssertEqual(memo.read, ObjectIdentifier(snapshot.analysis))
            // An extension's value: the Widget schema validates as before (known once the memo is kept: the
            // first keystroke reads the whole definition).
            XCTAssertEqual(memo.alike.map(\.kind), version == 2 ? [] : ["Widget"], "version \(version)")
            reads.append(memo.read)
            kept.append(snapshot)
        }
        withExtendedLifetime(kept) { XCTAssertEqual(Set(reads).count, 4) }
    }

    /// Keystrokes in a description and in an extension's value change the schema in annotations only
    /// (``DefinitionMemo/alike``): the resources of the stream keep their findings without being validated
    /// again, and hover shows the new description, as a fresh model's does; a keystroke in a `type` then
    /// validates them again as a fresh model would.
    func testAnnotationOnlyKeystrokesKeepTheFindingsAndUpdateHover() throws {
        let model = openStream()
        var text = IncrementalAnalysisTests.blockDefinitionStream
        func findings() -> [String] { (model.diagnostics(uri)?.diagnostics ?? []).map { $0.code + ": " + $0.message } }
        let before = findings()
        XCTAssertTrue(before.contains { $0.hasPrefix("schema-") }, "the resources have schema findings")
        func type(_ word: String, after marker: String, version: Int) throws -> Set<SurfaceArea> {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let line = try XCTUnwrap(lines.firstIndex { $0.contains(marker) }, marker)
            let column = try XCTUnwrap(lines[line].range(of: marker)).upperBound.utf16Offset(in: lines[line])
            let at = LineColumn(line: line, column: column)
            var edited = lines.map(String.init)
            edited[line].insert(contentsOf: word, at: edited[line].index(edited[line].startIndex, offsetBy: column))
            text = edited.joined(separator: "\n")
            return model.perform(.change(uri, version: version, changes: [TextChange(range: (at, at), text: word)], encoding: .utf16))
        }
        func compareWithAFreshModel(_ label: String) throws {
            let fresh = DocumentModel(settings: Self.settings)
            fresh.perform(.open(uri, version: 1, text: text))
            XCTAssertEqual(try XCTUnwrap(model.snapshot(uri)).bytes, Array(text.utf8), label)
            XCTAssertEqual(model.diagnostics(uri)?.diagnostics, fresh.diagnostics(uri)?.diagnostics, label)
            let resources = try XCTUnwrap(text.range(of: "# the resources")).upperBound.utf16Offset(in: text)
            var hovered = 0
            for offset in resources..<text.utf8.count {
                let hover = model.hover(uri, at: offset)
                XCTAssertEqual(hover, fresh.hover(uri, at: offset), "\(label) at \(offset)")
                if hover != nil { hovered += 1 }
            }
            XCTAssertGreaterThan(hovered, 0, label)
        }
        // The first keystroke reads the whole definition and keeps it (``DefinitionMemo``).
        var areas = try type("x", after: "x-kubernetes-list-type: m", version: 2)
        XCTAssertEqual(model.schemaRegistry.definitionMemo?.alike, [])
        areas = try type(" Now edited.", after: "description: How many parts.", version: 3)
        XCTAssertEqual(model.schemaRegistry.definitionMemo?.alike.map(\.kind), ["Widget"])
        XCTAssertEqual(findings(), before)
        try compareWithAFreshModel("after a description keystroke")
        XCTAssertTrue(model.hover(uri, at: try XCTUnwrap(text.range(of: "size: many")).lowerBound.utf16Offset(in: text))?
            .sections.sketch.joined().contains("Now edited.") ?? false)
        areas = try type("y", after: "x-kubernetes-list-type: m", version: 4)
        XCTAssertEqual(model.schemaRegistry.definitionMemo?.alike.map(\.kind), ["Widget"])
        XCTAssertEqual(findings(), before)
        // A validation keyword (`type: integxer`, not a type): the findings change.
        areas = try type("x", after: "type: integ", version: 5)
        XCTAssertEqual(model.schemaRegistry.definitionMemo?.alike, [])
        XCTAssertTrue(areas.contains(.diagnostics(uri)))
        XCTAssertNotEqual(findings(), before)
        try compareWithAFreshModel("after a type keystroke")
    }
}

/// ``CustomResourceDefinition/jsonSchema(_:updating:changedBelow:)`` gives what ``CustomResourceDefinition/jsonSchema(_:type:)``
/// gives for the whole new schema, written the same way, also where a parent's rule reads the changed
/// child (an `x-kubernetes-int-or-string` schema's `anyOf`), and leaves the root's own properties to the caller.
final class StructuralSchemaUpdateTests: XCTestCase {
    private static let openAPI = #"""
    {"type": "object", "properties": {
      "apiVersion": {"type": "string"},
      "spec": {"type": "object", "properties": {
        "size": {"type": "integer", "minimum": 1, "nullable": true},
        "port": {"x-kubernetes-int-or-string": true, "anyOf": [{"type": "integer"}, {"type": "string"}]},
        "items": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}}}},
        "template": {"type": "object", "x-kubernetes-embedded-resource": true, "properties": {"kind": {"type": "string"}}}
      }}}}
    """#

    func testAPatchedSchemaIsTheWholeSchemaMadeAgain() throws {
        let type = KubernetesResourceType(group: "example.com", version: "v1", kind: "Widget")
        let old = try SchemaText.parse(Array(Self.openAPI.utf8))
        let before = CustomResourceDefinition.jsonSchema(old, type: type)
        let cases: [(String, String, [String], Bool)] = [
            (#""minimum": 1"#, #""minimum": 2"#, ["properties", "spec", "properties", "size", "minimum"], true),
            (#"{"type": "integer"}, {"type": "string"}"#, #"{"type": "integer"}, {"type": "number"}"#,
             ["properties", "spec", "properties", "port", "anyOf", "1", "type"], true),
            (#""name": {"type": "string"}"#, #""name": {"type": "string", "nullable": true}"#,
             ["properties", "spec", "properties", "items", "items", "properties", "name"], true),
            (#""properties": {"kind": {"type": "string"}}"#, #""properties": {"kind": {"type": "string"}, "other": {}}"#,
             ["properties", "spec", "properties", "template", "properties"], true),
            (#""apiVersion": {"type": "string"}"#, #""apiVersion": {"type": "string", "description": "v"}"#,
             ["properties", "apiVersion", "description"], false),
        ]
        for (from, to, path, patched) in cases {
            XCTAssertTrue(Self.openAPI.contains(from), from)
            let new = try SchemaText.parse(Array(Self.openAPI.replacingOccurrences(of: from, with: to).utf8))
            let whole = CustomResourceDefinition.jsonSchema(new, type: type)
            let updated = CustomResourceDefinition.jsonSchema(new, updating: before, changedBelow: path)
            XCTAssertEqual(updated != nil, patched, from)
            if let updated { XCTAssertTrue(updated.isIdentical(to: whole), "\(from) -> \(to)") }
        }
    }
}
