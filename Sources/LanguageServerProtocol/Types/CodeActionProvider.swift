/// The `codeActionProvider` server capability (LSP 3.17): `boolean | CodeActionOptions`. A boolean
/// literal makes ``enabled(_:)``.
public enum CodeActionProvider: Codable, Sendable, Hashable, ExpressibleByBooleanLiteral {
    /// `true` or `false`.
    case enabled(Bool)
    /// The options object (e.g. `{"resolveProvider": true}`).
    case options(CodeActionOptions)

    /// Creates ``enabled(_:)``.
    public init(booleanLiteral value: Bool) { self = .enabled(value) }

    /// Decodes a boolean or an options object.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            self = .enabled(flag)
        } else {
            self = .options(try container.decode(CodeActionOptions.self))
        }
    }

    /// Encodes the boolean or the options object.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .enabled(let flag): try container.encode(flag)
        case .options(let options): try container.encode(options)
        }
    }
}
