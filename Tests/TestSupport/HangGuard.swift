import XCTest

/// Runs `body` and fails the test when it used more than `limit` seconds of process CPU time
/// (``processCPUSeconds()``, all threads of the test process together).
///
/// A hang guard, not a speed goal: `limit` is at least ten times what `body` takes in a debug build, so
/// only a hang or an exponential/quadratic blow-up can reach it, never a busy machine (CPU time does not
/// count the time other processes held the cores). Speed goals live in `pureyaml-bench`.
/// Prints the CPU seconds used, so the margin can be checked in the test log.
@discardableResult
public func assertNoHang<T>(cpuSecondsAtMost limit: Double, _ what: String,
                           file: StaticString = #filePath, line: UInt = #line,
                           _ body: () throws -> T) rethrows -> T {
    let started = processCPUSeconds()
    let result = try body()
    let used = processCPUSeconds() - started
    print("hang guard \(what): \(String(format: "%.3f", used)) s CPU (limit \(limit) s)")
    XCTAssertLessThan(used, limit, "hang guard \(what): used \(used) s of CPU time", file: file, line: line)
    return result
}
