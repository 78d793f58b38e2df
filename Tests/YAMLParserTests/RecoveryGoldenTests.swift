import Foundation
import TestSupport
import XCTest
import YAMLParser
import YAMLSyntax

/// Error-recovery goldens: each `Recovery/NNNN_name.yaml` (a half-typed editor buffer) is parsed and its
/// tree and diagnostics, rendered by ``RecoveryDump``, are compared with `NNNN_name.expected`.
/// Run with `PUREYAML_UPDATE_GOLDEN=1` to rewrite the `.expected` files, then review the diff by eye.
/// An input may open with a `#` comment saying what it exercises; the comment is parsed like the rest.
/// Duplicate keys are a composer error (`duplicate-key`, checked in RecoveryOutlineTests), so their golden
/// shows only that the parser keeps both entries.
final class RecoveryGoldenTests: XCTestCase {
    static var folder: URL { SharedFixtures.packageRoot.appendingPathComponent("Tests/YAMLParserTests/Recovery") }

    func testRecoveryGoldens() throws {
        let update = ProcessInfo.processInfo.environment["PUREYAML_UPDATE_GOLDEN"] == "1"
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".yaml") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 40, "recovery goldens missing from \(Self.folder.path)")
        for name in names {
            let input = try Data(contentsOf: Self.folder.appendingPathComponent(name))
            let expectedURL = Self.folder.appendingPathComponent(String(name.dropLast(5)) + ".expected")
            XCTAssertEqual(Parser.parse([UInt8](input)).tree.printedBytes, [UInt8](input), "\(name): round trip")
            let actual = RecoveryDump.render([UInt8](input))
            if update {
                try actual.write(to: expectedURL, atomically: true, encoding: .utf8)
                continue
            }
            guard let expected = try? String(contentsOf: expectedURL, encoding: .utf8) else {
                XCTFail("\(name): no golden; run with PUREYAML_UPDATE_GOLDEN=1 and review it")
                continue
            }
            if actual != expected {
                XCTFail("\(name): dump differs from \(expectedURL.lastPathComponent):\n\(actual)")
            }
        }
    }
}
