// Shared helpers for the libFuzzer entry points in this folder (compiled into every target by build.sh).

/// The fuzzer's input as an array of bytes (empty when libFuzzer passes a null pointer).
func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

/// Stops the process with `message` when `condition` is false, so libFuzzer records the input as a crash.
/// (`precondition` is removed by `-Ounchecked`; this check never is.)
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("fuzz invariant violated: \(message())") }
}
