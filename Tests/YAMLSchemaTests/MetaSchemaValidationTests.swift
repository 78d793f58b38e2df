import Foundation
import TestSupport
import XCTest
import YAMLComposer
import YAMLSchema

/// Every schema in ../shared/schemas validates against the meta-schema its `$schema` names, using only
/// the bundled meta-schemas (drafts 4, 6, 7, 2019-09 with `$recursiveRef`, 2020-12 with `$dynamicRef`).
final class MetaSchemaValidationTests: XCTestCase {
    func testSharedSchemasConformToTheirMetaSchemas() throws {
        let root = try requireSharedFolder("schemas")
        var checked: [String: Int] = [:]
        var failures: [String] = []
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "json", !url.path.contains("tests"), url.lastPathComponent != "catalog.json",
                  let json = try? JSONTextParser.parse(Data(contentsOf: url)),
                  case .string(let metaURI)? = json["$schema"], let draft = SchemaDraft(metaSchemaURI: metaURI) else { continue }
            let meta = JSONSchema(json: .object([("$ref", .string(metaURI))]), resolver: { uri in XCTFail("asked for \(uri)"); return nil })
            let violations = meta.validate(YAMLNodeFromJSON.node(json)).filter { $0.severity == .error }
            checked[draft.description, default: 0] += 1
            if !violations.isEmpty {
                failures.append("\(url.lastPathComponent): \(violations.prefix(3).map(\.description))")
            }
        }
        print("Schemas checked against their meta-schemas: \(checked.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
        XCTAssertGreaterThan(checked.values.reduce(0, +), 20)
        for f in failures { print("  meta-schema violation: \(f)") }
        XCTAssertEqual(failures, [])
    }
}
