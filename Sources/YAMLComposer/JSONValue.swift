/// A JSON value (RFC 8259): the JSON projection of a composed YAML node, and the form in which JSON
/// Schemas are held.
///
/// Numbers keep the distinction the YAML core schema makes: `.integer` for `tag:yaml.org,2002:int`
/// that fits in 64 bits, `.number` for other numbers (including `.inf`/`.nan`, which have no JSON text
/// form; see ``JSONValue/jsonText``). Object members keep their source order.
public indirect enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer that fits in 64 bits.
    case integer(Int64)
    /// Any other number (may be non-finite when projected from YAML `.inf`/`.nan`).
    case number(Double)
    /// A string.
    case string(String)
    /// Elements in order.
    case array([JSONValue])
    /// Members in source order; a later duplicate key replaces an earlier one when projected.
    case object([(key: String, value: JSONValue)])

    /// JSON equality: numbers compare by value (`1` equals `1.0`, NaN equals NaN), objects ignore
    /// member order.
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.integer(x), .integer(y)): return x == y
        case let (.number(x), .number(y)): return x == y || (x.isNaN && y.isNaN)
        case let (.integer(x), .number(y)), let (.number(y), .integer(x)): return Double(x) == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            // JSON object equality ignores member order (RFC 8259 §4).
            guard x.count == y.count else { return false }
            var dict: [String: JSONValue] = [:]
            for m in y { dict[m.key] = m.value }
            return x.allSatisfy { dict[$0.key] == $0.value }
        default: return false
        }
    }

    /// True when `self` and `other` are the same JSON written the same way: the same members in the same
    /// order, numbers of the same kind and bits (``==`` ignores member order and compares numbers by
    /// value). What a compiled schema keeps of its JSON (property order, `1` or `1.0`) is the same for
    /// identical values; and, building no dictionaries, this is several times faster than ``==`` on large
    /// values (a CustomResourceDefinition's schema compared after each keystroke).
    public func isIdentical(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.integer(x), .integer(y)): return x == y
        case let (.number(x), .number(y)): return x.bitPattern == y.bitPattern
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)):
            guard x.count == y.count else { return false }
            // One buffer shared by both (a value patched in place of another keeps what it did not change).
            if x.withUnsafeBufferPointer({ a in y.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }) { return true }
            for i in x.indices where !x[i].isIdentical(to: y[i]) { return false }
            return true
        case let (.object(x), .object(y)):
            guard x.count == y.count else { return false }
            if x.withUnsafeBufferPointer({ a in y.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }) { return true }
            for i in x.indices where x[i].key != y[i].key || !x[i].value.isIdentical(to: y[i].value) { return false }
            return true
        default: return false
        }
    }

    /// Hashes consistently with ``==`` (integers hash as their `Double` value; objects without duplicate
    /// keys, as projections are, by their members in any order).
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .integer(let i): hasher.combine(Double(i))
        case .number(let d): if d.isNaN { hasher.combine(Double.nan.bitPattern) } else { hasher.combine(d) }
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .object(let o):
            // Order-independent (objects ignore member order): the sum of the members' own hashes, so that
            // objects that differ hash apart (hashing by count alone made `uniqueItems` over 10,000 objects
            // quadratic).
            var sum = 0
            for member in o {
                var h = Hasher()
                h.combine(member.key)
                h.combine(member.value)
                sum &+= h.finalize()
            }
            hasher.combine(o.count)
            hasher.combine(sum)
        }
    }

    /// The member named `key` of an object (the last one when duplicated), nil otherwise.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }
}
