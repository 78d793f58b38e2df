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
