import Foundation

/// Where the `params` of a request or notification come from: a JSON value built in memory, or the
/// bytes of the received message, from which they are decoded only when asked for and then straight
/// into the wanted type (a 5 MB `textDocument/didOpen` is never built as an ``LSPAny`` tree).
enum MessageParams: Sendable {
    /// Params given as a value (nil: absent).
    case value(LSPAny?)
    /// The whole message body as received; its `params` member (if any) was checked to be an object, an
    /// array or null.
    case message(Data)

    /// The params as a JSON value, nil when absent or `null`.
    var value: LSPAny? {
        switch self {
        case .value(let value):
            return value
        case .message(let body):
            return (try? JSONDecoder().decode(ParamsEnvelope<LSPAny?>.self, from: body))?.params ?? nil
        }
    }

    /// Decodes the params as `T` (absent params are read as JSON `null`).
    /// - Throws: the `DecodingError` of the mismatch; its coding path starts inside the params. When
    ///   `JSONDecoder` fails, the params are decoded again with ``LSPAnyDecoder`` and its error (exact
    ///   path, plain words) is thrown instead: Foundation reports a number that does not fit (`1.5` for an
    ///   integer) without a path, as "The given data was not valid JSON.".
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        do {
            switch self {
            case .value(let value):
                return try (value ?? .null).decode(T.self)
            case .message(let body):
                do {
                    return try JSONDecoder().decode(ParamsEnvelope<T>.self, from: body).params
                } catch let error as DecodingError {
                    throw error.droppingParamsKey
                }
            }
        } catch {
            do { _ = try LSPAnyDecoder.decode(T.self, from: value ?? .null) } catch { throw error }
            throw error
        }
    }
}

extension DecodingError {
    /// The same error with the leading `params` key removed from its coding path (the path of an error
    /// met while decoding ``ParamsEnvelope``, made relative to the params as for an in-memory value).
    var droppingParamsKey: DecodingError {
        func drop(_ context: Context) -> Context {
            guard context.codingPath.first?.stringValue == "params" else { return context }
            return Context(codingPath: Array(context.codingPath.dropFirst()), debugDescription: context.debugDescription,
                           underlyingError: context.underlyingError)
        }
        switch self {
        case .typeMismatch(let type, let context): return .typeMismatch(type, drop(context))
        case .valueNotFound(let type, let context): return .valueNotFound(type, drop(context))
        case .keyNotFound(let key, let context): return .keyNotFound(key, drop(context))
        case .dataCorrupted(let context): return .dataCorrupted(drop(context))
        @unknown default: return self
        }
    }
}
