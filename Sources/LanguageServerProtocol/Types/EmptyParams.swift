/// Params of a message that has none (`shutdown`, `exit`, `initialized`'s `{}`): decodes from anything,
/// including an absent or `null` `params`; encodes as `{}`.
public struct EmptyParams: Codable, Sendable, Hashable {
    /// The only value.
    public init() {}

    /// Accepts any JSON.
    public init(from decoder: any Decoder) throws {}

    /// Writes `{}`.
    public func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: NoKeys.self)
    }

    private enum NoKeys: CodingKey {}
}
