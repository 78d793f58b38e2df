import Foundation
import TestSupport
import XCTest
import YAMLComposer
import YAMLSyntax
@testable import YAMLDocumentModel

/// A keystroke inside one block mapping entry of a document with a schema re-validates that entry's value
/// alone when the previous validation watched it and the outcome there is unchanged (``ValidationWatch``).
/// After every seeded random edit, the published diagnostics and schema info must be those of a fresh
/// model given the same text and schemas.
final class BlockSchemaRevalidationTests: XCTestCase {
    /// Schema documents by URI, delivered to a model as it asks for them.
    struct Schemas {
        var byURI: [String: [UInt8]] = [:]

        func deliver(to model: DocumentModel) {
            for _ in 0..<10 {
                let pending = model.schemaLoadRequests
                if pending.isEmpty { return }
                for uri in pending {
                    model.perform(.schemaLoaded(uri, byURI[uri].map { .success($0) } ?? .failure(SchemaLoadFailure("not in the test's schemas"))))
                }
            }
        }
    }

    /// A model whose `yaml.schemas` give every document `schemaURI`, with `text` open at `uri` and its
    /// schemas delivered.
    private func model(_ uri: DocumentURI, _ text: [UInt8], schemaURI: String, schemas: Schemas, version: Int = 0) -> DocumentModel {
        var settings = Settings()
        settings.schema.associations = [.init(schema: schemaURI, globs: ["*.yaml", "*.yml"])]
        let model = DocumentModel(settings: settings)
        model.perform(.open(uri, version: version, text: String(decoding: text, as: UTF8.self)))
        schemas.deliver(to: model)
        return model
    }

    /// Applies `count` seeded edits (typing inside words, with every fourth edit a random one) to `text` in
    /// a model with `schemaURI`, comparing after each the diagnostics and schema info with a fresh model's.
    /// Returns how many edits re-validated one entry's value alone (the whole text left uncomposed).
    @discardableResult
    private func differential(_ text: [UInt8], name: String, schemaURI: String, schemas: Schemas, seed: UInt64, count: Int) -> Int {
        let uri = DocumentURI(filePath: "/w/\(name)")
        let model = model(uri, text, schemaURI: schemaURI, schemas: schemas)
        var rng = SeededGenerator(seed: seed)
        var alone = 0
        // Where the last insertion ended: the next keystroke goes there three times in four, as typing does.
        var cursor: Int?
        for version in 1...count {
            guard let before = model.snapshot(uri) else { XCTFail("not open"); return alone }
            var (range, insert) = BlockReparseTests.randomEdit(before.bytes, &rng, insideWords: version % 4 != 0)
            if let at = cursor, at <= before.bytes.count, rng.next() % 4 != 0 {
                (range, insert) = (at..<at, ["a", "q", "z", "7", " ", "-"][Int(rng.next() % 6)])
            }
            cursor = range.lowerBound + insert.utf8.count
            let lsp = (before.lineIndex.position(of: range.lowerBound, encoding: .utf8),
                       before.lineIndex.position(of: range.upperBound, encoding: .utf8))
            model.perform(.change(uri, version: version, changes: [TextChange(range: lsp, text: insert)], encoding: .utf8))
            guard let after = model.snapshot(uri) else { XCTFail("closed"); return alone }
            if after.blockRecheck != nil, !after.hasWholeTextAnalysis { alone += 1 }
            let reference = self.model(uri, after.bytes, schemaURI: schemaURI, schemas: schemas, version: version)
            let label = "\(name) seed \(seed) edit \(version) (\(range) -> \(insert.debugDescription))"
            XCTAssertEqual(model.diagnostics(uri)?.diagnostics, reference.diagnostics(uri)?.diagnostics, label)
            XCTAssertEqual(model.schemaInfo(uri), reference.schemaInfo(uri), label)
            if model.diagnostics(uri)?.diagnostics != reference.diagnostics(uri)?.diagnostics { return alone }
        }
        return alone
    }

    /// A schema whose outcome at a value depends on its siblings and ancestors in every way JSON Schema
    /// allows: `oneOf` over objects told apart by a sibling, `if`/`then`, `unevaluatedProperties`,
    /// `additionalProperties`, `required`, `dependentRequired`, `uniqueItems` and `const`/`enum` above the
    /// values typed in, patterns and lengths on the values themselves.
    static let schema = """
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "type": "object",
      "properties": {
        "name": {"type": "string", "minLength": 3, "pattern": "^[a-z]"},
        "mode": {"enum": ["fast", "slow", "fastq"]},
        "tags": {"type": "array", "uniqueItems": true, "items": {"type": "string"}},
        "fixed": {"const": {"a": "one", "b": "two"}},
        "services": {
          "type": "object",
          "additionalProperties": {
            "oneOf": [
              {"properties": {"kind": {"const": "web"}, "port": {"type": "integer"}, "host": {"type": "string", "maxLength": 8}},
               "required": ["kind"]},
              {"properties": {"kind": {"const": "db"}, "size": {"type": "string", "pattern": "^[0-9]+G$"}},
               "required": ["kind"]}
            ],
            "if": {"properties": {"kind": {"const": "web"}}},
            "then": {"required": ["port"]},
            "dependentRequired": {"user": ["password"]},
            "unevaluatedProperties": false
          }
        },
        "notes": {"type": "object", "additionalProperties": {"type": "string", "maxLength": 12}}
      },
      "additionalProperties": false
    }
    """

    static let document = """
    name: demo
    mode: fast
    tags:
      - alpha
      - beta
    fixed:
      a: one
      b: two
    services:
      front:
        kind: web
        port: 8080
        host: example
      store:
        kind: db
        size: 10G
      cache:
        kind: web
        host: cachehost
        port: 6379
      login:
        kind: db
        user: admin
        password: secret
    notes:
      first: a short note
      second: another one
      third: words here

    """

    /// Typing in the generated document with the schema above: the diagnostics and schema info are a
    /// fresh model's after every edit, and most keystrokes re-validate one value alone.
    func testTypingInADocumentWithASchemaGivesWhatAFreshModelGives() {
        let uri = "https://schemas.test/services.json"
        let schemas = Schemas(byURI: [uri: Array(Self.schema.utf8)])
        var alone = 0
        for seed in UInt64(1)...6 {
            alone += differential(Array(Self.document.utf8), name: "services-\(seed).yaml", schemaURI: uri, schemas: schemas, seed: seed, count: 60)
        }
        print("services: \(alone) of 360 edits re-validated one value alone")
        XCTAssertGreaterThan(alone, 20, "typing re-validates one value alone")
    }

    /// The first keystroke in an entry validates the whole document and watches the entry's value; the
    /// next ones in it re-validate the value alone while its outcome stays the same. A value read from
    /// above (`const` of the enclosing `fixed`) is always validated whole, and so is one whose outcome
    /// changed (a port that stops being an integer).
    func testKeystrokesInOneEntryRevalidateItsValueAlone() {
        let uri = DocumentURI(filePath: "/w/s.yaml")
        let schemaURI = "https://schemas.test/services.json"
        let schemas = Schemas(byURI: [schemaURI: Array(Self.schema.utf8)])
        let model = model(uri, Array(Self.document.utf8), schemaURI: schemaURI, schemas: schemas)
        var version = 0
        /// Inserts `text` after the first occurrence of `after`; true when the whole text was left uncomposed.
        func type(_ text: String, after: String) -> Bool {
            guard let s = model.snapshot(uri), let r = s.text.range(of: after) else { XCTFail("no \(after)"); return false }
            let offset = s.text.utf8.distance(from: s.text.utf8.startIndex, to: r.upperBound)
            let p = s.lineIndex.position(of: offset, encoding: .utf8)
            version += 1
            model.perform(.change(uri, version: version, changes: [TextChange(range: (p, p), text: text)], encoding: .utf8))
            let reference = self.model(uri, model.snapshot(uri)!.bytes, schemaURI: schemaURI, schemas: schemas, version: version)
            XCTAssertEqual(model.diagnostics(uri)?.diagnostics, reference.diagnostics(uri)?.diagnostics, "\(text) after \(after)")
            XCTAssertEqual(model.schemaInfo(uri), reference.schemaInfo(uri), "\(text) after \(after)")
            return !(model.snapshot(uri)?.hasWholeTextAnalysis ?? true)
        }
        XCTAssertFalse(type("x", after: "name: de"))
        XCTAssertTrue(type("y", after: "name: dex"))
        XCTAssertTrue(type("Q", after: "name: dexy"))
        // `const` above the value reads it as a whole: never alone.
        XCTAssertFalse(type("x", after: "  a: on"))
        XCTAssertFalse(type("y", after: "  a: onx"))
        // `uniqueItems` of `tags` is evaluated at the watched value (the entry `tags`) itself.
        XCTAssertFalse(type("x", after: "  - alph"))
        XCTAssertTrue(type("y", after: "  - alphx"))
        // A port inside a `oneOf` alternative: alone while it stays an integer.
        XCTAssertFalse(type("1", after: "port: 80"))
        XCTAssertTrue(type("2", after: "port: 801"))
        XCTAssertFalse(type("x", after: "port: 8012"))
        XCTAssertEqual(model.diagnostics(uri)?.diagnostics.contains { $0.code == "schema-type" }, true)
        // Findings elsewhere move with an edit before them (the `host` of `cache`, too long, and the port).
        XCTAssertFalse(type("x", after: "name: dexyQ"))
        XCTAssertTrue(type("y", after: "name: dexyQx"))
        // A value checked against `maxLength` 12 from an `additionalProperties` above it, while it stays valid.
        XCTAssertFalse(type("x", after: "third: wo"))
        XCTAssertTrue(type("y", after: "third: wox"))
    }

    /// Documents of the shared corpus with the schemas they are checked against there
    /// (`corpus/VALIDATION.tsv`): GitHub workflows, Compose files, OpenAPI 3.0 and 3.1 documents, GitLab CI,
    /// Ansible task lists and Kubernetes manifests of 2–60 KB, every few in path order.
    func testTypingInCorpusDocumentsWithTheirSchemasGivesWhatAFreshModelGives() throws {
        let corpus = try requireSharedFolder("corpus")
        let schemasFolder = try requireSharedFolder("schemas")
        let table = try String(contentsOf: corpus.appendingPathComponent("VALIDATION.tsv"), encoding: .utf8)
        var perSchema: [String: Int] = [:]
        var alone = 0, files = 0
        for (i, line) in table.split(separator: "\n").dropFirst().enumerated() where i % 7 == 0 {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 2, perSchema[fields[1], default: 0] < 3 else { continue }
            let file = corpus.appendingPathComponent(fields[0])
            guard let data = try? Data(contentsOf: file), (2_000...60_000).contains(data.count) else { continue }
            let bytes = [UInt8](data)
            // Streams are re-checked by documents, not by entries.
            guard DocumentSnapshot(uri: DocumentURI(filePath: file.path), version: 0, bytes: bytes).blockEntries != nil else { continue }
            let (schemaURI, schemas) = Self.schemas(fields[1], in: schemasFolder)
            perSchema[fields[1], default: 0] += 1
            files += 1
            alone += differential(bytes, name: file.lastPathComponent, schemaURI: schemaURI, schemas: schemas, seed: UInt64(i), count: 24)
        }
        print("corpus with schemas: \(files) files (\(perSchema.keys.sorted().joined(separator: ", "))), \(alone) of \(files * 24) edits re-validated one value alone")
        XCTAssertGreaterThan(files, 10)
        XCTAssertGreaterThan(alone, files * 4, "typing in corpus documents re-validates values alone")
    }

    /// The schema at `path` under `folder`, known by its `$id` (else a test URI), with every JSON schema
    /// beside it known by its `$id` (the OpenAPI 3.1 schema's dialect and meta-schemas).
    static func schemas(_ path: String, in folder: URL) -> (String, Schemas) {
        var schemas = Schemas()
        func id(_ bytes: [UInt8]) -> String? {
            (try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])?["$id"] as? String
        }
        let file = folder.appendingPathComponent(path)
        let siblings = (try? FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)) ?? []
        for name in siblings where name.hasSuffix(".json") {
            guard let data = FileManager.default.contents(atPath: file.deletingLastPathComponent().appendingPathComponent(name).path),
                  let id = id([UInt8](data)) else { continue }
            schemas.byURI[id] = [UInt8](data)
        }
        let bytes = FileManager.default.contents(atPath: file.path).map { [UInt8]($0) } ?? []
        let uri = id(bytes) ?? "https://schemas.test/" + path
        schemas.byURI[uri] = bytes
        return (uri, schemas)
    }
}
