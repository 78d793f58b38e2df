/// Why the edge could not deliver a schema or catalog: not found, unreachable, too large, downloads
/// disabled, ... One sentence for people, shown in the diagnostic and in `schemaInfo`.
public struct SchemaLoadFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure it is, for the model's decisions (the ``message`` is for people).
    public enum Kind: Sendable, Hashable {
        /// The schema cannot be had here and now for want of the network or the cache: downloads are off
        /// (`yaml.schemaDownload.enable: false`, `check --offline`, `PUREYAML_NETWORK=loopback`), the
        /// server cannot be reached, gives no complete answer in time or answers 5xx, or the run's download
        /// budget is spent; and no cached copy exists. The model lists it as missing (``MissingSchema``).
        case unavailable
        /// Any other failure: the server's own answer that it is not there (HTTP 4xx), a redirect, a
        /// broken bound, a local or mirror file that cannot be read, a refusal.
        case failed
    }

    /// One sentence, e.g. `HTTP 404` or `no such file`.
    public let message: String
    /// What kind of failure it is.
    public let kind: Kind

    /// Creates a failure (``Kind/failed`` unless `kind` says otherwise).
    public init(_ message: String, kind: Kind = .failed) {
        self.message = message
        self.kind = kind
    }

    /// The message.
    public var description: String { message }

    /// A download asked for while downloads are off, with no copy in the download cache: the edge's
    /// answer, and the model's own for what it does not ask the edge for then (``DocumentModel/loadLocalSchemas()``).
    public static let downloadsDisabled = SchemaLoadFailure(
        "downloads are disabled (the setting yaml.schemaDownload.enable is false, or check --offline) and no cached copy exists",
        kind: .unavailable)
}

/// What the edge delivers for a requested schema or catalog URI: its bytes, or why it has none.
public typealias SchemaLoadResult = Result<[UInt8], SchemaLoadFailure>
