/// Decodes a `Decodable` value from an ``LSPAny`` tree, reporting a mismatch with its exact member path
/// and in plain words ("expected an integer, found 1.5"). Foundation's `JSONDecoder` reports a number that
/// does not fit the wanted type ("line": 1.5, "line": 1e30) as "The given data was not valid JSON." with no
/// path, so the params of a request that failed to decode are decoded again here to say what is wrong
/// (JSON-RPC 2.0 §5.1, -32602 Invalid params).
///
/// Errors are `DecodingError`s whose coding path is relative to the value: `typeMismatch` (debug
/// description "expected ..., found ..."), `keyNotFound`, `valueNotFound`, and whatever the decoded type's
/// own `init(from:)` throws.
package enum LSPAnyDecoder {
    /// `T` decoded from `value`.
    package static func decode<T: Decodable>(_ type: T.Type, from value: LSPAny) throws -> T {
        try T(from: Node(value: value, codingPath: []))
    }

    /// The value at one place in the tree, as a `Decoder`.
    private struct Node: Decoder {
        let value: LSPAny
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            guard case .object(let members) = value else { throw mismatch([String: Any].self, "an object", value, codingPath) }
            return KeyedDecodingContainer(Keyed<Key>(members: members, codingPath: codingPath))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            guard case .array(let items) = value else { throw mismatch([Any].self, "an array", value, codingPath) }
            return Unkeyed(items: items, codingPath: codingPath)
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(value: value, codingPath: codingPath) }
    }

    /// A member name or array index in a coding path.
    private struct PathKey: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue }
        init(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
    }

    /// What a JSON value is, in words: `null`, `true`, `1.5`, `a string`, `an array`, `an object`.
    static func words(_ value: LSPAny) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return String(b)
        case .integer(let i): return String(i)
        case .double(let d): return String(d)
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    private static func mismatch(_ type: Any.Type, _ expected: String, _ value: LSPAny, _ path: [any CodingKey]) -> DecodingError {
        .typeMismatch(type, .init(codingPath: path, debugDescription: "expected \(expected), found \(words(value))"))
    }

    /// Decodes a primitive or any `Decodable` from `value` at `path`.
    private static func primitive<T: Decodable>(_ type: T.Type, _ value: LSPAny, _ path: [any CodingKey]) throws -> T {
        switch type {
        case is Bool.Type:
            guard case .bool(let b) = value, let t = b as? T else { throw mismatch(type, "a boolean", value, path) }
            return t
        case is String.Type:
            guard case .string(let s) = value, let t = s as? T else { throw mismatch(type, "a string", value, path) }
            return t
        case let integer as any FixedWidthInteger.Type:
            guard let t = try Self.integer(integer, value, path) as? T else { throw mismatch(type, "an integer", value, path) }
            return t
        case let floating as any BinaryFloatingPoint.Type:
            let number: (any BinaryFloatingPoint)?
            switch value {
            case .integer(let i): number = floating.init(i)
            case .double(let d): number = floating.init(d)
            default: number = nil
            }
            guard let t = number as? T else { throw mismatch(type, "a number", value, path) }
            return t
        default:
            return try T(from: Node(value: value, codingPath: path))
        }
    }

    private static func integer<I: FixedWidthInteger>(_ type: I.Type, _ value: LSPAny, _ path: [any CodingKey]) throws -> I {
        let expected = I.isSigned ? "an integer" : "a non-negative integer"
        switch value {
        case .integer(let i):
            guard let n = I(exactly: i) else { throw mismatch(type, expected + " in range", value, path) }
            return n
        case .double(let d):
            guard d.rounded() == d, let n = I(exactly: d) else {
                throw mismatch(type, d.rounded() == d ? expected + " in range" : expected, value, path)
            }
            return n
        default:
            throw mismatch(type, expected, value, path)
        }
    }

    private struct Single: SingleValueDecodingContainer {
        let value: LSPAny
        let codingPath: [any CodingKey]
        func decodeNil() -> Bool { value == .null }
        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            if value == .null, !(T.self is LSPAny.Type), !(T.self is any ExpressibleByNilLiteral.Type) {
                throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "found null"))
            }
            return try primitive(type, value, codingPath)
        }
    }

    private struct Keyed<K: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [String: LSPAny]
        let codingPath: [any CodingKey]
        var allKeys: [K] { members.keys.compactMap { K(stringValue: $0) } }

        func contains(_ key: K) -> Bool { members[key.stringValue] != nil }

        private func member(_ key: K) throws -> LSPAny {
            guard let v = members[key.stringValue] else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing"))
            }
            return v
        }

        func decodeNil(forKey key: K) throws -> Bool { try member(key) == .null }

        func decode<T: Decodable>(_ type: T.Type, forKey key: K) throws -> T {
            try Single(value: try member(key), codingPath: codingPath + [key]).decode(type)
        }

        func nestedContainer<N: CodingKey>(keyedBy type: N.Type, forKey key: K) throws -> KeyedDecodingContainer<N> {
            try Node(value: try member(key), codingPath: codingPath + [key]).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: K) throws -> any UnkeyedDecodingContainer {
            try Node(value: try member(key), codingPath: codingPath + [key]).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder {
            Node(value: members["super"] ?? .null, codingPath: codingPath + [PathKey(stringValue: "super")])
        }

        func superDecoder(forKey key: K) throws -> any Decoder {
            Node(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
        }
    }

    private struct Unkeyed: UnkeyedDecodingContainer {
        let items: [LSPAny]
        let codingPath: [any CodingKey]
        var currentIndex = 0
        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }

        init(items: [LSPAny], codingPath: [any CodingKey]) {
            self.items = items
            self.codingPath = codingPath
        }

        private mutating func next<T>(_ type: T.Type) throws -> (LSPAny, [any CodingKey]) {
            let path = codingPath + [PathKey(intValue: currentIndex)]
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(type, .init(codingPath: path, debugDescription: "the array has no more items"))
            }
            defer { currentIndex += 1 }
            return (items[currentIndex], path)
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, items[currentIndex] == .null else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let (value, path) = try next(type)
            return try Single(value: value, codingPath: path).decode(type)
        }

        mutating func nestedContainer<N: CodingKey>(keyedBy type: N.Type) throws -> KeyedDecodingContainer<N> {
            let (value, path) = try next([String: Any].self)
            return try Node(value: value, codingPath: path).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            let (value, path) = try next([Any].self)
            return try Node(value: value, codingPath: path).unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder {
            let (value, path) = try next(Any.self)
            return Node(value: value, codingPath: path)
        }
    }
}
