/// Why the edge could not deliver a schema or catalog: not found, unreachable, too large, downloads
/// disabled, ... One sentence for people, shown in the diagnostic and in `schemaInfo`.
public struct SchemaLoadFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// One sentence, e.g. `HTTP 404` or `no such file`.
    public let message: String

    /// Creates a failure.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}

/// What the edge delivers for a requested schema or catalog URI: its bytes, or why it has none.
public typealias SchemaLoadResult = Result<[UInt8], SchemaLoadFailure>
