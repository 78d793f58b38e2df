/// A JSON-RPC 2.0 error code (JSON-RPC 2.0 §5.1), including the codes LSP 3.17 reserves
/// ("ErrorCodes" and "LSPErrorCodes"). Any integer is representable; the constants name the known ones.
public struct ErrorCode: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The integer sent in `error.code`.
    public var rawValue: Int

    /// Wraps any integer code.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Invalid JSON was received (-32700). Answered with `id: null`.
    public static let parseError = ErrorCode(rawValue: -32700)
    /// The JSON is not a valid request object (-32600).
    public static let invalidRequest = ErrorCode(rawValue: -32600)
    /// The method does not exist or is not available (-32601).
    public static let methodNotFound = ErrorCode(rawValue: -32601)
    /// Invalid method parameters (-32602).
    public static let invalidParams = ErrorCode(rawValue: -32602)
    /// Internal JSON-RPC error (-32603).
    public static let internalError = ErrorCode(rawValue: -32603)
    /// LSP: a request arrived before `initialize` (-32002).
    public static let serverNotInitialized = ErrorCode(rawValue: -32002)
    /// LSP: unknown error (-32001).
    public static let unknownErrorCode = ErrorCode(rawValue: -32001)
    /// LSP 3.17: the request was syntactically correct but failed (-32803).
    public static let requestFailed = ErrorCode(rawValue: -32803)
    /// LSP 3.17: the server cancelled the request (-32802).
    public static let serverCancelled = ErrorCode(rawValue: -32802)
    /// LSP: the document changed so the result is no longer valid (-32801).
    public static let contentModified = ErrorCode(rawValue: -32801)
    /// LSP: the client cancelled the request (-32800).
    public static let requestCancelled = ErrorCode(rawValue: -32800)

    /// Decodes a JSON integer.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int.self)
    }

    /// Encodes the JSON integer.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The integer code.
    public var description: String { String(rawValue) }
}
