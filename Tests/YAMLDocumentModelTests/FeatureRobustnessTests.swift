import Foundation
import TestSupport
import XCTest
import YAMLDocumentModel
import YAMLSyntax

/// Every feature answers, without crashing or failing an invariant, at every offset of every
/// yaml-test-suite input (valid and invalid) and of its halves (half-typed buffers).
final class FeatureRobustnessTests: XCTestCase {
    func testEveryFeatureAtEveryOffsetOfTheSuite() throws {
        let root = try requireSharedFolder("yaml-test-suite")
        let cases = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { !$0.contains(".") }.sorted()
        var texts: [[UInt8]] = []
        for name in cases {
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(name).appendingPathComponent("in.yaml").path)
            else { continue }
            let bytes = Array(data)
            texts.append(bytes)
            texts.append(Array(bytes.prefix(bytes.count / 2)))
        }
        XCTAssertGreaterThan(texts.count, 500)
        var offered = 0
        for bytes in texts {
            let uri = DocumentURI("file:///w/case.yaml")
            let model = DocumentModel()
            model.perform(.openFile(uri, bytes: bytes))
            guard let snapshot = model.snapshot(uri) else { continue }
            let n = bytes.count
            let folding = model.folding(uri)?.regions ?? []
            for r in folding { XCTAssertLessThan(r.startLine, r.endLine) }
            var previousEnd = 0
            for t in model.semanticTokens(uri)?.tokens ?? [] {
                XCTAssertGreaterThanOrEqual(t.range.start, previousEnd)
                XCTAssertEqual(snapshot.lineIndex.line(containing: t.range.start),
                               snapshot.lineIndex.line(containing: Swift.max(t.range.start, t.range.end - 1)))
                previousEnd = t.range.end
            }
            _ = model.documentLinks(uri)
            let chains = model.selectionRanges(uri, at: Array(0...n)) ?? []
            for chain in chains {
                XCTAssertEqual(chain.last, TextRange(start: 0, end: n))
                for (inner, outer) in zip(chain, chain.dropFirst()) { XCTAssertTrue(outer.contains(inner)) }
            }
            for offset in 0...n {
                let completion = model.completion(uri, at: offset)
                XCTAssertTrue(completion?.context.replaceRange.touches(offset) ?? false)
                _ = model.hover(uri, at: offset)
                if let def = model.definition(uri, at: offset) { XCTAssertEqual(bytes[def.start], UInt8(ascii: "&")) }
            }
            for offset in stride(from: 0, through: n, by: Swift.max(1, n / 4)) {
                offered += model.codeActions(uri, range: TextRange(empty: offset))?.count ?? 0
            }
        }
        XCTAssertGreaterThan(offered, 0)
    }
}
