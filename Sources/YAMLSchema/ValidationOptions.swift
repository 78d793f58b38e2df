/// Knobs for ``JSONSchema/validate(_:options:)``.
public struct ValidationOptions: Sendable, Hashable {
    /// Treat `format` as an assertion for the formats the validator knows (date-time, date, time, email,
    /// hostname, ipv4, ipv6, uri, uri-reference, uuid, regex, and a few more). JSON Schema 2019-09 and
    /// later make `format` an annotation by default; editors usually want the check. Default: true.
    public var formatAssertion: Bool
    /// Upper bound on (schema, instance) evaluations per validation; past it validation stops with a
    /// warning. Guards against alias bombs and exponential `anyOf` nesting.
    public var maximumEvaluations: Int
    /// Upper bound on nested schema evaluations (recursion depth).
    public var maximumDepth: Int
    /// Upper bound on reported violations.
    public var maximumViolations: Int

    /// Options with the given limits; the defaults suit an editor (formats asserted, 2 million
    /// evaluations, depth 300, 1,000 violations).
    public init(formatAssertion: Bool = true, maximumEvaluations: Int = 2_000_000, maximumDepth: Int = 300,
                maximumViolations: Int = 1_000) {
        self.formatAssertion = formatAssertion
        self.maximumEvaluations = maximumEvaluations
        self.maximumDepth = maximumDepth
        self.maximumViolations = maximumViolations
    }
}
