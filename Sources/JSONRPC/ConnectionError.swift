/// A problem the ``Connection`` met and reported through its error callback; it keeps running after each.
public enum ConnectionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The byte stream was malformed; the framer resynchronised (see ``FramingError``).
    case framing(FramingError)
    /// A framed message was not valid JSON-RPC; the connection already sent `invalid.response`.
    case invalidMessage(InvalidMessage)
    /// An outgoing message could not be encoded (NaN or infinity in a value); nothing was sent.
    case encodingFailed(String)
    /// Writing to the output failed (e.g. the client closed its end); `errno` as reported by `write(2)`.
    case writeFailed(errno: Int32)
    /// Reading from the input failed; treated as end of input.
    case readFailed(errno: Int32)

    /// One line for logs.
    public var description: String {
        switch self {
        case .framing(let error): return "framing: \(error)"
        case .invalidMessage(let invalid): return "invalid message (\(invalid.error.code)): \(invalid.error.message)"
        case .encodingFailed(let reason): return "could not encode an outgoing message: \(reason)"
        case .writeFailed(let code): return "write failed, errno \(code)"
        case .readFailed(let code): return "read failed, errno \(code)"
        }
    }
}
