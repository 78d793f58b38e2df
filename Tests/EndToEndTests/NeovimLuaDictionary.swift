import Foundation

/// A string-keyed map written by Lua's JSON encoder. Lua cannot tell an empty map from an empty list, so
/// `vim.json.encode({})` writes `[]`: this type accepts `[]` as the empty map and any JSON object otherwise.
struct NeovimLuaDictionary<Value: Decodable>: Decodable {
    var values: [String: Value]

    init(from decoder: Decoder) throws {
        if let keyed = try? decoder.singleValueContainer().decode([String: Value].self) {
            values = keyed
            return
        }
        let list = try decoder.unkeyedContainer()
        guard list.isAtEnd else {
            throw DecodingError.dataCorruptedError(in: list, debugDescription: "expected an object or []")
        }
        values = [:]
    }

    subscript(key: String) -> Value? { values[key] }
}
