extension LintConfiguration {
    /// This configuration with only the rules of `ids` that it enables (their levels, options and per-rule
    /// `ignore` patterns kept), for linting part of a text again with the rules that part decides alone.
    public func restricted(to ids: Set<LintRuleID>) -> LintConfiguration {
        LintConfiguration(rules: rules.filter { ids.contains($0.key) }, ignore: ignore, yamlFiles: yamlFiles, locale: locale)
    }
}
