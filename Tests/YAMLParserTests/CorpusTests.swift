import Foundation
import XCTest
import TestSupport
import YAMLParser
import YAMLSyntax

/// Parses the real-world corpus (../shared/corpus): every file is valid YAML for libfyaml, so the
/// parser must report no error-severity diagnostic, print each file back byte for byte, and produce a
/// tree that agrees with its events. `lenient/` holds two files with a closing `]` at the indentation
/// of its parent key, which the parser accepts with a warning. Debug builds skip the 10 MB in `big/`.
final class CorpusTests: XCTestCase {
    func testCorpusParsesWithoutErrors() throws {
        let root = try requireSharedFolder("corpus")
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            return XCTFail("cannot list \(root.path)")
        }
        var files = 0
        var failures: [String] = []
        while let url = walker.nextObject() as? URL {
            guard ["yaml", "yml"].contains(url.pathExtension) else { continue }
            let relative = String(url.path.dropFirst(root.path.count + 1))
            #if DEBUG
            if relative.hasPrefix("big/") { continue }
            #endif
            let bytes = [UInt8](try Data(contentsOf: url))
            let result = Parser.parse(bytes)
            files += 1
            if result.tree.printedBytes != bytes {
                failures.append("\(relative): tree does not print back to the input")
            } else if let e = result.errors.first(where: { $0.severity == .error }) {
                let p = LineIndex(bytes).position(of: e.range.start, encoding: .utf8)
                failures.append("\(relative):\(p.line + 1):\(p.column + 1): \(e.code): \(e.message)")
            } else if let mismatch = YAMLTestSuiteTests.treeEventMismatch(result) {
                failures.append("\(relative): \(mismatch)")
            }
        }
        print("corpus: \(files) files parsed, \(failures.count) failures")
        XCTAssertGreaterThan(files, 5_000)
        XCTAssertEqual(failures, [])
    }
}
