/// PyYAML's YAML 1.1 implicit resolvers for plain scalars (what yamllint's `quoted-strings` rule asks:
/// "would this plain scalar load as something other than a string?"), with the extra `0o` octal form
/// yamllint registers. YAML 1.1 types are deliberate here: yamllint is YAML 1.1 by design.
struct YAML11Resolver {
    private static let patterns: [String] = [
        // bool
        "yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF",
        // float
        #"[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)"#,
        // int (PyYAML, and yamllint's addition with 0o)
        #"[-+]?0b[0-1_]+|[-+]?0o?[0-7_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+"#,
        // merge, null, value
        "<<", "~|null|Null|NULL|", "=",
        // timestamp
        #"[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?"#,
    ]

    private let compiled = YAML11Resolver.patterns.map(LintPattern.init)

    /// True when PyYAML would resolve the plain scalar `value` to a tag other than `str`.
    func isNonString(_ value: String) -> Bool {
        if value.isEmpty { return true }
        return compiled.contains { $0.wholeMatch(value) }
    }
}
