import XCTest
import YAMLComposer
@testable import YAMLSchema

/// A schema object's keywords are found as a dictionary built in member order would find them, whether
/// the object is scanned (few members) or indexed (many), and a schema compiles the same either way.
final class SchemaObjectTests: XCTestCase {
    private func members(_ pairs: [(String, JSONValue)]) -> [(key: String, value: JSONValue)] {
        pairs.map { (key: $0.0, value: $0.1) }
    }

    /// Padding members whose keys are no keyword, to push an object past the scan limit.
    private func padding(_ count: Int) -> [(String, JSONValue)] {
        (0..<count).map { ("x-extra-\($0)", .integer(Int64($0))) }
    }

    func testLookupMatchesADictionaryBuiltInOrder() {
        for extra in [0, 40] {
            let pairs: [(String, JSONValue)] = [("type", .string("string")), ("enum", .array([])), ("maximum", .integer(1)),
                                                ("minimum", .integer(0)), ("maximum", .integer(5))] + padding(extra)
            var object = SchemaObject(members(pairs))
            var dictionary: [String: JSONValue] = [:]
            for (key, value) in pairs { dictionary[key] = value }
            for key in ["type", "enum", "maximum", "minimum", "maxItems", "typ", "types", "x-extra-3", ""] {
                XCTAssertEqual(object[key], dictionary[key], "\(key) with \(extra) extra members")
            }
            object.remove("maximum")
            XCTAssertNil(object["maximum"], "every member of that name is gone (\(extra) extra members)")
            XCTAssertEqual(object["minimum"], .integer(0))
        }
    }

    /// The same keywords among many other members (indexed) validate as among few (scanned); a repeated
    /// keyword's last value applies in both.
    func testManyMembersCompileAsFew() throws {
        func schema(extra: Int) -> JSONSchema {
            let pairs: [(String, JSONValue)] = [("type", .string("integer")), ("maximum", .integer(1)), ("maximum", .integer(5))] + padding(extra)
            return JSONSchema(json: .object(members(pairs)), uri: "urn:test")
        }
        for extra in [0, 30] {
            let s = schema(extra: extra)
            XCTAssertEqual(s.validate(FlowYAML.compose("3")).count, 0, "\(extra) extra members")
            XCTAssertEqual(s.validate(FlowYAML.compose("6")).count, 1, "\(extra) extra members")
            XCTAssertEqual(s.validate(FlowYAML.compose("\"a\"")).count, 1, "\(extra) extra members")
        }
    }
}
