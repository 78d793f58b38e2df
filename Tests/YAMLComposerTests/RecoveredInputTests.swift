import Foundation
import XCTest
import TestSupport
import YAMLComposer
import YAMLParser

/// Composition never crashes on what error recovery produces: every yaml-test-suite input (valid and
/// invalid) cut at several points is parsed, composed and projected, with one document per
/// `documentStart` event and every node range inside the text.
final class RecoveredInputTests: XCTestCase {
    func testTruncatedSuiteInputsCompose() throws {
        let root = try requireSharedFolder("yaml-test-suite")
        let fm = FileManager.default
        guard let walker = fm.enumerator(atPath: root.path) else { return XCTFail("cannot list \(root.path)") }
        var inputs = 0
        while let path = walker.nextObject() as? String {
            guard path.hasSuffix("in.yaml") else { continue }
            let bytes = Array(try Data(contentsOf: root.appendingPathComponent(path)))
            for cut in Set([bytes.count, bytes.count / 2, bytes.count / 3, bytes.count * 3 / 4, 1].filter { $0 <= bytes.count }) {
                inputs += 1
                let text = Array(bytes[0..<cut])
                let parse = Parser.parse(text)
                let composition = Composer.compose(parse)
                let starts = parse.events.filter { if case .documentStart = $0.kind { return true } else { return false } }
                XCTAssertEqual(composition.documents.count, starts.count, "\(path) cut at \(cut)")
                for doc in composition.documents {
                    XCTAssertTrue(doc.range.end <= text.count && doc.root.range.end <= text.count, "\(path) cut at \(cut)")
                    _ = JSONProjection.project(doc.root)
                }
            }
        }
        XCTAssertGreaterThan(inputs, 1_000)
    }
}
