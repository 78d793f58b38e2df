import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Timing and memory readings of this process.
///
/// Stage figures use process CPU time (`clock_gettime(CLOCK_PROCESS_CPUTIME_ID)`): on a shared machine
/// wall time also counts the time other processes held the core. The stages are single-threaded, so
/// CPU time is the time the work took. Wall time (`ContinuousClock`) is recorded beside it.
enum Stopwatch {
    /// CPU time consumed by this process so far, in seconds.
    static func processCPUSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Peak resident set size of this process so far, in bytes (`getrusage` `ru_maxrss`, KiB on Linux).
    static func peakRSSBytes() -> Int {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) * 1024
        #else
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss)
        #endif
    }

    /// Minor page faults of this process so far (`getrusage` `ru_minflt`): pages the kernel mapped (and
    /// zeroed) on first touch.
    static func minorPageFaults() -> Int {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return Int(usage.ru_minflt)
    }

    /// Resident set size of process `pid` from `/proc/<pid>/status` (`VmRSS`, or `VmHWM` for its peak so
    /// far), in bytes; nil where `/proc` is not available.
    static func residentBytes(pid: Int32, field: String = "VmRSS") -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            let digits = line.dropFirst(field.count + 1).filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }

    /// CPU time consumed so far by all threads of process `pid`, in seconds, with nanosecond resolution
    /// (sum of the first field of `/proc/<pid>/task/*/schedstat`); nil where that is not available.
    static func processCPUSeconds(pid: Int32) -> Double? {
        let dir = "/proc/\(pid)/task"
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return nil }
        var total = 0
        for task in tasks {
            guard let text = try? String(contentsOfFile: "\(dir)/\(task)/schedstat", encoding: .utf8),
                  let first = text.split(separator: " ").first, let ns = Int(first) else { continue }
            total += ns
        }
        return Double(total) / 1e9
    }
}
