import Foundation

/// A minimal LSP client driving a `pureyaml lsp` child process over pipes, the way an editor does:
/// Content-Length-framed JSON-RPC 2.0 messages (LSP 3.17 "Base Protocol"). Every incoming message is
/// stamped with the `ContinuousClock` instant at which its last byte was read, so latencies do not
/// include the time the bench spends looking at them.
///
/// The reading thread only frames and stamps messages of 64 KiB and more; the thread that waits for them
/// decodes them (``waitFor(_:timeout:_:)``), and frees them, while no request is in flight. Decoded and
/// freed on the reading thread, an outline of 0.4–0.8 MB (tens of thousands of Foundation objects, about
/// 100 ms on a loaded machine) could still be in hand when the next request's answer came, which then
/// waited to be read: `documentSymbol` on `keys-2000` read 18–30 ms for 1–2 ms of server time.
final class LSPClient: @unchecked Sendable {
    /// One message from the server and when it arrived.
    struct Arrival {
        let json: [String: Any]
        let at: ContinuousClock.Instant
    }

    enum Failure: Error, CustomStringConvertible {
        case timeout(String)
        case exited
        var description: String {
            switch self {
            case .timeout(let what): return "timed out waiting for \(what)"
            case .exited: return "the server exited"
            }
        }
    }

    let process = Process()
    private let toServer = Pipe()
    private let fromServer = Pipe()
    private let condition = NSCondition()
    private let writeLock = NSLock()
    /// Messages not yet consumed: decoded (`json`) or still raw (`body`, 64 KiB and more).
    private var inbox: [(body: Data?, json: [String: Any]?, at: ContinuousClock.Instant)] = []
    private var closed = false
    private var nextID = 1
    let clock = ContinuousClock()

    /// Launches `executable lsp`; the server's stderr is discarded. The server runs with
    /// `PUREYAML_NETWORK=loopback` unless the caller's environment sets that variable: figures must not
    /// depend on whether the bench machine reaches the internet (the SchemaStore catalog download, which
    /// starts Foundation's networking stack and adds ~6 MiB, then fails offline or races the RSS reading).
    init(executable: URL) throws {
        process.executableURL = executable
        process.arguments = ["lsp"]
        process.environment = ProcessInfo.processInfo.environment.merging(["PUREYAML_NETWORK": "loopback"]) { mine, _ in mine }
        process.standardInput = toServer
        process.standardOutput = fromServer
        process.standardError = FileHandle.nullDevice
        try process.run()
        let thread = Thread { [self] in readLoop() }
        thread.stackSize = 16 << 20
        thread.start()
    }

    /// The server's process id.
    var pid: Int32 { process.processIdentifier }

    private func readLoop() {
        let fd = fromServer.fileHandleForReading.fileDescriptor
        var buffer: [UInt8] = []
        // A megabyte at a time: an outline of 0.8 MB arrives in one or two reads, not thirteen.
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var start = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            // The instant the bytes were read, before any copying or decoding here.
            let at = clock.now
            buffer.append(contentsOf: chunk[0..<n])
            // Frame as many messages as the buffer holds.
            while let headerEnd = Self.find([13, 10, 13, 10], in: buffer, from: start) {
                let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
                var length = 0
                for line in header.split(separator: "\r\n") where line.lowercased().hasPrefix("content-length:") {
                    length = Int(line.dropFirst(15).trimmingCharacters(in: .whitespaces)) ?? 0
                }
                let bodyStart = headerEnd + 4
                guard buffer.count >= bodyStart + length else { break }
                let body = Data(buffer[bodyStart..<(bodyStart + length)])
                start = bodyStart + length
                if length >= 1 << 16 {
                    // A result or a notification (the server's own requests are small): decoded by the waiter.
                    condition.lock()
                    inbox.append((body: body, json: nil, at: at))
                    condition.broadcast()
                    condition.unlock()
                } else if let json = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] {
                    condition.lock()
                    inbox.append((body: nil, json: json, at: at))
                    condition.broadcast()
                    condition.unlock()
                    if let id = json["id"], json["method"] is String {
                        // A request from the server: answer with null so it never waits on us.
                        try? send(["jsonrpc": "2.0", "id": id, "result": NSNull()])
                    }
                }
            }
            if start > 0 && start == buffer.count { buffer.removeAll(keepingCapacity: true); start = 0 }
        }
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    private static func find(_ needle: [UInt8], in hay: [UInt8], from: Int) -> Int? {
        guard hay.count >= needle.count else { return nil }
        var i = from
        while i + needle.count <= hay.count {
            if hay[i] == needle[0] && hay[i + 1] == needle[1] && hay[i + 2] == needle[2] && hay[i + 3] == needle[3] { return i }
            i += 1
        }
        return nil
    }

    /// Encodes `message` with its frame header, ready to write.
    func frame(_ message: [String: Any]) throws -> Data {
        let body = try JSONSerialization.data(withJSONObject: message)
        var data = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        data.append(body)
        return data
    }

    /// Writes an already framed message.
    func write(_ framed: Data) {
        writeLock.lock()
        defer { writeLock.unlock() }
        toServer.fileHandleForWriting.write(framed)
    }

    /// Frames and writes `message`.
    func send(_ message: [String: Any]) throws { write(try frame(message)) }

    /// A framed request with a fresh id, and that id.
    func requestFrame(_ method: String, _ params: [String: Any]) throws -> (id: Int, data: Data) {
        let id = nextID
        nextID += 1
        return (id, try frame(["jsonrpc": "2.0", "id": id, "method": method, "params": params]))
    }

    /// A framed notification.
    func notificationFrame(_ method: String, _ params: [String: Any]) throws -> Data {
        try frame(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// Waits (at most `timeout` seconds) for the first message satisfying `match`, removes it and every
    /// message that arrived before it from the inbox, and returns it.
    func waitFor(_ what: String, timeout: Double = 120, _ match: ([String: Any]) -> Bool) throws -> Arrival {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        var scanned = 0
        while true {
            while scanned < inbox.count {
                let json = decoded(scanned)
                if match(json) {
                    let found = Arrival(json: json, at: inbox[scanned].at)
                    inbox.removeFirst(scanned + 1)
                    return found
                }
                scanned += 1
            }
            if closed { throw Failure.exited }
            if !condition.wait(until: deadline) { throw Failure.timeout(what) }
        }
    }

    /// Messages received so far and not yet consumed by ``waitFor(_:timeout:_:)``; clears them.
    func drain() -> [Arrival] {
        condition.lock()
        defer { condition.unlock() }
        let all = inbox.indices.map { Arrival(json: decoded($0), at: inbox[$0].at) }
        inbox.removeAll()
        return all
    }

    /// The JSON of `inbox[index]`, decoded now if the reading thread left it raw (an undecodable body is
    /// an empty object). Called with `condition` locked.
    private func decoded(_ index: Int) -> [String: Any] {
        if let json = inbox[index].json { return json }
        let json = inbox[index].body.flatMap { (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] } ?? [:]
        inbox[index] = (body: nil, json: json, at: inbox[index].at)
        return json
    }

    /// Sends a request and waits for its response; returns the response and the latency in seconds
    /// from just before the write to the arrival of the response.
    func roundTrip(_ method: String, _ params: [String: Any]) throws -> (response: [String: Any], seconds: Double) {
        let (id, data) = try requestFrame(method, params)
        let t0 = clock.now
        write(data)
        let arrival = try waitFor("response to \(method)") { ($0["id"] as? Int) == id && $0["method"] == nil }
        return (arrival.json, Self.seconds(t0, arrival.at))
    }

    /// Seconds from `a` to `b`.
    static func seconds(_ a: ContinuousClock.Instant, _ b: ContinuousClock.Instant) -> Double {
        let d = a.duration(to: b).components
        return Double(d.seconds) + Double(d.attoseconds) / 1e18
    }

    /// `initialize` + `initialized`; returns the server capabilities. `textDocument` adds client
    /// capabilities under `capabilities.textDocument` (e.g. `codeAction`); `options` becomes the
    /// `initializationOptions` (settings such as `{"pureyaml": {"lint": {"enable": true}}}`).
    func initialize(textDocument: [String: Any] = [:], options: [String: Any]? = nil) throws -> [String: Any] {
        var documentCapabilities: [String: Any] = ["publishDiagnostics": ["versionSupport": true]]
        documentCapabilities.merge(textDocument) { $1 }
        var params: [String: Any] = [
            "processId": Int(ProcessInfo.processInfo.processIdentifier),
            "rootUri": NSNull(),
            "capabilities": ["general": ["positionEncodings": ["utf-16"]], "textDocument": documentCapabilities],
        ]
        if let options { params["initializationOptions"] = options }
        let (response, _) = try roundTrip("initialize", params)
        try send(["jsonrpc": "2.0", "method": "initialized", "params": [String: Any]()])
        return ((response["result"] as? [String: Any])?["capabilities"] as? [String: Any]) ?? [:]
    }

    /// `shutdown` + `exit`, then waits for the process to end (killing it after 10 s).
    func stop() {
        _ = try? roundTrip("shutdown", [:])
        try? send(["jsonrpc": "2.0", "method": "exit"])
        try? toServer.fileHandleForWriting.close()
        let deadline = Date(timeIntervalSinceNow: 10)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
