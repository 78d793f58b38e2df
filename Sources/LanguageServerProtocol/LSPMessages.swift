import Foundation
import JSONRPC

extension RequestMessage {
    /// Decodes the params as those of request `R`.
    /// - Throws: ``JSONRPC/ResponseError`` with ``JSONRPC/ErrorCode/invalidParams`` (-32602) and a message
    ///   naming the failing member, when they do not match (JSON-RPC 2.0 §5.1).
    public func decodeParams<R: LSPRequest>(_ request: R.Type) throws(ResponseError) -> R.Params {
        try LSPMessages.invalidParams(method) { try decodeParams(as: R.Params.self) }
    }
}

extension NotificationMessage {
    /// Decodes the params as those of notification `N`.
    /// - Throws: ``JSONRPC/ResponseError`` with ``JSONRPC/ErrorCode/invalidParams`` when they do not match
    ///   (a notification is never answered, so the caller only logs it).
    public func decodeParams<N: LSPNotification>(_ notification: N.Type) throws(ResponseError) -> N.Params {
        try LSPMessages.invalidParams(method) { try decodeParams(as: N.Params.self) }
    }
}

extension ResponseMessage {
    /// A success response carrying `result` as the `Response` of request `R`.
    /// - Throws: `EncodingError` only for NaN or infinite numbers in `result`.
    public init<R: LSPRequest>(_ request: R.Type, id: RequestID, result: R.Response) throws {
        self.init(id: id, result: try LSPAny(encoding: result))
    }

    /// Decodes a success result as the `Response` of request `R` (e.g. the answer to `workspace/configuration`).
    /// - Throws: the ``JSONRPC/ResponseError`` of an error response, or `invalidParams` when the result does not match.
    public func decodeResult<R: LSPRequest>(_ request: R.Type) throws(ResponseError) -> R.Response {
        switch result {
        case .failure(let error): throw error
        case .success(let value): return try LSPMessages.decode(R.Response.self, from: value, method: R.method.rawValue)
        }
    }
}

extension Message {
    /// A request message for `R` with `params`.
    /// - Throws: `EncodingError` only for NaN or infinite numbers.
    public static func request<R: LSPRequest>(_ request: R.Type, id: RequestID, params: R.Params) throws -> Message {
        .request(RequestMessage(id: id, method: R.method.rawValue, params: try LSPMessages.encodeParams(params)))
    }

    /// A notification message for `N` with `params`.
    /// - Throws: `EncodingError` only for NaN or infinite numbers.
    public static func notification<N: LSPNotification>(_ notification: N.Type, params: N.Params) throws -> Message {
        .notification(NotificationMessage(method: N.method.rawValue, params: try LSPMessages.encodeParams(params)))
    }
}

extension Connection {
    /// Answers request `R` with `result`, encoded straight into the message (``JSONRPC/MessageBody``);
    /// an unencodable result is answered with `internalError` instead.
    public func reply<R: LSPRequest>(_ request: R.Type, id: RequestID, result: R.Response) {
        reply(request, id: id, writing: result)
    }

    /// Answers request `R` with `result`, a value whose JSON is that of an `R.Response` (e.g. a
    /// ``JSONRPC/JSONWritable`` that writes the result straight from the values it is made from, without
    /// building the response's values first).
    public func reply<R: LSPRequest, Result: Encodable>(_ request: R.Type, id: RequestID, writing result: Result) {
        do {
            send(encoded: try MessageBody.response(id: id, result: result))
        } catch {
            sendError(id: id, error: .internalError("could not encode the \(R.method.rawValue) result: \(error)"))
        }
    }

    /// Sends notification `N`; an unencodable one is dropped (and reported through `onError`).
    public func notify<N: LSPNotification>(_ notification: N.Type, params: N.Params) {
        do {
            send(encoded: try MessageBody.notification(method: N.method.rawValue, params: params is EmptyParams ? nil : params))
        } catch {
            report(.encodingFailed("\(N.method.rawValue): \(error)"))
        }
    }

    /// Sends request `R` (server to client, e.g. ``ConfigurationRequest``); match the answer by `id`
    /// in `onMessage` and decode it with ``JSONRPC/ResponseMessage/decodeResult(_:)``.
    public func request<R: LSPRequest>(_ request: R.Type, id: RequestID, params: R.Params) {
        do {
            send(encoded: try MessageBody.request(id: id, method: R.method.rawValue, params: params is EmptyParams ? nil : params))
        } catch {
            report(.encodingFailed("\(R.method.rawValue): \(error)"))
        }
    }
}

/// Shared conversions between raw JSON and typed LSP values.
enum LSPMessages {
    /// Decodes `value` (nil is read as `null`) as `T`, mapping failure to -32602.
    static func decode<T: Decodable>(_ type: T.Type, from value: LSPAny?, method: String) throws(ResponseError) -> T {
        try invalidParams(method) { try (value ?? .null).decode(T.self) }
    }

    /// Runs a decoding, mapping its failure to -32602 with a description of what did not match.
    static func invalidParams<T>(_ method: String, _ decoding: () throws -> T) throws(ResponseError) -> T {
        do {
            return try decoding()
        } catch {
            throw ResponseError.invalidParams("invalid params for \(method): \(describe(error))")
        }
    }

    /// Params as JSON; ``EmptyParams`` becomes nil (no `params` member).
    static func encodeParams<P: Encodable>(_ params: P) throws -> LSPAny? {
        params is EmptyParams ? nil : try LSPAny(encoding: params)
    }

    /// A short description of a decoding error in plain words: the member path, then what was expected
    /// and found (`params.position.line: expected a non-negative integer, found -1`), never a Swift type
    /// name.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "params" : "params" + keys
        }
        /// Foundation's debug descriptions name Swift types; ours start with "expected".
        func reason(_ context: DecodingError.Context, expecting type: Any.Type) -> String {
            context.debugDescription.hasPrefix("expected") ? context.debugDescription : "expected \(kind(type))"
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context)).\(key.stringValue): missing"
        case .typeMismatch(let type, let context):
            return "\(path(context)): \(reason(context, expecting: type))"
        case .valueNotFound(let type, let context):
            return "\(path(context)): expected \(kind(type)), found null"
        case .dataCorrupted(let context):
            let text = context.debugDescription.hasPrefix("The given data") ? "not a valid value" : context.debugDescription
            return "\(path(context)): \(text)"
        @unknown default:
            return String(describing: error)
        }
    }

    /// The JSON kind a Swift type is decoded from, in words.
    static func kind(_ type: Any.Type) -> String {
        switch type {
        case is Bool.Type: return "a boolean"
        case is String.Type: return "a string"
        case let t as any FixedWidthInteger.Type: return t.isSigned ? "an integer" : "a non-negative integer"
        case is any BinaryFloatingPoint.Type: return "a number"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Dictionary") { return "an object" }
            if name.hasPrefix("Array") { return "an array" }
            return "a valid value"
        }
    }
}
