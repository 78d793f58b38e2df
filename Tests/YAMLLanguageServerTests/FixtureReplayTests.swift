import Foundation
import TestSupport
import XCTest

/// Replays every recorded exchange in `protocol-fixtures/*.jsonl` against the built server: each client
/// ("in") message is sent in order, and the server ("out") messages recorded after it must arrive, in
/// order, before the next one is sent. Matching is partial (``jsonMismatch(expected:actual:)``): fields
/// the fixture has must match, others (e.g. `serverInfo.version`) are free. Unexpected extra messages
/// from the server are skipped.
final class FixtureReplayTests: XCTestCase {
    static let folder = SharedFixtures.packageRoot.appendingPathComponent("protocol-fixtures")

    /// One step of a fixture: a client message and the server messages that answer it.
    struct Step {
        var line: Int
        var send: [String: Any]
        var expect: [(line: Int, message: [String: Any])]
    }

    static func steps(of url: URL) throws -> [Step] {
        let text = try String(contentsOf: url, encoding: .utf8)
        var steps: [Step] = []
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            guard let entry = try JSONSerialization.jsonObject(with: Data(raw.utf8)) as? [String: Any],
                  let direction = entry["direction"] as? String, let message = entry["message"] as? [String: Any] else {
                throw FixtureError("line \(i + 1) of \(url.lastPathComponent) is not a recorded message")
            }
            if direction == "in" {
                steps.append(Step(line: i + 1, send: message, expect: []))
            } else if steps.isEmpty {
                throw FixtureError("line \(i + 1): a server message before any client message")
            } else {
                steps[steps.count - 1].expect.append((i + 1, message))
            }
        }
        return steps
    }

    struct FixtureError: Error, CustomStringConvertible {
        var description: String
        init(_ d: String) { description = d }
    }

    func testFixturesExist() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".jsonl") }
        XCTAssertGreaterThanOrEqual(names.count, 4, "protocol-fixtures/*.jsonl")
    }

    func testReplayEveryFixture() throws {
        guard let binary = BuiltBinary.pureyaml else {
            XCTFail("the pureyaml executable was not built"); return
        }
        let fixtures = try FileManager.default.contentsOfDirectory(at: Self.folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "jsonl" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        for fixture in fixtures {
            try replay(fixture, binary: binary)
        }
    }

    func replay(_ fixture: URL, binary: URL) throws {
        let name = fixture.lastPathComponent
        let steps = try Self.steps(of: fixture)
        XCTAssertFalse(steps.isEmpty, "\(name) is empty")
        let server = try ServerProcess(executable: binary)
        var sawShutdown = false
        for step in steps {
            try server.send(step.send)
            if step.send["method"] as? String == "shutdown" { sawShutdown = true }
            for (line, expected) in step.expect {
                var candidates: [[String: Any]] = []
                var matched = false
                let deadline = Date().addingTimeInterval(20)
                while !matched, deadline.timeIntervalSinceNow > 0 {
                    guard let actual = try? server.receive(timeout: deadline.timeIntervalSinceNow) else { break }
                    if jsonMismatch(expected: expected, actual: actual) == nil { matched = true } else { candidates.append(actual) }
                }
                if !matched {
                    XCTFail(Self.report(name: name, line: line, expected: expected, candidates: candidates, stderr: server.stderrText))
                    _ = server.waitForExit(timeout: 0)
                    server.process.terminate()
                    return
                }
            }
        }
        if steps.last?.send["method"] as? String == "exit" {
            XCTAssertEqual(server.waitForExit(), sawShutdown ? 0 : 1, "\(name): exit code after the last message")
        } else {
            server.closeInput()
            _ = server.waitForExit()
        }
    }

    /// A readable failure: the expected message, and the difference from each message received instead
    /// (the one of the same kind first).
    static func report(name: String, line: Int, expected: [String: Any], candidates: [[String: Any]], stderr: String) -> String {
        func text(_ o: Any) -> String {
            guard let d = try? JSONSerialization.data(withJSONObject: o, options: [.sortedKeys, .prettyPrinted]) else { return "\(o)" }
            return String(decoding: d, as: UTF8.self)
        }
        var out = "\(name):\(line): expected server message not received:\n\(text(expected))\n"
        if candidates.isEmpty { out += "the server sent nothing else\n" }
        let sameKind = candidates.filter {
            ($0["id"] as? Int) == (expected["id"] as? Int) && ($0["method"] as? String) == (expected["method"] as? String)
        }
        for c in sameKind + candidates.filter({ c in !sameKind.contains { $0 as NSDictionary == c as NSDictionary } }) {
            out += "received instead (first difference: \(jsonMismatch(expected: expected, actual: c) ?? "?")):\n\(text(c))\n"
        }
        if !stderr.isEmpty { out += "server stderr:\n\(stderr)" }
        return out
    }
}
