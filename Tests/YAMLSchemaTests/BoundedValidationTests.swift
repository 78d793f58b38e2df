import TestSupport
import XCTest
import YAMLComposer
@testable import YAMLSchema

/// Validation work that a schema and document of a stranger's repository cannot blow up (issue 23).
final class BoundedValidationTests: XCTestCase {
    private func validate(_ schema: String, _ yaml: String) throws -> [SchemaViolation] {
        try JSONSchema(jsonText: Array(schema.utf8), resolver: { _ in nil }).validate(FlowYAML.compose(yaml))
    }

    /// 10,000 distinct objects (once quadratic: objects hashed by their member count only, so all
    /// collided), then the same with one duplicate at the end.
    func testUniqueItemsOverManyObjectsIsLinear() throws {
        let items = (0..<10_000).map { "{id: \($0), name: n\($0)}" }
        let distinct = FlowYAML.compose("[" + items.joined(separator: ", ") + "]")
        let duplicated = FlowYAML.compose("[" + items.joined(separator: ", ") + ", {name: n7, id: 7.0}]")
        let schema = try JSONSchema(jsonText: Array(#"{"uniqueItems": true}"#.utf8), resolver: { _ in nil })
        assertNoHang(cpuSecondsAtMost: 30, "uniqueItems over 10,000 objects") {
            XCTAssertEqual(schema.validate(distinct).count, 0)
            XCTAssertEqual(schema.validate(duplicated).map(\.message), ["items 7 and 10000 are equal; items must be unique"])
        }
    }

    /// Aliases of one large anchor are the same node: equal at once, without projecting the anchor again.
    func testUniqueItemsOverAliasesOfOneAnchor() throws {
        let anchor = "&big [" + (0..<5_000).map { "{k: \($0)}" }.joined(separator: ", ") + "]"
        let yaml = "[" + anchor + ", " + Array(repeating: "*big", count: 5_000).joined(separator: ", ") + "]"
        try assertNoHang(cpuSecondsAtMost: 60, "uniqueItems over 5,000 aliases") {
            XCTAssertEqual(try validate(#"{"uniqueItems": true}"#, yaml).map(\.message), ["items 0 and 1 are equal; items must be unique"])
        }
    }

    func testObjectsThatDifferHashApartAndEqualOnesHashAlike() {
        let a = JSONValue.object([(key: "x", value: .integer(1)), (key: "y", value: .string("b"))])
        let b = JSONValue.object([(key: "y", value: .string("b")), (key: "x", value: .number(1))])
        let c = JSONValue.object([(key: "x", value: .integer(2)), (key: "y", value: .string("b"))])
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.hashValue, b.hashValue, "member order and 1 vs 1.0 do not change the hash")
        XCTAssertNotEqual(a, c)
        XCTAssertNotEqual(a.hashValue, c.hashValue)
    }

    /// 5,000 unknown keys against 2,000 allowed names: bounded "did you mean" searches (the first 200
    /// findings carry one; validation reports at most 1,000 findings); against 5,000 names, none.
    func testDidYouMeanSearchesAreBounded() throws {
        func schema(_ count: Int) throws -> JSONSchema {
            try JSONSchema(jsonText: Array(("{\"additionalProperties\": false, \"properties\": {"
                + (0..<count).map { "\"property\($0)\": {}" }.joined(separator: ", ") + "}}").utf8), resolver: { _ in nil })
        }
        let document = FlowYAML.compose("{" + (0..<5_000).map { "propertx\($0): 1" }.joined(separator: ", ") + "}")
        let (some, huge) = (try schema(2_000), try schema(5_000))
        let (violations, unsuggested) = assertNoHang(cpuSecondsAtMost: 60, "5,000 unknown keys") {
            (some.validate(document), huge.validate(document))
        }
        XCTAssertEqual(violations.count, 1_000)
        XCTAssertEqual(violations.first?.message, #"property "propertx0" is not allowed; did you mean "property0"?"#)
        XCTAssertEqual(violations.last?.message, #"property "propertx999" is not allowed"#)
        XCTAssertEqual(unsuggested.first?.message, #"property "propertx0" is not allowed"#)
    }

    func testBandedEditDistanceAgreesWithTheFullOne() {
        func full(_ a: String, _ b: String) -> Int {
            let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
            var d = (0...y.count).map { $0 }
            for i in 1...max(1, x.count) where !x.isEmpty {
                var next = [i] + [Int](repeating: 0, count: y.count)
                for j in stride(from: 1, through: y.count, by: 1) {
                    next[j] = min(d[j] + 1, next[j - 1] + 1, d[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
                }
                d = next
            }
            return d[y.count]
        }
        var generator = SeededGenerator(seed: 23)
        for _ in 0..<3_000 {
            let a = String((0..<Int.random(in: 0...8, using: &generator)).map { _ in "abc".randomElement(using: &generator)! })
            let b = String((0..<Int.random(in: 0...8, using: &generator)).map { _ in "abc".randomElement(using: &generator)! })
            for limit in 0...4 {
                let expected = full(a, b)
                XCTAssertEqual(EditDistance.distance(a, b, limit: limit), expected <= limit ? expected : nil, "\(a) \(b) \(limit)")
            }
        }
        let long = String(repeating: "a", count: 100_000)
        assertNoHang(cpuSecondsAtMost: 30, "edit distance of two 100,000-character strings") {
            XCTAssertEqual(EditDistance.distance(long, long + "b", limit: 3), 1)
        }
    }

    /// A 20,000-value enum against 5,000 values: membership by hash, strict within a hash bucket.
    func testLargeEnumsAreCheckedByHash() throws {
        let values = (0..<20_000).map { "\"v\($0)\"" } + ["1", "{\"a\": [1, 2]}", "\"e\\u0301\""]
        let schema = try JSONSchema(jsonText: Array(("{\"items\": {\"enum\": [" + values.joined(separator: ", ") + "]}}").utf8),
                                    resolver: { _ in nil })
        let document = FlowYAML.compose("[" + (0..<5_000).map { "v\($0 * 4)" }.joined(separator: ", ") + ", 1.0, {a: [1, 2]}, x, \"\u{E9}\"]")
        let violations = assertNoHang(cpuSecondsAtMost: 60, "enum of 20,000 values") { schema.validate(document) }
        XCTAssertEqual(violations.count, 2, "\(violations.map(\.message))")
        XCTAssertTrue(violations[0].message.hasPrefix("expected one of \"v0\", "), violations[0].message)
        XCTAssertTrue(violations[0].message.hasSuffix("found \"x\""), violations[0].message)
        XCTAssertTrue(violations[1].message.hasSuffix(#"found "é""#), "é (U+00E9) is not e + U+0301: \(violations[1].message)")
    }
}
