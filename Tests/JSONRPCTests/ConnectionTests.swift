import Foundation
import JSONRPC
import XCTest

/// The connection over real pipes: framing, decoding, automatic error replies, end of input, recording.
final class ConnectionTests: XCTestCase {
    private final class Collected: @unchecked Sendable {
        let lock = NSLock()
        var messages: [Message] = []
        var errors: [ConnectionError] = []
    }

    /// Reads framed messages written by the connection until `count` arrived (or 5 s passed).
    private static func readMessages(_ handle: FileHandle, count: Int) -> [Message] {
        var framer = MessageFramer()
        var messages: [Message] = []
        let deadline = Date().addingTimeInterval(5)
        while messages.count < count && Date() < deadline {
            let data = handle.availableData
            if data.isEmpty { break }
            for case .message(let body) in framer.push(data) {
                if let message = try? Message.decode(body) { messages.append(message) }
            }
        }
        return messages
    }

    func testMessagesArriveInOrderErrorsAreAnsweredAndEndOfInputCloses() throws {
        let toServer = Pipe()
        let fromServer = Pipe()
        let recording = FileManager.default.temporaryDirectory.appendingPathComponent("jsonrpc-rec-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: recording) }
        let connection = try Connection(input: toServer.fileHandleForReading, output: fromServer.fileHandleForWriting,
                                        recordingDirectory: recording)
        let collected = Collected()
        let closed = expectation(description: "closed")
        let arrivals = Collected()
        connection.start(onArrival: { message in
            arrivals.lock.withLock { arrivals.messages.append(message) }
        }, onMessage: { message in
            collected.lock.withLock { collected.messages.append(message) }
            if case .request(let request) = message {
                connection.sendResponse(id: request.id, result: .string("echo \(request.method)"))
            }
        }, onError: { error in
            collected.lock.withLock { collected.errors.append(error) }
        }, onClose: { closed.fulfill() })

        let bodies = [#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#, "{bad}",
                      #"{"jsonrpc":"2.0","method":"initialized"}"#, #"{"jsonrpc":"2.0","id":"q","method":7}"#]
        let input = bodies.reduce(into: Data()) { $0.append(MessageFramer.frame(Data($1.utf8))) }
        for byte in input { toServer.fileHandleForWriting.write(Data([byte])) }
        try toServer.fileHandleForWriting.close()
        wait(for: [closed], timeout: 5)

        collected.lock.withLock {
            XCTAssertEqual(collected.messages, [
                .request(RequestMessage(id: .number(1), method: "initialize")),
                .notification(NotificationMessage(method: "initialized")),
            ])
            XCTAssertEqual(collected.errors.count, 2)
            XCTAssertEqual(arrivals.lock.withLock { arrivals.messages }, collected.messages)
        }
        // Every reply was written before onClose ran; closing our copy of the write end gives EOF after them.
        try fromServer.fileHandleForWriting.close()
        let replies = Self.readMessages(fromServer.fileHandleForReading, count: 3)
        XCTAssertEqual(Set(replies), [
            .response(ResponseMessage(id: .number(1), result: .string("echo initialize"))),
            .response(ResponseMessage(id: nil, error: .parseError("parse error: the message is not valid JSON"))),
            .response(ResponseMessage(id: .string("q"), error: .invalidRequest("\"method\" must be a string"))),
        ])

        let file = try XCTUnwrap(try FileManager.default.contentsOfDirectory(at: recording, includingPropertiesForKeys: nil).first)
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map {
            try LSPAny(jsonData: Data($0.utf8))
        }
        XCTAssertEqual(lines.filter { $0["direction"] == .string("in") }.count, 4)
        XCTAssertEqual(lines.filter { $0["direction"] == .string("out") }.count, 3)
        XCTAssertTrue(lines.contains { $0["raw"] == .string("{bad}") })
        XCTAssertTrue(lines.contains { $0["message"]?["method"] == .string("initialized") })
    }

    func testConcurrentSendsAreWrittenWhole() throws {
        let toServer = Pipe()
        let fromServer = Pipe()
        let connection = try Connection(input: toServer.fileHandleForReading, output: fromServer.fileHandleForWriting)
        let payload = LSPAny.string(String(repeating: "y", count: 10_000))
        let reader = DispatchQueue(label: "test.reader")
        let collected = Collected()
        let done = DispatchSemaphore(value: 0)
        reader.async {
            let messages = Self.readMessages(fromServer.fileHandleForReading, count: 400)
            collected.lock.withLock { collected.messages = messages }
            done.signal()
        }
        DispatchQueue.concurrentPerform(iterations: 400) { index in
            connection.sendNotification(method: "n\(index)", params: .array([payload]))
        }
        try fromServer.fileHandleForWriting.close()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        let received = collected.lock.withLock { collected.messages }
        XCTAssertEqual(received.count, 400)
        XCTAssertEqual(Set(received.compactMap { message -> String? in
            guard case .notification(let notification) = message, notification.params == .array([payload]) else { return nil }
            return notification.method
        }).count, 400)
        try toServer.fileHandleForWriting.close()
    }

    /// Messages larger than the pipe's buffer are written whole (the `writev` of header and body resumed
    /// after each short write) while the reader takes them in small pieces; the connection asks for a
    /// pipe buffer of a megabyte on its output.
    func testMessagesLargerThanThePipeBufferArriveWhole() throws {
        let toServer = Pipe()
        let fromServer = Pipe()
        let connection = try Connection(input: toServer.fileHandleForReading, output: fromServer.fileHandleForWriting)
        #if os(Linux)
        XCTAssertEqual(fcntl(fromServer.fileHandleForWriting.fileDescriptor, 1032 /* F_GETPIPE_SZ */), 1 << 20)
        #endif
        let sizes = [3 << 20, 1, (1 << 20) - 40, 70_000]
        let reader = DispatchQueue(label: "test.reader")
        let done = DispatchSemaphore(value: 0)
        let collected = Collected()
        reader.async {
            var framer = MessageFramer(maximumContentLength: 8 << 20)
            var messages: [Message] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            let descriptor = fromServer.fileHandleForReading.fileDescriptor
            while messages.count < sizes.count {
                let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                for case .message(let body) in framer.push(chunk[0..<n]) {
                    if let message = try? Message.decode(body) { messages.append(message) }
                }
            }
            collected.lock.withLock { collected.messages = messages }
            done.signal()
        }
        for (index, size) in sizes.enumerated() {
            connection.sendNotification(method: "big\(index)", params: .array([.string(String(repeating: "z", count: size))]))
        }
        XCTAssertEqual(done.wait(timeout: .now() + 20), .success)
        let received = collected.lock.withLock { collected.messages }
        XCTAssertEqual(received, sizes.enumerated().map { index, size in
            .notification(NotificationMessage(method: "big\(index)", params: .array([.string(String(repeating: "z", count: size))])))
        })
        try fromServer.fileHandleForWriting.close()
        try toServer.fileHandleForWriting.close()
    }

    func testDeeplyNestedParamsAreDeliveredOrRejectedWithoutCrashing() throws {
        let toServer = Pipe()
        let fromServer = Pipe()
        let connection = try Connection(input: toServer.fileHandleForReading, output: fromServer.fileHandleForWriting)
        let collected = Collected()
        let closed = expectation(description: "closed")
        connection.start(onMessage: { message in collected.lock.withLock { collected.messages.append(message) } },
                         onError: { error in collected.lock.withLock { collected.errors.append(error) } },
                         onClose: { closed.fulfill() })
        for depth in [400, 100_000] {
            let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            toServer.fileHandleForWriting.write(MessageFramer.frame(Data(#"{"jsonrpc":"2.0","method":"n","params":\#(nested)}"#.utf8)))
        }
        try toServer.fileHandleForWriting.close()
        wait(for: [closed], timeout: 10)
        collected.lock.withLock {
            XCTAssertEqual(collected.messages.count, 1, "400 levels are delivered")
            XCTAssertEqual(collected.errors.count, 1, "100 000 levels are rejected")
        }
        try fromServer.fileHandleForWriting.close()
    }
}
