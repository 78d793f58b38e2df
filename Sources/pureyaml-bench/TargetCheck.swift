/// One performance target from issue 8 checked against a measured figure.
struct TargetCheck {
    /// What is measured, e.g. "parse MB/s, k8s-10MB".
    let what: String
    /// The measured figure as printed.
    let figure: String
    /// The target, e.g. "≥ 60 (aim 100)".
    let target: String
    /// Whether the figure meets the target.
    let pass: Bool

    /// "PASS" or "FAIL".
    var verdict: String { pass ? "PASS" : "FAIL" }
}

extension TargetCheck {
    /// Issue 10's lint target: on every input, lint (`lint` stage) takes at most the CPU time of one parse
    /// (`parse` stage) of the same input, by the median of the two timed in pairs (`ratios`, the
    /// `lint` ÷ `parse` ones); nil when none was measured. Reports the worst input, with the spread of its
    /// pair ratios.
    static func lintWithinOneParse(_ ratios: [PairedRatio]) -> TargetCheck? {
        let lint = ratios.filter { $0.numerator.stage == "lint" && $0.denominator.stage == "parse" && $0.sample.count > 0 }
        guard let worst = lint.max(by: { $0.median < $1.median }) else { return nil }
        return TargetCheck(what: "lint ÷ parse CPU time, worst input (\(worst.numerator.input))",
                           figure: worst.figure + " ×", target: "lint ≤ 1 × parse on every input",
                           pass: worst.median <= 1)
    }
}
