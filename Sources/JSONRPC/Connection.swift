import Foundation

/// A JSON-RPC connection over two file descriptors with LSP base-protocol framing (LSP 3.17 "Base Protocol").
///
/// ``start(onArrival:onMessage:onError:onClose:)`` reads the input on a background thread, frames and decodes
/// messages and calls `onMessage` for each, one at a time and in arrival order, on ``handlerQueue``.
/// A message that is not valid JSON-RPC is answered here (-32700 or -32600, JSON-RPC 2.0 §5) and
/// reported to `onError`; it never reaches `onMessage`. At end of input (or a read error) `onClose`
/// runs on ``handlerQueue`` after every message before it.
///
/// ``send(_:)`` may be called from any thread; each message is written whole under a lock.
/// The process should ignore `SIGPIPE` so that a vanished client shows up as ``ConnectionError/writeFailed(errno:)``.
public final class Connection: Sendable {
    /// The serial queue on which the callbacks run.
    public let handlerQueue: DispatchQueue
    /// The recorder mirroring traffic, when a recording directory was given.
    public let recorder: MessageRecorder?
    private let input: FileHandle
    private let output: FileHandle
    private let maximumContentLength: Int
    private let writeLock = NSLock()
    private let started = Locked(false)
    private let errorHandler = Locked<(@Sendable (ConnectionError) -> Void)?>(nil)

    /// Creates a connection; nothing is read until ``start(onArrival:onMessage:onError:onClose:)``.
    ///
    /// - Parameters:
    ///   - input: read until end of file, e.g. `FileHandle.standardInput`.
    ///   - output: where framed messages are written.
    ///   - recordingDirectory: when given, every message in and out is mirrored by a ``MessageRecorder``
    ///     to a new file in this directory (created if needed). Throws if that file cannot be created.
    ///   - maximumContentLength: the largest message accepted, in bytes (see ``MessageFramer``).
    ///   - handlerQueue: the serial queue for callbacks; a new one by default.
    public init(input: FileHandle, output: FileHandle, recordingDirectory: URL? = nil,
                maximumContentLength: Int = MessageFramer.defaultMaximumContentLength,
                handlerQueue: DispatchQueue = DispatchQueue(label: "JSONRPC.Connection.handler")) throws {
        self.input = input
        self.output = output
        self.maximumContentLength = maximumContentLength
        self.handlerQueue = handlerQueue
        recorder = try recordingDirectory.map { try MessageRecorder(directory: $0) }
        Self.enlargePipeBuffer(output.fileDescriptor)
    }

    /// Starts the reader thread. Calls after the first are ignored.
    ///
    /// - Parameters:
    ///   - onArrival: called on the reader thread for each decoded message as soon as it arrives, before it
    ///     is queued for `onMessage`; it must be quick and thread-safe. Use it to note `$/cancelRequest`
    ///     (LSP 3.17 "Cancellation Support") while a long request is still running on ``handlerQueue``.
    ///   - onMessage: each decoded request, notification or response, serially on ``handlerQueue``.
    ///   - onError: framing, decoding, encoding and I/O problems (for logging), on ``handlerQueue``
    ///     for input problems and on the sending thread for output problems.
    ///   - onClose: once, after the last message, when the input ends.
    public func start(onArrival: (@Sendable (Message) -> Void)? = nil,
                      onMessage: @escaping @Sendable (Message) -> Void,
                      onError: @escaping @Sendable (ConnectionError) -> Void = { _ in },
                      onClose: @escaping @Sendable () -> Void) {
        let first = started.withLock { value in
            defer { value = true }
            return !value
        }
        guard first else { return }
        errorHandler.withLock { $0 = onError }
        let thread = Thread { [self] in
            readLoop(onArrival: onArrival, onMessage: onMessage, onError: onError, onClose: onClose)
        }
        thread.name = "JSONRPC.Connection.reader"
        // Decoding nests one call per JSON level; leave room for deeply nested (but valid) messages.
        thread.stackSize = 16 << 20
        thread.start()
    }

    private func readLoop(onArrival: (@Sendable (Message) -> Void)?, onMessage: @escaping @Sendable (Message) -> Void,
                          onError: @escaping @Sendable (ConnectionError) -> Void,
                          onClose: @escaping @Sendable () -> Void) {
        var framer = MessageFramer(maximumContentLength: maximumContentLength)
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        let descriptor = input.fileDescriptor
        reading: while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                for event in framer.push(chunk[0..<count]) { handle(event, onArrival: onArrival, onMessage: onMessage, onError: onError) }
            } else if count < 0 && errno == EINTR {
                continue reading
            } else {
                if count < 0 {
                    let code = errno
                    handlerQueue.async { onError(.readFailed(errno: code)) }
                }
                break reading
            }
        }
        for event in framer.finish() { handle(event, onArrival: onArrival, onMessage: onMessage, onError: onError) }
        handlerQueue.async { onClose() }
    }

    private func handle(_ event: FramerEvent, onArrival: (@Sendable (Message) -> Void)?,
                        onMessage: @escaping @Sendable (Message) -> Void,
                        onError: @escaping @Sendable (ConnectionError) -> Void) {
        switch event {
        case .error(let error):
            handlerQueue.async { onError(.framing(error)) }
        case .message(let data):
            recorder?.record(.incoming, body: data)
            do {
                let message = try Message.decode(data)
                onArrival?(message)
                handlerQueue.async { onMessage(message) }
            } catch {
                reject(error, onError: onError)
            }
        }
    }

    private func reject(_ invalid: InvalidMessage, onError: @escaping @Sendable (ConnectionError) -> Void) {
        send(.response(invalid.response))
        handlerQueue.async { onError(.invalidMessage(invalid)) }
    }

    /// Writes one framed message. Thread-safe; problems go to the `onError` callback given to `start`.
    public func send(_ message: Message) {
        let body: Data
        do {
            body = try message.encodedJSON()
        } catch {
            report(.encodingFailed(String(describing: error)))
            return
        }
        send(encoded: body)
    }

    /// Writes one framed message whose body is already JSON text (e.g. from ``MessageBody``). Thread-safe.
    public func send(encoded body: Data) {
        recorder?.record(.outgoing, body: body)
        // Header and body in one `writev`: the body (up to a megabyte for an outline) is not copied
        // behind its header.
        let header = MessageFramer.header(contentLength: body.count)
        let failure: Int32? = writeLock.withLock { writeAll([header, body]) }
        if let failure { report(.writeFailed(errno: failure)) }
    }

    /// Sends a success response (`result` `.null` is written as `"result": null`).
    public func sendResponse(id: RequestID, result: LSPAny) {
        send(.response(ResponseMessage(id: id, result: result)))
    }

    /// Sends an error response.
    public func sendError(id: RequestID?, error: ResponseError) {
        send(.response(ResponseMessage(id: id, error: error)))
    }

    /// Sends a notification.
    public func sendNotification(method: String, params: LSPAny?) {
        send(.notification(NotificationMessage(method: method, params: params)))
    }

    /// Sends a request; the caller chooses a unique id and matches the response in `onMessage`.
    public func sendRequest(id: RequestID, method: String, params: LSPAny?) {
        send(.request(RequestMessage(id: id, method: method, params: params)))
    }

    /// Writes all bytes of `parts` in order with `writev`, retrying short writes and `EINTR`; returns
    /// `errno` on failure.
    private func writeAll(_ parts: [Data]) -> Int32? {
        let descriptor = output.fileDescriptor
        var remaining = parts.filter { !$0.isEmpty }
        while !remaining.isEmpty {
            var vectors: [iovec] = []
            var written = 0
            // The `Data` buffers stay valid while `remaining` holds them (no mutation until the write returns).
            written = Self.withVectors(remaining[...], into: &vectors) { writev(descriptor, $0, Int32($1)) }
            if written > 0 {
                var n = written
                while n > 0, let first = remaining.first {
                    if n >= first.count {
                        n -= first.count
                        remaining.removeFirst()
                    } else {
                        remaining[0] = first.subdata(in: (first.startIndex + n)..<first.endIndex)
                        n = 0
                    }
                }
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return written < 0 ? errno : EIO
            }
        }
        return nil
    }

    /// Calls `body` with an `iovec` for each of `parts`, their buffers pinned for the call.
    private static func withVectors(_ parts: ArraySlice<Data>, into vectors: inout [iovec],
                                    _ body: (UnsafePointer<iovec>, Int) -> Int) -> Int {
        guard let first = parts.first else {
            return vectors.withUnsafeBufferPointer { body($0.baseAddress!, $0.count) }
        }
        return first.withUnsafeBytes { buffer in
            vectors.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: buffer.baseAddress), iov_len: buffer.count))
            return withVectors(parts.dropFirst(), into: &vectors, body)
        }
    }

    /// Asks the kernel for a pipe buffer of a megabyte on `descriptor` when it is a pipe (Linux
    /// `F_SETPIPE_SZ`; best effort, nothing happens elsewhere or when refused). With the default 64 KiB,
    /// an outline of a megabyte went to the client in 16 turns of writer and reader, each a wake-up
    /// that a loaded machine delays.
    static func enlargePipeBuffer(_ descriptor: Int32) {
        #if os(Linux)
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return }
        let setPipeSize: Int32 = 1031 // F_SETPIPE_SZ (fcntl.h, F_LINUX_SPECIFIC_BASE + 7)
        _ = fcntl(descriptor, setPipeSize, Int32(1 << 20))
        #endif
    }

    /// Passes `error` to the `onError` callback given to `start` (used by the LSP helpers).
    package func report(_ error: ConnectionError) {
        errorHandler.withLock { $0 }?(error)
    }
}
