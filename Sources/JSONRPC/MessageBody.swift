import Foundation

/// The JSON text of outgoing messages built straight from typed values, in one pass of Foundation's
/// `JSONEncoder`: the same bytes as ``Message/encodedJSON()`` gives for the equivalent ``Message``
/// (members sorted by key, `"jsonrpc":"2.0"`), without building an ``LSPAny`` first. Results and params that
/// are ``JSONWritable`` (the hot paths: outline, folding, diagnostics, semantic tokens) are written by
/// ``JSONWriter`` instead, without `JSONEncoder`: the same JSON values, with empty optional arrays left out.
public enum MessageBody {
    /// A success response: `{"id":…,"jsonrpc":"2.0","result":…}`; a nil optional result is written as
    /// `"result":null` (JSON-RPC 2.0 §5: `result` is required on success).
    /// - Throws: `EncodingError` only for NaN or infinite numbers in `result`.
    public static func response<Result: Encodable>(id: RequestID, result: Result) throws -> Data {
        if let writable = result as? any JSONWritable {
            var writer = JSONWriter(capacity: 4096)
            writer.beginObject()
            writer.key("id")
            id.write(to: &writer)
            writer.key("jsonrpc")
            writer.string("2.0")
            writer.key("result")
            try writable.write(to: &writer)
            writer.endObject()
            return writer.data()
        }
        return try LSPAny.encoder.encode(Envelope(id: id, method: nil, params: nil as Result?, result: result, kind: .response))
    }

    /// A notification: `{"jsonrpc":"2.0","method":…,"params":…}`; nil params are omitted.
    /// - Throws: `EncodingError` only for NaN or infinite numbers in `params`.
    public static func notification<Params: Encodable>(method: String, params: Params?) throws -> Data {
        if let params, let writable = params as? any JSONWritable {
            var writer = JSONWriter(capacity: 4096)
            writer.beginObject()
            writer.key("jsonrpc")
            writer.string("2.0")
            writer.key("method")
            writer.string(method)
            writer.key("params")
            try writable.write(to: &writer)
            writer.endObject()
            return writer.data()
        }
        return try LSPAny.encoder.encode(Envelope(id: nil, method: method, params: params, result: nil as Params?, kind: .notification))
    }

    /// A request: `{"id":…,"jsonrpc":"2.0","method":…,"params":…}`; nil params are omitted.
    /// - Throws: `EncodingError` only for NaN or infinite numbers in `params`.
    public static func request<Params: Encodable>(id: RequestID, method: String, params: Params?) throws -> Data {
        try LSPAny.encoder.encode(Envelope(id: id, method: method, params: params, result: nil as Params?, kind: .request))
    }

    /// One message, its members written in key order.
    private struct Envelope<Params: Encodable, Result: Encodable>: Encodable {
        enum Kind { case request, notification, response }
        enum Key: String, CodingKey { case id, jsonrpc, method, params, result }

        var id: RequestID?
        var method: String?
        var params: Params?
        var result: Result?
        var kind: Kind

        func encode(to encoder: any Encoder) throws {
            var members = encoder.container(keyedBy: Key.self)
            try members.encodeIfPresent(id, forKey: .id)
            try members.encode("2.0", forKey: .jsonrpc)
            try members.encodeIfPresent(method, forKey: .method)
            try members.encodeIfPresent(params, forKey: .params)
            if kind == .response { try members.encode(result, forKey: .result) }
        }
    }
}
