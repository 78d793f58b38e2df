import Foundation

/// The members of a message that say what it is (`jsonrpc`, `id`, `method`, `result`, `error`), read by
/// `JSONDecoder` without building the `params` value: only its JSON type is looked at, and the typed
/// params are decoded later straight from the message bytes (``RequestMessage/decodeParams(_:)``).
///
/// Decoding it never throws for well-formed JSON (a non-object message is recorded in ``topLevel``), so a
/// throw means the bytes are not JSON (`JSONDecoder` checks the whole text, including `params`, and
/// refuses nesting deeper than it supports), or a member read as a value holds a number beyond `Double`
/// (as ``LSPAny`` refuses). Such a number inside `params` only fails when the params are decoded (-32602).
struct MessageEnvelope: Decodable {
    /// The JSON type of a value that is not decoded.
    enum Shape: Decodable, Equatable {
        case null, object, array, other

        init(from decoder: any Decoder) throws {
            if (try? decoder.singleValueContainer().decodeNil()) == true {
                self = .null
            } else if (try? decoder.container(keyedBy: MemberKey.self)) != nil {
                self = .object
            } else if (try? decoder.unkeyedContainer()) != nil {
                self = .array
            } else {
                self = .other
            }
        }
    }

    /// Any member name.
    struct MemberKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The JSON type of the whole message (a message must be an object).
    var topLevel: Shape = .object
    var jsonrpc: LSPAny?
    var id: LSPAny?
    var method: LSPAny?
    /// The JSON type of `params`, nil when absent.
    var params: Shape?
    var result: LSPAny?
    var error: LSPAny?

    init(from decoder: any Decoder) throws {
        guard let members = try? decoder.container(keyedBy: MemberKey.self) else {
            topLevel = try Shape(from: decoder)
            return
        }
        func member(_ name: String) throws -> LSPAny? {
            let key = MemberKey(stringValue: name)
            return members.contains(key) ? try members.decode(LSPAny.self, forKey: key) : nil
        }
        jsonrpc = try member("jsonrpc")
        id = try member("id")
        method = try member("method")
        result = try member("result")
        error = try member("error")
        let paramsKey = MemberKey(stringValue: "params")
        if members.contains(paramsKey) { params = try members.decode(Shape.self, forKey: paramsKey) }
    }
}

/// Decodes the `params` member of a message as `P`, reading nothing else; an absent `params` is read as
/// JSON `null` (as the LSP layer always did).
struct ParamsEnvelope<P: Decodable>: Decodable {
    var params: P

    init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: MessageEnvelope.MemberKey.self)
        let key = MessageEnvelope.MemberKey(stringValue: "params")
        if members.contains(key) {
            params = try members.decode(P.self, forKey: key)
        } else {
            params = try JSONDecoder().decode(P.self, from: Data("null".utf8))
        }
    }
}
