/// Two pieces of work timed in alternation, run by run (first, second, first, second, …), so that the
/// two runs of a pair see the same machine: a ratio of the two is then taken per pair, and load from
/// other processes that slows a stretch of runs slows both sides of the pairs in it.
///
/// Each side is timed as ``Sample/measure(minRuns:maxRuns:minSeconds:_:)`` times a stage (process CPU
/// time, the result freed after the clocks are read), and each side runs once untimed before the first
/// pair, as ``StageBench`` does before a stage's runs.
struct PairedSample {
    /// The first side's runs; `first.cpu[i]` and `second.cpu[i]` are pair `i`.
    var first = Sample()
    /// The second side's runs.
    var second = Sample()

    /// Number of pairs.
    var count: Int { min(first.cpu.count, second.cpu.count) }

    /// Times `first` and `second` in alternation at least `minPairs` times and until `minSeconds` of CPU
    /// time have been spent on both together (at most `maxPairs` pairs), after one untimed run of each.
    static func measure<A, B>(minPairs: Int, maxPairs: Int, minSeconds: Double,
                              _ first: () -> A, _ second: () -> B) -> PairedSample {
        withExtendedLifetime(first()) {}
        withExtendedLifetime(second()) {}
        var pairs = PairedSample()
        var total = 0.0
        while pairs.count < maxPairs && (pairs.count < minPairs || total < minSeconds) {
            total += pairs.first.time(first)
            total += pairs.second.time(second)
        }
        return pairs
    }

    /// `combine(first, second)` of each pair's CPU seconds, in pair order.
    func ratios(_ combine: (Double, Double) -> Double) -> [Double] {
        zip(first.cpu, second.cpu).map { combine($0, $1) }
    }
}
