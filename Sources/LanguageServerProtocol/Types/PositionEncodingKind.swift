/// How ``Position/character`` is counted (LSP 3.17 "PositionEncodingKind"). Clients list what they
/// support in `capabilities.general.positionEncodings`; the server picks one in
/// `ServerCapabilities.positionEncoding`. When absent, `utf-16` applies.
public struct PositionEncodingKind: RawRepresentable, Codable, Sendable, Hashable {
    /// The wire string.
    public var rawValue: String

    /// Wraps any string (unknown kinds are kept, not rejected).
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Characters are UTF-8 code units (bytes).
    public static let utf8 = PositionEncodingKind(rawValue: "utf-8")
    /// Characters are UTF-16 code units; the mandatory default.
    public static let utf16 = PositionEncodingKind(rawValue: "utf-16")
    /// Characters are Unicode code points.
    public static let utf32 = PositionEncodingKind(rawValue: "utf-32")

    /// Decodes the string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
