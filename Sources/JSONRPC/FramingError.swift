/// A problem found while splitting the byte stream into LSP base-protocol messages
/// (LSP 3.17 "Base Protocol": header part, `\r\n\r\n`, content part). None of them stops the framer:
/// after each it resynchronises at the next `Content-Length:` header.
public enum FramingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A header block without a `Content-Length` header.
    case missingContentLength
    /// A `Content-Length` whose value is not a non-negative decimal integer (value as sent), or two
    /// `Content-Length` headers that disagree.
    case invalidContentLength(String)
    /// A header line without `name: value` form (the line, decoded lossily as UTF-8, at most 200 characters).
    case malformedHeaderLine(String)
    /// More than `limit` header bytes without the `\r\n\r\n` separator.
    case headerTooLong(limit: Int)
    /// A `Content-Type` whose charset is not `utf-8` (or the old `utf8`); the content was skipped.
    case unsupportedCharset(String)
    /// A `Content-Length` above the configured maximum; that many bytes were skipped, never buffered.
    case contentTooLarge(length: Int, limit: Int)
    /// Bytes dropped while resynchronising after an error (garbage between messages included).
    case skippedBytes(Int)
    /// The input ended inside a message; `pendingBytes` header or content bytes were discarded.
    case unexpectedEndOfInput(pendingBytes: Int)

    /// One line for logs.
    public var description: String {
        switch self {
        case .missingContentLength: return "header block without Content-Length"
        case .invalidContentLength(let value): return "invalid Content-Length: \(value)"
        case .malformedHeaderLine(let line): return "malformed header line: \(line)"
        case .headerTooLong(let limit): return "header longer than \(limit) bytes without \\r\\n\\r\\n"
        case .unsupportedCharset(let charset): return "unsupported charset \(charset); message skipped"
        case .contentTooLarge(let length, let limit):
            return "Content-Length \(length) exceeds the limit of \(limit) bytes; message skipped"
        case .skippedBytes(let count): return "skipped \(count) bytes to resynchronise"
        case .unexpectedEndOfInput(let pending): return "input ended inside a message (\(pending) bytes discarded)"
        }
    }
}
