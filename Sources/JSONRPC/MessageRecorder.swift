import Foundation

/// Mirrors protocol traffic as JSON lines, one object per message:
/// `{"direction":"in"|"out","message":{...}}` (keys sorted, compact). Incoming bytes that are not JSON
/// are kept as `{"direction":"in","raw":"<text>"}`. This is how `protocol-fixtures/` are recorded.
public final class MessageRecorder: Sendable {
    /// The file being written.
    public let fileURL: URL
    private let handle: FileHandle
    private let lock = NSLock()

    /// Creates the directory if needed and a new file `session-<UTC date-time>-<pid>.jsonl` in it.
    /// Throws the file-system error when the file cannot be created.
    public convenience init(directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss"
        let name = "session-\(formatter.string(from: Date()))-\(ProcessInfo.processInfo.processIdentifier).jsonl"
        try self.init(fileURL: directory.appendingPathComponent(name))
    }

    /// Records into `fileURL`, replacing any file there. Throws when it cannot be created or opened.
    public init(fileURL: URL) throws {
        guard FileManager.default.createFile(atPath: fileURL.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: fileURL.path])
        }
        self.fileURL = fileURL
        handle = try FileHandle(forWritingTo: fileURL)
    }

    /// Which way a recorded message travelled.
    public enum Direction: String, Sendable {
        /// Client to server.
        case incoming = "in"
        /// Server to client.
        case outgoing = "out"
    }

    /// Appends one line for a message already parsed as JSON. Recording failures are ignored: the
    /// recording must never disturb the session.
    public func record(_ direction: Direction, json: LSPAny) {
        write(["direction": .string(direction.rawValue), "message": json])
    }

    /// Appends one line for a message body: as ``record(_:json:)`` when it is JSON, else (incoming bytes
    /// only) as ``recordRaw(_:)``.
    public func record(_ direction: Direction, body: Data) {
        if let json = try? LSPAny(jsonData: body) {
            record(direction, json: json)
        } else if direction == .incoming {
            recordRaw(body)
        }
    }

    /// Appends one line for incoming bytes that were not JSON (decoded lossily as UTF-8).
    public func recordRaw(_ data: Data) {
        write(["direction": .string(Direction.incoming.rawValue), "raw": .string(String(decoding: data, as: UTF8.self))])
    }

    private func write(_ members: [String: LSPAny]) {
        guard var line = try? LSPAny.object(members).encodedJSON() else { return }
        line.append(UInt8(ascii: "\n"))
        lock.lock()
        defer { lock.unlock() }
        try? handle.write(contentsOf: line)
    }

    deinit {
        try? handle.close()
    }
}
