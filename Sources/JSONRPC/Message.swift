import Foundation

/// One JSON-RPC 2.0 message: a request, a notification or a response (JSON-RPC 2.0 §4, §5).
/// Batches (JSON arrays) are not supported: LSP 3.17 does not use them.
public enum Message: Sendable, Hashable {
    /// A call that expects a response.
    case request(RequestMessage)
    /// A call without id, never answered.
    case notification(NotificationMessage)
    /// The answer to an earlier request.
    case response(ResponseMessage)

    /// Decodes one message body (UTF-8 JSON bytes, the content of one frame). The `params` of a request
    /// or notification are not built: the message keeps `data` and decodes them on demand, so a large
    /// `params` is read once, into the type that wants it.
    ///
    /// A lone UTF-16 surrogate escape in a string (`\ud83d` without its low half; valid JSON syntax,
    /// RFC 8259 §8.2) is read as U+FFFD, one UTF-16 code unit like the surrogate, so positions in later
    /// edits stay aligned; see ``JSONStringCheck``.
    ///
    /// - Throws: ``InvalidMessage`` with ``ErrorCode/parseError`` (id nil) when `data` is not JSON, and
    ///   ``ErrorCode/invalidRequest`` (id kept when it is an integer or a string) when the JSON is not a
    ///   message: not an object (including a batch array), `jsonrpc` not `"2.0"`, `method` not a string,
    ///   `id` of the wrong type, `params` not an object/array/null, or a response without exactly one of
    ///   `result`/`error` or with a malformed `error`.
    public static func decode(_ data: Data) throws(InvalidMessage) -> Message {
        // Checked before decoding, so the decoder (which refuses lone surrogates) sees them as U+FFFD.
        let strings = JSONStringCheck.check(data)
        var data = data
        if case .valid(let offsets) = strings { data = JSONStringCheck.replacingLoneSurrogates(data, at: offsets) }
        let envelope: MessageEnvelope
        do {
            envelope = try JSONDecoder().decode(MessageEnvelope.self, from: data)
        } catch {
            throw InvalidMessage(id: nil, error: .parseError("parse error: the message is not valid JSON"))
        }
        // The strings the envelope did not build (those of `params`) are checked as building them would.
        guard strings != .invalid else {
            throw InvalidMessage(id: nil, error: .parseError("parse error: the message is not valid JSON (a string is not valid UTF-8 or holds a control character)"))
        }
        switch envelope.topLevel {
        case .object: break
        case .array: throw InvalidMessage(id: nil, error: .invalidRequest("batch requests are not supported"))
        default: throw InvalidMessage(id: nil, error: .invalidRequest("a message must be a JSON object"))
        }
        guard envelope.method != nil else {
            // A response: its members are small, decode them as values.
            var members: [String: LSPAny] = [:]
            members["jsonrpc"] = envelope.jsonrpc
            members["id"] = envelope.id
            members["result"] = envelope.result
            members["error"] = envelope.error
            return try decode(.object(members))
        }
        let id = envelope.id.flatMap(RequestID.init)
        func invalid(_ text: String) -> InvalidMessage { InvalidMessage(id: id, error: .invalidRequest(text)) }
        guard envelope.jsonrpc == .string("2.0") else { throw invalid("\"jsonrpc\" must be \"2.0\"") }
        guard case .string(let name)? = envelope.method else { throw invalid("\"method\" must be a string") }
        switch envelope.params {
        case nil, .null?, .object?, .array?: break
        case .other?: throw invalid("\"params\" must be an object or an array")
        }
        guard envelope.id != nil else { return .notification(NotificationMessage(method: name, body: data)) }
        guard let id else { throw invalid("\"id\" must be an integer or a string") }
        return .request(RequestMessage(id: id, method: name, body: data))
    }

    /// Decodes a message from already-parsed JSON; the rules and errors are those of ``decode(_:)-(Data)``.
    public static func decode(_ json: LSPAny) throws(InvalidMessage) -> Message {
        guard case .object(let members) = json else {
            if case .array = json {
                throw InvalidMessage(id: nil, error: .invalidRequest("batch requests are not supported"))
            }
            throw InvalidMessage(id: nil, error: .invalidRequest("a message must be a JSON object"))
        }
        let rawID = members["id"]
        let id = rawID.flatMap(RequestID.init)
        func invalid(_ text: String) -> InvalidMessage { InvalidMessage(id: id, error: .invalidRequest(text)) }

        guard members["jsonrpc"] == .string("2.0") else { throw invalid("\"jsonrpc\" must be \"2.0\"") }
        if let method = members["method"] {
            guard case .string(let name) = method else { throw invalid("\"method\" must be a string") }
            let params: LSPAny?
            switch members["params"] {
            case nil, .null?: params = nil
            case .object?, .array?: params = members["params"]
            default: throw invalid("\"params\" must be an object or an array")
            }
            guard rawID != nil else { return .notification(NotificationMessage(method: name, params: params)) }
            guard let id else { throw invalid("\"id\" must be an integer or a string") }
            return .request(RequestMessage(id: id, method: name, params: params))
        }
        // A response: id (integer, string, or null), exactly one of result / error.
        guard let rawID else { throw invalid("a message needs \"method\" (request) or \"id\" (response)") }
        guard id != nil || rawID == .null else { throw invalid("\"id\" must be an integer, a string or null") }
        switch (members["result"], members["error"]) {
        case (let result?, nil):
            return .response(ResponseMessage(id: id, result: .success(result)))
        case (nil, let error?):
            guard let object = try? error.decode(ResponseError.self) else {
                throw invalid("\"error\" must be an object with an integer \"code\" and a string \"message\"")
            }
            return .response(ResponseMessage(id: id, error: object))
        default:
            throw invalid("a response needs exactly one of \"result\" and \"error\"")
        }
    }

    /// The message as a JSON value, with `"jsonrpc": "2.0"`; absent params are omitted,
    /// a response's `id` and `result` are written even when `null`.
    public var jsonValue: LSPAny {
        var members: [String: LSPAny] = ["jsonrpc": .string("2.0")]
        switch self {
        case .request(let request):
            members["id"] = request.id.jsonValue
            members["method"] = .string(request.method)
            members["params"] = request.params
        case .notification(let notification):
            members["method"] = .string(notification.method)
            members["params"] = notification.params
        case .response(let response):
            members["id"] = response.id?.jsonValue ?? .null
            switch response.result {
            case .success(let result): members["result"] = result
            case .failure(let error):
                members["error"] = .object(["code": .integer(error.code.rawValue),
                                            "message": .string(error.message)]
                    .merging(error.data.map { ["data": $0] } ?? [:]) { a, _ in a })
            }
        }
        return .object(members)
    }

    /// The message as compact UTF-8 JSON (the body of a frame), members sorted by key.
    /// Throws `EncodingError` only if a value holds NaN or infinity.
    public func encodedJSON() throws -> Data {
        try LSPAny.encoder.encode(jsonValue)
    }

    /// The request or response id, if any.
    public var id: RequestID? {
        switch self {
        case .request(let request): return request.id
        case .notification: return nil
        case .response(let response): return response.id
        }
    }
}
