import Foundation

/// What ``MessageFramer`` produced from the bytes pushed into it, in stream order.
public enum FramerEvent: Sendable, Hashable {
    /// The content part of one complete message (JSON bytes, not yet decoded).
    case message(Data)
    /// A framing problem; the framer has already resynchronised or is doing so.
    case error(FramingError)
}
