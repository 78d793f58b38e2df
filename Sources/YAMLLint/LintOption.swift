/// The value of one rule option in a lint configuration (yamllint's `CONF` types).
public enum LintOption: Sendable, Hashable, CustomStringConvertible {
    case bool(Bool)
    case int(Int)
    case string(String)
    case strings([String])

    /// The value as yamllint's Python would print it in an error message.
    public var description: String {
        switch self {
        case .bool(let b): return b ? "True" : "False"
        case .int(let i): return String(i)
        case .string(let s): return s
        case .strings(let list): return "[" + list.map { "'\($0)'" }.joined(separator: ", ") + "]"
        }
    }

    /// The integer, if this is one.
    public var int: Int? { if case .int(let i) = self { return i }; return nil }
    /// The boolean, if this is one.
    public var bool: Bool? { if case .bool(let b) = self { return b }; return nil }
    /// The string, if this is one.
    public var string: String? { if case .string(let s) = self { return s }; return nil }
    /// The string list, if this is one.
    public var strings: [String]? { if case .strings(let s) = self { return s }; return nil }
}

/// What one rule option accepts (yamllint's `CONF` entry): some of bool/int/any string, a fixed set of
/// strings, or a list of strings (optionally from a fixed set).
struct LintOptionSpec: Sendable {
    var allowsBool = false
    var allowsInt = false
    var allowsAnyString = false
    var choices: [String] = []
    var boolChoices: [Bool] = []
    var isList = false
    var listChoices: [String]? = nil
    var defaultValue: LintOption

    static func bool(_ d: Bool) -> LintOptionSpec { LintOptionSpec(allowsBool: true, defaultValue: .bool(d)) }
    static func int(_ d: Int) -> LintOptionSpec { LintOptionSpec(allowsInt: true, defaultValue: .int(d)) }
    static func list(_ d: [String], choices: [String]? = nil) -> LintOptionSpec {
        LintOptionSpec(isList: true, listChoices: choices, defaultValue: .strings(d))
    }

    /// Python's rendering of the accepted values, for error messages (`should be in (...)`).
    var pythonDescription: String {
        var parts: [String] = []
        if allowsBool && boolChoices.isEmpty { parts.append("<class 'bool'>") }
        if allowsInt { parts.append("<class 'int'>") }
        parts += boolChoices.map { $0 ? "True" : "False" }
        parts += choices.map { "'\($0)'" }
        return "(" + parts.joined(separator: ", ") + ")"
    }

    /// True when `value` is acceptable.
    func accepts(_ value: LintOption) -> Bool {
        switch value {
        case .bool(let b): return (allowsBool && boolChoices.isEmpty) || boolChoices.contains(b)
        case .int: return allowsInt
        case .string(let s): return allowsAnyString || choices.contains(s)
        case .strings(let list):
            guard isList else { return false }
            guard let allowed = listChoices else { return true }
            return list.allSatisfy { allowed.contains($0) }
        }
    }
}
