import Foundation

/// Any JSON value as it appears on the wire: `params`, `result`, `error.data`, and LSP's `LSPAny`
/// (LSP 3.17 "Base Types"). It preserves the JSON so the LSP layer can decode typed values later
/// with ``decode(_:)`` and answer `InvalidParams` (-32602) when that fails.
///
/// Numbers that are integral and fit in `Int` are kept as ``integer(_:)``; every other number is a
/// ``double(_:)``. Object member order is not preserved (RFC 8259 §4 says it carries no meaning);
/// ``encodedJSON()`` writes members with sorted keys so output is deterministic.
public indirect enum LSPAny: Sendable, Hashable, Codable {
    /// JSON `null`.
    case null
    /// JSON `true` / `false`.
    case bool(Bool)
    /// A JSON number without fraction or exponent that fits in `Int`.
    case integer(Int)
    /// Any other JSON number.
    case double(Double)
    /// A JSON string.
    case string(String)
    /// A JSON array.
    case array([LSPAny])
    /// A JSON object.
    case object([String: LSPAny])

    /// Decodes any JSON value; never fails on well-formed JSON except for numbers beyond `Double`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([LSPAny].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: LSPAny].self))
        }
    }

    /// Encodes the value as the JSON it stands for (`null` for ``null``).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Parses JSON text (UTF-8 bytes). Throws a `DecodingError` when `data` is not JSON.
    public init(jsonData data: Data) throws {
        self = try JSONDecoder().decode(LSPAny.self, from: data)
    }

    /// Converts any `Encodable` value into its JSON form (nil optionals are omitted, as JSONEncoder does).
    /// Throws `EncodingError` for values JSON cannot hold (NaN, infinity).
    public init(encoding value: some Encodable) throws {
        let data = try LSPAny.encoder.encode(value)
        self = try LSPAny(jsonData: data)
    }

    /// Decodes this JSON as `T` with `JSONDecoder`. Throws the `DecodingError` describing the mismatch.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try JSONDecoder().decode(T.self, from: try encodedJSON())
    }

    /// Compact UTF-8 JSON text for this value, object keys sorted, `/` not escaped.
    /// Throws `EncodingError` for NaN or infinite ``double(_:)`` values.
    public func encodedJSON() throws -> Data {
        try LSPAny.encoder.encode(self)
    }

    /// The encoder used for every JSON text this module writes: compact, sorted keys, unescaped slashes.
    package static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// The member `key` when this is an object, else nil.
    public subscript(key: String) -> LSPAny? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The string when this is ``string(_:)``, else nil.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer when this is ``integer(_:)``, else nil.
    public var integerValue: Int? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The Boolean when this is ``bool(_:)``, else nil.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }
}
