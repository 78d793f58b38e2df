/// Repeated timings of one piece of work, in seconds.
struct Sample {
    /// CPU seconds of each run.
    var cpu: [Double] = []
    /// Wall-clock seconds of each run.
    var wall: [Double] = []
    /// Minor page faults of each run (``Stopwatch/minorPageFaults()``, read outside the timed span).
    var faults: [Int] = []

    /// The median CPU time of the runs.
    var medianCPU: Double { Self.median(cpu) }
    /// The fastest run's CPU time.
    var minCPU: Double { cpu.min() ?? 0 }
    /// The median number of minor page faults per run.
    var medianFaults: Int { Int(Self.median(faults.map(Double.init))) }
    /// The median wall time of the runs.
    var medianWall: Double { Self.median(wall) }

    /// Median of `values` (0 for none).
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let s = values.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    /// The `p`-th percentile (0...100) of `values`, nearest rank (0 for none).
    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let s = values.sorted()
        let rank = Int((p / 100 * Double(s.count)).rounded(.up)) - 1
        return s[max(0, min(s.count - 1, rank))]
    }

    /// Runs `body` at least `minRuns` times and until `minSeconds` of CPU time have been spent (at most
    /// `maxRuns` times), timing each run. The result of `body` is kept alive until timing ends so that
    /// freeing it is not measured as part of the next run.
    static func measure<T>(minRuns: Int, maxRuns: Int, minSeconds: Double, _ body: () -> T) -> Sample {
        var sample = Sample()
        var total = 0.0
        while sample.cpu.count < maxRuns && (sample.cpu.count < minRuns || total < minSeconds) {
            total += sample.time(body)
        }
        return sample
    }

    /// Runs `body` once, appends its CPU and wall time, and returns its CPU seconds. The result of `body`
    /// is kept alive until both clocks are read, and freed after (not timed).
    @discardableResult
    mutating func time<T>(_ body: () -> T) -> Double {
        let clock = ContinuousClock()
        let f0 = Stopwatch.minorPageFaults()
        let c0 = Stopwatch.processCPUSeconds()
        let w0 = clock.now
        let result = body()
        let c1 = Stopwatch.processCPUSeconds()
        let w1 = clock.now
        let f1 = Stopwatch.minorPageFaults()
        withExtendedLifetime(result) {}
        let d = w0.duration(to: w1).components
        cpu.append(c1 - c0)
        faults.append(f1 - f0)
        wall.append(Double(d.seconds) + Double(d.attoseconds) / 1e18)
        return c1 - c0
    }
}
