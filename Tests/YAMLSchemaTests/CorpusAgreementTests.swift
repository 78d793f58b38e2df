import Foundation
import TestSupport
import XCTest
import YAMLComposer
import YAMLParser
import YAMLSchema

/// Validates the real-world corpus files that ../shared/corpus/VALIDATION.tsv lists against the same
/// schemas and compares the verdicts with the reference (python-jsonschema 4.26, formats not asserted).
/// The reference is "hints, not ground truth"; every disagreement fails the test unless allow-listed.
/// Files over 64 KiB are left out to keep the debug-build run short (they validate in well under a
/// second each; the parser dominates).
final class CorpusAgreementTests: XCTestCase {
    /// Files on which we knowingly disagree with the reference, with the reason.
    static let knownDisagreements: [String: String] = [:]

    func testVerdictsAgreeWithTheReference() throws {
        let corpus = try requireSharedFolder("corpus")
        let schemasRoot = try requireSharedFolder("schemas")
        let table = try String(contentsOf: corpus.appendingPathComponent("VALIDATION.tsv"), encoding: .utf8)
        var byURI: [String: JSONValue] = [:]
        var compiled: [String: JSONSchema] = [:]
        let enumerator = FileManager.default.enumerator(at: schemasRoot, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "json", !url.path.contains("/tests/"), !url.path.contains("-tests/"),
                  let json = try? JSONTextParser.parse(Data(contentsOf: url)) else { continue }
            if case .string(let id)? = json["$id"] ?? json["id"] { byURI[String(id.split(separator: "#").first ?? "")] = json }
            byURI["https://json.schemastore.org/" + url.lastPathComponent] = json
        }
        var agree = 0, total = 0
        var disagreements: [String] = []
        let start = Date()
        var parseTime = 0.0, validateTime = 0.0
        var slowest: [(Double, String)] = []
        var samples: [String] = []
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 3, fields[1] != "-", fields[2] == "valid" || fields[2] == "invalid" else { continue }
            let (file, schemaPath, expected) = (fields[0], fields[1], fields[2] == "valid")
            let schema: JSONSchema
            if let s = compiled[schemaPath] { schema = s } else {
                let url = schemasRoot.appendingPathComponent(schemaPath)
                schema = try JSONSchema(jsonText: Data(contentsOf: url), uri: url.absoluteString, resolver: { byURI[$0] })
                compiled[schemaPath] = schema
            }
            let bytes = try [UInt8](Data(contentsOf: corpus.appendingPathComponent(file)))
            if bytes.count > 64 * 1024 { continue }
            let t0 = Date()
            let composition = Composer.compose(Parser.parse(bytes))
            parseTime += Date().timeIntervalSince(t0)
            guard composition.documents.count == 1, let root = composition.documents.first?.root else { continue }
            let t1 = Date()
            let violations = schema.validate(root, options: ValidationOptions(formatAssertion: false))
            let spent = Date().timeIntervalSince(t1)
            validateTime += spent
            slowest.append((spent, file))
            if !expected { samples.append("\(file): " + violations.prefix(3).map(\.description).joined(separator: " | ")) }
            let valid = !violations.contains { $0.severity == .error }
            total += 1
            if valid == expected { agree += 1 } else if Self.knownDisagreements[file] == nil {
                disagreements.append("\(file) [\(schemaPath)]: reference \(fields[2]) (\(fields.count > 4 ? fields[4].prefix(120) : "")); ours: \(violations.prefix(2).map(\.description))")
            }
        }
        let slowestFile = slowest.max { $0.0 < $1.0 }
        print("Corpus agreement: \(agree)/\(total) in \(Int(Date().timeIntervalSince(start) * 1000)) ms (parse \(Int(parseTime * 1000)) ms, "
              + "validate \(Int(validateTime * 1000)) ms; slowest validation \(Int((slowestFile?.0 ?? 0) * 1000)) ms \(slowestFile?.1 ?? ""))")
        if ProcessInfo.processInfo.environment["PUREYAML_SHOW_MESSAGES"] == "1" {
            for m in samples { print(m) }
        }
        for d in disagreements { XCTFail("disagree: \(d)") }
    }
}
