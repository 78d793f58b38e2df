import YAMLComposer

/// JSON value equality as JSON Schema defines it (2020-12 Core §4.2.2): strings compare by code
/// points (no Unicode normalization, unlike Swift's `String ==`), numbers by mathematical value,
/// objects ignore member order.
enum StrictEquality {
    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case let (.string(x), .string(y)): return x.unicodeScalars.elementsEqual(y.unicodeScalars)
        case let (.array(x), .array(y)): return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case let (.object(x), .object(y)):
            guard x.count == y.count else { return false }
            return x.allSatisfy { member in
                y.contains { $0.key.unicodeScalars.elementsEqual(member.key.unicodeScalars) && equal($0.value, member.value) }
            }
        default: return a == b
        }
    }
}
