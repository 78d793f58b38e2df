import Foundation

/// Splits a byte stream into LSP base-protocol messages (LSP 3.17 "Base Protocol"):
/// `Content-Length: N\r\n` (other headers allowed, names case-insensitive) `\r\n` then N bytes of content.
///
/// Leniency: a header line may also end in a bare `\n` (LSP 3.17 requires `\r\n`, but some clients and
/// hand-written test scripts send `\n`), so the header part ends at the first empty line whatever its line
/// ends (`\r\n\r\n`, `\n\n`, `\r\n\n` or `\n\r\n`). Read strictly, such a header would run on into the
/// next message's header and lose that message too.
///
/// A small state machine fed arbitrary chunks (one byte at a time works the same as everything at once).
/// Errors never stop it: a bad header block is reported, then bytes are dropped until the next
/// `Content-Length:` (case-insensitive), where parsing restarts. A `Content-Length` above
/// ``maximumContentLength`` is reported and its content skipped without being buffered.
/// Blank lines (`\r`, `\n`) before a header block are tolerated silently.
public struct MessageFramer: Sendable {
    /// 256 MiB: the default largest content accepted.
    public static let defaultMaximumContentLength = 256 << 20
    /// 64 KiB: the default largest header part accepted.
    public static let defaultMaximumHeaderLength = 64 << 10

    /// The largest content, in bytes, that is buffered; larger messages are skipped.
    public let maximumContentLength: Int
    /// The largest header part, in bytes: the header lines before the empty line, without the line end of
    /// the last one.
    public let maximumHeaderLength: Int

    private enum State: Sendable {
        /// Looking for the empty line that ends a header block starting at `cursor`.
        case header
        /// Collecting `length` content bytes into `content`.
        case content(length: Int)
        /// Dropping `remaining` content bytes of a rejected message.
        case skipping(remaining: Int)
        /// Dropping bytes until `content-length:` appears.
        case seeking
    }

    private var state: State = .header
    /// Input not yet consumed starts at `cursor`; compacted at the end of every ``push(_:)``.
    private var pending: [UInt8] = []
    private var cursor = 0
    /// In `.header`: no `\n` before this index of `pending` ends the header part.
    private var scanFrom = 0
    /// In `.content`: the bytes collected so far (handed out as the message without another copy).
    private var content = Data()
    /// The most reserved up front for one message's content; a longer one grows as its bytes arrive, so
    /// a header alone cannot make the framer claim much memory.
    private static let maximumReservation = 64 << 20
    /// Bytes dropped since entering `.seeking`, reported once resynchronised.
    private var skipped = 0

    /// The longest separator between the header lines and the content, `\r\n\r\n`.
    private static let longestSeparator = 4
    private static let contentLengthName: [UInt8] = Array("content-length:".utf8)

    /// Creates a framer. Limits are in bytes.
    public init(maximumContentLength: Int = defaultMaximumContentLength,
                maximumHeaderLength: Int = defaultMaximumHeaderLength) {
        self.maximumContentLength = max(0, maximumContentLength)
        self.maximumHeaderLength = max(Self.contentLengthName.count + 8, maximumHeaderLength)
    }

    /// Frames `body` for sending: `Content-Length: <byte count>\r\n\r\n` followed by the bytes.
    public static func frame(_ body: Data) -> Data {
        var framed = header(contentLength: body.count)
        framed.append(body)
        return framed
    }

    /// The header that goes before a body of `contentLength` bytes: `Content-Length: <n>\r\n\r\n`.
    public static func header(contentLength: Int) -> Data {
        Data("Content-Length: \(contentLength)\r\n\r\n".utf8)
    }

    /// Feeds the next chunk of the stream and returns the messages and errors it completed, in order.
    /// Every pass of the loop consumes input or breaks, so it always terminates.
    public mutating func push(_ chunk: some Sequence<UInt8>) -> [FramerEvent] {
        pending.append(contentsOf: chunk)
        var events: [FramerEvent] = []
        var lastCursor = cursor
        var stalledPasses = 0
        processing: while cursor < pending.count {
            // Progress proof: a pass that consumes nothing only changes state (seeking -> header), and the
            // next pass consumes or breaks. Two passes in a row without progress would be a bug.
            if cursor == lastCursor { stalledPasses += 1 } else { stalledPasses = 0 }
            lastCursor = cursor
            guard stalledPasses <= 2 else {
                assertionFailure("MessageFramer made no progress")
                break processing
            }
            switch state {
            case .header:
                while cursor < pending.count && (pending[cursor] == UInt8(ascii: "\r") || pending[cursor] == UInt8(ascii: "\n")) {
                    cursor += 1
                }
                scanFrom = max(scanFrom, cursor)
                // The same verdict whatever the chunking: a header part longer than the limit is an error
                // whether its separator has arrived or not. Without a separator, wait until even a separator
                // starting in the last 3 bytes would end the header part past the limit.
                let separator = Self.headerSeparator(in: pending, from: scanFrom)
                if let separator, separator.lowerBound - cursor <= maximumHeaderLength {
                    endHeader(blockStart: cursor, separator: separator, &events)
                } else if separator != nil || pending.count - cursor >= maximumHeaderLength + Self.longestSeparator {
                    events.append(.error(.headerTooLong(limit: maximumHeaderLength)))
                    startSeeking(at: cursor + 1)
                } else {
                    // Every `\n` so far was checked, and the check looks only backwards.
                    scanFrom = pending.count
                    break processing
                }
            case .content(let length):
                let count = min(length - content.count, pending.count - cursor)
                pending.withUnsafeBufferPointer { content.append(UnsafeBufferPointer(rebasing: $0[cursor..<cursor + count])) }
                cursor += count
                guard content.count == length else { break processing }
                events.append(.message(content))
                content = Data()
                state = .header
            case .skipping(let remaining):
                let count = min(remaining, pending.count - cursor)
                cursor += count
                guard count == remaining else {
                    state = .skipping(remaining: remaining - count)
                    break processing
                }
                state = .header
            case .seeking:
                if let start = Self.firstContentLengthName(in: pending, from: cursor) {
                    skipped += start - cursor
                    cursor = start
                    events.append(.error(.skippedBytes(skipped)))
                    skipped = 0
                    scanFrom = start
                    state = .header
                } else {
                    // Keep a tail that could be the start of a name split across chunks.
                    let keep = max(cursor, pending.count - (Self.contentLengthName.count - 1))
                    skipped += keep - cursor
                    cursor = keep
                    break processing
                }
            }
        }
        pending.removeFirst(cursor)
        scanFrom = max(0, scanFrom - cursor)
        cursor = 0
        return events
    }

    /// Call at end of input: reports a message cut short or bytes skipped, and resets the framer.
    public mutating func finish() -> [FramerEvent] {
        var events: [FramerEvent] = []
        let unconsumed = pending.count - cursor
        switch state {
        case .header:
            if unconsumed > 0 { events.append(.error(.unexpectedEndOfInput(pendingBytes: unconsumed))) }
        case .content:
            events.append(.error(.unexpectedEndOfInput(pendingBytes: content.count)))
        case .skipping:
            events.append(.error(.unexpectedEndOfInput(pendingBytes: 0)))
        case .seeking:
            if skipped + unconsumed > 0 { events.append(.error(.skippedBytes(skipped + unconsumed))) }
        }
        self = MessageFramer(maximumContentLength: maximumContentLength, maximumHeaderLength: maximumHeaderLength)
        return events
    }

    /// A header block spans `pending[blockStart..<separator.lowerBound]` and is followed by the
    /// `separator` (its last line end and the empty line): parse it and move to content, skipping or seeking.
    private mutating func endHeader(blockStart: Int, separator: Range<Int>, _ events: inout [FramerEvent]) {
        let blockEnd = separator.lowerBound
        let block = pending[blockStart..<blockEnd]
        switch Self.parseHeader(block) {
        case .success(let header):
            cursor = separator.upperBound
            if header.length > maximumContentLength {
                // A length beyond the limit is not trusted to frame anything (it is usually garbage, e.g.
                // `Content-Length: 99999999999`): nothing is allocated, and instead of dropping that many
                // bytes, which could swallow every later message, the framer resynchronises at the next
                // `Content-Length:` header, so the server keeps serving.
                events.append(.error(.contentTooLarge(length: header.length, limit: maximumContentLength)))
                skipped = 0
                state = .seeking
            } else if let charset = header.unsupportedCharset {
                events.append(.error(.unsupportedCharset(charset)))
                state = .skipping(remaining: header.length)
            } else if header.length == 0 {
                events.append(.message(Data()))
                state = .header
            } else {
                content.reserveCapacity(min(header.length, Self.maximumReservation))
                state = .content(length: header.length)
            }
        case .failure(let error):
            events.append(.error(error))
            if case .invalidContentLength = error {
                // The block was well formed but its length is unusable: resume after it.
                startSeeking(at: blockEnd)
            } else {
                // Resume at a later Content-Length inside the block (junk before a good header), else past it.
                startSeeking(at: blockStart + 1)
            }
        }
    }

    /// Drops `pending[cursor..<resume]` and looks for the next header block from `resume`.
    private mutating func startSeeking(at resume: Int) {
        skipped = resume - cursor
        cursor = resume
        state = .seeking
    }

    /// The first separator between header lines and content whose final `\n` is at or after `start`: the line
    /// end of the last header line (`\r\n` or `\n`) then an empty line (`\r\n` or `\n`). The caller guarantees
    /// that the header block does not start with `\r` or `\n`, so the look-back stays inside it.
    private static func headerSeparator(in bytes: [UInt8], from start: Int) -> Range<Int>? {
        let lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        var index = start
        while index < bytes.count {
            defer { index += 1 }
            guard bytes[index] == lf, index >= 1 else { continue }
            // The empty line is `\n` at `index`, or `\r\n` ending at `index`.
            let emptyLine = bytes[index - 1] == cr ? index - 1 : index
            guard emptyLine >= 1, bytes[emptyLine - 1] == lf else { continue }
            let lastLineEnd = emptyLine >= 2 && bytes[emptyLine - 2] == cr ? emptyLine - 2 : emptyLine - 1
            return lastLineEnd..<(index + 1)
        }
        return nil
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    private static func matchesName(_ bytes: [UInt8], at start: Int) -> Bool {
        let name = contentLengthName
        guard start + name.count <= bytes.count else { return false }
        for offset in 0..<name.count where lowercased(bytes[start + offset]) != name[offset] { return false }
        return true
    }

    private static func firstContentLengthName(in bytes: [UInt8], from start: Int) -> Int? {
        (start..<bytes.count).first { matchesName(bytes, at: $0) }
    }

    /// The headers the framer acts on.
    private struct Header {
        var length: Int
        var unsupportedCharset: String?
    }

    /// Parses `name: value` lines separated by `\r\n` (or a bare `\n`). Unknown headers are ignored.
    private static func parseHeader(_ block: ArraySlice<UInt8>) -> Result<Header, FramingError> {
        var length: Int?
        var charset: String?
        for line in lines(block) {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else {
                return .failure(.malformedHeaderLine(String(String(decoding: line, as: UTF8.self).prefix(200))))
            }
            let name = String(decoding: line[..<colon], as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased()
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            switch name {
            case "content-length":
                guard !value.isEmpty, value.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let number = Int(value),
                      length == nil || length == number else {
                    return .failure(.invalidContentLength(String(value.prefix(200))))
                }
                length = number
            case "content-type":
                charset = unsupportedCharset(in: value)
            default:
                continue
            }
        }
        guard let length else { return .failure(.missingContentLength) }
        return .success(Header(length: length, unsupportedCharset: charset))
    }

    /// The charset parameter of a Content-Type value when it is present and not UTF-8 (LSP 3.17 accepts
    /// `utf-8` and, for compatibility, `utf8`).
    private static func unsupportedCharset(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else {
                continue
            }
            let charset = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t\"")).lowercased()
            if charset != "utf-8" && charset != "utf8" { return charset }
        }
        return nil
    }

    /// Splits a header block at `\r\n` or a bare `\n` (a lone `\r` stays inside its line).
    private static func lines(_ block: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        block.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }
    }
}
