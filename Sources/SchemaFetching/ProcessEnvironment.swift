import Foundation

/// This process's environment variables, read one by one with `getenv`: the values
/// `ProcessInfo.processInfo.environment` gives, without copying every variable of the environment into a
/// new dictionary at each call (the live environment's defaults asked about ten times per `pureyaml check`,
/// about 6 % of its CPU time on a small file; docs/notes/startup.md).
public enum ProcessEnvironment {
    /// The value of the variable `name`, nil when it is not set.
    public static subscript(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The variables of `names` that are set, by name.
    public static func variables(_ names: some Sequence<String>) -> [String: String] {
        var out: [String: String] = [:]
        for name in names {
            if let value = self[name] { out[name] = value }
        }
        return out
    }
}
