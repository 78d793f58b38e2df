/// The `null` result (e.g. of `shutdown`, LSP 3.17 "Shutdown Request"): always encodes as JSON `null`.
public struct NullResult: Codable, Sendable, Hashable {
    /// The only value.
    public init() {}

    /// Accepts any JSON (a client's result is not inspected).
    public init(from decoder: any Decoder) throws {}

    /// Writes `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encodeNil()
    }
}
