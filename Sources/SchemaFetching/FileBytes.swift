import Foundation

/// The bytes of a file, read with `open` and `read` straight into the `[UInt8]` the model takes.
///
/// Measured: `FileHandle.readToEnd()` fills a `Data`, and `[UInt8](data)` then copies it, page faults
/// included, about 2 % of `pureyaml check` on a 10 MB stream (docs/notes/checkdocs.md). A regular file is
/// read into an array of its size plus one byte, in which the final `read` sees the end (or that the file
/// grew); a pipe, a FIFO or a device (no size) into one that doubles as it fills.
public enum FileBytes {
    /// The bytes of the file at `path` (symbolic links followed): a regular file, a pipe (`<(...)`,
    /// `/dev/stdin`) or a device. Throws the `open` or `read` failure as an `NSError` of `NSPOSIXErrorDomain`
    /// whose code is the `errno` (as `FileHandle` reports it underneath, so its message is `strerror`'s).
    public static func read(_ path: String) throws -> [UInt8] {
        switch readAll(path, limit: nil) {
        case .success(let bytes): return bytes
        case .failure(let failure): throw NSError(domain: NSPOSIXErrorDomain, code: Int(failure.code))
        }
    }

    /// The bytes of the file at `path` when it holds at most `maxBytes` bytes (read at most one byte past
    /// that: the size a file says can lie, a device has none); nil when it cannot be opened or read, or
    /// holds more.
    public static func read(_ path: String, maxBytes: Int) -> [UInt8]? {
        guard case .success(let bytes) = readAll(path, limit: maxBytes), bytes.count <= maxBytes else { return nil }
        return bytes
    }

    /// The `errno` of a failed `open` or `read`.
    private struct Failure: Error {
        let code: Int32
    }

    /// The bytes of the file at `path`, or the `errno` of the failed `open` or `read`; with a `limit`, the
    /// reading stops once more than `limit` bytes are in.
    private static func readAll(_ path: String, limit: Int?) -> Result<[UInt8], Failure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(Failure(code: errno)) }
        defer { close(fd) }
        var info = stat()
        let size = fstat(fd, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : 0
        // At most this many bytes are read: one past the limit shows that the file holds more.
        let most = limit.map { $0 &+ 1 } ?? Int.max
        var capacity = Swift.min(size > 0 ? size + 1 : 64 * 1024, most)
        var bytes: [UInt8] = []
        while true {
            var failure: Int32 = 0, ended = false
            let before = bytes
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                var filled = before.count
                if filled > 0 {
                    before.withUnsafeBufferPointer { buffer.baseAddress!.initialize(from: $0.baseAddress!, count: filled) }
                }
                while filled < capacity {
                    let n = readSome(fd, buffer.baseAddress! + filled, capacity - filled)
                    if n > 0 { filled += n; continue }
                    if n == 0 { ended = true; break }
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                count = filled
            }
            if failure != 0 { return .failure(Failure(code: failure)) }
            if ended || bytes.count >= most { return .success(bytes) }
            // Full before its end: a file that grew, or one without a size.
            capacity = Swift.min(capacity > most / 2 ? most : capacity * 2, most)
        }
    }
}

/// `read(2)` (from the C library Foundation brings; named apart from ``FileBytes``'s own `read`).
private func readSome(_ fd: Int32, _ into: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int { read(fd, into, count) }
