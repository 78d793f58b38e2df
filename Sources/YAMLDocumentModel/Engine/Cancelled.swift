/// Thrown by model work that the caller's cancellation check stopped (e.g. an LSP request the client
/// cancelled with `$/cancelRequest`, LSP 3.17 "Cancellation Support"); the renderer answers it as it
/// answers cancellations (LSP: error -32800, RequestCancelled). The model only sees a `() -> Bool` check.
public struct Cancelled: Error, Hashable, Sendable {
    /// Creates the error.
    public init() {}
}
