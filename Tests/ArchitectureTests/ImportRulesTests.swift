import Foundation
import TestSupport
import XCTest

/// Keeps the tier rules of ARCHITECTURE.md true by reading the `import` lines of every source file.
final class ImportRulesTests: XCTestCase {
    /// What each target may import besides the toolchain modules allowed for its tier.
    static let allowed: [String: Set<String>] = [
        "YAMLSyntax": [],
        "YAMLParser": ["YAMLSyntax"],
        "YAMLComposer": ["YAMLParser", "YAMLSyntax"],
        "YAMLFormatter": ["YAMLComposer", "YAMLParser", "YAMLSyntax"],
        "YAMLSchema": ["YAMLComposer", "YAMLParser", "YAMLSyntax"],
        "YAMLLint": ["YAMLComposer", "YAMLParser", "YAMLSyntax"],
        "YAMLDocumentModel": ["YAMLSyntax", "YAMLParser", "YAMLComposer", "YAMLFormatter", "YAMLSchema", "YAMLLint"],
        "JSONRPC": ["Foundation", "Dispatch", "Glibc", "Synchronization"],
        "LanguageServerProtocol": ["JSONRPC", "Foundation"],
        "YAMLLanguageServer": ["YAMLDocumentModel", "YAMLSyntax", "JSONRPC", "LanguageServerProtocol", "SchemaFetching",
                               "Foundation", "Dispatch", "Glibc", "Synchronization"],
        "SchemaFetching": ["YAMLDocumentModel", "DownloadProtocol", "Foundation", "Dispatch", "Glibc"],
        "DownloadProtocol": ["Foundation"],
        // The only target that may link the network stack (FoundationNetworking, libcurl).
        "pureyaml-fetch": ["DownloadProtocol", "Foundation", "FoundationNetworking", "Glibc"],
        "PureYAMLCommandLine": ["YAMLDocumentModel", "SchemaFetching", "Foundation"],
        "pureyaml": ["YAMLLanguageServer", "PureYAMLCommandLine", "JSONRPC", "Foundation", "Glibc"],
        "pureyaml-bench": ["YAMLDocumentModel", "YAMLParser", "YAMLComposer", "YAMLFormatter", "YAMLSchema",
                           "YAMLSyntax", "Foundation", "Glibc", "Dispatch"],
    ]

    /// Standard-library modules any target may import.
    static let standardLibrary: Set<String> = ["Swift", "_StringProcessing", "Synchronization"]

    /// Tier 0 and 1 may use Foundation only for these targets (schema loading lives at the edge).
    static let coreMayUseFoundation: Set<String> = []

    func testEveryImportRespectsTheTiers() throws {
        let sources = SharedFixtures.packageRoot.appendingPathComponent("Sources")
        let targets = try FileManager.default.contentsOfDirectory(atPath: sources.path)
        XCTAssertEqual(Set(targets), Set(Self.allowed.keys), "every target needs an entry in the import rules")
        var violations: [String] = []
        var filesRead = 0
        for target in targets {
            let allowed = Self.allowed[target, default: []].union(Self.standardLibrary)
            for file in swiftFiles(in: sources.appendingPathComponent(target)) {
                filesRead += 1
                for module in imports(of: file) where !allowed.contains(module) {
                    violations.append("\(target)/\(file.lastPathComponent) imports \(module)")
                }
            }
        }
        XCTAssertGreaterThan(filesRead, 20)
        XCTAssertEqual(violations, [], "imports that break the tier rules of ARCHITECTURE.md")
    }

    func testWireTargetsNeverImportYAML() throws {
        let sources = SharedFixtures.packageRoot.appendingPathComponent("Sources")
        for target in ["JSONRPC", "LanguageServerProtocol"] {
            for file in swiftFiles(in: sources.appendingPathComponent(target)) {
                let bad = imports(of: file).filter { $0.hasPrefix("YAML") || $0 == "PureYAMLCommandLine" }
                XCTAssertEqual(bad, [], "\(target)/\(file.lastPathComponent)")
            }
        }
    }

    func testImportParserReadsAttributesAndKinds() {
        let text = "@testable import A\nimport struct B.C\n@_implementationOnly import D\n// import E\nlet importX = 1\n"
        XCTAssertEqual(Self.modules(in: text), ["A", "B", "D"])
    }

    private func swiftFiles(in dir: URL) -> [URL] {
        guard let e = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil) else { return [] }
        return e.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    }

    private func imports(of file: URL) -> [String] {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        return Self.modules(in: text)
    }

    /// Module names from `import` declarations (with attributes and import kinds), ignoring comments.
    static func modules(in text: String) -> [String] {
        var out: [String] = []
        for raw in text.split(separator: "\n") {
            var words = raw.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            while let w = words.first, w.hasPrefix("@") { words.removeFirst() }
            guard words.first == "import", words.count >= 2 else { continue }
            var name = words[1]
            let kinds: Set<String> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
            if kinds.contains(name), words.count >= 3 { name = words[2] }
            out.append(String(name.split(separator: ".").first ?? Substring(name)))
        }
        return out
    }
}
