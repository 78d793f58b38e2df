import Foundation
import XCTest
import TestSupport
import YAMLComposer
import YAMLParser

/// Every valid yaml-test-suite case with an `in.json`: parse and compose `in.yaml`, project each
/// document to JSON and compare with `in.json` (one JSON value per document, concatenated).
final class YAMLTestSuiteJSONTests: XCTestCase {
    /// Cases that must pass; raise it when the parser or composer improves (see the printed count).
    static let minimumPassing = 279

    func testInJSONMatchesProjection() throws {
        let root = try requireSharedFolder("yaml-test-suite")
        var passed: [String] = []
        var failed: [String] = []
        for (id, dir) in try Self.cases(in: root) {
            let yaml = try Data(contentsOf: dir.appendingPathComponent("in.yaml"))
            let json = try Data(contentsOf: dir.appendingPathComponent("in.json"))
            guard let expected = try? Self.jsonValues(json) else {
                XCTFail("\(id): in.json does not parse")
                continue
            }
            let events = (try? String(contentsOf: dir.appendingPathComponent("test.event"), encoding: .utf8)) ?? ""
            let docCount = events.split(separator: "\n").filter { $0.hasPrefix("+DOC") }.count
            // Checks the splitter: in.json holds one value per document of test.event.
            XCTAssertEqual(docCount, expected.count, "\(id): values in in.json")
            let composition = Composer.compose(Parser.parse(Array(yaml)))
            let actual = composition.documents.map { doc -> JSONValue? in
                try? JSONProjection.project(doc.root).get()
            }
            if actual.count == expected.count && zip(actual, expected).allSatisfy({ $0.0 == $0.1 }) {
                passed.append(id)
            } else {
                failed.append(id)
            }
        }
        print("yaml-test-suite in.json: \(passed.count) passed, \(failed.count) failed of \(passed.count + failed.count)")
        XCTAssertGreaterThan(passed.count + failed.count, 250, "expected the suite's ~280 cases with in.json")
        XCTAssertGreaterThanOrEqual(passed.count, Self.minimumPassing,
                                    "regression: failing cases \(failed.joined(separator: " "))")
    }

    /// Cases whose `test.event` stream, composed, must project to `in.json` (composer-only check,
    /// independent of the parser).
    static let minimumPassingFromEvents = 279

    /// The composer and projection alone: compose the suite's own `test.event` streams.
    func testInJSONMatchesProjectionOfTestEvents() throws {
        let root = try requireSharedFolder("yaml-test-suite")
        var passed = 0
        var failed: [String] = []
        for (id, dir) in try Self.cases(in: root) {
            let notation = try String(contentsOf: dir.appendingPathComponent("test.event"), encoding: .utf8)
            let expected = try Self.jsonValues(Data(contentsOf: dir.appendingPathComponent("in.json")))
            let composition = EventNotation(notation).compose()
            let actual = composition.documents.map { try? JSONProjection.project($0.root).get() }
            if actual.count == expected.count && zip(actual, expected).allSatisfy({ $0.0 == $0.1 }) {
                passed += 1
            } else {
                failed.append(id)
            }
        }
        print("yaml-test-suite test.event -> in.json: \(passed) passed, \(failed.count) failed")
        XCTAssertGreaterThanOrEqual(passed, Self.minimumPassingFromEvents,
                                    "regression: failing cases \(failed.joined(separator: " "))")
    }

    /// Valid cases (no `error` file) with an `in.json`, by id (`ABCD` or `ABCD/01`), sorted.
    static func cases(in root: URL) throws -> [(String, URL)] {
        let fm = FileManager.default
        return try allCases(in: root).filter { _, d in
            fm.fileExists(atPath: d.appendingPathComponent("in.json").path) && !fm.fileExists(atPath: d.appendingPathComponent("error").path)
        }
    }

    /// Every case folder (with an `in.yaml`), valid or not, by id, sorted.
    static func allCases(in root: URL) throws -> [(String, URL)] {
        let fm = FileManager.default
        var out: [(String, URL)] = []
        for name in try fm.contentsOfDirectory(atPath: root.path).sorted() {
            let dir = root.appendingPathComponent(name)
            var candidates = [(name, dir)]
            if !fm.fileExists(atPath: dir.appendingPathComponent("in.yaml").path) {
                let subs = (try? fm.contentsOfDirectory(atPath: dir.path)) ?? []
                candidates = subs.sorted().map { ("\(name)/\($0)", dir.appendingPathComponent($0)) }
            }
            out += candidates.filter { fm.fileExists(atPath: $0.1.appendingPathComponent("in.yaml").path) }
        }
        return out
    }

    /// The concatenated JSON values of `data`, in order.
    static func jsonValues(_ data: Data) throws -> [JSONValue] {
        try splitConcatenatedJSON(Array(data)).map { piece in
            try JSONDecoder().decode(Decoded.self, from: Data(piece)).value
        }
    }

    /// Splits a text of whitespace-separated JSON values into one byte array per value.
    static func splitConcatenatedJSON(_ b: [UInt8]) -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        var i = 0
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }
        while i < b.count {
            if isSpace(b[i]) { i += 1; continue }
            let start = i
            var depth = 0
            var inString = false
            while i < b.count {
                let c = b[i]
                i += 1
                if inString {
                    if c == UInt8(ascii: "\\") { i += 1 } else if c == UInt8(ascii: "\"") { inString = false }
                    if depth == 0 && !inString { break }
                    continue
                }
                switch c {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                default: break
                }
                if depth == 0 && (c == UInt8(ascii: "}") || c == UInt8(ascii: "]")) { break }
                if depth == 0 && i < b.count && (isSpace(b[i]) || b[i] == UInt8(ascii: "\"")) && !inString { break }
            }
            pieces.append(Array(b[start..<i]))
        }
        return pieces
    }

    /// A JSON value decoded with Foundation's `JSONDecoder` (independent of the code under test).
    struct Decoded: Decodable {
        let value: JSONValue
        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() {
                value = .null
            } else if let b = try? c.decode(Bool.self) {
                value = .bool(b)
            } else if let i = try? c.decode(Int64.self) {
                value = .integer(i)
            } else if let d = try? c.decode(Double.self) {
                value = .number(d)
            } else if let s = try? c.decode(String.self) {
                value = .string(s)
            } else if let a = try? c.decode([Decoded].self) {
                value = .array(a.map(\.value))
            } else {
                let o = try c.decode([String: Decoded].self)
                value = .object(o.keys.sorted().map { (key: $0, value: o[$0]?.value ?? .null) })
            }
        }
    }
}
