import Foundation
import JSONRPC
import XCTest

/// Framing (LSP 3.17 "Base Protocol"): every stream is fed whole, one byte at a time and in random
/// chunkings, and must give the same events each way.
final class MessageFramerTests: XCTestCase {
    /// Feeds `stream` in every chunking and checks the events (messages as strings, errors as values).
    private func check(_ stream: String, _ expected: [Expected], maximumContentLength: Int = 1 << 20,
                       file: StaticString = #filePath, line: UInt = #line) {
        let bytes = Array(stream.utf8)
        var generator = SeededGenerator(seed: UInt64(bytes.count))
        var chunkings: [[Int]] = [[bytes.count], Array(repeating: 1, count: bytes.count)]
        for _ in 0..<20 {
            var sizes: [Int] = []
            var total = 0
            while total < bytes.count {
                let size = Int.random(in: 1...max(1, min(17, bytes.count - total)), using: &generator)
                sizes.append(size)
                total += size
            }
            chunkings.append(sizes)
        }
        for sizes in chunkings {
            var framer = MessageFramer(maximumContentLength: maximumContentLength)
            var events: [FramerEvent] = []
            var offset = 0
            for size in sizes {
                events += framer.push(bytes[offset..<offset + size])
                offset += size
            }
            events += framer.finish()
            XCTAssertEqual(events.map(Expected.init), expected, "chunk sizes \(sizes)", file: file, line: line)
        }
    }

    private enum Expected: Equatable {
        case message(String)
        case error(FramingError)
        init(_ event: FramerEvent) {
            switch event {
            case .message(let data): self = .message(String(decoding: data, as: UTF8.self))
            case .error(let error): self = .error(error)
            }
        }
    }

    func testSingleMessage() {
        check("Content-Length: 2\r\n\r\n{}", [.message("{}")])
    }

    func testSeveralMessagesInOneStream() {
        check("Content-Length: 7\r\n\r\n{\"a\":1}Content-Length: 2\r\n\r\n[]Content-Length: 4\r\n\r\nnull",
              [.message("{\"a\":1}"), .message("[]"), .message("null")])
    }

    func testHeaderNamesAreCaseInsensitiveAndContentTypeUTF8IsAccepted() {
        check("content-type: application/vscode-jsonrpc; charset=utf-8\r\nCONTENT-LENGTH:3\r\n\r\n123"
              + "Content-Length: 1\r\nContent-Type: application/vscode-jsonrpc; charset=utf8\r\n\r\n7",
              [.message("123"), .message("7")])
    }

    func testContentLengthCountsUTF8Bytes() {
        check("Content-Length: 8\r\n\r\n\"héllo\"Content-Length: 2\r\n\r\n{}", [.message("\"héllo\""), .message("{}")])
    }

    func testOtherCharsetIsReportedAndItsContentSkipped() {
        check("Content-Type: text/plain; charset=latin1\r\nContent-Length: 3\r\n\r\nabcContent-Length: 2\r\n\r\n{}",
              [.error(.unsupportedCharset("latin1")), .message("{}")])
    }

    func testMissingContentLengthResynchronises() {
        check("Content-Type: x\r\n\r\n{\"lost\":true}Content-Length: 2\r\n\r\n{}",
              [.error(.missingContentLength), .error(.skippedBytes(32)), .message("{}")])
    }

    func testInvalidContentLengthIsReportedOnceAndResynchronises() {
        check("Content-Length: 1x\r\n\r\n{}Content-Length: 2\r\n\r\n[]",
              [.error(.invalidContentLength("1x")), .error(.skippedBytes(24)), .message("[]")])
        check("Content-Length: -5\r\n\r\nContent-Length: 2\r\n\r\n[]",
              [.error(.invalidContentLength("-5")), .error(.skippedBytes(22)), .message("[]")])
    }

    func testConflictingOrOverflowingContentLengthIsInvalid() {
        check("Content-Length: 2\r\nContent-Length: 3\r\n\r\nContent-Length: 2\r\n\r\n{}",
              [.error(.invalidContentLength("3")), .error(.skippedBytes(40)), .message("{}")])
        check("Content-Length: 2\r\ncontent-length: 2\r\n\r\n{}", [.message("{}")])
        check("Content-Length: 99999999999999999999999\r\n\r\nContent-Length: 2\r\n\r\n{}",
              [.error(.invalidContentLength("99999999999999999999999")), .error(.skippedBytes(43)), .message("{}")])
    }

    func testGarbageBetweenMessagesIsSkippedWithAReport() {
        // The garbage line makes the next header block malformed; reading resumes at its Content-Length.
        check("Content-Length: 2\r\n\r\n{}garbage!\r\nContent-Length: 2\r\n\r\n[]",
              [.message("{}"), .error(.malformedHeaderLine("garbage!")), .error(.skippedBytes(10)), .message("[]")])
        // Garbage glued to the header name.
        check("xx}Content-Length: 2\r\n\r\n[]",
              [.error(.missingContentLength), .error(.skippedBytes(3)), .message("[]")])
    }

    /// Header lines ending in a bare `\n` are read leniently: the header part ends at the first empty line,
    /// so the message after such a header is not swallowed (before, `{}` and the next header ran together
    /// into one invalid Content-Length and the next message was lost).
    func testBareLineFeedHeaderLinesAreAccepted() {
        check("Content-Length:2\n\n{}Content-Length: 2\r\n\r\n[]", [.message("{}"), .message("[]")])
        check("Content-Type: application/vscode-jsonrpc\nContent-Length: 3\r\n\n123"
              + "Content-Length: 1\n\r\n7" + "\n\ncontent-length: 4\n\nnull",
              [.message("123"), .message("7"), .message("null")])
        // The content itself may hold empty lines: only the header part is looked at for one.
        check("Content-Length: 4\n\n\n\n\r\nContent-Length: 2\r\n\r\n{}", [.message("\n\n\r\n"), .message("{}")])
        // A lone `\r` does not end a header line.
        check("Content-Length: 2\rX: 1\n\n{}Content-Length: 2\n\n[]",
              [.error(.invalidContentLength("2\rX: 1")), .error(.skippedBytes(26)), .message("[]")])
    }

    func testBlankLinesBetweenMessagesAreTolerated() {
        check("\r\nContent-Length: 2\r\n\r\n{}\r\n\r\nContent-Length: 2\r\n\r\n[]", [.message("{}"), .message("[]")])
    }

    func testHugeContentLengthIsSkippedWithoutBuffering() {
        let body = String(repeating: "x", count: 100)
        check("Content-Length: 100\r\n\r\n\(body)Content-Length: 2\r\n\r\n{}",
              [.error(.contentTooLarge(length: 100, limit: 50)), .error(.skippedBytes(100)), .message("{}")],
              maximumContentLength: 50)
        // A length far beyond the input is not allocated, and it does not swallow the messages after it:
        // the framer resynchronises at the next header.
        check("Content-Length: 999999999999\r\n\r\n{}Content-Length: 2\r\n\r\n[]",
              [.error(.contentTooLarge(length: 999_999_999_999, limit: 50)), .error(.skippedBytes(2)), .message("[]")],
              maximumContentLength: 50)
    }

    func testOverlongHeaderIsReported() {
        var framer = MessageFramer(maximumHeaderLength: 100)
        let junk = String(repeating: "a", count: 300)
        XCTAssertEqual(framer.push(Array(junk.utf8)), [.error(.headerTooLong(limit: 100))])
        XCTAssertEqual(framer.push(Array("Content-Length: 2\r\n\r\n{}".utf8)),
                       [.error(.skippedBytes(300)), .message(Data("{}".utf8))])
    }

    func testTruncatedInputIsReportedAtFinish() {
        check("Content-Length: 10\r\n\r\n{\"a\"", [.error(.unexpectedEndOfInput(pendingBytes: 4))])
        check("Content-Len", [.error(.unexpectedEndOfInput(pendingBytes: 11))])
    }

    func testZeroLengthContentIsAnEmptyMessage() {
        check("Content-Length: 0\r\n\r\nContent-Length: 2\r\n\r\n{}", [.message(""), .message("{}")])
    }

    func testFrameWritesContentLengthInBytes() {
        XCTAssertEqual(String(decoding: MessageFramer.frame(Data("\"é\"".utf8)), as: UTF8.self),
                       "Content-Length: 4\r\n\r\n\"é\"")
    }

    func testRandomGarbageNeverCrashesAndLaterMessagesSurvive() {
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<200 {
            let garbage = (0..<Int.random(in: 0...200, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            var framer = MessageFramer(maximumContentLength: 1000)
            _ = framer.push(garbage)
            // After garbage, a blank line pair ends any half-read header; then a good message must arrive.
            let events = framer.push(Array("\r\n\r\nContent-Length: 2\r\n\r\n{}".utf8)) + framer.finish()
            XCTAssertTrue(events.contains(.message(Data("{}".utf8))) || garbageHeldALength(garbage),
                          "lost message after garbage \(garbage)")
        }
    }

    /// Garbage may itself hold a valid `Content-Length` whose content swallows the good message.
    private func garbageHeldALength(_ garbage: [UInt8]) -> Bool {
        String(decoding: garbage, as: UTF8.self).lowercased().contains("content-length")
    }
}

/// A small deterministic random generator (SplitMix64) so chunkings are reproducible.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
