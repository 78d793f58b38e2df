import Foundation

/// The built `pureyaml` executable, found next to the test bundle (SwiftPM builds both into the same
/// folder), or in `.build/debug` of the package.
public enum BuiltBinary {
    public static var pureyaml: URL? {
        var candidates: [URL] = []
        if let exe = ProcessInfo.processInfo.arguments.first {
            var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
            // macOS: .../PureYAMLPackageTests.xctest/Contents/MacOS/PureYAMLPackageTests
            if dir.path.contains(".xctest/") {
                while dir.pathExtension != "xctest" && dir.path != "/" { dir.deleteLastPathComponent() }
                dir.deleteLastPathComponent()
            }
            candidates.append(dir.appendingPathComponent("pureyaml"))
        }
        for config in ["debug", "release"] {
            candidates.append(SharedFixtures.packageRoot.appendingPathComponent(".build/\(config)/pureyaml"))
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}

/// The environment for processes that tests start: this process's, with `PUREYAML_NETWORK=loopback` so
/// that no schema download leaves the machine (local test servers on 127.0.0.1 still work).
public func testEnvironment() -> [String: String] {
    var env = ProcessInfo.processInfo.environment
    env["PUREYAML_NETWORK"] = "loopback"
    return env
}

/// Runs a command to completion with the given stdin; returns exit status, stdout and stderr.
public func runProcess(_ executable: URL, _ arguments: [String], stdin: Data = Data(),
                       environment: [String: String]? = nil, timeout: TimeInterval = 60) throws -> (status: Int32, stdout: Data, stderr: Data) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = environment ?? testEnvironment()
    let inPipe = Pipe(), outPipe = Pipe(), errPipe = Pipe()
    process.standardInput = inPipe
    process.standardOutput = outPipe
    process.standardError = errPipe
    try process.run()
    let outBox = DataBox(), errBox = DataBox()
    let group = DispatchGroup()
    for (pipe, box) in [(outPipe, outBox), (errPipe, errBox)] {
        group.enter()
        DispatchQueue.global().async {
            box.set(pipe.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
    }
    inPipe.fileHandleForWriting.write(stdin)
    try? inPipe.fileHandleForWriting.close()
    if group.wait(timeout: .now() + timeout) == .timedOut {
        process.terminate()
        throw ServerProcess.Failure.timeout("\(executable.lastPathComponent) \(arguments) did not finish in \(timeout) s")
    }
    process.waitUntilExit()
    return (process.terminationStatus, outBox.get(), errBox.get())
}

final class DataBox: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ d: Data) { lock.lock(); data = d; lock.unlock() }
    func get() -> Data { lock.lock(); defer { lock.unlock() }; return data }
}

/// A language server child process driven over pipes the way an editor drives it: framed JSON-RPC
/// messages in, framed messages out, with timeouts so a test never hangs.
public final class ServerProcess: @unchecked Sendable {
    public enum Failure: Error, CustomStringConvertible {
        case timeout(String)
        case badFrame(String)
        public var description: String {
            switch self {
            case .timeout(let s): return "timeout: \(s)"
            case .badFrame(let s): return "bad frame: \(s)"
            }
        }
    }

    public let process = Process()
    private let input: Pipe
    private let output: Pipe
    private let errors = Pipe()
    /// The exit status of a server running in this process (see ``init(connectedTo:output:exitStatus:)``);
    /// nil for a child process.
    private let inProcessExitStatus: (@Sendable () -> Int32?)?
    private let lock = NSCondition()
    private var buffer = Data()
    private var stderrBuffer = Data()
    private var closed = false
    private var nextID = 1

    /// Starts `executable arguments` (e.g. the built `pureyaml lsp`).
    public init(executable: URL, arguments: [String] = ["lsp"], environment: [String: String] = [:]) throws {
        input = Pipe()
        output = Pipe()
        inProcessExitStatus = nil
        process.executableURL = executable
        process.arguments = arguments
        process.environment = testEnvironment().merging(environment) { $1 }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        readOutput()
        errors.fileHandleForReading.readabilityHandler = { [weak self] h in
            let d = h.availableData
            guard let self, !d.isEmpty else { return }
            self.lock.lock(); self.stderrBuffer.append(d); self.lock.unlock()
        }
        try process.run()
    }

    /// A server already running in this process (e.g. `LanguageServerMain.serve` on a thread), reading
    /// `input` and writing `output`, driven with the same framed messages as a child process.
    /// `exitStatus` says its exit code once it has stopped (nil before). Its log goes to this process's
    /// stderr, so ``stderrText`` stays empty.
    public init(connectedTo input: Pipe, output: Pipe, exitStatus: @escaping @Sendable () -> Int32?) {
        self.input = input
        self.output = output
        inProcessExitStatus = exitStatus
        readOutput()
    }

    /// Collects what the server writes, and notes when its output closes.
    private func readOutput() {
        output.fileHandleForReading.readabilityHandler = { [weak self] h in
            let d = h.availableData
            guard let self else { return }
            self.lock.lock()
            if d.isEmpty { self.closed = true } else { self.buffer.append(d) }
            self.lock.broadcast()
            self.lock.unlock()
        }
    }

    deinit {
        if process.isRunning { process.terminate() }
        output.fileHandleForReading.readabilityHandler = nil
        errors.fileHandleForReading.readabilityHandler = nil
    }

    /// What the server wrote to stderr so far.
    public var stderrText: String { lock.lock(); defer { lock.unlock() }; return String(decoding: stderrBuffer, as: UTF8.self) }

    /// Waits until the server's stderr contains `text` (its reader thread may see a log line after a
    /// response written later), at most `timeout` seconds; true when it does.
    @discardableResult
    public func waitForStderr(containing text: String, timeout: TimeInterval = 20) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !stderrText.contains(text) {
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return true
    }

    /// Writes raw bytes to the server's stdin.
    public func writeRaw(_ data: Data) { input.fileHandleForWriting.write(data) }

    /// Writes one framed message.
    public func send(_ json: [String: Any]) throws {
        let body = try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
        writeRaw(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    /// Sends a request with a fresh integer id and returns the id.
    @discardableResult
    public func request(_ method: String, _ params: Any? = nil) throws -> Int {
        let id = nextID
        nextID += 1
        var m: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
        if let params { m["params"] = params }
        try send(m)
        return id
    }

    /// Sends a notification.
    public func notify(_ method: String, _ params: Any? = nil) throws {
        var m: [String: Any] = ["jsonrpc": "2.0", "method": method]
        if let params { m["params"] = params }
        try send(m)
    }

    /// Closes the server's stdin.
    public func closeInput() { try? input.fileHandleForWriting.close() }
    /// Stops reading the server's output and closes this end of it, as a client that went away does: the
    /// server's next write fails (`EPIPE`).
    public func closeOutput() {
        output.fileHandleForReading.readabilityHandler = nil
        try? output.fileHandleForReading.close()
    }

    /// The next message from the server, or nil when its stdout closed.
    public func receive(timeout: TimeInterval = 20) throws -> [String: Any]? {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock()
        defer { lock.unlock() }
        while true {
            if let (message, consumed) = try Self.parseFrame(buffer) {
                buffer.removeSubrange(buffer.startIndex..<buffer.startIndex + consumed)
                return message
            }
            if closed { return nil }
            if !lock.wait(until: deadline) { throw Failure.timeout("no message from the server within \(timeout) s") }
        }
    }

    /// Receives messages until one satisfies `predicate`; returns it and the ones skipped before it.
    public func receive(until predicate: ([String: Any]) -> Bool, timeout: TimeInterval = 20) throws -> (match: [String: Any], skipped: [[String: Any]]) {
        var skipped: [[String: Any]] = []
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0, let m = try receive(timeout: left) else {
                throw Failure.timeout("expected message not received; got \(skipped.count) others: \(skipped.map { $0["method"] ?? $0["id"] ?? "?" })")
            }
            if predicate(m) { return (m, skipped) }
            skipped.append(m)
        }
    }

    /// The response to request `id`.
    public func response(to id: Int, timeout: TimeInterval = 20) throws -> [String: Any] {
        try receive(until: { ($0["id"] as? Int) == id && $0["method"] == nil }, timeout: timeout).match
    }

    /// Waits for the process to exit and returns its status (nil on timeout).
    public func waitForExit(timeout: TimeInterval = 20) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        if let status = inProcessExitStatus {
            while status() == nil && Date() < deadline { usleep(10_000) }
            return status()
        }
        while process.isRunning && Date() < deadline { usleep(10_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    static func parseFrame(_ data: Data) throws -> ([String: Any], Int)? {
        let bytes = [UInt8](data)
        guard let sep = find([13, 10, 13, 10], in: bytes) else { return nil }
        let header = String(decoding: bytes[0..<sep], as: UTF8.self)
        var length: Int?
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "content-length" {
                length = Int(parts[1].trimmingCharacters(in: .whitespaces))
            }
        }
        guard let length else { throw Failure.badFrame(header) }
        let start = sep + 4
        guard bytes.count >= start + length else { return nil }
        let body = Data(bytes[start..<start + length])
        guard let obj = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw Failure.badFrame(String(decoding: body, as: UTF8.self))
        }
        return (obj, start + length)
    }

    static func find(_ needle: [UInt8], in hay: [UInt8]) -> Int? {
        guard hay.count >= needle.count else { return nil }
        for i in 0...(hay.count - needle.count) where hay[i] == needle[0] && Array(hay[i..<i + needle.count]) == needle {
            return i
        }
        return nil
    }
}

/// Partial JSON matching for protocol fixtures: every member of `expected` must be present in `actual`
/// with a matching value; arrays must have the same length and match element by element; other
/// values must be equal. Returns a description of the first difference, or nil.
public func jsonMismatch(expected: Any, actual: Any?, path: String = "$") -> String? {
    guard let actual else { return "\(path): missing" }
    switch expected {
    case let e as [String: Any]:
        guard let a = actual as? [String: Any] else { return "\(path): expected an object, got \(actual)" }
        for (k, v) in e.sorted(by: { $0.key < $1.key }) {
            if let m = jsonMismatch(expected: v, actual: a[k], path: "\(path).\(k)") { return m }
        }
        return nil
    case let e as [Any]:
        guard let a = actual as? [Any] else { return "\(path): expected an array, got \(actual)" }
        guard a.count == e.count else { return "\(path): expected \(e.count) elements, got \(a.count)" }
        for (i, v) in e.enumerated() {
            if let m = jsonMismatch(expected: v, actual: a[i], path: "\(path)[\(i)]") { return m }
        }
        return nil
    case is NSNull:
        return actual is NSNull ? nil : "\(path): expected null, got \(actual)"
    default:
        if let e = expected as? NSNumber, let a = actual as? NSNumber, !(actual is String) {
            return e == a ? nil : "\(path): expected \(expected), got \(actual)"
        }
        if let e = expected as? String, let a = actual as? String {
            return e == a ? nil : "\(path): expected \"\(e)\", got \"\(a)\""
        }
        return "\(path): expected \(expected), got \(actual)"
    }
}
