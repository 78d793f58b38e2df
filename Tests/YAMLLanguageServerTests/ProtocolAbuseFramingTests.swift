import Foundation
import JSONRPC
import XCTest

/// Regression tests for the base-protocol framer from fuzzing (`Fuzz/Targets/framer.swift`): the events
/// must not depend on how the stream is cut into chunks.
final class ProtocolAbuseFramingTests: XCTestCase {
    /// The events for `stream` pushed in chunks of `size` bytes (all at once for 0), with consecutive
    /// skipped-byte reports summed (chunk boundaries may split one skip in two).
    private func events(_ stream: [UInt8], chunk size: Int, contentLimit: Int, headerLimit: Int) -> [FramerEvent] {
        var framer = MessageFramer(maximumContentLength: contentLimit, maximumHeaderLength: headerLimit)
        var out: [FramerEvent] = []
        if size == 0 {
            out = framer.push(stream)
        } else {
            var i = 0
            while i < stream.count {
                out += framer.push(stream[i..<min(stream.count, i + size)])
                i += size
            }
        }
        out += framer.finish()
        var merged: [FramerEvent] = []
        for e in out {
            if case .error(.skippedBytes(let n)) = e, case .error(.skippedBytes(let m))? = merged.last {
                merged[merged.count - 1] = .error(.skippedBytes(n + m))
            } else {
                merged.append(e)
            }
        }
        return merged
    }

    private func assertChunkingIndependent(_ stream: [UInt8], contentLimit: Int = 4096, headerLimit: Int,
                                           file: StaticString = #filePath, line: UInt = #line) -> [FramerEvent] {
        let whole = events(stream, chunk: 0, contentLimit: contentLimit, headerLimit: headerLimit)
        for size in [1, 2, 3, 5, 17, 64] {
            XCTAssertEqual(events(stream, chunk: size, contentLimit: contentLimit, headerLimit: headerLimit), whole,
                           "chunks of \(size)", file: file, line: line)
        }
        return whole
    }

    /// A header part longer than the limit is an error whether its `\r\n\r\n` arrived in the same chunk
    /// or not; before the fix, only the chunked stream reported `headerTooLong`.
    func testHeaderPartLongerThanTheLimitIsReportedWhateverTheChunking() {
        let stream = Array("X-Padding: \(String(repeating: "a", count: 40))\r\n\r\nContent-Length: 2\r\n\r\n{}".utf8)
        let whole = assertChunkingIndependent(stream, headerLimit: 32)
        XCTAssertEqual(whole.first, .error(.headerTooLong(limit: 32)))
        XCTAssertEqual(whole.last, .message(Data("{}".utf8)), "resynchronised at the next header")
        // Exactly at the limit is fine.
        let fits = Array("Content-Length: 2\r\nX: \(String(repeating: "b", count: 9))\r\n\r\n{}".utf8)
        XCTAssertEqual(assertChunkingIndependent(fits, headerLimit: 32), [.message(Data("{}".utf8))])
    }

    /// The minimised input the framer fuzz target found (516 bytes; header limit 512, content limit 4096).
    func testFuzzFinding() throws {
        let stream = [UInt8](try XCTUnwrap(Data(base64Encoded: "Q31Db250ZW7/////dC1MZW5ndGg6IDINCkNvbnRlbnQtVHlwZTogYWg7IGNhcnNldD11DQr/////AUMgAAEAAAAAAAAAAAAAAAAAfUNvbnRlbnQtTGVuZ3RoOiAwDQpDb250ZW50LVR5cGU6IGE7IENvbnRlbnQtTGVuZ3RoOiAxDQpDb250ZW50LVR5cGU6IGFoOyBjYStyc///ZQ0KQ29udGVudC1UeXBlOiBhOyBFcXVhdGFibENvbnRlbnRKADoAAAAAAAAAAH1Db250ZW50LUxldGVu/////3QtTGVuZ3RoOiAyDQpDb250ZW50LVR5cGU6IGFoY2Fyc2V0PXUNCv////8BQyAAAQAAAAAAAAAAAAAAAAB9Q29udGVudC1MZW5ndGg6IDANCkNvbnRlbnQtVHlwZTogYTsgdGVudC1MZW5ndGg6IDENCkNvbnRlbnQtVHlwZTogYWg7IGNhK3Jz//9lDQpDb250ZW50LVR5cGU6IGE7IEVxdWF0YWJsQ29udGVudEoAOgAAAAAAAAAAfUNvbnRlbm5ndGg6IDINCkNvbnRlbnQtVHlwZTogYTsgQ29udGVudC1MQ29udGVudC1UeXBlOiBjOzs7Cjs7Ozs7AAAAAAANCkNhMDAwMDAwMA0KDXJzZXR0PXUtZi02Q2FnZTk5OTk5OQ0KDQp4")))
        _ = assertChunkingIndependent(stream, headerLimit: 512)
    }
}
