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
    /// (`parse` stage) of the same input; nil when either stage was not measured. Reports the worst input.
    static func lintWithinOneParse(_ rows: [StageBench.Row]) -> TargetCheck? {
        var worst: (input: String, ratio: Double)? = nil
        for lint in rows where lint.stage == "lint" {
            guard let parse = rows.first(where: { $0.input == lint.input && $0.stage == "parse" }),
                  parse.sample.medianCPU > 0 else { continue }
            let ratio = lint.sample.medianCPU / parse.sample.medianCPU
            if ratio > (worst?.ratio ?? -1) { worst = (lint.input, ratio) }
        }
        guard let worst else { return nil }
        return TargetCheck(what: "lint ÷ parse CPU time, worst input (\(worst.input))",
                           figure: Figures.fixed(worst.ratio, 2) + " ×", target: "lint ≤ 1 × parse on every input",
                           pass: worst.ratio <= 1)
    }
}
