/// The `id` of a JSON-RPC 2.0 request: an integer or a string (JSON-RPC 2.0 §4; LSP 3.17 `integer | string`).
public enum RequestID: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A numeric id (JSON-RPC says it should have no fractional part; one with a fraction is rejected).
    case number(Int)
    /// A string id.
    case string(String)

    /// Decodes an integer or a string; throws `DecodingError.typeMismatch` for any other JSON.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Int.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else {
            throw DecodingError.typeMismatch(RequestID.self, .init(codingPath: decoder.codingPath,
                                                                   debugDescription: "id must be an integer or a string"))
        }
    }

    /// Encodes the id as a JSON number or string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        }
    }

    /// Reads an id from a JSON value: an integer or a string, else nil.
    public init?(_ value: LSPAny) {
        switch value {
        case .integer(let number): self = .number(number)
        case .string(let string): self = .string(string)
        default: return nil
        }
    }

    /// The id as JSON (``LSPAny/integer(_:)`` or ``LSPAny/string(_:)``).
    public var jsonValue: LSPAny {
        switch self {
        case .number(let value): return .integer(value)
        case .string(let value): return .string(value)
        }
    }

    /// The number, or the string in quotes, for logs.
    public var description: String {
        switch self {
        case .number(let value): return String(value)
        case .string(let value): return "\"\(value)\""
        }
    }
}
