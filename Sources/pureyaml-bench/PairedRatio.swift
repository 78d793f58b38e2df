/// A ratio of two stage figures taken from runs timed in pairs (``PairedSample``): one ratio per pair,
/// reported as their median with the 25th and 75th percentiles as its spread.
///
/// Both sides of every pair ran within a fraction of a second of each other, so a stretch of load from
/// other processes slows both and cancels in the pair's ratio; the ratio of two medians taken seconds or
/// minutes apart does not have that property.
struct PairedRatio {
    /// How a pair's two CPU times make a ratio.
    enum Kind {
        /// CPU time of the numerator side ÷ CPU time of the denominator side (e.g. lint ÷ parse).
        case cpuTime
        /// MB/s of the numerator side ÷ MB/s of the denominator side (inputs of different sizes).
        case throughput
    }

    /// One side of the ratio: a stage on an input.
    struct Side {
        let input: String
        let stage: String
        /// Size of the input in bytes (for MB/s).
        let bytes: Int
    }

    let numerator: Side
    let denominator: Side
    let kind: Kind
    /// The runs; `first` is the numerator side, `second` the denominator side.
    let sample: PairedSample

    /// The ratio of each pair, in pair order.
    var ratios: [Double] {
        switch kind {
        case .cpuTime:
            return sample.ratios { n, d in n / max(d, 1e-12) }
        case .throughput:
            let bytes = Double(numerator.bytes) / Double(max(denominator.bytes, 1))
            return sample.ratios { n, d in bytes * d / max(n, 1e-12) }
        }
    }

    /// Median of the per-pair ratios (the figure a target is checked against).
    var median: Double { Sample.median(ratios) }
    /// 25th percentile of the per-pair ratios (nearest rank).
    var lowerQuartile: Double { Sample.percentile(ratios, 25) }
    /// 75th percentile of the per-pair ratios (nearest rank).
    var upperQuartile: Double { Sample.percentile(ratios, 75) }

    /// "1.02 (0.98–1.05)": the median and, in parentheses, the 25th–75th percentile of the pair ratios.
    var figure: String {
        "\(Figures.fixed(median, 2)) (\(Figures.fixed(lowerQuartile, 2))–\(Figures.fixed(upperQuartile, 2)))"
    }
}
