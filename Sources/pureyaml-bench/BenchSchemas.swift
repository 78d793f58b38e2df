import Foundation
import YAMLDocumentModel

/// The schema documents the bench gives a model for one input, as the model asks for them (the in-process
/// `keystroke-schema` stage): what a user with these schemas at hand (a modeline, `yaml.schemas`, a
/// Kubernetes kind) has the document validated against on every keystroke.
struct BenchSchemas {
    /// The `yaml.schemas` key that associates the input with its schema (every `*.yaml`); nil for
    /// Kubernetes detection by `apiVersion` and `kind`.
    var association: String?
    /// Schema documents by absolute URI (their `$id`).
    var byURI: [String: [UInt8]] = [:]
    /// Schema documents by file name, for any URI ending in it (Kubernetes per-kind schemas, whatever
    /// the version folder the model asks in).
    var byFileName: [String: [UInt8]] = [:]

    /// The bytes of the schema `uri`, nil when the bench has none.
    func bytes(for uri: String) -> [UInt8]? {
        byURI[uri] ?? uri.split(separator: "/").last.flatMap { byFileName[String($0)] }
    }

    /// The settings that associate a document with these schemas.
    var settings: Settings {
        var settings = Settings()
        if let association { settings.schema.associations = [.init(schema: association, globs: ["*.yaml"])] }
        return settings
    }

    /// Delivers every schema `model` waits for (what the bench has, else a failure), until it waits for
    /// none (at most 20 rounds: schemas that `$ref` others ask for them next).
    func deliver(to model: DocumentModel) {
        for _ in 0..<20 {
            let pending = model.schemaLoadRequests
            if pending.isEmpty { return }
            for uri in pending {
                let result: SchemaLoadResult = bytes(for: uri).map { .success($0) }
                    ?? .failure(SchemaLoadFailure("not among the bench's schemas", kind: .unavailable))
                model.perform(.schemaLoaded(uri, result))
            }
        }
    }

    /// The Kubernetes per-kind schemas in `folder` (`<kind>-<group>-<version>.json`); nil when it has none.
    static func kubernetes(_ folder: URL) -> BenchSchemas? {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }
        var schemas = BenchSchemas()
        for file in files {
            if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path) { schemas.byFileName[file] = [UInt8](data) }
        }
        return schemas.byFileName.isEmpty ? nil : schemas
    }

    /// The OpenAPI 3.1 schema of `folder` (`schema.json`) and its sibling documents, by `$id`; nil when
    /// `schema.json` is missing.
    static func openAPI(_ folder: URL) -> BenchSchemas? {
        var schemas = BenchSchemas()
        for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where file.hasSuffix(".json") {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path),
                  let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let id = json["$id"] as? String else { continue }
            schemas.byURI[id] = [UInt8](data)
            if file == "schema.json" { schemas.association = id }
        }
        return schemas.association == nil ? nil : schemas
    }
}
