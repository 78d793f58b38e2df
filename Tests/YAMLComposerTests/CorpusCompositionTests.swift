import Foundation
import XCTest
import TestSupport
import YAMLComposer
import YAMLParser

/// Real files (../shared/corpus, all but `big/` and `openapi/`, which are most of its bytes and are
/// left to the parser's own tests to keep this one fast): composition reports errors
/// exactly in the files MANIFEST.tsv notes as having duplicate mapping keys, and every document
/// projects to JSON within the default limits.
final class CorpusCompositionTests: XCTestCase {
    func testCompositionErrorsMatchTheManifest() throws {
        let root = try requireSharedFolder("corpus")
        let manifest = try String(contentsOf: root.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        var files: [String] = []
        var expectedWithErrors: Set<String> = []
        for line in manifest.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 10 else { continue }
            let file = String(fields[1])
            guard !file.hasPrefix("big/") && !file.hasPrefix("openapi/") else { continue }
            files.append(file)
            if fields[9] == "duplicate mapping keys" { expectedWithErrors.insert(file) }
        }
        XCTAssertGreaterThan(files.count, 2_000)
        XCTAssertEqual(expectedWithErrors.count, 5)

        var withErrors: Set<String> = []
        var unprojected: [String] = []
        var documents = 0
        let start = ContinuousClock.now
        for file in files {
            let bytes = Array(try Data(contentsOf: root.appendingPathComponent(file)))
            let composition = Composer.compose(Parser.parse(bytes))
            if !composition.errors.isEmpty { withErrors.insert(file) }
            XCTAssertTrue(composition.errors.allSatisfy { $0.code == "duplicate-key" }, file)
            for doc in composition.documents {
                documents += 1
                if case .failure(let f) = JSONProjection.project(doc.root) { unprojected.append("\(file): \(f)") }
            }
        }
        print("corpus: \(files.count) files, \(documents) documents composed and projected in \(ContinuousClock.now - start)")
        XCTAssertEqual(withErrors.sorted(), expectedWithErrors.sorted())
        XCTAssertEqual(unprojected, [])
    }
}
