import XCTest
import YAMLComposer
import YAMLSchema
import YAMLSyntax

/// Messages, ranges and severities of violations, on flow YAML with `⏩…⏪` marking where each expected
/// violation must point (in order of position).
final class ValidationMessageTests: XCTestCase {
    /// Validates `yaml` (markers removed) against the JSON `schema` and asserts the violations: their
    /// messages in order and, for each, the range between the n-th `⏩` and `⏪`.
    private func check(_ schema: String, _ yaml: String, _ expected: [String],
                       severities: [SchemaViolation.Severity]? = nil, resolver: @escaping SchemaResolver = { _ in nil },
                       file: StaticString = #filePath, line: UInt = #line) {
        let marked = RangeMarkers(yaml)
        let compiled: JSONSchema
        do { compiled = try JSONSchema(jsonText: Array(schema.utf8), resolver: resolver) } catch {
            return XCTFail("schema does not parse: \(error)", file: file, line: line)
        }
        let violations = compiled.validate(FlowYAML.compose(marked.text))
        XCTAssertEqual(violations.map(\.message), expected, file: file, line: line)
        XCTAssertEqual(violations.map(\.range), marked.ranges, "ranges", file: file, line: line)
        if let severities {
            XCTAssertEqual(violations.map(\.severity), severities, file: file, line: line)
        } else {
            XCTAssertTrue(violations.allSatisfy { $0.severity == .error }, file: file, line: line)
        }
    }

    func testTypeMismatchPointsAtTheValue() {
        check(#"{"properties": {"port": {"type": "integer"}}}"#,
              #"{port: ⏩"8080"⏪}"#,
              [#"expected integer, found string "8080""#])
    }

    func testMissingRequiredPropertyPointsAtTheKeyOfTheMapping() {
        check(#"{"properties": {"jobs": {"additionalProperties": {"required": ["runs-on", "steps"]}}}}"#,
              #"{jobs: {⏩build⏪: {steps: []}}}"#,
              [#"missing required property "runs-on""#])
    }

    func testMissingRequiredPropertyOfTheRootPointsAtTheFirstKey() {
        check(#"{"required": ["name"]}"#, "{⏩on⏪: push}", [#"missing required property "name""#])
    }

    func testUnknownPropertySuggestsTheClosestAllowedOne() {
        check(#"{"properties": {"runs-on": {}, "steps": {}}, "additionalProperties": false}"#,
              "{⏩runs_on⏪: linux, steps: [], ⏩zzz⏪: 1}",
              [#"property "runs_on" is not allowed; did you mean "runs-on"?"#, #"property "zzz" is not allowed"#])
    }

    func testUnevaluatedPropertiesSuggestsNamesFromSubschemas() {
        check(##"{"$schema": "https://json-schema.org/draft/2020-12/schema", "allOf": [{"$ref": "#/$defs/base"}],"##
              + #" "unevaluatedProperties": false, "$defs": {"base": {"properties": {"image": {}}}}}"#,
              "{image: x, ⏩imagee⏪: y}",
              [#"property "imagee" is not allowed; did you mean "image"?"#])
    }

    func testFalseSchemaForAPropertyPointsAtTheKey() {
        check(#"{"properties": {"old": false}}"#, "{⏩old⏪: 1}", [#"property "old" is not allowed"#])
    }

    func testOneOfReportsTheClosestAlternative() throws {
        let schema = #"{"oneOf": [{"type": "string"}, {"type": "object", "required": ["uses"], "properties": {"uses": {"type": "string"}}}]}"#
        check(schema, "{uses: ⏩5⏪}", ["expected string, found integer 5"])
        let named = ##"{"oneOf": [{"$ref": "#/$defs/step"}, {"$ref": "#/$defs/job"}], "$defs": {"step": {"required": ["run"]},"##
            + ##" "job": {"title": "Job", "required": ["runs-on"], "properties": {"runs-on": {"type": "string"}}}}}"##
        let violations = try JSONSchema(jsonText: Array(named.utf8)).validate(FlowYAML.compose("{runs-on: 5}"))
        XCTAssertEqual(violations.map(\.message), ["expected string, found integer 5"])
        XCTAssertEqual(violations.map(\.note), [#"closest of the "oneOf" alternatives: 2 "Job""#])
        XCTAssertEqual(violations.map(\.schemaPath), ["/$defs/job/properties/runs-on/type"])
        check(schema, "⏩5⏪", ["expected string or object, found integer 5"])
    }

    func testAnyOfOfConstantsListsTheAcceptedValues() {
        check(#"{"anyOf": [{"const": "push"}, {"enum": ["pull_request", "schedule"]}]}"#, "⏩pusj⏪",
              [#"expected "push", "pull_request" or "schedule", found string "pusj"; did you mean "push"?"#])
    }

    func testOneOfMatchingTwice() {
        check(#"{"oneOf": [{"type": "integer"}, {"minimum": 0}]}"#, "⏩3⏪",
              [#"integer 3 matches more than one alternative of "oneOf" (1 and 2)"#])
    }

    func testEnumSuggestsAClosestValue() {
        check(#"{"properties": {"on": {"enum": ["push", "pull_request"]}}}"#, "{on: ⏩pushh⏪}",
              [#"expected one of "push" or "pull_request"; found "pushh"; did you mean "push"?"#])
    }

    func testNumbersFollowTheYAMLCoreSchema() {
        check(#"{"items": {"maximum": 30}}"#, "[0x1E, ⏩0x1F⏪, 0o36, ⏩3.1e1⏪]",
              ["31 is greater than the maximum 30", "31 is greater than the maximum 30"])
        check(#"{"items": {"type": "integer"}}"#, "[1, 1.0, ⏩1.5⏪, ⏩\"2\"⏪, ⏩.inf⏪]",
              ["expected integer, found number 1.5", #"expected integer, found string "2""#, "expected integer, found number .inf"])
    }

    func testStringLengthCountsCodePoints() {
        check(#"{"maxLength": 2}"#, "\"🐲é\"", [])
        check(#"{"minLength": 3}"#, "⏩\"🐲é\"⏪", ["expected at least 3 characters, found 2"])
    }

    func testPatternAndFormat() {
        check(#"{"properties": {"v": {"pattern": "^\\d+$"}, "d": {"format": "date"}}}"#,
              "{v: ⏩\"١٢\"⏪, d: ⏩2024-02-30⏪}",
              [#""١٢" does not match the pattern "^\d+$""#, #""2024-02-30" is not a valid date"#])
    }

    func testPropertyNamesPointAtTheKey() {
        check(#"{"propertyNames": {"pattern": "^[a-z]+$"}}"#, "{ok: 1, ⏩Bad⏪: 2}",
              [#"property name "Bad" is not allowed: "Bad" does not match the pattern "^[a-z]+$""#])
    }

    func testDeprecatedIsAHint() {
        check(#"{"properties": {"old": {"deprecated": true, "deprecationMessage": "use new"}}}"#,
              "{⏩old⏪: 1}", [#"property "old" is deprecated: use new"#], severities: [.deprecated])
    }

    func testMergeKeysApplyBeforeValidation() {
        let schema = #"{"properties": {"job": {"required": ["image", "script"], "properties": {"image": {"type": "string"}},"#
            + #" "additionalProperties": {"type": "string"}}}}"#
        check(schema, "{base: &b {image: alpine}, job: {<<: *b, script: run}}", [])
        check(schema, "{base: &b {image: ⏩3⏪}, job: {<<: *b, script: run}}", ["expected string, found integer 3"])
        check(schema, "{a: &a {image: x}, b: &b {script: y}, job: {<<: [*a, *b]}}", [])
        // An explicit key overrides the merged one.
        check(schema, "{base: &b {image: 3}, job: {<<: *b, image: ok, script: run}}", [])
    }

    func testUniqueItemsPointsAtTheDuplicate() {
        check(#"{"uniqueItems": true}"#, "[a, b, ⏩a⏪]", ["items 0 and 2 are equal; items must be unique"])
    }

    func testDependentRequired() {
        check(#"{"dependentRequired": {"cert": ["key"]}, "$schema": "https://json-schema.org/draft/2019-09/schema"}"#,
              "{⏩cert⏪: x}", [#"missing property "key", required when "cert" is present"#])
    }

    func testUnresolvableReferenceIsAWarning() {
        check(#"{"$ref": "https://example.invalid/missing.json"}"#, "⏩1⏪",
              [#"cannot resolve schema reference "https://example.invalid/missing.json"; it was not checked"#],
              severities: [.warning])
    }

    func testSeveralMissingPropertiesAreOneViolation() {
        check(#"{"required": ["name", "runs", "description"]}"#, "{⏩on⏪: push, name: x}",
              [#"missing required properties "runs" and "description""#])
    }

    func testAnEmptyValueIsReportedAtItsKey() {
        check(#"{"properties": {"image": {"type": "string"}}}"#, "{⏩image⏪: }", ["expected string, found null"])
    }

    func testAlternativesMissingDifferentPropertiesAreNamedTogether() {
        check(#"{"properties": {"step": {"anyOf": [{"required": ["uses"]}, {"required": ["run"]}]}}}"#,
              "{⏩step⏪: {name: x}}", [#"missing required property "uses" or "run""#])
    }

    func testScalarAlternativesDescribePatterns() {
        check(#"{"oneOf": [{"type": "number"}, {"type": "string", "pattern": "^\\$\\{"}]}"#, "⏩\"5\"⏪",
              [#"expected number or string matching "^\$\{", found string "5""#])
    }

    func testClosedTuplesSayHowLongTheyMayBe() {
        check(#"{"$schema": "https://json-schema.org/draft/2020-12/schema", "prefixItems": [{}, {}], "items": false}"#,
              "[a, b, ⏩c⏪, d]", ["expected at most 2 items, found 4"])
    }

    func testNotRequiredPointsAtTheForbiddenProperty() {
        check(#"{"not": {"required": ["image"]}}"#, "{script: x, ⏩image⏪: y}", [#"property "image" must not be present here"#])
    }
}
