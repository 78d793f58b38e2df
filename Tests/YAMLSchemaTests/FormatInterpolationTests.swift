import Foundation
import TestSupport
import XCTest
import YAMLComposer
import YAMLParser
import YAMLSchema

/// URI-family `format` values that hold shell/CI variable references (`${NAME}`, `$NAME`): accepted when
/// the text around the references is valid, reported when it is not; other formats unchanged.
final class FormatInterpolationTests: XCTestCase {
    /// Asserts, for each `(value, valid)` row, whether the string `value` passes `{"format": format}`
    /// with format assertion on.
    private func check(_ format: String, _ rows: [(String, Bool)], file: StaticString = #filePath, line: UInt = #line) throws {
        let schema = try JSONSchema(jsonText: Array(#"{"format": "\#(format)"}"#.utf8))
        for (value, valid) in rows {
            let violations = schema.validate(YAMLNodeFromJSON.node(.string(value)), options: ValidationOptions(formatAssertion: true))
            XCTAssertEqual(violations.isEmpty, valid, "\(format): \(value) -> \(violations.map(\.message))", file: file, line: line)
            if !valid {
                XCTAssertEqual(violations.map(\.keyword), ["format"], file: file, line: line)
            }
        }
    }

    func testURIWithVariableReferences() throws {
        try check("uri", [
            ("https://example.com/${CI_COMMIT_REF}/x", true),
            ("https://gitlab-runner-downloads.s3.amazonaws.com/${CI_COMMIT_REF_NAME}/index.html", true),
            ("https://docs.gitlab.com/review-mr-${SUFFIX}-${CI_MERGE_REQUEST_IID}/${SUFFIX}", true),
            ("${CI_SERVER_URL}/group/project", true),  // scheme and authority come from the variable
            ("$CI_SERVER_URL/group/project", true),
            ("${CI_ENVIRONMENT_URL}", true),
            ("https://${CI_ENVIRONMENT_SLUG}.example.com", true),
            ("http://localhost:${PORT}/health", true),
            ("http://localhost:$PORT/health", true),
            ("https://example.com/?q=${QUERY}#${ANCHOR}", true),
        ])
    }

    func testMalformedURIsAreStillReported() throws {
        try check("uri", [
            ("https://exa mple.com/${X}", false),  // space in the literal text
            ("https://example.com/${X}/%zz", false),  // broken percent escape
            ("https://example.com/${X}#a#b", false),  // `#` inside the fragment
            ("/relative/${X}", false),  // no scheme, and none can come from a reference
            ("https://example.com/${X", false),  // unclosed reference: `{` is not a URI character
            ("https://example.com/${1X}", false),  // not a variable name
            ("https://example.com/${A B}", false),
            ("${X}/with space", false),
            ("http://localhost:8x/", false),  // no reference: the port is checked as before
            ("not a uri", false),
            ("https://example.com/{X}", false),
        ])
    }

    func testReferenceFamilyAndIRIs() throws {
        try check("uri-reference", [
            ("/ci/${TEMPLATE}.yml", true),
            ("${CI_PROJECT_DIR}/x.yml", true),
            ("../${X}/a b", false),
            ("$$literal/${X}", true),  // `$$` is an escaped `$`, valid in a URI anyway
        ])
        try check("iri", [
            ("https://例え.jp/${X}", true),
            ("${X}/パス", true),
            ("https://例え.jp/${X}/a b", false),
        ])
        try check("iri-reference", [
            ("${X}/パス#${Y}", true),
            ("${X}\\path", false),
        ])
    }

    /// RFC 6570 already reads `${NAME}` as the literal `$` and the expression `{NAME}`; the template
    /// check is unchanged.
    func testURITemplatesAreUnchanged() throws {
        try check("uri-template", [
            ("https://example.com/${CI_COMMIT_REF}/x", true),
            ("https://example.com/{+path}/{id}", true),
            ("https://example.com/{bad name}", false),
            ("https://example.com/{unclosed", false),
        ])
    }

    /// Formats outside the URI family do not set references aside.
    func testOtherFormatsAreUnchanged() throws {
        try check("hostname", [("${HOST}.example.com", false), ("build.example.com", true)])
        try check("date", [("${DATE}", false)])
        try check("ipv4", [("${IP}", false), ("10.0.0.1", true)])
    }

    /// The GitLab CI corpus, validated against the GitLab CI schema with format assertion on, has no
    /// `format` finding: its `environment: url` values with `${…}` (three files, five values) are valid
    /// pipelines. `release.gitlab-ci.yml` and `docs.gitlab-ci.yml` pass without any finding.
    func testGitLabCICorpusHasNoFormatFindings() throws {
        let corpus = try requireSharedFolder("corpus").appendingPathComponent("gitlab-ci")
        let schemaURL = try requireSharedFolder("schemas").appendingPathComponent("gitlab-ci/gitlab-ci.json")
        let schema = try JSONSchema(jsonText: Data(contentsOf: schemaURL), uri: schemaURL.absoluteString)
        var checked: [String: [SchemaViolation]] = [:]
        let enumerator = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "yml" || url.pathExtension == "yaml" else { continue }
            let composition = Composer.compose(Parser.parse([UInt8](try Data(contentsOf: url))))
            guard composition.documents.count == 1, let root = composition.documents.first?.root else { continue }
            let relative = String(url.path.dropFirst(corpus.path.count + 1))
            checked[relative] = schema.validate(root, options: ValidationOptions(formatAssertion: true))
        }
        XCTAssertGreaterThanOrEqual(checked.count, 30, "corpus files validated")
        for (file, violations) in checked {
            XCTAssertEqual(violations.filter { $0.keyword == "format" }.map(\.description), [], file)
        }
        for file in ["gitlabhq__gitlab-runner/.gitlab/ci/release.gitlab-ci.yml", "gitlabhq__gitlab-runner/.gitlab/ci/docs.gitlab-ci.yml"] {
            XCTAssertEqual(checked[file]?.map(\.description), [], file)
        }
    }
}
