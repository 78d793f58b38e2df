/// The typed value of a scalar under the YAML 1.2 core schema (YAML 1.2.2 §10.3.2), used for key
/// equality, JSON projection and schema validation.
public enum ScalarValue: Sendable, Hashable {
    /// `tag:yaml.org,2002:null`.
    case null
    /// `tag:yaml.org,2002:bool`.
    case bool(Bool)
    /// `tag:yaml.org,2002:int` that fits in 64 bits.
    case integer(Int64)
    /// `tag:yaml.org,2002:int` outside the 64-bit range, as canonical decimal text: an optional `-`
    /// followed by digits without leading zeros (hexadecimal and octal forms are converted).
    case bigInteger(String)
    /// `tag:yaml.org,2002:float`, including `.inf`, `-.inf` and `.nan`. A literal too large for a
    /// `Double` becomes infinity.
    case float(Double)
    /// `tag:yaml.org,2002:str`, or the content of a scalar whose tag the core schema does not know.
    case string(String)

    /// The canonical text of the value (YAML 1.2.2 §10.3.2 "canonical form"): `null`, `true`/`false`,
    /// decimal integers, floats in shortest round-trip form with `.inf`, `-.inf`, `.nan` for the
    /// non-finite values (and `0.0` for negative zero), and the string itself for strings.
    public var canonicalText: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .integer(let i): return String(i)
        case .bigInteger(let s): return s
        case .float(let d): return ScalarValue.canonicalFloatText(d)
        case .string(let s): return s
        }
    }

    /// The core-schema tag of the value's type, e.g. `tag:yaml.org,2002:int` for `.bigInteger`.
    public var tag: String {
        switch self {
        case .null: return CoreSchema.nullTag
        case .bool: return CoreSchema.boolTag
        case .integer, .bigInteger: return CoreSchema.intTag
        case .float: return CoreSchema.floatTag
        case .string: return CoreSchema.strTag
        }
    }

    /// Shortest round-trip text of `d` (`.inf`, `-.inf`, `.nan` when not finite; `-0.0` as `0.0`).
    static func canonicalFloatText(_ d: Double) -> String {
        if d.isNaN { return ".nan" }
        if d.isInfinite { return d < 0 ? "-.inf" : ".inf" }
        if d == 0 { return "0.0" }
        return d.description
    }
}
