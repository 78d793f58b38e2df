import Foundation
import TestSupport
import XCTest

/// `pureyaml events in.yaml` prints exactly `test.event` for every valid yaml-test-suite case (issue 3's
/// judge, through the command users run), and exits 1 with a message on stderr for every invalid one.
final class EventsCommandSuiteTests: XCTestCase {
    func testEventsCommandOverTheWholeSuite() throws {
        guard let binary = BuiltBinary.pureyaml else { return XCTFail("the pureyaml executable was not built") }
        let suite = try requireSharedFolder("yaml-test-suite")
        let fm = FileManager.default
        var cases: [URL] = []
        for id in try fm.contentsOfDirectory(atPath: suite.path).sorted() {
            let dir = suite.appendingPathComponent(id)
            if fm.fileExists(atPath: dir.appendingPathComponent("in.yaml").path) { cases.append(dir); continue }
            guard let subs = try? fm.contentsOfDirectory(atPath: dir.path) else { continue }
            for sub in subs.sorted() where fm.fileExists(atPath: dir.appendingPathComponent("\(sub)/in.yaml").path) {
                cases.append(dir.appendingPathComponent(sub))
            }
        }
        XCTAssertEqual(cases.count, 402)
        var validOK = 0, invalidOK = 0, failures: [String] = []
        for dir in cases {
            let name = dir.path.dropFirst(suite.path.count + 1)
            let r = try runProcess(binary, ["events", dir.appendingPathComponent("in.yaml").path])
            if fm.fileExists(atPath: dir.appendingPathComponent("error").path) {
                if r.status == 1 && !r.stderr.isEmpty { invalidOK += 1 } else { failures.append("\(name) (invalid, exit \(r.status))") }
            } else {
                let expected = try Data(contentsOf: dir.appendingPathComponent("test.event"))
                if r.status == 0 && r.stdout == expected { validOK += 1 } else { failures.append("\(name) (valid, exit \(r.status))") }
            }
        }
        print("pureyaml events over the yaml-test-suite: valid \(validOK)/308 match test.event, invalid \(invalidOK)/94 rejected")
        XCTAssertEqual(failures, [])
        XCTAssertEqual(validOK, 308)
        XCTAssertEqual(invalidOK, 94)
    }
}
