/// A deterministic pseudo-random generator (SplitMix64), so generated inputs are the same on every run
/// and every machine. Not for anything but test data.
struct SeededGenerator {
    private var state: UInt64

    /// Starts the sequence at `seed`.
    init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (`bound` > 0); the tiny modulo bias does not matter for test data.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// One element of `items` (non-empty).
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// A lowercase identifier of `min...max` letters.
    mutating func word(_ min: Int = 3, _ max: Int = 10) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let n = min + below(max - min + 1)
        return String((0..<n).map { _ in letters[below(letters.count)] })
    }
}
