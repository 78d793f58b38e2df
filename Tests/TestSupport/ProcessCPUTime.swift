import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// CPU time this test process has used so far, in seconds (`clock_gettime(CLOCK_PROCESS_CPUTIME_ID)`,
/// all threads together).
///
/// Time limits in tests measure this instead of wall time: on a shared, loaded machine wall time also
/// counts the time other processes held the cores, so a wall-time limit fails for reasons unrelated to
/// the code under test.
public func processCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
