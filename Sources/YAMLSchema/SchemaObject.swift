import YAMLComposer

/// The members of one schema object, looked up by keyword while it is compiled.
///
/// A schema object has a few members and the compiler asks for some forty keywords: a scan comparing
/// lengths first answers most of them without hashing a string or building a dictionary per subschema
/// (compiling a Kubernetes CRD's schema spent most of its time on those); an object with many members is
/// indexed once instead. When a key repeats, the last member wins, as in a dictionary built in order.
struct SchemaObject {
    private var members: [(key: String, value: JSONValue)]
    /// The position of each key's last member, for objects too large to scan.
    private var index: [String: Int]?

    /// Objects with more members than this are indexed instead of scanned.
    private static let scanLimit = 16

    init(_ members: [(key: String, value: JSONValue)]) {
        self.members = members
        if members.count > Self.scanLimit { index = Self.indexed(members) }
    }

    /// The value of the last member named `name`, nil when there is none.
    subscript(name: String) -> JSONValue? {
        if let index { return index[name].map { members[$0].value } }
        let length = name.utf8.count
        var i = members.count
        while i > 0 {
            i -= 1
            let key = members[i].key
            if key.utf8.count == length && key == name { return members[i].value }
        }
        return nil
    }

    /// Leaves out every member named `name`.
    mutating func remove(_ name: String) {
        members.removeAll { $0.key == name }
        if index != nil { index = Self.indexed(members) }
    }

    private static func indexed(_ members: [(key: String, value: JSONValue)]) -> [String: Int] {
        var index: [String: Int] = [:]
        for (i, member) in members.enumerated() { index[member.key] = i }
        return index
    }
}
